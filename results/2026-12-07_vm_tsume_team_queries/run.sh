#!/bin/bash
# Rounds of Microcosmos (the SFEN in /tmp/micro.sfen, as scripts/tsume/microcosmos.sh gives it),
# 60-s cap, table MEM (default 1G), one run at a time, the G(17) run stopped meanwhile; one line
# per run appended to OUT (round, label, first mate, its seconds, seconds to 1,525 or None, length
# at the end, M nodes/s). /tmp/sb_spec = 272fab8 + experiment.patch (switches from the
# environment, all off by default: `final` is the committed dfpn-tbb). Labels: dfpn (1 thread),
# final, solo (the helper idle after its line-shortening pass), specD (the helper asks "mate
# within r - D?" after its pass, then joins r), sbD_B (the same with a budget of B nodes), ssD
# (specD, then idle), specDn (specD without the pass), rpK (/tmp/sb_rply = 272fab8 + rply.patch:
# the helpers' random term only at ply K and deeper). NOTES.md.
# Usage: bash run.sh ROUNDS OUT LABEL...
R=$1; OUT=$2; shift 2
kill -STOP $(pgrep -x sb_g17) 2>/dev/null
for round in $(seq 1 $R); do
  for L in "$@"; do
    k=(-k dfpn-tbb -t 2)
    case $L in
      dfpn) cmd=(/tmp/sb_spec); k=(-k dfpn -t 1) ;;
      ss*) cmd=(env SB_SOLO=1 SB_SPEC=${L#ss} /tmp/sb_spec) ;;
      rp*) cmd=(env SB_RPLY=${L#rp} /tmp/sb_rply) ;;
      solo) cmd=(env SB_SOLO=1 /tmp/sb_spec) ;;
      final) cmd=(/tmp/sb_spec) ;;
      sb*) x=${L#sb}; cmd=(env SB_SPEC=${x%_*} SB_SPECB=${x#*_} /tmp/sb_spec) ;;
      spec*n) d=${L#spec}; d=${d%n}; cmd=(env SB_SPEC=$d SB_NOPASS=1 /tmp/sb_spec) ;;
      spec*) cmd=(env SB_SPEC=${L#spec} /tmp/sb_spec) ;;
    esac
    "${cmd[@]}" tsume solve --sfen "$(cat /tmp/micro.sfen)" "${k[@]}" --max-memory ${MEM:-1G} --time-limit 60 -f json > /tmp/spec.json 2>/dev/null
    /usr/bin/python3 -c "
import json; d=json.load(open('/tmp/spec.json')); print($round, '$L', d['first_mate'], round(d['first_mate_s'],1), d['known_length_s'] and round(d['known_length_s'],1), d['mate_length'], round(d['nodes_per_s']/1e6,2), flush=True)" | tee -a $OUT
  done
done
kill -CONT $(pgrep -x sb_g17) 2>/dev/null
