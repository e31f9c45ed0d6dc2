"""Time to the known length per run and label, from run.sh's output, and each label's speed-up
over the first label (by default `dfpn`): per round and problem, the round's total, the medians.

Usage: /usr/bin/python3 table.py runs.txt [BASE_LABEL]
A run without the known length within the cap (-1) is shown as such and leaves its round's total
out.
"""
import statistics
import sys
from collections import defaultdict

t = defaultdict(dict)  # (round, problem) -> label -> seconds
labels, problems = [], []
for line in open(sys.argv[1]):
    f = line.split()
    if not f or f[0].startswith('#'):
        continue
    r, p, lab = int(f[0]), f[1], f[2]
    t[(r, p)][lab] = float(f[5])
    if lab not in labels:
        labels.append(lab)
    if p not in problems:
        problems.append(p)
base = sys.argv[2] if len(sys.argv) > 2 else labels[0]
rounds = sorted({r for r, _ in t})
for lab in labels:
    if lab == base:
        continue
    per, totals = defaultdict(list), []
    print(f'\n{base} / {lab}, seconds to the known length:\n')
    print('| round | ' + ' | '.join(problems) + ' | total |')
    print('|--:|' + '--:|' * (len(problems) + 1))
    for r in rounds:
        cells, a, b, ok = [], 0.0, 0.0, True
        for p in problems:
            d, m = t[(r, p)].get(base, -1), t[(r, p)].get(lab, -1)
            if d < 0 or m < 0:
                cells.append(f'{d:g} / {m:g}: not reached' if d >= 0 or m >= 0 else 'not reached')
                ok = False
                continue
            per[p].append(d / m)
            a, b = a + d, b + m
            cells.append(f'{d:.2f} / {m:.2f} = {d / m:.2f}')
        if ok:
            totals.append(a / b)
        print(f'| {r} | ' + ' | '.join(cells) + (f' | {a:.1f} / {b:.1f} = {a / b:.2f} |' if ok else ' | - |'))
    print('| median | ' + ' | '.join(f'{statistics.median(per[p]):.2f}' if per[p] else '-' for p in problems) +
          (f' | {statistics.median(totals):.2f} |' if totals else ' | - |'))
