#!/bin/bash
# A second benchmark set for tsume kernels: positions along the suite's main lines. For every
# suite problem whose expected mate (`tsume list`) has at least 13 plies (the long set aside), the
# positions after 2, 4
# and 6 plies of dfpn's proved main line (`tsume solve --moves`). The main line is a minimal mate
# for the attacker and a longest defence for the defender, so each such position is mated in
# exactly L - p plies (L the problem's length, p the plies played). Changes to a kernel's search
# heuristics can move single problems by tens of percent either way; judge them by totals on the
# suite AND on this set.
#
# Usage: bash scripts/tsume/mainline.sh <dir> [kernel] [searchbench options...]   (default: dfpn)
# Creates <dir> if needed. Writes <dir>/mainline_positions.csv (the positions, made once with
# dfpn, then reused so that two builds are compared on the same positions) and
# <dir>/mainline_<kernel>.csv (one row each, the suite.sh columns; verified: pass when the
# proved minimal length is L - p, fail when a length or "no mate" contradicts it, na otherwise),
# and prints the totals. Each position: --time-limit 60, --max-memory 1G. Uses build/searchbench,
# or $SEARCHBENCH. Bad arguments exit 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/scripts/tsume/lib.sh"
dir=$(tsume_out_dir "bash scripts/tsume/mainline.sh <dir> [kernel] [searchbench options...]" \
  "${1:-}") || exit 2
shift
exe=${SEARCHBENCH:-$root/build/searchbench}
kernel=${1:-dfpn}
shift || true
py=/usr/bin/python3
# the kernel and the extra options, tried once on the head-gold mate: searchbench's own message
"$exe" tsume solve --puzzle head-gold -k "$kernel" --time-limit 60 --max-memory 1G -f csv "$@" \
  > /dev/null < /dev/null || exit 2

list="$dir/mainline_positions.csv"
out="$dir/mainline_${kernel}.csv"
tmp="$out.tmp"
trap 'rm -f "$list.tmp" "$tmp"' EXIT  # nothing partial is left behind
if [ -f "$list" ]; then
  echo "reusing $list" >&2
else
  echo "making $list (dfpn main lines of the suite problems of 13 plies or more)" >&2
  echo "name,problem,moves,expected" > "$list.tmp"
  "$exe" tsume list -f csv | $py -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['expected'] != 'nomate' and int(r['expected']) >= 13 and r['ci'] != 'long':
        print(r['name'], r['expected'])" |
    while read -r name expected; do
      "$exe" tsume solve --puzzle "$name" -k dfpn --time-limit 60 --max-memory 1G -f csv \
        2>/dev/null < /dev/null | $py -c "
import csv, sys
r = next(csv.DictReader(sys.stdin), None) or {}
L, line = int('$expected'), r.get('main_line', '').split()
if r.get('outcome') == 'mate' and r['length_proven'] == 'true' and int(r['mate_length']) == L \\
        and len(line) == L:
    for p in (2, 4, 6):
        print('%s-p%d,%s,%s,%d' % ('$name', p, '$name', ' '.join(line[:p]), L - p))
else:
    print('$name: no main line of the expected length proved; skipped', file=sys.stderr)" \
        >> "$list.tmp"
    done
  mv "$list.tmp" "$list"
fi

echo "name,kernel,threads,outcome,mate_length,length_proven,leftover,nodes,positions,wall_s,verified" > "$tmp"
tail -n +2 "$list" | while IFS=, read -r name problem moves expected; do
  "$exe" tsume solve --puzzle "$problem" --moves "$moves" -k "$kernel" --time-limit 60 \
    --max-memory 1G -f csv "$@" 2>/dev/null < /dev/null | $py -c "
import csv, sys
# the columns of the tsume bench CSV (docs/harness.md), read by name
r = next(csv.DictReader(sys.stdin))
e, outcome, proven, length = int('$expected'), r['outcome'], r['length_proven'] == 'true', r['mate_length']
if outcome == 'nomate' or (outcome == 'mate' and int(length) < e) or (proven and int(length) != e):
    v = 'fail'
elif outcome == 'mate' and proven:
    v = 'pass'
else:
    v = 'na'
csv.writer(sys.stdout, lineterminator='\n').writerow(['$name'] + [r[c] for c in (
    'kernel', 'threads', 'outcome', 'mate_length', 'length_proven', 'leftover', 'nodes',
    'positions', 'wall_s')] + [v])" >> "$tmp"
done
mv "$tmp" "$out"
tsume_totals "$out" "$kernel" positions
