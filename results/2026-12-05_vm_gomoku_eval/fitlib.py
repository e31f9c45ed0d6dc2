# What the fitting scripts share: the columns of features.csv (features.cpp), the positions used,
# the level-4 model's features, a logistic least-squares fit, and the 35 integers SB_TEXEL reads.
import numpy as np, pandas as pd
from scipy.optimize import minimize

COLS = (['g', 'ply', 'n', 'y'] + [f'sm{i}' for i in range(9)] + [f'so{i}' for i in range(9)] +
        [f'cm{i}' for i in range(8)] + [f'co{i}' for i in range(8)] + ['tm', 'to'])
SHAPES = [f'sm{i}' for i in range(2, 8)] + [f'so{i}' for i in range(2, 8)]
CLASSES = [f'cm{i}' for i in (2, 3, 4, 5)] + [f'co{i}' for i in (2, 3, 4, 5, 6)]


def load(path='features.csv'):
    """Every position of features.csv (row numbers kept as the index)."""
    return pd.read_csv(path, names=COLS)


def used(d):
    """No five point for either player, no straight-four point for me, not a game's last position;
    with the colour of the player to move (1: black)."""
    d = d[(d.cm7 == 0) & (d.co7 == 0) & (d.cm6 == 0) & (d.ply < d.n)].copy()
    d['black'] = (d.ply % 2 == 0).astype(float)
    return d


def committed(d):
    """The committed evaluation (pattern_search.hpp) in thousands."""
    return (1.2 * d.tm - d.to + 20 - 300 * ((d.co6 > 0) & (d.cm4 + d.cm5 == 0)) +
            1500 * (d.cm5 > 0) + 800 * ((d.cm3 > 0) & (d.co4 + d.co5 == 0))) / 1000


def fit(X, t, lam=1e-4):
    """Weights w (the last one an unpenalised constant) minimising mean (t - sigma(X w))^2 + lam |w|^2."""
    def f(w):
        p = 1 / (1 + np.exp(-X @ w))
        r = p - t
        g = X.T @ (2 * r * p * (1 - p)) / len(t) + 2 * lam * w * np.r_[np.ones(len(w) - 1), 0]
        return np.mean(r**2) + lam * np.sum(w[:-1]**2), g
    return minimize(f, np.zeros(X.shape[1]), jac=True, method='L-BFGS-B').x


def design(d, feat):
    return np.hstack([d[feat].values.astype(float), np.ones((len(d), 1))])


def cv_error(d, feat, t, folds=5, seed=1):
    """5-fold cross-validation by game: mean squared error against t and against the result."""
    games = d.g.values
    ug = np.unique(games)
    np.random.default_rng(seed).shuffle(ug)
    X = design(d, feat)
    et, ey = [], []
    for f in np.array_split(ug, folds):
        te = np.isin(games, f)
        w = fit(X[~te], t[~te])
        p = 1 / (1 + np.exp(-X[te] @ w))
        et.append(np.mean((t[te] - p)**2))
        ey.append(np.mean((d.y.values[te] - p)**2))
    return np.mean(et), np.mean(ey)


def weights_line(W, bias):
    """The 35 integers of SB_TEXEL: shape weights for me and the opponent, class weights for me
    and the opponent, a constant; W maps feature names to weights in evaluation units."""
    out = [0] * 35
    for i in range(9):
        out[i], out[9 + i] = W.get(f'sm{i}', 0), W.get(f'so{i}', 0)
    for c in range(8):
        out[18 + c], out[26 + c] = W.get(f'cm{c}', 0), W.get(f'co{c}', 0)
    out[34] = bias
    return ' '.join(str(int(round(v))) for v in out)
