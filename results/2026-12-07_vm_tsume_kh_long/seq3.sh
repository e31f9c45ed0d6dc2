#!/bin/bash
# Ours as built by default, ours built with SEARCHBENCH_NATIVE=ON and KomoringHeights, one engine
# at a time (the other core idle), round by round: bash seq3.sh ROUNDS PUZZLE...
# DEFAULT, NATIVE: the two builds of ours; KH as run.sh. Writes seq3_<engine>_<puzzle>_<round>.csv.
set -euo pipefail
cd "$(dirname "$0")"
kh=${KH:-/tmp/kh/source/KomoringHeights-by-gcc}
drive=../../scripts/tsume/usi_mate.py
rounds=$1; shift
sfen() { "$DEFAULT" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == '$1': print(r['sfen'])"; }
for r in $(seq 1 "$rounds"); do
  for p in "$@"; do
    s=$(sfen "$p")
    for e in default native kh; do
      case $e in
        default) eng=("$DEFAULT tsume usi"); opt=(--option Kernel=dfpn) ;;
        native) eng=("$NATIVE tsume usi"); opt=(--option Kernel=dfpn) ;;
        kh) eng=("$kh"); opt=() ;;
      esac
      /usr/bin/python3 $drive --engine "${eng[0]}" "${opt[@]}" --hash 1024 --sfen "$s" \
        --time-ms 60000 --out "seq3_${e}_${p}_$r.csv"
    done
  done
done
