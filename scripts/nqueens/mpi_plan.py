#!/usr/bin/python3
"""Plans a large N-queens run from measured per-piece times: wall time and efficiency on C cores.

Usage: mpi_plan.py JOURNAL [JOURNAL ...] [--rate NODES_PER_S] [--targets 21,24,27]
                   [--cores 16,256,4096] [--cli build/searchbench] [--seed 1] [-o FILE.md]

Input: journals of finished runs (`searchbench nqueens count --journal`; see docs/nqueens-notes.md, "2026-11-30: planning past one machine"),
e.g. n = 18 and 19, plain or gzip-compressed (.gz). A piece's work is measured by its node count (exact, the same on any machine
and load), turned into seconds at `--rate` nodes per second per core (default: the journals' own
nodes over their pieces' seconds, which a loaded machine makes too low). Method, for every
target n and core count C:
  1. Work. W(n) = the nodes of the largest measured n (the reference), scaled by Q(n) / Q(ref)
     (OEIS A000170: the search grows with the solutions) and by the measured drift of nodes per
     solution from one measured n to the next (to the power of the distance in n), over the rate.
  2. Pieces. The target's piece count from `searchbench nqueens pieces -n N` (the cut at row 5
     gives about 1.45 times more pieces per n while the work grows 8 to 10 times).
  3. Piece times. The reference's piece nodes divided by their mean, in list order, stretched
     over the target's list: target piece j takes the relative time of reference piece
     floor(j x ref_count / count), so that each region of the list keeps its share of the work;
     and since the pieces of one region are not equal either, each is multiplied by a factor
     drawn from the reference's own spread (a piece's time over the mean of its 32 neighbours in
     the list), the whole renormalised to mean 1, then times W(n) / count.
  4. Schedule. Rank 0 hands the pieces out in list order to whichever core asks first (as the
     MPI runner does): a list schedule on C identical cores, each as fast as one core of the
     measuring machine, plus a per-piece cost (--overhead, default 0.01 s: a request round trip
     and a journal line). Wall time = the last core's finish; efficiency = W / (C x wall).
     The same with the pieces largest first (LPT), which needs a size estimate per piece, shows
     what ordering could gain.
Prints a Markdown report (or writes it with -o). Pure Python 3 (the standard library).
"""
import argparse
import gzip
import heapq
import math
import os
import random
import re
import subprocess
import sys

# OEIS A000170 (also src/nqueens/reference.cpp), n = 1..27.
Q = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
     95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644, 24233937684440,
     227514171973736, 2207893435808352, 22317699616364044, 234907967154122528]


def q(n):
    return Q[n - 1]


def fnv1a(data):
    """64-bit FNV-1a, as the journal's check= (src/core/pieces.cpp)."""
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def read_journal(path):
    """(n, kernel, count, piece nodes in id order, piece seconds in id order) of a finished
    journal; lines that fail their check are skipped."""
    n = kernel = count = None
    secs = {}
    nodes = {}
    fields = []
    with (gzip.open(path, "rb") if path.endswith(".gz") else open(path, "rb")) as f:
        for raw in f:
            line = raw.rstrip(b"\n")
            w = line.split()
            if not w:
                continue
            if w[0] == b"instance":
                n = int(w[1])
            elif w[0] == b"kernel":
                kernel = w[1].decode()
            elif w[0] == b"pieces" and len(w) == 4:
                count = int(w[2])
            elif w[0] == b"fields":
                fields = [x.decode() for x in w[1:]]
            elif w[0] == b"piece":
                body, _, check = line.rpartition(b" check=")
                m = re.search(rb"seconds=([0-9.eE+-]+)", body)
                k = re.search(rb" nodes=([0-9]+)", body)
                if m and k and check and fnv1a(body) == int(check, 16):
                    secs.setdefault(int(w[1]), float(m.group(1)))
                    nodes.setdefault(int(w[1]), int(k.group(1)))
    if n is None or count is None:
        sys.exit(f"mpi_plan.py: error: {path} is not a searchbench journal")
    if "nodes" not in fields:
        sys.exit(f"mpi_plan.py: error: {path} has no nodes subtotal")
    if len(secs) != count:
        sys.exit(f"mpi_plan.py: error: {path} holds {len(secs)} of {count} pieces: finish it "
                 "first (--resume)")
    return n, kernel, count, [nodes[i] for i in range(count)], [secs[i] for i in range(count)]


