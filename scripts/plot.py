#!/usr/bin/env python3
"""PNG plots from `searchbench bench` CSV files (schema: README.md, "CSV schema").

Usage: plot.py [-d OUT_DIR] CSV|DIR [CSV|DIR ...]

A directory stands for the *.csv files in it. Writes, per problem found in the data:
  time_vs_n_PROBLEM.png          median wall time against the instance size (N-queens: n;
                                 queens game: the board side; other problems: the instances in
                                 the order measured), log scale, one line per kernel and thread
                                 count (MPI kernels: ranks x threads), bars from the fastest to
                                 the slowest rep;
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
import pandas as pd  # noqa: E402

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


def plot_time(s, problem, path):
    fig, ax = plt.subplots(figsize=(9, 6))
    # One colour per kernel, one line style and marker per thread count.
    cmap = plt.get_cmap("tab10")
    colour = {k: cmap(i % 10) for i, k in enumerate(dict.fromkeys(s["kernel"]))}
    styles = [("-", "o"), ("--", "s"), ("-.", "^"), (":", "D"), ("-", "v"), ("--", "P")]
    tidx = {t: i for i, t in enumerate(sorted(s["cores"].unique()))}
    for (k, t, r), g in s.groupby(["kernel", "threads", "ranks"], sort=False):
        if g["backend"].iloc[0] == "mpi":
            lab = f"{k} ({r}x{t})"
        else:
            lab = k if g["backend"].iloc[0] == "serial" else f"{k} ({t} thr)"
        ls, mk = styles[tidx[t * r] % len(styles)]
        ax.errorbar(g["x"], g["median"], yerr=[g["median"] - g["min"], g["max"] - g["median"]],
                    marker=mk, ms=4, ls=ls, capsize=2, color=colour[k], label=lab)
    ax.set_yscale("log")
    if problem in X_AXIS:
        ax.set_xlabel(X_AXIS[problem][0])
    else:
        ticks = s.drop_duplicates("instance").sort_values("x")
        ax.set_xticks(ticks["x"])
        ax.set_xticklabels(ticks["instance"], rotation=45, ha="right", fontsize=7)
        ax.set_xlabel("instance")
    ax.set_ylabel("wall time per run [s] (median; bars: min..max)")
    ax.set_title(f"searchbench {problem}: time against instance size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    if problem == "nqueens":
        ax.xaxis.get_major_locator().set_params(integer=True)
    fig.tight_layout()
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
        lines.append((k, i, list(at["cores"]), [t1 / m for m in at["median"]]))
    if not lines:
        return False
    fig, ax = plt.subplots(figsize=(7, 5))
    tmax = max(max(t) for _, _, t, _ in lines)
    ax.plot([1, tmax], [1, tmax], color="grey", ls=":", label="ideal")
    for k, n, ts, sp in lines:
        ax.plot(ts, sp, marker="o", label=f"{k} ({n})")
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
    try:
        sys.exit(main())
    except (OSError, pd.errors.EmptyDataError, pd.errors.ParserError) as e:
        sys.exit(f"plot.py: error: {e}")
