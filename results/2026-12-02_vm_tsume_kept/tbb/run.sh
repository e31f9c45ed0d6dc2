#!/bin/bash
# dfpn (one thread) against dfpn-tbb (two) on the long set's classics, one run at a time on the
# otherwise idle 2-core VM, 1 GiB table, 240 s cap: writes <puzzle>_<kernel>.json here.
# SEARCHBENCH: the binary (a copy; default ../../../build/searchbench).
set -u
cd "$(dirname "$0")"
exe=${SEARCHBENCH:-../../../build/searchbench}
for p in zuko-001 zuko-099 muso-100 zuko-100; do
  "$exe" tsume solve --puzzle "$p" -k dfpn -t 1 --time-limit 240 --max-memory 1G -f json \
    > "${p}_dfpn.json" 2> /dev/null
  "$exe" tsume solve --puzzle "$p" -k dfpn-tbb -t 2 --time-limit 240 --max-memory 1G -f json \
    > "${p}_dfpn-tbb.json" 2> /dev/null
done
/usr/bin/python3 - <<'P' | tee table.md
import json
print('| problem | dfpn known / proved | dfpn-tbb (2 threads) known / proved | speed-up to the known length |')
print('|---|--:|--:|--:|')
tk = tt = 0
for p in ('zuko-001', 'zuko-099', 'muso-100', 'zuko-100'):
    a = json.load(open(f'{p}_dfpn.json')); b = json.load(open(f'{p}_dfpn-tbb.json'))
    tk += a['known_length_s']; tt += b['known_length_s']
    f = lambda x: 'not proved' if x is None else f'{x:.1f} s'
    print(f"| {p} | {f(a['known_length_s'])} / {f(a['proved_s'])} | {f(b['known_length_s'])} / {f(b['proved_s'])} | {a['known_length_s'] / b['known_length_s']:.2f} |")
print(f'| total | {tk:.1f} s | {tt:.1f} s | {tk / tt:.2f} |')
P
