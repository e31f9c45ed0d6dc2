#!/bin/bash
# Side by side, one thread each, the two at once on the 2-core VM (nothing else running):
#   bash run.sh microcosmos   Microcosmos, 8 GiB table (USI_Hash 8192), 300 s
#   bash run.sh classics      the long set's four classics, 1 GiB, 240 s each
# SEARCHBENCH: our binary (a copy; default ../../build/searchbench), KH: KomoringHeights 1.1.0's
# (built in /tmp as docs/tsume.md says). Writes <puzzle>_dfpn.json and kh_<puzzle>.txt here.
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../build/searchbench}
sfen() { "$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == '$1': print(r['sfen'])"; }
pair() {  # puzzle, table MiB, seconds
  "$exe" tsume solve --puzzle "$1" -k dfpn -t 1 --time-limit "$3" --max-memory "$2M" -f json \
    > "$1_dfpn.json" 2> "$1_dfpn.log" &
  /usr/bin/python3 kh_usi.py "$(sfen "$1")" "$2" "$(($3 * 1000))" "kh_$1.txt"
  wait
}
case "${1:-}" in
  microcosmos) pair microcosmos 8192 300 ;;
  classics) for p in zuko-001 zuko-099 muso-100 zuko-100; do pair "$p" 1024 240; done ;;
  *) echo "usage: bash run.sh microcosmos|classics" >&2; exit 2 ;;
esac
