"""Speed-up of dfpn-tbb (2 threads) over dfpn to the known length, from run.sh's output.

Usage: /usr/bin/python3 table.py runs_a0e03a1.txt
Per round: each problem's ratio and the round's total (sum of dfpn's times over sum of
dfpn-tbb's); then the medians over the rounds. A run without the known length within the cap
(-1) is shown as such and leaves its round's total out.
"""
import statistics
import sys
from collections import defaultdict

t = defaultdict(dict)  # (round, problem) -> kernel -> seconds
for line in open(sys.argv[1]):
    f = line.split()
    if not f or f[0].startswith('#'):
        continue
    t[(int(f[0]), f[1])][f[2]] = float(f[5])
rounds = sorted({r for r, _ in t})
problems = ['zuko-001', 'zuko-099', 'muso-100', 'zuko-100']
per = defaultdict(list)
totals = []
print('| round | ' + ' | '.join(problems) + ' | total |')
print('|--:|' + '--:|' * (len(problems) + 1))
for r in rounds:
    cells, a, b, ok = [], 0.0, 0.0, True
    for p in problems:
        d, m = t[(r, p)]['dfpn'], t[(r, p)]['dfpn-tbb']
        if d < 0 or m < 0:
            cells.append('not reached')
            ok = False
            continue
        per[p].append(d / m)
        a, b = a + d, b + m
        cells.append(f'{d:.2f} / {m:.2f} = {d / m:.2f}')
    if ok:
        totals.append(a / b)
    print(f'| {r} | ' + ' | '.join(cells) + (f' | {a:.1f} / {b:.1f} = {a / b:.2f} |' if ok else ' | - |'))
print('| median | ' + ' | '.join(f'{statistics.median(per[p]):.2f}' for p in problems) +
      (f' | {statistics.median(totals):.2f} |' if totals else ' | - |'))
