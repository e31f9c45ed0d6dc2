#!/usr/bin/python3
"""Summary of the 8,8,5 refutation-pieces journal: pieces by value, their times and nodes, and
the third-move pieces done per first move and chosen reply.

Usage: /usr/bin/python3 stats.py [m885.journal]

A piece's cell (docs/mnk.md): a first move f is cell f, a reply piece cells * (f + 1) + r, a
third move cells * (cells + 1) + (f * cells + r) * cells + t, with cells = 64 and a1 = 0.
Values: 0 not needed (not solved), 1 the player of the piece's last move does not win, 2 wins.
"""
import statistics
import sys

CELLS = 64


def name(c):
    return "abcdefgh"[c % 8] + str(c // 8 + 1)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "m885.journal"
    pieces = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("piece "):
            fields = dict(x.split("=", 1) for x in line.split()[2:])
            pieces.append(fields)
    if not pieces:
        print("no piece recorded")
        return
    values = {}
    for p in pieces:
        values[p["value"]] = values.get(p["value"], 0) + 1
    solved = [p for p in pieces if p["value"] != "0"]
    secs = [float(p["seconds"]) for p in solved]
    nodes = [int(p["nodes"]) for p in solved]
    print(f"{len(pieces)} pieces recorded; by value {dict(sorted(values.items()))}")
    if solved:
        print(f"solved: {sum(secs):.0f} s of the pieces' own wall time, median {statistics.median(secs):.1f} s "
              f"(min {min(secs):.1f}, max {max(secs):.1f}; times include any pause of the process)")
        print(f"nodes: {sum(nodes) / 1e6:.0f} M in all, {min(nodes) / 1e6:.1f} M to {max(nodes) / 1e6:.1f} M a piece")
    thirds = {}
    for p in pieces:
        c = int(p["cell"])
        if c >= CELLS * (CELLS + 1):
            x = c - CELLS * (CELLS + 1)
            f, r = x // CELLS // CELLS, x // CELLS % CELLS
            thirds.setdefault((f, r), []).append(p["value"])
    print("third-move pieces done, per first move and chosen reply:")
    for (f, r), v in sorted(thirds.items(), key=lambda kv: -len(kv[1])):
        wins = v.count("2")
        print(f"  {name(f)} {name(r)}: {len(v)} done, {wins} say the first player wins")


if __name__ == "__main__":
    main()
