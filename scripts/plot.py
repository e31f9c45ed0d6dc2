#!/usr/bin/python3
"""PNG plots from `searchbench bench` CSV files (schema: docs/harness.md, "CSV schema").

Usage: plot.py [-d OUT_DIR] CSV|DIR [CSV|DIR ...]

A directory stands for the *.csv files in it. Writes, per problem found in the data:
  time_vs_n_PROBLEM.png          median wall time against the instance size (N-queens: n;
                                 queens game: the board side; other problems: the instances in
                                 the order measured), log scale, one line per kernel and thread
                                 count (MPI kernels: ranks x threads), bars from the fastest to
                                 the slowest rep; one hue per kernel family (series_styles), one
                                 line style per backend, one marker per thread count;
  speedup_vs_threads_PROBLEM.png speedup over 1 thread against threads (MPI kernels: against
                                 cores = ranks x threads, over 1 rank x 1 thread) for each
                                 parallel kernel at the largest instance measured with 1 and more
                                 threads (only when such data exists), with the ideal line.
OUT_DIR defaults to the first CSV's directory. Prints the files written. Needs pandas and
matplotlib (Debian: python3-pandas python3-matplotlib); uses the Agg backend (no display).
"""
import argparse
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import sbcsv  # noqa: E402


def load(paths):
    return sbcsv.load(paths, "plot.py")


# The x axis of each problem: a number per row and its label; others: instance order.
X_AXIS = {
    "nqueens": ("n", lambda d: d["instance"].astype(int)),
    "queens-game": ("board side (sqrt(rows x cols))",
                    lambda d: (d["rows"].astype(float) * d["cols"].astype(float)).map(math.sqrt)),
}


def stats(df, problem):
    order = {k: i for i, k in enumerate(dict.fromkeys(df["kernel"]))}
    df = df.copy()
    if problem in X_AXIS:
        df["x"] = X_AXIS[problem][1](df)
    else:
        pos = {k: i for i, k in enumerate(dict.fromkeys(df["instance"]))}
        df["x"] = df["instance"].map(pos)
    s = (df.groupby(["kernel", "backend", "threads", "ranks", "instance", "x"],
                    sort=False)["wall_s"].agg(["median", "min", "max"]).reset_index())
    s["order"] = s["kernel"].map(order)
    s["cores"] = s["threads"] * s["ranks"]
    return s.sort_values(["order", "ranks", "threads", "x"])


BACKEND_SUFFIXES = ("-tbb", "-omp", "-mpi")
# Line style per backend; marker per variant (threads, ranks).
BACKEND_LINE = {"serial": "-", "tbb": "--", "openmp": "-.", "mpi": ":"}
LINES = ["-", "--", "-.", ":"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "h", "p", "d", "8"]


def family(kernel):
    """The kernel without its backend suffix: bitboard-sym-tbb -> bitboard-sym."""
    for suf in BACKEND_SUFFIXES:
        if kernel.endswith(suf):
            return kernel[: -len(suf)]
    return kernel


def group(kernel):
    """The family group: the name up to its first hyphen (naive-seed -> naive, bitboard-sym-tbb
    -> bitboard, constellation-mpi -> constellation)."""
    return kernel.split("-", 1)[0]


def palette():
    """Colours as hue pairs (dark, light): tab20's ten, then tab20b's five darkest pairs."""
    t20 = plt.get_cmap("tab20").colors
    t20b = plt.get_cmap("tab20b").colors
    pairs = [(t20[2 * i], t20[2 * i + 1]) for i in range(10)]
    pairs += [(t20b[4 * i], t20b[4 * i + 2]) for i in range(5)]
    return pairs


