#!/bin/bash
# KomoringHeights 1.1.0 on Microcosmos over USI `go mate`, one thread, with three table sizes
# (USI_Hash in MiB: SIZES, default 2048 4096 1024 512), one after the other: is its time to the known length
# (1,525 plies) robust to the table's size, or a matter of the search's path as dfpn's is
# (docs/tsume-notes.md, 2026-12-05 entries)? Writes kh_<MiB>.csv here (event,plies,seconds).
#   KH=/tmp/kh/source/KomoringHeights-by-gcc bash run.sh
# KH: built in /tmp as docs/tsume.md says (GPL: never committed).
set -euo pipefail
cd "$(dirname "$0")"
exe=$(realpath "${SEARCHBENCH:-../../build/searchbench}")
kh=${KH:-/tmp/kh/source/KomoringHeights-by-gcc}
drive=../../scripts/tsume/usi_mate.py
s=$("$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == 'microcosmos': print(r['sfen'])")
for mib in ${SIZES:-2048 4096 1024 512}; do
  /usr/bin/python3 $drive --engine "$kh" --hash "$mib" --sfen "$s" --time-ms "${MS:-200000}" \
    --out "kh_$mib.csv"
done
