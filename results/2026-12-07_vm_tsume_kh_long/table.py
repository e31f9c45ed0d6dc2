#!/usr/bin/python3
# The table of this folder: per problem and engine, the median over rounds of the seconds from
# `go mate` to the first mate, to the known length and to the answer (`checkmate`: for the
# classics after each engine's post-search, i.e. its minimality search, ended; Microcosmos: the
# time limit), and the rounds' ratios KH / ours at the known length.
import csv, glob, re, statistics
known = {'zuko-001': 69, 'zuko-099': 117, 'muso-100': 167, 'zuko-100': 611, 'microcosmos': 1525}
def read(f):
    rows = list(csv.DictReader(open(f)))
    mates = [(int(r['plies']), float(r['seconds'])) for r in rows if r['event'] == 'mate']
    final = next(((int(r['plies']), float(r['seconds'])) for r in rows if r['event'] == 'final'), None)
    return mates, final
print('| problem | rounds | KH first | KH known length | KH answer | ours first | ours known length | ours answer | KH / ours at the known length |')
print('|---|--:|--:|--:|--:|--:|--:|--:|--:|')
for p, L in known.items():
    rounds = sorted(int(re.search(r'_(\d+)\.csv$', f).group(1)) for f in glob.glob(f'ours_{p}_*.csv'))
    rounds = [r for r in rounds if glob.glob(f'kh_{p}_{r}.csv')]
    if not rounds: continue
    cols, ratios = [], []
    at = {}
    for eng in ('kh', 'ours'):
        firsts, knowns, ends = [], [], []
        for r in rounds:
            mates, final = read(f'{eng}_{p}_{r}.csv')
            pos = [m for m in mates if m[0] > 0]
            if pos: firsts.append(pos[0][1])
            k = next((t for n, t in mates if 0 < n <= L), None)
            knowns.append(k)
            at.setdefault(r, {})[eng] = k
            if final: ends.append((final[1], final[0]))
        med = lambda xs: f'{statistics.median(xs):.1f} s' if xs and None not in xs else '-'
        cols += [med(firsts), med(knowns), med([e[0] for e in ends]) + (f' ({ends[0][1]})' if ends else '')]
    for r in rounds:
        if at[r].get('kh') and at[r].get('ours'): ratios.append(f"{at[r]['kh'] / at[r]['ours']:.2f}")
    print(f'| {p} ({L}) | {len(rounds)} | ' + ' | '.join(cols) + ' | ' + ', '.join(ratios) + ' |')