def series_styles(series):
    """A distinct (color, ls, marker) for each series, a (kernel, backend, threads, ranks) tuple,
    in every plot of plot.py and compare.py: one hue per family group (naive, backtrack, bitboard,
    constellation, ...), its dark and light shade for the first two families in the group (the
    kernel without -tbb/-omp/-mpi: bitboard, bitboard-sym), further families the next hues; one
    line style per backend (serial solid, tbb dashed, openmp dash-dot, mpi dotted); one marker per
    variant (ranks x threads). A style already taken moves to the next marker, so no two series
    share colour, line style and marker. Returns {series: dict(color=, ls=, marker=)}."""
    series = list(dict.fromkeys(series))
    pairs = palette()
    groups, fams = {}, {}
    next_hue = 0
    colour = {}
    for k, *_ in series:
        f, g = family(k), group(k)
        if f in colour:
            continue
        members = fams.setdefault(g, [])
        if g not in groups or len(members) >= 2 * len(groups[g]):
            groups.setdefault(g, []).append(next_hue)
            next_hue += 1
        hues = groups[g]
        i = len(members)
        colour[f] = pairs[hues[i // 2] % len(pairs)][i % 2]
        members.append(f)
    variants = sorted({(t * r, r, t) for _, _, t, r in series})
    vidx = {(t, r): i for i, (_, r, t) in enumerate(variants)}
    out, taken = {}, set()
    for key in series:
        k, b, t, r = key
        c = colour[family(k)]
        ls = BACKEND_LINE.get(b, "-")
        m = vidx[(t, r)]
        options = [(ls, MARKERS[(m + j) % len(MARKERS)]) for j in range(len(MARKERS))]
        options += [(l2, mk) for l2 in LINES for mk in MARKERS]
        ls, mk = next(o for o in options if (c, o[0], o[1]) not in taken)
        taken.add((c, ls, mk))
        out[key] = dict(color=c, ls=ls, marker=mk)
    return out


def series_label(kernel, backend, threads, ranks):
    if backend == "mpi":
        return f"{kernel} ({ranks}x{threads})"
    return kernel if backend == "serial" else f"{kernel} ({threads} thr)"


def draw_time(ax, s, problem):
    """Median time against instance, one errorbar line per (kernel, threads, ranks)."""
    keys = [(k, g["backend"].iloc[0], t, r)
            for (k, t, r), g in s.groupby(["kernel", "threads", "ranks"], sort=False)]
    style = series_styles(keys)
    for (k, t, r), g in s.groupby(["kernel", "threads", "ranks"], sort=False):
        b = g["backend"].iloc[0]
        st = style[(k, b, t, r)]
        ax.errorbar(g["x"], g["median"], yerr=[g["median"] - g["min"], g["max"] - g["median"]],
                    ms=4, capsize=2, label=series_label(k, b, t, r), **st)


def tick_label(instance):
    """An instance's axis label: an instance with moves played (mnk's "15x15k5:h8,f7,...,l7",
    dozens of moves) as its board, its first and last moves and their count."""
    base, sep, moves = str(instance).partition(":")
    m = moves.split(",")
    if not sep or len(m) <= 3:
        return str(instance)
    return f"{base}:{m[0]}..{m[-1]}\n({len(m)} moves)"


def plot_time(s, problem, path):
    # constrained layout: it also fits a long legend above many rotated instance names (mnk),
    # where tight_layout gives up with a warning
    fig, ax = plt.subplots(figsize=(9, 6), layout="constrained")
    draw_time(ax, s, problem)
    ax.set_yscale("log")
    if problem in X_AXIS:
        ax.set_xlabel(X_AXIS[problem][0])
    else:
        ticks = s.drop_duplicates("instance").sort_values("x")
        ax.set_xticks(ticks["x"])
        ax.set_xticklabels([tick_label(i) for i in ticks["instance"]], rotation=45, ha="right",
                           fontsize=7)
        ax.set_xlabel("instance")
    ax.set_ylabel("wall time per run [s] (median; bars: min..max)")
    ax.set_title(f"searchbench {problem}: time against instance size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    if problem == "nqueens":
        ax.xaxis.get_major_locator().set_params(integer=True)
    save_atomically(fig, path)
    plt.close(fig)


def plot_speedup(s, problem, path):
    par = s[s["backend"] != "serial"]
    lines = []
    for k, g in par.groupby("kernel", sort=False):
        one = g[g["cores"] == 1].sort_values("x", ascending=False)
        ins = [i for i in one["instance"]
               if (g[(g["instance"] == i) & (g["cores"] != 1)]).shape[0] > 0]
        if not ins:
            continue
        i = ins[0]
        # One point per core count (MPI: the fastest split of those cores into ranks x threads).
        at = g[g["instance"] == i].groupby("cores")["median"].min().reset_index()
        t1 = float(one[one["instance"] == i]["median"].iloc[0])
        lines.append((k, g["backend"].iloc[0], i, list(at["cores"]),
                      [t1 / m for m in at["median"]]))
    if not lines:
        return False
    fig, ax = plt.subplots(figsize=(7, 5))
    tmax = max(max(t) for _, _, _, t, _ in lines)
    ax.plot([1, tmax], [1, tmax], color="grey", ls=":", label="ideal")
    style = series_styles([(k, b, 1, 1) for k, b, _, _, _ in lines])
    for k, b, n, ts, sp in lines:
        ax.plot(ts, sp, label=f"{k} ({n})", **style[(k, b, 1, 1)])
    ax.set_xlabel("threads (MPI kernels: ranks x threads)")
    ax.set_ylabel("speedup over 1 thread (median times)")
    ax.set_title(f"searchbench {problem}: speedup against threads")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    ax.xaxis.get_major_locator().set_params(integer=True)
    fig.tight_layout()
    save_atomically(fig, path)
    plt.close(fig)
    return True


def save_atomically(fig, path):
    """Writes the figure under a temporary name beside `path`, then renames it onto `path`."""
    tmp = f"{path}.tmp.{os.getpid()}.png"
    try:
        fig.savefig(tmp, dpi=110)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="+",
                    help="CSV files written by `searchbench bench`, or run directories")
    ap.add_argument("-d", "--out-dir", help="directory for the PNG files (default: beside the first CSV)")
    args = ap.parse_args(argv)
    first = args.csv[0]
    out_dir = args.out_dir or (first if os.path.isdir(first)
                               else os.path.dirname(os.path.abspath(first)))
    os.makedirs(out_dir, exist_ok=True)
    df = load(args.csv)
    for problem in dict.fromkeys(df["problem"]):
        s = stats(df[df["problem"] == problem].dropna(axis=1, how="all"), problem)
        p = os.path.join(out_dir, f"time_vs_n_{problem}.png")
        plot_time(s, problem, p)
        print(p)
        p = os.path.join(out_dir, f"speedup_vs_threads_{problem}.png")
        if plot_speedup(s, problem, p):
            print(p)
        else:
            print(f"plot.py: {problem}: no parallel kernel measured with 1 and more threads; "
                  "no speedup plot", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sbcsv.run_main(main, "plot.py")
