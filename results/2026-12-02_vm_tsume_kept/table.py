#!/usr/bin/python3
# The side-by-side table of this folder: seconds to the first mate, to the known length and (ours)
# to the minimality proof; KomoringHeights' "end": its checkmate answer.
import json
known = {'zuko-001': 69, 'zuko-099': 117, 'muso-100': 167, 'zuko-100': 611, 'microcosmos': 1525}
print('| problem | KH first | KH known length | KH end | dfpn first | dfpn known length | dfpn proved minimal |')
print('|---|--:|--:|--:|--:|--:|--:|')
for p, L in known.items():
    kh = [l.split() for l in open(f'kh_{p}.txt')]
    first = next(l for l in kh if l[0] == 'first')
    at = next((float(l[2]) for l in kh if l[0] == 'mate' and int(l[1]) <= L), None)
    end = next((l for l in kh if l[0] == 'final'), None)
    d = json.load(open(f'{p}_dfpn.json'))
    f = lambda x: '-' if x is None else f'{x:.1f} s'
    print(f"| {p} ({L}) | {first[1]} at {float(first[2]):.1f} s | {f(at)} | "
          f"{(end[1] + ' at ' + f(float(end[2]))) if end else '-'} | {d['first_mate']} at {f(d['first_mate_s'])} | "
          f"{f(d['known_length_s'])} | {f(d['proved_s'])} |")
