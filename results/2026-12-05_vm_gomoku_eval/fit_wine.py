# tex2 / tex3: weights fitted to sigma(Wine's value / S), mixed with the result by MIX (1: Wine
# only); with --quiet (tex3) on the quiet positions only (no four-three point of mine, no
# straight-four point of the opponent, no double three of mine against no four of the opponent),
# the committed threat terms then being added in play (SB_TEXEL_TACT=1).
# Usage: /usr/bin/python3 fit_wine.py 50 1 weights-tex2.txt
#        /usr/bin/python3 fit_wine.py 50 1 weights-tex3.txt --quiet
import sys
import numpy as np, pandas as pd
import fitlib

S, mix, out = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
d = fitlib.load()
lab = pd.read_csv('wine_labels.txt', sep=' ', names=['i', 'v']).dropna()
d = d.loc[lab.i.values].copy()
d['v'] = lab.v.values
d['black'] = (d.ply % 2 == 0).astype(float)
if '--quiet' in sys.argv[4:]:
    d = d[(d.cm5 == 0) & (d.co6 == 0) & ~((d.cm3 > 0) & (d.co4 + d.co5 == 0))].copy()
print(len(d), 'positions')
t = mix / (1 + np.exp(-np.clip(d.v.values, -3000, 3000) / S)) + (1 - mix) * d.y.values
print('target against the result', np.mean((t - d.y.values)**2), 'a constant', np.mean((t - t.mean())**2))
d['base'] = fitlib.committed(d)
feat = fitlib.SHAPES + fitlib.CLASSES + ['black']
for name, f in [('committed', ['base']), ('committed+colour', ['base', 'black']), ('refitted', feat)]:
    et, ey = fitlib.cv_error(d, f, t)
    print(f'{name}: CV error against the target {et:.4f}, against the result {ey:.4f}')
w = fitlib.fit(fitlib.design(d, feat), t) * 1000
W = dict(zip(feat + ['bias'], w))
for k, v in W.items():
    print(f'{k:6s} {v:8.1f}')
open(out, 'w').write(fitlib.weights_line(W, W['bias']) + '\n')
