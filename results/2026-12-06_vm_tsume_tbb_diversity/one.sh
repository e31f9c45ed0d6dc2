#!/bin/bash
# A trial run: one `tsume solve -f json` of a temporary build (/tmp/sb_busy: fefeff9 plus one of
# the patches here), ENV its switches; prints problem, label, nodes, M nodes/s, s to the known
# length, s to the proved minimum (-1: not within CAP).
# one.sh LABEL ENV KERNEL THREADS PROBLEM CAP MEM
label=$1; envs=$2; k=$3; t=$4; p=$5; cap=$6; mem=$7
micro='g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1'
if [ "$p" = microcosmos ]; then what=(--sfen "$micro"); else what=(--puzzle "$p"); fi
env $envs /tmp/sb_busy tsume solve "${what[@]}" --max-memory $mem -k $k -t $t --time-limit $cap -f json 2>/dev/null | /usr/bin/python3 -c "
import json, sys
d = json.load(sys.stdin)
f = lambda x: round(x, 2) if x is not None else -1
print('$p $label', d['nodes'], round(d['nodes'] / d['wall_s'] / 1e6, 3), f(d.get('known_length_s')), f(d.get('proved_s')), flush=True)"
