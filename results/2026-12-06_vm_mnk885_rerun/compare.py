#!/usr/bin/python3
"""This rerun's journal against the first run's: every piece both have must agree in value and
node count (the same search on the same table size); prints the pieces compared, any
difference, and the sums of nodes and seconds of the pieces done here against the same pieces
there.

Usage: /usr/bin/python3 compare.py [m885.journal [../2026-12-05_vm_mnk885/m885.journal]]
"""
import sys


def pieces(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("piece "):
            words = line.split()
            out[int(words[1])] = dict(w.split("=", 1) for w in words[2:])
    return out


def main():
    new = pieces(sys.argv[1] if len(sys.argv) > 1 else "m885.journal")
    old = pieces(sys.argv[2] if len(sys.argv) > 2 else "../2026-12-05_vm_mnk885/m885.journal")
    differ = 0
    solved = [i for i in new if new[i]["value"] != "0"]
    for i in sorted(new):
        if i not in old:
            print(f"piece {i}: not in the first run's journal")
            differ += 1
        elif (new[i]["value"], new[i]["nodes"]) != (old[i]["value"], old[i]["nodes"]):
            print(f"piece {i}: value {new[i]['value']} nodes {new[i]['nodes']} here, "
                  f"value {old[i]['value']} nodes {old[i]['nodes']} there")
            differ += 1
    nodes = sum(int(new[i]["nodes"]) for i in solved)
    secs = sum(float(new[i]["seconds"]) for i in solved)
    secs_old = sum(float(old[i]["seconds"]) for i in solved if i in old)
    print(f"{len(new)} pieces compared ({len(solved)} solved), {differ} differ; solved here: "
          f"{nodes:,} nodes in {secs:,.0f} s of the pieces' own wall time (the first run: "
          f"{secs_old:,.0f} s for the same pieces)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
