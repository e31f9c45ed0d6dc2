#!/bin/bash
# portable (main's Release build) against -DSEARCHBENCH_NATIVE=ON, alternating, user seconds
# PORTABLE: a Release build as the project builds it; NATIVE: the same with -DSEARCHBENCH_NATIVE=ON
# (-march=native). Both on the same host, nothing else running:
#   PORTABLE=... NATIVE=... bash native_ab.sh
cd "$(dirname "$0")"
for round in 1 2 3; do
  for b in portable:${PORTABLE:-/tmp/sb_g17} native:${NATIVE:-/tmp/sb_g17n}; do
    l=${b%%:*}; bin=${b#*:}
    /usr/bin/time -f "%U" -o ${TMPDIR:-/tmp}/qn-t $bin queens-game solve -n 17 --grundy --move-grundy -k memo-sym-query-pieces -t 1 --max-memory 4G --verify 319 --resume g17-questions.journal > ${TMPDIR:-/tmp}/qn-o 2>&1
    echo "$round $l piece319 $(cat ${TMPDIR:-/tmp}/qn-t) $(grep -o 'nodes=[0-9]*' ${TMPDIR:-/tmp}/qn-o | head -1)"
    /usr/bin/time -f "%U" -o ${TMPDIR:-/tmp}/qn-t $bin queens-game solve -n 13 --grundy --move-grundy -k memo-sym -f csv > ${TMPDIR:-/tmp}/qn-o 2>&1
    echo "$round $l 13x13 $(cat ${TMPDIR:-/tmp}/qn-t) nodes=$(tail -1 ${TMPDIR:-/tmp}/qn-o | cut -d, -f9)"
  done
done
