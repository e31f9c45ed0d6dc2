#!/usr/bin/python3
"""Builds the committed set of gomoku VCF positions (src/gomoku/vcf_positions.txt).

Method (reproducible; it only drives the searchbench CLI):
  1. play `searchbench gomoku match --black 2 --white 1 --seed S` over the committed openings,
     one .psq record per game (level 2 is deterministic; level 1's chance moves follow the seed);
  2. walk each game from its 9th stone on and ask `searchbench gomoku solve -k vcf` at every
     position; take the first position where the player to move wins by VCF, and keep it when
     that VCF has at least --min-fours fours (so the win is a real sequence of fours, not a five
     in one or a plain straight four);
  3. keep positions whose stone sets differ, up to --count.
The tests (tests/gomoku/test_gomoku.cpp) re-prove every position with a brute-force search of their own
and replay the solver's line on a board of their own.

usage: vcf_positions.py --cli build/searchbench --out src/gomoku/vcf_positions.txt
"""
import argparse
import csv
import io
import os
import re
import subprocess
import sys
import tempfile


def psq_moves(path):
    """Moves of a .psq record as points such as h8 (x from the left, y from the top, 1-based)."""
    with open(path) as f:
        lines = f.read().split("\n")
    m = re.match(r"Piskvorky (\d+)x(\d+),", lines[0])
    cols, rows = int(m.group(1)), int(m.group(2))
    out = []
    for line in lines[1:]:
        mm = re.fullmatch(r"(\d+),(\d+),(-?\d+)", line.strip())
        if not mm:
            break
        x, y = int(mm.group(1)), int(mm.group(2))
        out.append("%s%d" % (chr(ord("a") + x - 1), rows - y + 1))
    return cols, rows, out


def solve(cli, moves):
    """Runs the vcf kernel on a position: (win, line as points)."""
    r = subprocess.run([cli, "gomoku", "solve", "--moves", " ".join(moves), "-k", "vcf", "-f",
                        "csv"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("gomoku_vcf_positions: solve failed: " + r.stderr.strip())
    row = next(csv.DictReader(io.StringIO(r.stdout)))
    return row["win"] == "yes", row["line"].split()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default="build/searchbench")
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=24)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--min-fours", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    found = []
    seen = set()
    with tempfile.TemporaryDirectory() as tmp:
        rec = os.path.join(tmp, "rec")
        r = subprocess.run([args.cli, "gomoku", "match", "--black", "2", "--white", "1", "--games",
                            str(args.games), "--seed", str(args.seed), "--records", rec, "--out",
                            os.path.join(tmp, "games.csv")], capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("gomoku_vcf_positions: match failed: " + r.stderr.strip())
        for name in sorted(os.listdir(rec)):
            _, _, moves = psq_moves(os.path.join(rec, name))
            for k in range(9, len(moves)):
                pos = moves[:k]
                win, line = solve(args.cli, pos)
                if not win:
                    continue
                fours = (len(line) + 1) // 2
                if fours < args.min_fours:
                    break  # the game's first VCF is too short: next game
                key = (frozenset(pos[0::2]), frozenset(pos[1::2]))
                if key not in seen:
                    seen.add(key)
                    side = "black" if len(pos) % 2 == 0 else "white"
                    found.append((pos, side, fours, line, name))
                break
            print("gomoku_vcf_positions: %s: %d positions" % (name, len(found)), file=sys.stderr)
            if len(found) >= args.count:
                break
    if len(found) < args.count:
        raise SystemExit("gomoku_vcf_positions: only %d positions found" % len(found))
    tmp_out = args.out + ".part"
    with open(tmp_out, "w") as f:
        f.write("# Gomoku VCF positions (15x15, freestyle): the player to move wins by continuous "
                "fours.\n# One per line: name, then the moves from black's first (the player to "
                "move follows from their number).\n# Made by scripts/gomoku/vcf_positions.py "
                "--seed %d (games of level 2 against level 1 from\n# src/gomoku/openings.txt; in each "
                "game the first position with a VCF, kept when it has at least %d fours).\n# The comment "
                "gives the solver's line when the file was made; the tests prove each position "
                "independently.\n" % (args.seed, args.min_fours))
        for i, (pos, side, fours, line, name) in enumerate(found[:args.count]):
            f.write("vcf%02d %s  # %s to move, %d fours: %s\n" % (i + 1, " ".join(pos), side,
                                                               fours, " ".join(line)))
    os.replace(tmp_out, args.out)


if __name__ == "__main__":
    main()
