#!/bin/bash
# The whole tsume suite but the long set (CI class long: `bench --suite long` runs those), one
# problem at a time, with a kernel: writes <dir>/suite_<kernel>.csv and
# prints the totals. Each problem: --time-limit 60, --max-memory 1G. Columns: name, kernel,
# threads, outcome, mate_length, length_proven, leftover, nodes, positions, wall_s, verified.
# Usage: bash scripts/tsume/suite.sh <dir> [kernel] [searchbench options...]   (default: dfpn)
# Creates <dir> if needed.
# Uses build/searchbench of this checkout, or $SEARCHBENCH (a copy, so the build may change).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/tsume/lib.sh"
dir=$(tsume_out_dir "bash scripts/tsume/suite.sh <dir> [kernel] [searchbench options...]" \
  "${1:-}") || exit 2
shift
exe=${SEARCHBENCH:-$root/build/searchbench}
kernel=${1:-dfpn}
shift || true
out="$dir/suite_${kernel}.csv"
tmp="$out.tmp"
echo "name,kernel,threads,outcome,mate_length,length_proven,leftover,nodes,positions,wall_s,verified" > "$tmp"
"$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['ci'] != 'long': print(r['name'])" | while read -r name; do
  "$exe" tsume solve --puzzle "$name" -k "$kernel" --time-limit 60 --max-memory 1G -f csv "$@" \
    2>/dev/null < /dev/null | /usr/bin/python3 -c "
import csv, sys
# the columns of the tsume bench CSV (docs/harness.md), read by name
for r in csv.DictReader(sys.stdin):
    csv.writer(sys.stdout, lineterminator='\n').writerow([r[c] for c in (
        'instance', 'kernel', 'threads', 'outcome', 'mate_length', 'length_proven', 'leftover',
        'nodes', 'positions', 'wall_s', 'verified')])" >> "$tmp"
done
mv "$tmp" "$out"
tsume_totals "$out" "$kernel" problems
