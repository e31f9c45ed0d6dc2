#!/bin/bash
# Microcosmos, dfpn-tbb on 2 threads, helper jitter from ply P (SB_JITTER_FROM), interleaved.
# Usage: MEM=1G bash run.sh ROUNDS OUT P1 P2 ...   (/tmp/sb_jit: a Release build with jitter_from.patch;
#   /tmp/micro.sfen: Microcosmos' SFEN as in scripts/tsume/microcosmos.sh; SB_JITTER_FROM=0 is the search as committed)
R=$1; OUT=$2; shift 2
kill -STOP $(pgrep -x sb_g17) 2>/dev/null
for round in $(seq 1 $R); do
  for P in "$@"; do
    SB_JITTER_FROM=$P /tmp/sb_jit tsume solve --sfen "$(cat /tmp/micro.sfen)" -k dfpn-tbb -t 2 --max-memory ${MEM:-1G} --time-limit ${CAP:-60} -f json > /tmp/jit/r.json 2>/dev/null
    /usr/bin/python3 -c "
import json; d=json.load(open('/tmp/jit/r.json')); print($round, 'P=$P', d['first_mate'], round(d['first_mate_s'],1), d['known_length_s'] and round(d['known_length_s'],1), d['mate_length'], round(d['nodes_per_s']/1e6,2), flush=True)" | tee -a $OUT
  done
done
kill -CONT $(pgrep -x sb_g17) 2>/dev/null
