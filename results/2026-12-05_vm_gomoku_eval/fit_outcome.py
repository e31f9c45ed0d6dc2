# tex1: level 4's evaluation weights fitted to the game results; prints the 35 integers SB_TEXEL reads.
# Usage: /usr/bin/python3 fit_outcome.py > weights-tex1.txt
import fitlib

d = fitlib.used(fitlib.load())
feat = fitlib.SHAPES + fitlib.CLASSES + ['black']
w = fitlib.fit(fitlib.design(d, feat), d.y.values) * 1000
W = dict(zip(feat + ['bias'], w))
print(fitlib.weights_line(W, W['bias'] + W['black'] / 2))
