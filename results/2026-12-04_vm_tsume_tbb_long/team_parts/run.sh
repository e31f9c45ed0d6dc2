#!/bin/bash
# one Microcosmos run per config; 8 GiB, CAP s
cap=$1; shift
micro='g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1'
for spec in "$@"; do
  IFS=: read -r label k t envs <<<"$spec"
  env $envs ${EXE:?the temporary build with team_parts_switches.patch} tsume solve --sfen "$micro" --max-memory 8G -k $k -t $t --time-limit $cap -f json > ./$label.json 2> ./$label.err
  /usr/bin/python3 -c "
import json
d=json.load(open('./$label.json'))
print('$label', d['nodes'], round(d['nodes']/d['wall_s']/1e6,3), d.get('known_length_s'), d.get('mate_length'), d.get('mates_found', '')[-60:] if isinstance(d.get('mates_found'),str) else str(d.get('mates_found'))[-80:], flush=True)"
done