def stats(times):
    s = sorted(times)
    total = sum(s)
    mean = total / len(s)
    cv = math.sqrt(sum((t - mean) ** 2 for t in s) / len(s)) / mean
    top = s[-max(1, len(s) // 100):]
    return {"pieces": len(s), "total": total, "mean": mean, "median": s[len(s) // 2],
            "p99": s[min(len(s) - 1, int(0.99 * len(s)))], "max": s[-1],
            "max_over_mean": s[-1] / mean, "cv": cv, "top1pct_share": sum(top) / total}


def local_spread(times, window=32):
    """Each piece's time over the mean of the `window` pieces around it."""
    out = []
    n = len(times)
    for i, t in enumerate(times):
        lo, hi = max(0, i - window // 2), min(n, i + window // 2)
        m = sum(times[lo:hi]) / (hi - lo)
        out.append(t / m if m > 0 else 1.0)
    return out


def target_times(ref, count, work, rng):
    """Piece times for a list of `count` pieces with total `work` (step 3 of the method)."""
    mean = sum(ref) / len(ref)
    rel = [t / mean for t in ref]
    spread = local_spread(ref)
    k = len(ref)
    times = [rel[j * k // count] * rng.choice(spread) for j in range(count)]
    scale = work / sum(times)
    return [t * scale for t in times]


def list_schedule(times, cores, overhead):
    """Makespan of handing out `times` in order to the first free of `cores` workers."""
    if cores >= len(times):
        return max(times) + overhead
    free = [0.0] * cores
    heapq.heapify(free)
    for t in times:
        heapq.heapreplace(free, free[0] + t + overhead)
    return max(free)


def piece_count(cli, n):
    out = subprocess.run([cli, "nqueens", "pieces", "-n", str(n)], capture_output=True,
                         text=True, check=True).stdout
    m = re.search(r"(\d+) pieces", out)
    if not m:
        sys.exit(f"mpi_plan.py: error: cannot read the piece count from: {out}")
    return int(m.group(1))


def fmt_time(s):
    if s < 120:
        return f"{s:.3g} s"
    if s < 2 * 3600:
        return f"{s / 60:.3g} min"
    if s < 2 * 86400:
        return f"{s / 3600:.3g} h"
    if s < 365.25 * 86400:
        return f"{s / 86400:.3g} days"
    return f"{s / (365.25 * 86400):.3g} years"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("journal", nargs="+")
    ap.add_argument("--targets", default="21,24,27")
    ap.add_argument("--cores", default="16,256,4096")
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "..", "build", "searchbench"))
    ap.add_argument("--rate", type=float, default=0,
                    help="nodes per second per core (default: from the journals)")
    ap.add_argument("--overhead", type=float, default=0.01,
                    help="seconds per piece besides its search (default 0.01)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--out")
    a = ap.parse_args(argv)
    runs = sorted((read_journal(p) for p in a.journal), key=lambda r: r[0])
    targets = [int(x) for x in a.targets.split(",")]
    cores = [int(x) for x in a.cores.split(",")]
    rng = random.Random(a.seed)
    rate = a.rate or sum(sum(r[3]) for r in runs) / sum(sum(r[4]) for r in runs)

    lines = ["## Measured pieces\n"]
    lines.append(f"Work per piece in nodes (exact), in seconds at {rate:.4g} nodes/s per core.\n")
    lines.append("| n | kernel | pieces | nodes | core-seconds | mean | median | p99 | largest | "
                 "largest / mean | CV | top 1 % of pieces | journal seconds / nodes-model |")
    lines.append("| --: | :-- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
    for n, kernel, count, nodes, secs in runs:
        s = stats([x / rate for x in nodes])
        lines.append(f"| {n} | {kernel} | {count:,} | {sum(nodes):.4g} | {s['total']:.4g} | "
                     f"{fmt_time(s['mean'])} | {fmt_time(s['median'])} | {fmt_time(s['p99'])} | "
                     f"{fmt_time(s['max'])} | {s['max_over_mean']:.1f} | {s['cv']:.2f} | "
                     f"{s['top1pct_share']:.0%} of the work | {sum(secs) / s['total']:.2f} |")
    ref_n, _, _, ref, _ = runs[-1]
    ref_nodes = sum(ref)
    drift = 1.0
    if len(runs) >= 2:
        (n0, _, _, w0, _), (n1, _, _, w1, _) = runs[-2], runs[-1]
        drift = ((sum(w1) / q(n1)) / (sum(w0) / q(n0))) ** (1.0 / (n1 - n0))
    lines.append("")
    lines.append(f"Reference: n = {ref_n}, {ref_nodes:.4g} nodes. Nodes per solution change by "
                 f"a factor {drift:.3f} per n (measured between the last two sizes); "
                 f"W(n) = {ref_nodes:.4g} nodes x Q(n)/Q({ref_n}) x {drift:.3f}^(n - {ref_n}) "
                 f"/ {rate:.4g} nodes/s.\n")
    lines.append("## Estimated runs\n")
    lines.append("| n | W (core-years) | pieces | mean piece | largest piece (model) | cores | "
                 "ideal wall (W / cores) | wall, list order | efficiency | wall, largest "
                 "first | efficiency |")
    lines.append("| --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
    for n in targets:
        work = ref_nodes * q(n) / q(ref_n) * drift ** (n - ref_n) / rate
        count = piece_count(a.cli, n)
        times = target_times(ref, count, work, rng)
        lpt = sorted(times, reverse=True)
        for c in cores:
            wall = list_schedule(times, c, a.overhead)
            wall_lpt = list_schedule(lpt, c, a.overhead)
            lines.append(
                f"| {n} | {work / (365.25 * 86400):.3g} | {count:,} | "
                f"{fmt_time(work / count)} | {fmt_time(max(times))} | {c:,} | "
                f"{fmt_time(work / c)} | {fmt_time(wall)} | {work / (c * wall):.0%} | "
                f"{fmt_time(wall_lpt)} | {work / (c * wall_lpt):.0%} |")
    text = "\n".join(lines) + "\n"
    if a.out:
        tmp = f"{a.out}.tmp.{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, a.out)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
