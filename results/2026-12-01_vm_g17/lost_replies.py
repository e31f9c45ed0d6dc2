#!/usr/bin/python3
"""The second route for the first moves that do not win: each heap-0 question the journal
answered "lost" (the position after a first move and a reply has Grundy value 0, so that first
move's position has a non-zero value) solved again as a position by another kernel, `memo-sym`
(`queens-game solve --moves "FIRST REPLY"`: the outcome, its own table), lightest first. Each
answer is appended to lost_replies.csv as it comes (one CSV row of the solve), so a stopped run
loses only the position in progress; positions already in the file are skipped.

Usage: /usr/bin/python3 lost_replies.py SEARCHBENCH [MAX_NODES]
       (MAX_NODES: only the questions whose journal record has at most that many nodes)
"""
import csv
import os
import subprocess
import sys

REPLIES = 4264


def name(sq):
    return "abcdefghijklmnopq"[sq % 17] + str(sq // 17 + 1)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: lost_replies.py SEARCHBENCH [MAX_NODES]")
    exe = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) == 3 else None
    lost = []
    for line in open("g17-questions.journal", encoding="utf-8"):
        if line.startswith("piece "):
            words = line.split()
            f = dict(w.split("=", 1) for w in words[2:])
            if int(words[1]) < REPLIES and f["value"] == "0":
                first, reply = divmod(int(f["square"]), 17 * 17)
                lost.append((int(f["nodes"]), name(first), name(reply)))
    done = set()
    if os.path.exists("lost_replies.csv"):
        for row in csv.DictReader(open("lost_replies.csv", encoding="utf-8")):
            done.add(row["instance"])
    for nodes, first, reply in sorted(lost):
        instance = f"17x17:after={first},{reply}"
        if instance in done or (limit is not None and nodes > limit):
            continue
        out = subprocess.run([exe, "queens-game", "solve", "-n", "17", "--moves", f"{first} {reply}",
                              "-k", "memo-sym", "--max-memory", "4G", "-f", "csv"],
                             capture_output=True, text=True, check=True).stdout.splitlines()
        new = not os.path.exists("lost_replies.csv")
        with open("lost_replies.csv", "a", encoding="utf-8") as f:
            if new:
                f.write(out[0] + "\n")
            f.write(out[1] + "\n")
        row = next(csv.DictReader(out))
        print(f"{first} {reply}: winner {row['winner']} (journal: lost), {int(row['nodes']):,} nodes, "
              f"{float(row['wall_s']):.1f} s", flush=True)


if __name__ == "__main__":
    main()
