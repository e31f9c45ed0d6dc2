#!/bin/bash
# dfpn-tbb on 2 threads, zuko-100 (611 plies) again and again: does the minimality proof finish?
# Each run is capped at 80 M nodes (the proof takes 24-34 M) and 90 s; one line per run in
# runs.txt: run, seconds to the known length, nodes then, seconds to the proved minimum, nodes
# then ("None": not proved within the cap). The main line is computed too (most of the wall time).
# SEARCHBENCH: the binary (a copy; default ../../../build/searchbench). RUNS: how many (20).
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../../build/searchbench}
: > runs.txt
for i in $(seq 1 "${RUNS:-20}"); do
  "$exe" tsume solve --puzzle zuko-100 -k dfpn-tbb -t 2 --max-nodes 80000000 --time-limit 90 \
    --max-memory 1G -f json 2> /dev/null > run.json
  /usr/bin/python3 -c "
import json; a = json.load(open('run.json'))
print($i, a['known_length_s'], a['known_length_nodes'], a['proved_s'], a['proved_nodes'])" >> runs.txt
done
rm -f run.json
awk '$4 == "None"' runs.txt | wc -l | xargs echo "not proved within the cap:"
