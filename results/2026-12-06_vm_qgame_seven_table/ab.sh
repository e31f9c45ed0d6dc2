#!/bin/bash
# A/B of the queens-game Local solver: BASE (a Release build of 03a541f) against NEW (the same
# with the seven-vertex Grundy table and PEXT-built graph numbers), alternating, user seconds:
# two 17 x 17 question pieces of the G(17) journal solved again (--verify), 13 x 13 and 14 x 14
# with Grundy values. Output as in ab.txt (label, user s, nodes / the CSV's seconds and nodes).
#
#   BASE=/tmp/sb_base NEW=/tmp/sb_new bash ab.sh
cd "$(dirname "$0")/../2026-12-01_vm_g17"
run() { # label bin args...
  local l=$1 b=$2; shift 2
  /usr/bin/time -f "%U" -o ${TMPDIR:-/tmp}/ab7-t "$b" "$@" > ${TMPDIR:-/tmp}/ab7-o 2>&1
  echo "$l $(tr '\n' ' ' < ${TMPDIR:-/tmp}/ab7-t) $(grep -o 'nodes=[0-9]*' ${TMPDIR:-/tmp}/ab7-o | head -1)$(grep -o 'move-grundy,1,1,1,[0-9.]*,[0-9]*' ${TMPDIR:-/tmp}/ab7-o)"
}
for round in 1 2; do
  for b in base:${BASE:-/tmp/sb_base} new:${NEW:-/tmp/sb_new}; do
    l=${b%%:*}; bin=${b#*:}
    for p in 319 314; do run "$l piece$p" $bin queens-game solve -n 17 --grundy --move-grundy -k memo-sym-query-pieces -t 1 --max-memory 4G --verify $p --resume g17-questions.journal; done
    run "$l 13x13" $bin queens-game solve -n 13 --grundy --move-grundy -k memo-sym -f csv
    [ $round = 1 ] && run "$l 14x14" $bin queens-game solve -n 14 --grundy --move-grundy -k memo-sym -f csv
  done
done
