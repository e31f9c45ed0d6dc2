#!/usr/bin/python3
"""One summary of several `searchbench gomoku match` CSVs of one pairing, with its 95 % interval
clustered by opening.

    match_pool.py RUN1.csv [RUN2.csv ...]

Every game of the files counts once in the score (player A's: 1 win, 0.5 draw, 0 loss), but the
interval treats each opening as one unit: the games started from one opening, with both colours
and in every file, are not independent of each other. The openings favour one colour, so a game
and its colour-swapped twin pull the score opposite ways; and a match of one engine repeated on the
same openings replays mostly the same games (level 4 against Wine 2.1 on the 50 committed
openings: the per-opening scores of two runs of one build correlate at 0.8). Pooling such runs as
independent games would make the interval narrower than the data allow. The half-width is 1.96
cluster-robust standard errors of the mean score (clusters = openings; for one file whose
openings each have one game with each colour it equals `gomoku match`'s "by game pairs").

Prints one line: the players, +wins =draws -losses, the score +- the half-width, the Elo
difference with its interval, A's points as black (the match's games 1, 3, 5, ...) and as white,
the openings and files. Openings are told apart by their text as the CSV holds it. Bad input (a
missing or foreign file, a file given twice, files of different pairings, a row that is not a
finished game, fewer than two openings): one line on stderr, exit 2; a failed write of the
summary, the same.
"""
import argparse
import math
import os
import sys

import pandas as pd

NEEDED = ["game", "opening", "score_a", "a_player", "b_player"]


def fail(message):
    print(f"match_pool.py: error: {message}", file=sys.stderr)
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not argparse's usage and message
        fail(message)


def load(paths):
    frames, seen = [], {}
    for p in paths:
        real = os.path.realpath(p)
        if real in seen:
            fail(f"{p}: the same file as {seen[real]} (each run once)")
        seen[real] = p
        try:
            df = pd.read_csv(p, keep_default_na=False, dtype={"opening": str})
        except FileNotFoundError:
            fail(f"{p}: no such file")
        except (OSError, UnicodeDecodeError, pd.errors.ParserError, pd.errors.EmptyDataError) as e:
            why = str(e).splitlines()[0] if str(e) else type(e).__name__
            fail(f"{p}: cannot read it as CSV ({why})")
        missing = [c for c in NEEDED if c not in df.columns]
        if missing:
            fail(f"{p} is not a gomoku match CSV (no column {missing[0]})")
        if df.empty:
            fail(f"{p} holds no game")
        df["score_a"] = pd.to_numeric(df["score_a"], errors="coerce")
        df["game"] = pd.to_numeric(df["game"], errors="coerce")
        bad = df["score_a"].isna() | ~df["score_a"].isin([0.0, 0.5, 1.0]) | df["game"].isna()
        if bad.any():
            line = int(bad.to_numpy().argmax()) + 2  # the header is line 1
            fail(f"{p}: line {line}: not a finished game (game number, and score_a 0, 0.5 or 1)")
        frames.append(df.assign(file=p))
    games = pd.concat(frames, ignore_index=True)
    pairings = games.groupby(["a_player", "b_player"]).size()
    if len(pairings) > 1:
        (a1, b1), (a2, b2) = pairings.index[0], pairings.index[1]
        fail(f"the files hold more than one pairing ('{a1}' vs '{b1}', '{a2}' vs '{b2}')")
    return games


def elo(p):
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return 400 * math.log10(p / (1 - p))


def fmt_elo(e):
    return f"{'+' if e > 0 else '-'}inf" if math.isinf(e) else f"{e:+.0f}"


def pooled(games):
    """(score, 95 % half-width, number of openings): the cluster-robust standard error of the
    mean, clusters = openings (C / (C - 1) small-sample factor)."""
    n = len(games)
    score = games["score_a"].mean()
    by = games.groupby("opening")["score_a"].agg(["sum", "count"])
    c = len(by)
    if c < 2:
        fail("the games start from fewer than two openings: no interval by opening")
    resid = by["sum"] - by["count"] * score  # each opening's summed deviation from the mean
    var = (resid ** 2).sum() / n ** 2 * c / (c - 1)
    return score, 1.96 * math.sqrt(var), c


def main():
    ap = Parser(description="Pool gomoku match CSVs of one pairing; the 95 % interval is "
                "clustered by opening.")
    ap.add_argument("csv", nargs="+", help="CSV files written by `searchbench gomoku match --out`")
    games = load(ap.parse_args().csv)
    score, half, openings = pooled(games)
    s = games["score_a"]
    as_black = games["game"] % 2 == 1  # player A has black in games 1, 3, 5, ... of a match
    a, b = games["a_player"].iloc[0], games["b_player"].iloc[0]
    files = games["file"].nunique()
    line = (f"{a} vs {b}: +{(s == 1).sum()} ={(s == 0.5).sum()} -{(s == 0).sum()} in {len(s)} "
            f"games, score {100 * score:.1f} % +- {100 * half:.1f} % (95 %, clustered by "
            f"opening), Elo difference {fmt_elo(elo(score))} "
            f"[{fmt_elo(elo(max(0.0, score - half)))}, {fmt_elo(elo(min(1.0, score + half)))}]; "
            f"as black {s[as_black].sum():g}/{as_black.sum()}, as white {s[~as_black].sum():g}/"
            f"{(~as_black).sum()}; {openings} openings, {files} file{'s' if files > 1 else ''}")
    if sys.stdout is None:  # started with its standard output closed
        fail("no standard output to write the summary to")
    try:
        print(line, flush=True)
    except OSError as e:
        fail(f"cannot write the summary ({e.strerror})")


if __name__ == "__main__":
    main()
