#!/bin/bash
# The same pairs one engine at a time (the other core idle): bash seq.sh ROUNDS PUZZLE...
# writes seq_<engine>_<puzzle>_<round>.csv (ours: SEARCHBENCH, Kernel dfpn, labelled OURS, default
# "ours"; KH as run.sh).
set -euo pipefail
cd "$(dirname "$0")"
exe=$(realpath "${SEARCHBENCH:-../../build/searchbench}")
kh=${KH:-/tmp/kh/source/KomoringHeights-by-gcc}
drive=../../scripts/tsume/usi_mate.py
rounds=$1; shift
sfen() { "$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == '$1': print(r['sfen'])"; }
for r in $(seq 1 "$rounds"); do
  for p in "$@"; do
    s=$(sfen "$p")
    /usr/bin/python3 $drive --engine "$exe tsume usi" --option Kernel=dfpn --hash 1024 --sfen "$s" \
      --time-ms 60000 --out "seq_${OURS:-ours}_${p}_$r.csv"
    /usr/bin/python3 $drive --engine "$kh" --hash 1024 --sfen "$s" --time-ms 60000 \
      --out "seq_kh_${p}_$r.csv"
  done
done
