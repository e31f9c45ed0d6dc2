#!/bin/bash
cap=$1; mem=$2; label=$3
micro='g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1'
${EXE:?the temporary build with team_parts_switches.patch} tsume solve --sfen "$micro" --max-memory $mem -k $K -t 1 --time-limit $cap -f json > ./$label.json 2> ./$label.err
/usr/bin/python3 -c "
import json
d=json.load(open('./$label.json'))
print('$label', d['nodes'], round(d['nodes']/d['wall_s']/1e6,3), d.get('known_length_s'), d.get('mate_length'))"
grep -o '[0-9]* s elapsed, [0-9]* nodes.*' ./$label.err | awk '{m=$0; sub(/.*mate within /,"",m); sub(/ plies.*/,"",m); if (m!=last && m ~ /^[0-9]+$/) {printf "%s s:%s  ", $1, m; last=m}}'; echo
