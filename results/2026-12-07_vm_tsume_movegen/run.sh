#!/bin/bash
# Ours before and after the move-generation change, and KomoringHeights, one engine at a time
# over USI (`go mate`, 1 GiB, one thread), round by round:
#   BEFORE=<Release build of 45a3240> AFTER=<Release build of 7ff1a21> bash run.sh ROUNDS PUZZLE...
# KH: the KomoringHeights 1.1.0 binary (default /tmp/kh/source/KomoringHeights-by-gcc, built with
# `make normal TARGET_CPU=AVX2 COMPILER=g++` from komori-n/KomoringHeights tag kh-v1.1.0).
# ENGINES: which of before, after, kh (default all three); TIME_S: `go mate` limit in seconds
# (default 60). Writes <engine>_<puzzle>_<round>.csv (scripts/tsume/usi_mate.py's events). A queens-game run
# started from this tree's results (sb_g17) is stopped meanwhile and continued after.
set -euo pipefail
cd "$(dirname "$0")"
kh=${KH:-/tmp/kh/source/KomoringHeights-by-gcc}
drive=../../scripts/tsume/usi_mate.py
rounds=$1; shift
engines=${ENGINES:-before after kh}
secs=${TIME_S:-60}
g=$(pgrep -x sb_g17 || true)
[ -n "$g" ] && kill -STOP $g
trap '[ -n "$g" ] && kill -CONT $g' EXIT
sfen() { "$AFTER" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == '$1': print(r['sfen'])"; }
for r in $(seq 1 "$rounds"); do
  for p in "$@"; do
    s=$(sfen "$p")
    for e in $engines; do
      case $e in
        before) eng=("$BEFORE tsume usi"); opt=(--option Kernel=dfpn) ;;
        after) eng=("$AFTER tsume usi"); opt=(--option Kernel=dfpn) ;;
        kh) eng=("$kh"); opt=() ;;
      esac
      /usr/bin/python3 $drive --engine "${eng[0]}" "${opt[@]}" --hash 1024 --sfen "$s" \
        --time-ms "$((secs * 1000))" --out "${e}_${p}_$r.csv"
    done
  done
done
