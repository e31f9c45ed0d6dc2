#!/bin/bash
# The suite (every problem but the long set) over USI, ours (SEARCHBENCH, Kernel dfpn) and
# KomoringHeights (KH) one after the other per problem, one thread, USI_Hash 1024, go mate 60000,
# driven by scripts/tsume/usi_mate.py; writes suite_usi.csv: name, expected length, then per engine
# the answer's plies (0 nomate, -1 timeout), seconds to the answer, seconds to a mate of at most
# the expected length (empty: none, or no mate expected).
set -euo pipefail
cd "$(dirname "$0")"
exe=$(realpath "${SEARCHBENCH:-../../build/searchbench}")
kh=${KH:-/tmp/kh/source/KomoringHeights-by-gcc}
drive=../../scripts/tsume/usi_mate.py
tmp=$(mktemp -d)
echo "name,expected,ours_final,ours_final_s,ours_known_s,kh_final,kh_final_s,kh_known_s" > suite_usi.csv.part
"$exe" tsume list -f csv | /usr/bin/python3 -c "
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r['ci'] != 'long': print(r['name'], r['expected'], r['sfen'], sep='\t')" |
while IFS=$'\t' read -r name expected sfen; do
  /usr/bin/python3 $drive --engine "$exe tsume usi" --option Kernel=dfpn --hash 1024 --sfen "$sfen" \
    --time-ms 60000 --out "$tmp/ours.csv" < /dev/null
  /usr/bin/python3 $drive --engine "$kh" --hash 1024 --sfen "$sfen" --time-ms 60000 \
    --out "$tmp/kh.csv" < /dev/null
  /usr/bin/python3 - "$name" "$expected" "$tmp/ours.csv" "$tmp/kh.csv" >> suite_usi.csv.part <<'PY'
import csv, sys
name, expected = sys.argv[1], sys.argv[2]
limit = int(expected) if expected.isdigit() else 0  # 'nomate': no known length
row = [name, expected]
for f in sys.argv[3:]:
    rows = list(csv.DictReader(open(f)))
    final = next((r for r in rows if r['event'] == 'final'), None)
    known = next((r['seconds'] for r in rows
                  if r['event'] == 'mate' and 0 < int(r['plies']) <= limit), '')
    row += [final['plies'] if final else '', final['seconds'] if final else '', known]
print(','.join(str(x) for x in row))
PY
done
rm -rf "$tmp"
mv suite_usi.csv.part suite_usi.csv
