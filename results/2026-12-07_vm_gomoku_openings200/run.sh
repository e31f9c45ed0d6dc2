#!/bin/bash
# Level 4 against Wine 2.1 on 200 fresh openings (openings200.txt: `searchbench gomoku openings
# --count 200 --seed 2`, the committed openings' filter), each with both colours: 400 games per
# build, 1 s a move, one thread each, refereed by `gomoku match` as Gomocup's judge (issue 27's
# conditions but the openings). Two builds side by side, one match per core, so both see the same
# machine: the search before futility pruning (`base`) and with it (`rfp60`, as e47dfdd).
#
#   SEARCHBENCH=/tmp/sb_gx bash run.sh      # from anywhere; WINE=... for Wine
#
# SEARCHBENCH is 775e86c with ../2026-12-07_vm_gomoku_pruning/experiments.patch (its switches
# read from the environment; none set = the search before futility pruning, SB_RFP=60 = e47dfdd's
# search node for node). Wine is rebuilt in /tmp as docs/gomoku.md says (GPL: never committed).
# Output: base.csv, rfp60.csv, their .log files and base/, rfp60/ (.psq records); then the
# pooled summary of each (scripts/gomoku/match_pool.py, the interval clustered by opening).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sb=${SEARCHBENCH:-}
wine=${WINE:-/tmp/aiwine/pbrain-wine}
[ -x "$sb" ] || { echo "run.sh: set SEARCHBENCH to the experiments' build" >&2; exit 2; }
[ -x "$wine" ] || { echo "run.sh: no Wine at $wine (build it as docs/gomoku.md says)" >&2; exit 2; }
for label in base rfp60; do
  [ -e "$here/$label.csv" ] && { echo "run.sh: $label.csv exists; move it away first" >&2; exit 2; }
done
pids=()
for label in base rfp60; do
  sw=()
  [ $label = rfp60 ] && sw=(SB_RFP=60)
  env "${sw[@]}" "$sb" gomoku match --black-engine "$sb gomoku pbrain --level 4" \
    --white-engine "$wine" --games 400 --openings "$here/openings200.txt" --time-per-move 1 \
    --out "$here/$label.csv" --records "$here/$label" 2> "$here/$label.log" > "$here/$label.txt" &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || { echo "run.sh: a match failed (see base.log, rfp60.log)" >&2; exit 1; }
done
for label in base rfp60; do
  echo "$label: $(/usr/bin/python3 "$here/../../scripts/gomoku/match_pool.py" "$here/$label.csv")"
done
