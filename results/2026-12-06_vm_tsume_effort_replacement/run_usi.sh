#!/bin/bash
# Microcosmos over USI (`tsume usi`), one run per USI_Hash size, one at a time, MS ms each
# (default 150000): writes usi_<LABEL>_<MiB>.out here (every info line and the answer).
#   SEARCHBENCH=/tmp/sb_copy LABEL=effort KERNEL=dfpn bash run_usi.sh 512 1024 2048 4096 8192
# (KERNEL=dfpn-tbb THREADS=2 for the team.)
set -euo pipefail
cd "$(dirname "$0")"
exe=$(realpath "${SEARCHBENCH:-../../build/searchbench}")
s=$("$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['name'] == 'microcosmos': print(r['sfen'])")
for mib in "$@"; do
  { echo "setoption name USI_Hash value $mib"; echo "setoption name Kernel value ${KERNEL:-dfpn}"
    echo "setoption name Threads value ${THREADS:-1}"; echo isready; echo "position sfen $s"
    echo "go mate ${MS:-150000}"; } | "$exe" tsume usi > "usi_${LABEL:-run}_$mib.out"
done
