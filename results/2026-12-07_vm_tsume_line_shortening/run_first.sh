#!/bin/bash
# The first rounds (first_runs.txt): Microcosmos, 1 GiB, 60-s cap; labels: dfpn, or the temporary
# build's dfpn-tbb -t 2 with SB_LINEPASS=B (0: off), B followed by "a" for SB_LINEALT=1; REP=1 and
# TRACE=1 in the environment set SB_LINEREP and SB_TRACE (the trace to /tmp/lpr_trace.txt).
R=${1:-3}; shift
kill -STOP $(pgrep -x sb_g17) 2>>/tmp/lpr_trace.txt
for round in $(seq 1 $R); do
  for B in "$@"; do
    if [ "$B" = dfpn ]; then args=(-k dfpn -t 1); env=(); else args=(-k dfpn-tbb -t 2); env=(SB_LINEPASS=${B%a} $([ "${B%a}" != "$B" ] && echo SB_LINEALT=1) $([ -n "$REP" ] && echo SB_LINEREP=1) $([ -n "$TRACE" ] && echo SB_TRACE=1)); fi
    env "${env[@]}" /tmp/sb_lp tsume solve --sfen "$(cat /tmp/micro.sfen)" "${args[@]}" --max-memory 1G --time-limit 60 -f json > /tmp/lpr.json 2>>/tmp/lpr_trace.txt
    /usr/bin/python3 -c "
import json; d=json.load(open('/tmp/lpr.json')); print($round, '$B', d['first_mate'], round(d['first_mate_s'],1), d['known_length_s'] and round(d['known_length_s'],1), d['mate_length'], round(d['nodes_per_s']/1e6,2), flush=True)"
  done
done
kill -CONT $(pgrep -x sb_g17) 2>>/tmp/lpr_trace.txt
