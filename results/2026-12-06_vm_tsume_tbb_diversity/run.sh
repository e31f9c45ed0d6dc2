#!/bin/bash
# Time to the known length on the long set, several solver builds side by side, interleaved
# round by round (the VM's speed drifts by a third within minutes), one run at a time on the
# otherwise idle 2-core VM, 1 GiB table (Microcosmos: 8 GiB; MEM= sets both). Prints one line per run:
#   round problem label nodes Mnodes/s known_length_s proved_s   (-1: not within the cap)
# Usage: bash run.sh ROUNDS CAP_S "PROBLEM..." LABEL=BINARY:KERNEL:THREADS... > runs.txt
#   e.g. bash run.sh 3 15 "zuko-001 zuko-099 muso-100 zuko-100" dfpn=/tmp/a:dfpn:1 tbb2=/tmp/a:dfpn-tbb:2
# PROBLEM: a suite name, or microcosmos (its SFEN, as scripts/tsume/microcosmos.sh).
set -u
rounds=${1:?usage: see the header}
cap=${2:?}
problems=${3:?}
shift 3
micro='g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1'
for i in $(seq "$rounds"); do
  for p in $problems; do
    for spec in "$@"; do
      label=${spec%%=*}
      IFS=: read -r exe k t <<<"${spec#*=}"
      if [ "$p" = microcosmos ]; then what=(--sfen "$micro" --max-memory "${MEM:-8G}"); else what=(--puzzle "$p" --max-memory "${MEM:-1G}"); fi
      "$exe" tsume solve "${what[@]}" -k "$k" -t "$t" --time-limit "$cap" -f json 2>/dev/null |
        /usr/bin/python3 -c "
import json, sys
d = json.load(sys.stdin)
f = lambda x: round(x, 2) if x is not None else -1
print('$i $p $label', d['nodes'], round(d['nodes'] / d['wall_s'] / 1e6, 3), f(d.get('known_length_s')), f(d.get('proved_s')), flush=True)"
    done
  done
done
