#!/usr/bin/python3
# The table of this folder: per problem, for each engine the seconds from `go mate` to a mate of
# the known length, round by round and their median, and per round KH / ours (before and after
# the move-generation change).
import csv, glob, re, statistics
known = {'zuko-001': 69, 'zuko-099': 117, 'muso-100': 167, 'zuko-100': 611, 'microcosmos': 1525}
def at_known(f, L):
    rows = list(csv.DictReader(open(f)))
    return next((float(r['seconds']) for r in rows if r['event'] == 'mate' and 0 < int(r['plies']) <= L), None)
print('| problem | engine | seconds to the known length, by round | median | KH / it, by round | median |')
print('|---|---|---|--:|---|--:|')
for p, L in known.items():
    rounds = sorted({int(re.search(r'_(\d+)\.csv$', f).group(1)) for f in glob.glob(f'kh_{p}_*.csv')})
    engines = [e for e in ('before', 'after', 'kh') if all(glob.glob(f'{e}_{p}_{r}.csv') for r in rounds)]
    if not rounds: continue
    t = {e: [at_known(f'{e}_{p}_{r}.csv', L) for r in rounds] for e in engines}
    fmt = lambda v: 'none' if v is None else f'{v:.2f}'
    for e in engines:
        xs = [v for v in t[e] if v is not None]
        med = statistics.median(xs) if xs else None
        if e == 'kh':
            ratio, rmed = '', ''
        else:
            rs = [k / o if k and o else None for k, o in zip(t['kh'], t[e])]
            ratio = ', '.join(fmt(x) for x in rs)
            rr = [x for x in rs if x is not None]
            rmed = fmt(statistics.median(rr)) if rr else ''
        print(f"| {p} ({L}) | {e} | {', '.join(fmt(v) for v in t[e])} | {fmt(med)} | {ratio} | {rmed} |")
