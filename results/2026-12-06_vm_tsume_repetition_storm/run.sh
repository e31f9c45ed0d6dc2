#!/bin/bash
# Microcosmos with `tsume solve -k dfpn`, one thread, one run per table size, one at a time, T
# seconds each (default 300): writes solve_<size>.txt here (the text output).
#   SEARCHBENCH=/tmp/sb_copy T=300 bash run.sh 512M 1G 8G
set -euo pipefail
cd "$(dirname "$0")"
exe=$(realpath "${SEARCHBENCH:-../../build/searchbench}")
s=$("$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == 'microcosmos': print(r['sfen'])")
for mem in "$@"; do
  "$exe" tsume solve --sfen "$s" -k dfpn --max-memory "$mem" --time-limit "${T:-300}" \
    > "solve_${mem}.txt.part" 2>/dev/null
  mv "solve_${mem}.txt.part" "solve_${mem}.txt"
done
