#!/bin/bash
# Level 4 against level 3: 100 games, the 50 committed openings x 2 colours, 1 s a move, one
# thread each, both levels in-process (`gomoku match --black 4 --white 3`), as two matches of 50
# (openings 1-25 and 26-50) side by side, one per core. Output: level4-level3-{a,b}.csv, the
# records level4-level3-{a,b}/, the summaries in level4-level3-{a,b}.txt.
#   bash run_levels.sh          # from anywhere; SEARCHBENCH=... to measure another build
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sb=${SEARCHBENCH:-$here/../../build/searchbench}
grep -v '^#' "$here/../../src/gomoku/openings.txt" | head -25 > "$here/openings-a.txt"
grep -v '^#' "$here/../../src/gomoku/openings.txt" | tail -25 > "$here/openings-b.txt"
for half in a b; do
  out=$here/level4-level3-$half
  [ -e "$out.csv" ] && { echo "run_levels.sh: $out.csv exists; move it away first" >&2; exit 2; }
  "$sb" gomoku match --black 4 --white 3 --games 50 --openings "$here/openings-$half.txt" \
    --time-per-move 1 --out "$out.csv" --records "$out" > "$out.txt" 2> "$out.log" &
done
wait
cat "$here"/level4-level3-?.txt
