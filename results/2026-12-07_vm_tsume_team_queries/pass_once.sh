#!/bin/bash
# Microcosmos, dfpn-tbb on 2 threads, old (main at 775e86c) against new (line shortening once per
# query, not again after the table grew), interleaved.  Usage: MEM=4G bash pass_once.sh ROUNDS OUT
R=$1; OUT=$2
kill -STOP $(pgrep -x sb_g17) 2>/dev/null
for round in $(seq 1 $R); do
  for L in old new; do
    /tmp/sb_$L tsume solve --sfen "$(cat /tmp/micro.sfen)" -k dfpn-tbb -t 2 --max-memory ${MEM:-4G} --time-limit 60 -f json > /tmp/teamfix/r.json 2>/dev/null
    /usr/bin/python3 -c "
import json; d=json.load(open('/tmp/teamfix/r.json')); print($round, '$L', d['first_mate'], round(d['first_mate_s'],1), d['known_length_s'] and round(d['known_length_s'],1), d['mate_length'], round(d['nodes_per_s']/1e6,2), flush=True)" | tee -a $OUT
  done
done
kill -CONT $(pgrep -x sb_g17) 2>/dev/null
