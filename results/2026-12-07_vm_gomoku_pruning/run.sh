#!/bin/bash
# Level 4 against Wine 2.1 over the pbrain protocol, as in issue 27: 100 games, the 50 committed
# openings x 2 colours, 1 s a move, one thread each, refereed by `gomoku match` as Gomocup's judge.
# The 100 games run as two matches of 50 (openings 1-25 and 26-50) side by side, one per core.
#
#   LABEL=fast SEARCHBENCH=/tmp/sb_copy bash run.sh     # from this folder; WINE=... for Wine
#
# Wine is rebuilt in /tmp as docs/gomoku.md says (GPL: never committed). The experiments' build
# (/tmp/sb_gx) is 775e86c with experiments.patch applied, its switches set in the environment
# (NOTES.md); the match passes the environment on to the engines it starts.
# Output: LABEL-a.csv, LABEL-b.csv, their .log files and LABEL-a/, LABEL-b/ (.psq records).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
label=${LABEL:-}
[ -n "$label" ] || { echo "run.sh: set LABEL, the name of the run (its files are LABEL-a.csv ...)" >&2; exit 2; }
case $label in */* | .*) echo "run.sh: LABEL '$label' must be a plain file name" >&2; exit 2 ;; esac
sb=${SEARCHBENCH:-$here/../../build/searchbench}
wine=${WINE:-/tmp/aiwine/pbrain-wine}
[ -x "$sb" ] || { echo "run.sh: no searchbench at $sb (build it, or set SEARCHBENCH)" >&2; exit 2; }
[ -x "$wine" ] || { echo "run.sh: no Wine at $wine (build it as docs/gomoku.md says)" >&2; exit 2; }
for half in a b; do
  [ -e "$here/$label-$half.csv" ] && { echo "run.sh: $label-$half.csv exists; move it away first" >&2; exit 2; }
done
pids=()
for half in a b; do
  out=$here/$label-$half
  "$sb" gomoku match --black-engine "$sb gomoku pbrain --level 4" --white-engine "$wine" \
    --games 50 --openings "$here/openings-$half.txt" --time-per-move 1 \
    --out "$out.csv" --records "$out" 2> "$out.log" &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || { echo "run.sh: a match failed (see $label-a.log, $label-b.log)" >&2; exit 1; }
done
/usr/bin/python3 - "$here" "$label" <<'PY'
import csv, math, sys
here, label = sys.argv[1], sys.argv[2]
score, black, white = [], 0.0, 0.0
for half in "ab":
    for r in csv.DictReader(open(f"{here}/{label}-{half}.csv")):
        s = float(r["score_a"])
        score.append(s)
        if r["black_player"] == r["a_player"]:
            black += s
        else:
            white += s
n = len(score)
m = sum(score) / n
ci = 1.96 * math.sqrt(sum((x - m) ** 2 for x in score) / (n - 1) / n)
elo = lambda p: -400 * math.log10(1 / p - 1)
w = sum(1 for x in score if x == 1)
d = sum(1 for x in score if x == 0.5)
print(f"{label}: +{w} ={d} -{n - w - d}, {100 * m:.1f} % +- {100 * ci:.1f} %, "
      f"Elo {elo(m):+.0f} [{elo(m - ci):+.0f}, {elo(m + ci):+.0f}], "
      f"as black {black:g}/{n // 2}, as white {white:g}/{n // 2}")
PY
