#!/bin/bash
# The same runs with searchbench's `tsume usi` (Kernel dfpn), for the side by side: USI_Hash in
# MiB from SIZES (default 1024 512), 200 s each, one at a time. Writes ours_<MiB>.csv here.
#   SEARCHBENCH=/tmp/sb_copy bash run_ours.sh
set -euo pipefail
cd "$(dirname "$0")"
exe=$(realpath "${SEARCHBENCH:-../../build/searchbench}")
drive=../../scripts/tsume/usi_mate.py
s=$("$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == 'microcosmos': print(r['sfen'])")
for mib in ${SIZES:-1024 512}; do
  /usr/bin/python3 $drive --engine "$exe tsume usi" --option Kernel=dfpn --hash "$mib" --sfen "$s" \
    --time-ms "${MS:-200000}" --out "ours_$mib.csv"
done
