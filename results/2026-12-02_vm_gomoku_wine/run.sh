#!/bin/bash
# Level 4 (and level 3) against Wine 2.1 over the pbrain protocol: 100 games, the 50 committed
# openings x 2 colours, 1 s a move, one thread each, refereed by `gomoku match` as Gomocup's judge.
# The 100 games run as two matches of 50 (openings 1-25 and 26-50) side by side, one per core:
# in each match only the engine on move runs (the other is stopped), so the two use one core each.
#
#   WINE=/tmp/aiwine/pbrain-wine LEVEL=4 bash run.sh        # from this folder; SEARCHBENCH=... to
#                                                           # measure another build
# Wine is rebuilt in /tmp as docs/gomoku.md says (GPL: never committed). Output: level<L>-a.csv,
# level<L>-b.csv, level<L>-a/ and level<L>-b/ (the .psq records), level<L>.txt (the summary).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sb=${SEARCHBENCH:-$here/../../build/searchbench}
wine=${WINE:-/tmp/aiwine/pbrain-wine}
level=${LEVEL:-4}
[ -x "$wine" ] || { echo "run.sh: no Wine at $wine (build it as docs/gomoku.md says)" >&2; exit 2; }
grep -v '^#' "$here/../../src/gomoku/openings.txt" | head -25 > "$here/openings-a.txt"
grep -v '^#' "$here/../../src/gomoku/openings.txt" | tail -25 > "$here/openings-b.txt"
for half in a b; do
  out=$here/level$level-$half
  [ -e "$out.csv" ] && { echo "run.sh: $out.csv exists; move it away first" >&2; exit 2; }
  "$sb" gomoku match --black-engine "$sb gomoku pbrain --level $level" --white-engine "$wine" \
    --games 50 --openings "$here/openings-$half.txt" --time-per-move 1 \
    --out "$out.csv" --records "$out" 2> "$out.log" &
done
wait
/usr/bin/python3 - "$here" "$level" <<'PY' > "$here/level$level.txt"
import csv, math, sys
here, level = sys.argv[1], sys.argv[2]
rows = []
for half in "ab":
    rows += list(csv.DictReader(open(f"{here}/level{level}-{half}.csv")))
ours = lambda r, colour: "searchbench" in r[f"{colour}_player"]
w = sum(1 for r in rows if (r["result"] == "1-0" and ours(r, "black")) or (r["result"] == "0-1" and ours(r, "white")))
d = sum(1 for r in rows if r["result"] not in ("1-0", "0-1"))
l = len(rows) - w - d
s = (w + d / 2) / len(rows)
dev = math.sqrt(sum(((1 if ((r["result"] == "1-0") == ours(r, "black")) and r["result"] in ("1-0", "0-1") else 0.5 if r["result"] not in ("1-0", "0-1") else 0) - s) ** 2 for r in rows) / len(rows))
ci = 1.96 * dev / math.sqrt(len(rows))
elo = lambda p: -400 * math.log10(1 / p - 1) if 0 < p < 1 else float("inf") * (1 if p >= 1 else -1)
bw = sum(1 for r in rows if ours(r, "black") and r["result"] == "1-0"); bn = sum(1 for r in rows if ours(r, "black"))
ww = sum(1 for r in rows if ours(r, "white") and r["result"] == "0-1"); wn = sum(1 for r in rows if ours(r, "white"))
print(f"level {level} vs Wine 2.1: +{w} ={d} -{l} in {len(rows)} games, score {100*s:.1f} % +- {100*ci:.1f} % (95 %), "
      f"Elo {elo(s):+.0f} [{elo(max(s-ci,1e-9)):+.0f}, {elo(min(s+ci,1-1e-9)):+.0f}]; as black {bw}/{bn}, as white {ww}/{wn}")
PY
cat "$here/level$level.txt"
