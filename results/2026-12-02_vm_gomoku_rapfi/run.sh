#!/bin/bash
# Level 4 against Rapfi's classical evaluation (no network) over the pbrain protocol: 100 games,
# the 50 committed openings x 2 colours, 1 s a move, one thread each, refereed by `gomoku match`
# as Gomocup's judge. Two matches of 50 (openings 1-25 and 26-50) side by side, one per core (in
# each match only the engine on move runs; the other is stopped).
#
#   bash run.sh                     # from anywhere; SEARCHBENCH=... to measure another build,
#                                   # RAPFI="..." for another Rapfi command, LEVEL=3 for level 3
# Rapfi is rebuilt in /tmp as docs/gomoku.md says (GPL: never committed). Output: level<L>-a.csv,
# level<L>-b.csv, level<L>-a/ and level<L>-b/ (the .psq records), level<L>.txt (the summary).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sb=${SEARCHBENCH:-$here/../../build/searchbench}
rapfi=${RAPFI:-/tmp/rapfi/bin/pbrain-rapfi --config /tmp/rapfi/bin/config.toml}
level=${LEVEL:-4}
[ -x "${rapfi%% *}" ] || { echo "run.sh: no Rapfi at ${rapfi%% *} (build it as docs/gomoku.md says)" >&2; exit 2; }
if [ "${SUMMARY_ONLY:-0}" != 1 ]; then
  grep -v '^#' "$here/../../src/gomoku/openings.txt" | head -25 > "$here/openings-a.txt"
  grep -v '^#' "$here/../../src/gomoku/openings.txt" | tail -25 > "$here/openings-b.txt"
  for half in a b; do
    out=$here/level$level-$half
    [ -e "$out.csv" ] && { echo "run.sh: $out.csv exists; move it away first" >&2; exit 2; }
  done
  for half in a b; do
    out=$here/level$level-$half
    "$sb" gomoku match --black-engine "$sb gomoku pbrain --level $level" --white-engine "$rapfi" \
      --games 50 --openings "$here/openings-$half.txt" --time-per-move 1 \
      --out "$out.csv" --records "$out" 2> "$out.log" &
  done
  wait
fi
/usr/bin/python3 - "$here" "$level" <<'PY' > "$here/level$level.txt"
import csv, math, sys
here, level = sys.argv[1], sys.argv[2]
rows = []
for half in "ab":
    rows += list(csv.DictReader(open(f"{here}/level{level}-{half}.csv")))
ours = lambda r, colour: "pbrain --level" in r[f"{colour}_player"]
points = lambda r: 0.5 if r["result"] not in ("1-0", "0-1") else float((r["result"] == "1-0") == ours(r, "black"))
w = sum(1 for r in rows if points(r) == 1)
d = sum(1 for r in rows if points(r) == 0.5)
l = len(rows) - w - d
s = (w + d / 2) / len(rows)
ci = 1.96 * math.sqrt(sum((points(r) - s) ** 2 for r in rows) / len(rows)) / math.sqrt(len(rows))
elo = lambda p: -400 * math.log10(1 / p - 1) if 0 < p < 1 else (math.inf if p >= 1 else -math.inf)
bw = sum(1 for r in rows if ours(r, "black") and points(r) == 1); bn = sum(1 for r in rows if ours(r, "black"))
ww = sum(1 for r in rows if ours(r, "white") and points(r) == 1); wn = sum(1 for r in rows if ours(r, "white"))
print(f"level {level} vs Rapfi (classical): +{w} ={d} -{l} in {len(rows)} games, score {100*s:.1f} % +- {100*ci:.1f} % (95 %), "
      f"Elo {elo(s):+.0f} [{elo(max(s-ci,1e-9)):+.0f}, {elo(min(s+ci,1-1e-9)):+.0f}]; as black {bw}/{bn}, as white {ww}/{wn}")
PY
cat "$here/level$level.txt"
