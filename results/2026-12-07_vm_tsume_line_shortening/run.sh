#!/bin/bash
# Rounds of Microcosmos, 1 GiB, 60-s cap, one run at a time (the G(17) run stopped meanwhile),
# one line per run (NOTES.md). Labels: dfpn (one thread), and dfpn-tbb -t 2 as: base (the
# temporary build, /tmp/sb_lp = 4a75528 + experiment.patch, line shortening off), noalt (its
# attacker positions, 20,000 nodes each), clean (a build asking the evasions too), final (the
# commit). Usage: bash run.sh ROUNDS LABEL...
R=${1:-3}; shift
kill -STOP $(pgrep -x sb_g17) 2>/dev/null
for round in $(seq 1 $R); do
  for L in "$@"; do
    case $L in
      base) cmd=(env SB_LINEPASS=0 /tmp/sb_lp) ;;
      noalt) cmd=(env SB_LINEPASS=20000 /tmp/sb_lp) ;;
      clean) cmd=(/tmp/sb_clean) ;;
      final) cmd=(/tmp/sb_final) ;;
      dfpn) cmd=(/tmp/sb_final) ;;
    esac
    k=(-k dfpn-tbb -t 2); [ "$L" = dfpn ] && k=(-k dfpn -t 1)
    "${cmd[@]}" tsume solve --sfen "$(cat /tmp/micro.sfen)" "${k[@]}" --max-memory 1G --time-limit 60 -f json > /tmp/lpr2.json 2>/dev/null
    /usr/bin/python3 -c "
import json; d=json.load(open('/tmp/lpr2.json')); print($round, '$L', d['first_mate'], round(d['first_mate_s'],1), d['known_length_s'] and round(d['known_length_s'],1), d['mate_length'], round(d['nodes_per_s']/1e6,2), flush=True)"
  done
done
kill -CONT $(pgrep -x sb_g17) 2>/dev/null
