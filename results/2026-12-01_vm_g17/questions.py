#!/usr/bin/python3
"""Summary of the question journal (memo-sym-query-pieces on 17 x 17): per heap, the questions
answered (lost: the position after a first move and a reply has that Grundy value; won), those
not needed, their nodes and seconds; and per first move (the journal's square is first move x
289 + reply, one way to the position) the lost replies found at heap 0.

Usage: /usr/bin/python3 questions.py [g17-questions.journal]

The piece ids: heap h's questions are ids h * R .. h * R + R - 1 (R = 4,264 reply classes), the
fallbacks 4 * R .. 4 * R + 44; value 0 lost, 1 won, 1000 not needed.
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


if __name__ == "__main__":
    main()
