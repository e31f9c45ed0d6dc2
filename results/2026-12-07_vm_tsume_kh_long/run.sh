#!/bin/bash
# Side by side over USI, one thread each, both engines at once on the 2-core VM (nothing else
# running), timed from `go mate` by scripts/tsume/usi_mate.py after each engine's isready:
#   bash run.sh classics ROUNDS      the long set's four classics, USI_Hash 1024, 240 s each
#   bash run.sh microcosmos ROUNDS   Microcosmos, USI_Hash 1024, 200 s
# SEARCHBENCH: our binary (a copy; default ../../build/searchbench), run as `tsume usi` with
# Kernel dfpn; KH: KomoringHeights 1.1.0's binary (built in /tmp as docs/tsume.md says). Writes
# <engine>_<puzzle>_<round>.csv here (event,plies,seconds).
set -euo pipefail
cd "$(dirname "$0")"
exe=$(realpath "${SEARCHBENCH:-../../build/searchbench}")
kh=${KH:-/tmp/kh/source/KomoringHeights-by-gcc}
drive=../../scripts/tsume/usi_mate.py
sfen() { "$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == '$1': print(r['sfen'])"; }
pair() {  # puzzle, MiB, seconds, round
  local s; s=$(sfen "$1")
  /usr/bin/python3 $drive --engine "$exe tsume usi" --option Kernel=dfpn --hash "$2" --sfen "$s" \
    --time-ms "$(($3 * 1000))" --out "ours_$1_$4.csv" &
  /usr/bin/python3 $drive --engine "$kh" --hash "$2" --sfen "$s" --time-ms "$(($3 * 1000))" \
    --out "kh_$1_$4.csv"
  wait
}
case "${1:-}" in
  classics) for r in $(seq 1 "${2:-3}"); do
      for p in zuko-001 zuko-099 muso-100 zuko-100; do pair "$p" 1024 240 "$r"; done; done ;;
  microcosmos) for r in $(seq 1 "${2:-1}"); do pair microcosmos 1024 200 "$r"; done ;;
  *) echo "usage: bash run.sh classics|microcosmos [ROUNDS]" >&2; exit 2 ;;
esac
