#!/bin/bash
# dfpn (1 thread) and dfpn-tbb (2 threads) on the long set's four classics, interleaved (the VM's
# speed drifts by a third within minutes: each round runs the two kernels back to back), one run
# at a time on the otherwise idle 2-core VM, 1 GiB table, 25 s cap (enough for the known length;
# dfpn's minimality proof of zuko-099 takes longer). Prints one line per run:
#   round problem kernel nodes Mnodes/s known_length_s proved_s   (-1: not within the cap)
# Usage: bash run.sh [rounds] > runs.txt   (default 3; SEARCHBENCH: the binary, a copy)
set -u
exe=${SEARCHBENCH:-$(dirname "$0")/../../build/searchbench}
for i in $(seq "${1:-3}"); do
  for p in zuko-001 zuko-099 muso-100 zuko-100; do
    for k in dfpn dfpn-tbb; do
      t=1
      [ "$k" = dfpn-tbb ] && t=2
      "$exe" tsume solve --puzzle "$p" -k "$k" -t "$t" --time-limit 25 --max-memory 1G -f json \
        2> /dev/null | /usr/bin/python3 -c "
import json, sys
d = json.load(sys.stdin)
f = lambda x: round(x, 2) if x is not None else -1
print('$i $p $k', d['nodes'], round(d['nodes'] / d['wall_s'] / 1e6, 3), f(d.get('known_length_s')), f(d.get('proved_s')))"
    done
  done
done
