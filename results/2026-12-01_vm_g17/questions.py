#!/usr/bin/python3
"""Summary of the question journal (memo-sym-query-pieces on 17 x 17): per heap, the questions
answered (lost: the position after a first move and a reply has that Grundy value; won), those
not needed, their nodes and seconds; and per first move (the journal's square is first move x
289 + reply, one way to the position) the lost replies found at heap 0.

Usage: /usr/bin/python3 questions.py [g17-questions.journal]

The piece ids: heap h's questions are ids h * R .. h * R + R - 1 (R = 4,264 reply classes), the
fallbacks 4 * R .. 4 * R + 44; value 0 lost, 1 won, 1000 not needed.

Then heap 0 per first-move class (45 under the board's eight symmetries): each class's replies
grouped into positions up to symmetry (the free squares after both queens, least image), matched
with the journal's answers: a class with a lost reply has Grundy value at least 1; one whose every
reply is answered won has value 0 (the first move wins); the others are open, with the replies
still unanswered. This grouping is computed here (its own attack masks and symmetries), not read
from the kernel.
"""
import collections
import sys

SQUARES = 17 * 17
REPLIES = 4264
HEAPS = 4


def name(sq):
    return "abcdefghijklmnopq"[sq % 17] + str(sq // 17 + 1)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "g17-questions.journal"
    rows = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("piece "):
            words = line.split()
            f = dict(w.split("=", 1) for w in words[2:])
            rows.append((int(words[1]), int(f["value"]), int(f["square"]), int(f["nodes"]),
                         float(f["seconds"])))
    print(f"{len(rows)} of {HEAPS * REPLIES + 45} pieces in the journal")
    for h in range(HEAPS + 1):
        part = [r for r in rows if (r[0] // REPLIES if r[0] < HEAPS * REPLIES else HEAPS) == h]
        if not part:
            continue
        kind = f"heap {h}" if h < HEAPS else "fallbacks"
        c = collections.Counter(r[1] for r in part)
        asked = [r for r in part if r[1] != 1000]
        print(f"{kind}: {len(part)} done ({len(asked)} asked: {c[0]} lost, {c[1]} won; "
              f"{c[1000]} not needed), {sum(r[3] for r in asked):,} nodes, "
              f"{sum(r[4] for r in asked):,.0f} s")
    lost = collections.Counter(r[2] // SQUARES for r in rows if r[0] < REPLIES and r[1] == 0)
    print("heap 0, lost replies found, by first move (one way to each position):",
          ", ".join(f"{name(sq)} {n}" for sq, n in sorted(lost.items())) or "none")
    first_moves(rows)


def first_moves(rows):
    """Heap 0 per first-move class: value >= 1 (a lost reply), value 0 (every reply won), open."""
    n = 17
    att = []
    for s in range(SQUARES):
        r, c = divmod(s, n)
        att.append(sum(1 << t for t in range(SQUARES)
                       if (t // n == r or t % n == c or t // n - t % n == r - c
                           or t // n + t % n == r + c)))
    full = (1 << SQUARES) - 1

    def image(s, k):  # k quarter turns, then a mirror of the files when k >= 4
        r, c = divmod(s, n)
        for _ in range(k % 4):
            r, c = c, n - 1 - r
        return r * n + (n - 1 - c if k >= 4 else c)

    syms = [[image(s, k) for s in range(SQUARES)] for k in range(8)]

    def position(m, r):  # the free squares after queens m and r, least image
        return min(full & ~att[t[m]] & ~att[t[r]] for t in syms)

    answer = {}
    for pid, value, square, _, _ in rows:
        if pid < REPLIES:
            answer[position(*divmod(square, SQUARES))] = value
    won, lost, open_ = [], [], []
    for m in sorted({min(t[s] for t in syms) for s in range(SQUARES)}):
        free = full & ~att[m]
        values = [answer.get(position(m, r)) for r in
                  {min(t[r] for t in syms if t[m] == m) for r in range(SQUARES) if free >> r & 1}]
        if 0 in values:
            lost.append(name(m))
        elif None not in values:
            won.append(name(m))
        else:
            open_.append(f"{name(m)} {values.count(None)}")
    print(f"heap 0 by first-move class: {len(lost)} with a lost reply (value >= 1: "
          f"{', '.join(lost)}); {len(won)} with every reply won (value 0: {', '.join(won)}); "
          f"{len(open_)} open (replies unanswered: {', '.join(open_)})")


if __name__ == "__main__":
    main()
