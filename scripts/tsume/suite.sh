#!/bin/bash
# The whole tsume suite, one problem at a time, with a kernel: writes <dir>/suite_<kernel>.csv and
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
for r in csv.DictReader(sys.stdin): print(r['name'])" | while read -r name; do
  "$exe" tsume solve --puzzle "$name" -k "$kernel" --time-limit 60 --max-memory 1G -f csv "$@" \
    2>/dev/null < /dev/null | tail -1 | /usr/bin/python3 -c "
import csv, sys
r = next(csv.reader(sys.stdin))
# problem,instance,kernel,threads,outcome,mate_length,length_proven,main_line,main_line_kif,
# leftover,nodes,positions,wall_s,nodes_per_s,verified,sfen,interpositions,no_mate_within
print(','.join([r[1], r[2], r[3], r[4], r[5], r[6], r[9], r[10], r[11], r[12], r[14]]))" >> "$tmp"
done
mv "$tmp" "$out"
tsume_totals "$out" "$kernel" problems
