#!/bin/bash
# muso-100's root search on 2 threads, capped at 60 M nodes (a proof of its 167 takes 17-30 M):
# a run that reaches the cap without a mate length has stalled. Prints per run:
#   nodes wall_s mate_length known_length_s proved_s
# Usage: bash stall.sh [runs] (default 10; SEARCHBENCH: the binary, a copy)
set -u
exe=${SEARCHBENCH:-$(dirname "$0")/../../build/searchbench}
for i in $(seq "${1:-10}"); do
  "$exe" tsume solve --puzzle muso-100 -k dfpn-tbb -t 2 --max-nodes 60000000 --max-memory 1G \
    -f json 2> /dev/null | /usr/bin/python3 -c "
import json, sys
d = json.load(sys.stdin)
f = lambda x: round(x, 2) if x is not None else -1
print(d['nodes'], round(d['wall_s'], 1), d.get('mate_length'), f(d.get('known_length_s')), f(d.get('proved_s')))"
done
