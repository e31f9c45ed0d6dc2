#!/usr/bin/env python3
"""Markdown tables from `searchbench bench` CSV files (schema: README.md, "CSV schema").

Usage: tabulate.py [-o tables.md] CSV|DIR [CSV|DIR ...]

A directory stands for the *.csv files in it (a run folder holds one CSV per problem). Every
problem found in the data gets the generic tables:
  * median wall time per kernel (and thread count) x instance;
  * speedup of each parallel kernel over its own 1-thread time;
the efficiency of every MPI kernel (ranks x threads) against its family's single-process kernel,
and its own part (PARTS below; a problem without one gets the generic tables only):
  * nqueens: every kernel at n = 8 with its speedup over `naive`, which tests all
    C(64, 8) = 4,426,165,368 placements; for n above the largest measured naive n, naive's time
    extrapolated from its measured cost per placement (median wall_s / nodes) times C(n^2, n),
    marked as an estimate;
  * queens-game: the winner (and Grundy value where computed) of each board.
Medians are over the repetitions of a cell (one row per repetition). Rows whose verification
failed are marked FAIL. Needs pandas (Debian: python3-pandas).
"""
import argparse
import os
import math
import sys

import pandas as pd

import sbcsv

NAIVE_N = 8  # the reference comparison: naive's exhaustive enumeration at n = 8


def fmt_time(s):
    """Seconds as a short human-readable string."""
    if s is None or (isinstance(s, float) and math.isnan(s)):
        return ""
    if s < 1e-3:
        return f"{s * 1e6:.3g} us"
    if s < 1:
        return f"{s * 1e3:.3g} ms"
    if s < 600:
        return f"{s:.3g} s"
    if s < 2 * 86400:
        return f"{s / 3600:.3g} h"
    years = s / (365.25 * 86400)
    if years < 1:
        return f"{s / 86400:.3g} days"
    return f"{years:.3g} years"


def fmt_num(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    if abs(x) >= 1e15:
        return f"{x:.3g}"
    return f"{int(round(x)):,}"


def fmt_rate(x):
    if x is None or (isinstance(x, float) and math.isnan(x)) or x == 0:
        return ""
    return f"{x:.3g}"


def fmt_speedup(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    if x >= 1e6:
        return f"{x:.3g}x"
    if x >= 100:
        return f"{x:,.0f}x"
    return f"{x:.2f}x"


def md_table(header, rows, align=None):
    """A GitHub Markdown table; align: list of 'l'/'r' per column (default: first l, rest r)."""
    align = align or ["l"] + ["r"] * (len(header) - 1)
    sep = [":--" if a == "l" else "--:" for a in align]
    out = ["| " + " | ".join(str(h) for h in header) + " |", "| " + " | ".join(sep) + " |"]
    for r in rows:
        out.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(out) + "\n"


def label(kernel, threads, parallel, ranks=1):
    if ranks > 1 or kernel.endswith("-mpi"):
        return f"{kernel} ({ranks} rank{'' if ranks == 1 else 's'} x {threads} thr)"
    return f"{kernel} ({threads} thr)" if parallel else kernel


def load(paths):
    return sbcsv.load(paths, "tabulate.py")


def cell_stats(df):
    """One row per (problem, kernel, backend, threads, ranks, instance): median wall, median
    nodes, fail flag; kernels in ladder order and instances in the order they first appear (the
    bench runs each kernel's instances by increasing size)."""
    order = {k: i for i, k in enumerate(dict.fromkeys(df["kernel"]))}  # first appearance = ladder
    iorder = {k: i for i, k in enumerate(dict.fromkeys(df["instance"]))}
    g = df.groupby(["problem", "kernel", "backend", "threads", "ranks", "instance"], sort=False)
    s = g.agg(wall=("wall_s", "median"), nodes=("nodes", "median"), reps=("rep", "count"),
              fail=("verified", lambda v: bool((v == "fail").any()))).reset_index()
    s["order"] = s["kernel"].map(order)
    s["iorder"] = s["instance"].map(iorder)
    return s.sort_values(["order", "ranks", "threads", "iorder"]).reset_index(drop=True)


def instances_in_order(stats):
    return list(stats.sort_values("iorder")["instance"].drop_duplicates())


def series_labels(stats):
    """(kernel, threads, ranks) series in ladder order with their labels."""
    par = stats.groupby("kernel")["backend"].first() != "serial"
    keys = list(dict.fromkeys(zip(stats["kernel"], stats["threads"], stats["ranks"])))
    return [(k, t, r, label(k, t, bool(par[k]), r)) for k, t, r in keys]


def series(stats, k, t, r):
    return stats[(stats["kernel"] == k) & (stats["threads"] == t) & (stats["ranks"] == r)]


def table_time_by_instance(stats, what="instance", head=lambda i: i):
    ins = instances_in_order(stats)
    rows = []
    for k, t, r, lab in series_labels(stats):
        sub = series(stats, k, t, r).set_index("instance")
        row = [lab]
        for i in ins:
            if i in sub.index:
                cell = fmt_time(sub.loc[i, "wall"])
                if sub.loc[i, "fail"]:
                    cell += " FAIL"
                row.append(cell)
            else:
                row.append("")
        rows.append(row)
    return (f"### Median wall time per kernel and {what}\n\n"
            + md_table(["kernel"] + [head(i) for i in ins], rows))


def naive_baseline(stats):
    """The naive cell at n = 8 used as the baseline: 1 thread if measured, else the fewest."""
    nv = stats[(stats["kernel"] == "naive") & (stats["n"] == NAIVE_N)]
    if nv.empty:
        return None
    return nv.sort_values("threads").iloc[0]


def table_vs_naive(stats):
    at8 = stats[stats["n"] == NAIVE_N]
    base = naive_baseline(stats)
    placements = math.comb(NAIVE_N * NAIVE_N, NAIVE_N)
    out = f"### Every kernel at n = {NAIVE_N} against naive\n\n"
    if base is None:
        out += (f"No naive run at n = {NAIVE_N} in the data: speedups over naive are not "
                "available.\n\n")
    else:
        out += (f"Baseline: naive, {int(base['threads'])} thread(s), median "
                f"{fmt_time(base['wall'])}: every one of the C(64, 8) = {placements:,} "
                "placements tested.\n\n")
    if at8.empty:
        return out + f"No run at n = {NAIVE_N} in the data.\n"
    rows = []
    for k, t, rk, lab in series_labels(at8):
        r = series(at8, k, t, rk).iloc[0]
        speed = base["wall"] / r["wall"] if base is not None and r["wall"] > 0 else float("nan")
        wall = fmt_time(r["wall"]) + (" FAIL" if r["fail"] else "")
        rows.append([k, r["backend"], int(t) if rk == 1 else f"{int(rk)} x {int(t)}", wall,
                     fmt_num(r["nodes"]),
                     fmt_rate(r["nodes"] / r["wall"] if r["wall"] > 0 else 0), fmt_speedup(speed)])
    return out + md_table(["kernel", "backend", "threads (ranks x threads)", "median wall",
                           "nodes", "nodes/s", "speedup over naive"], rows,
                          ["l", "l", "r", "r", "r", "r", "r"])


def table_thread_speedup(stats, what="instance"):
    # MPI kernels have a table of their own (table_mpi_efficiency).
    par = stats[(stats["backend"] != "serial") & (stats["backend"] != "mpi")]
    rows = []
    threads_all = sorted(par["threads"].unique()) if not par.empty else []
    for k in dict.fromkeys(par["kernel"]):
        sub = par[par["kernel"] == k]
        one = sub[sub["threads"] == 1].set_index("instance")
        # The largest instance measured with 1 thread and with at least one other count.
        cands = [i for i in sorted(one.index, key=lambda i: one.loc[i, "iorder"], reverse=True)
                 if len(sub[(sub["instance"] == i) & (sub["threads"] != 1)]) > 0]
        if not cands:
            continue
        i = cands[0]
        t1 = one.loc[i, "wall"]
        row = [k, i, fmt_time(t1)]
        for t in threads_all:
            if t == 1:
                continue
            c = sub[(sub["instance"] == i) & (sub["threads"] == t)]
            row.append(f"{fmt_time(c.iloc[0]['wall'])} ({fmt_speedup(t1 / c.iloc[0]['wall'])})"
                       if not c.empty and c.iloc[0]["wall"] > 0 else "")
        rows.append(row)
    title = (f"### Speedup over 1 thread (parallel kernels, at the largest {what} measured with 1 "
             "thread)\n\n")
    if not rows:
        return title + "No parallel kernel was measured with 1 and more threads.\n"
    header = ["kernel", what, "1 thread"] + [f"{t} threads" for t in threads_all if t != 1]
    return title + md_table(header, rows, ["l"] + ["r"] * (len(header) - 1))


def table_naive_extrapolated(stats):
    nv = stats[stats["kernel"] == "naive"]
    base = naive_baseline(stats)
    title = "### naive extrapolated to larger n (estimate)\n\n"
    if base is None or base["nodes"] <= 0:
        return title + f"No naive run at n = {NAIVE_N} in the data: nothing to extrapolate.\n"
    per = base["wall"] / base["nodes"]
    bt = int(base["threads"])
    measured_n = set(nv[nv["threads"] == bt]["n"])
    others = stats[stats["kernel"] != "naive"]
    ns = sorted(n for n in others["n"].unique() if n > NAIVE_N and n not in measured_n)
    if not ns:
        return title + "No kernel was measured above the largest naive n.\n"
    rows = []
    for n in ns:
        placements = math.comb(n * n, n)
        est = per * placements
        at = others[others["n"] == n]
        best = at.loc[at["wall"].idxmin()]
        par = best["backend"] != "serial"
        rows.append([int(n), f"{placements:.4g}", f"~{fmt_time(est)} (estimate)",
                     label(best["kernel"], int(best["threads"]), par, int(best["ranks"])),
                     fmt_time(best["wall"]),
                     f"~{fmt_speedup(est / best['wall'])} (estimate)" if best["wall"] > 0 else ""])
    out = (title + f"naive cost per placement: {per * 1e9:.3g} ns (median at n = {NAIVE_N}, "
           f"{bt} thread(s)); estimated naive time = that cost x C(n^2, n). These are "
           "extrapolations, not measurements.\n\n")
    return out + md_table(["n", "C(n^2, n) placements", "naive (estimate)", "fastest kernel",
                           "its median", "speedup over naive (estimate)"], rows,
                          ["r", "r", "r", "l", "r", "r"])


def mpi_reference(stats, kernel):
    """The single-process kernel an MPI kernel is measured against: its family's oneTBB kernel,
    else its OpenMP one, else the serial one (bitboard-sym-mpi: bitboard-sym-tbb), or None."""
    base = kernel[:-len("-mpi")] if kernel.endswith("-mpi") else kernel
    for cand in (base + "-tbb", base + "-omp", base):
        if cand in set(stats["kernel"]):
            return cand
    return None


def table_mpi_efficiency(stats, what="instance"):
    """Each MPI kernel at P ranks x T threads against the single-process kernel of its family:
    speedup over that kernel on 1 thread, efficiency = speedup / (P x T), and the ratio to that
    kernel's own time on P x T threads where measured (1.00 = as fast as one process)."""
    mpi = stats[stats["backend"] == "mpi"]
    if mpi.empty:
        return None
    rows = []
    for k in dict.fromkeys(mpi["kernel"]):
        ref = mpi_reference(stats, k)
        sub = mpi[mpi["kernel"] == k].sort_values(["iorder", "ranks", "threads"])
        for _, r in sub.iterrows():
            cores = int(r["ranks"]) * int(r["threads"])
            base = (stats[(stats["kernel"] == ref) & (stats["instance"] == r["instance"])]
                    if ref else stats.iloc[0:0])
            one = base[base["threads"] == 1]
            same = base[base["threads"] == cores]
            t1 = float(one["wall"].iloc[0]) if not one.empty else float("nan")
            sp = t1 / r["wall"] if r["wall"] > 0 else float("nan")
            ratio = (f"{fmt_time(same['wall'].iloc[0])} ({r['wall'] / same['wall'].iloc[0]:.3f})"
                     if not same.empty and same["wall"].iloc[0] > 0 else "")
            rows.append([k, r["instance"], int(r["ranks"]), int(r["threads"]), cores,
                         fmt_time(r["wall"]) + (" FAIL" if r["fail"] else ""),
                         fmt_speedup(sp), "" if math.isnan(sp) else f"{sp / cores:.0%}",
                         ref or "", ratio])
    return ("### MPI kernels: ranks x threads against the single-process kernel\n\n"
            "Speedup over the single-process kernel on 1 thread; efficiency = speedup / cores; "
            "last column: that kernel's median on as many threads as the MPI run has cores, and "
            "the MPI time divided by it (1.000: as fast as one process).\n\n"
            + md_table(["kernel", what, "ranks", "threads/rank", "cores", "median wall",
                        "speedup", "efficiency", "single-process",
                        "its wall at the same cores (MPI / it)"], rows,
                       ["l", "r", "r", "r", "r", "r", "r", "r", "l", "r"]))


def table_game_winners(df):
    g = df[df["problem"] == "queens-game"]
    rows = []
    for i in dict.fromkeys(g["instance"]):
        sub = g[g["instance"] == i]
        winners = sorted(set(sub["winner"].dropna()))
        winner = winners[0] if len(winners) == 1 else "DISAGREE: " + "/".join(winners)
        grundy = ""
        if "grundy" in sub.columns:
            gs = sorted(set(int(v) for v in sub["grundy"].dropna()))
            grundy = "/".join(str(v) for v in gs) if len(gs) <= 1 else "DISAGREE: " + "/".join(
                str(v) for v in gs)
        play = "/".join(sorted(set(sub["play"].dropna()))) if "play" in sub.columns else "normal"
        ver = sorted(set(sub["verified"].dropna()))
        kernels = ", ".join(dict.fromkeys(sub["kernel"]))
        board = f"{int(sub['rows'].iloc[0])} x {int(sub['cols'].iloc[0])}"
        rows.append([board, play, winner, grundy, "/".join(ver), kernels])
    return ("### Queens game: winner with perfect play\n\n"
            + md_table(["board", "play", "winner", "grundy", "verified", "kernels"], rows,
                       ["l", "l", "l", "r", "l", "l"]))


def nqueens_part(sub, stats):
    stats = stats.copy()
    stats["n"] = stats["instance"].astype(int)
    return [t for t in [table_vs_naive(stats),
                        table_time_by_instance(stats, "n", lambda i: f"n = {i}"),
                        table_thread_speedup(stats, "n"),
                        table_mpi_efficiency(stats, "n"),
                        table_naive_extrapolated(stats)] if t]


def queens_game_part(sub, stats):
    return [table_time_by_instance(stats, "board"),
            table_thread_speedup(stats, "board"),
            table_game_winners(sub)]


def generic_part(sub, stats):
    return [t for t in [table_time_by_instance(stats), table_thread_speedup(stats),
                        table_mpi_efficiency(stats)] if t]


# Each problem's tables; problems not listed get generic_part.
PARTS = {"nqueens": nqueens_part, "queens-game": queens_game_part}


def provenance(df):
    def uniq(col):
        if col not in df.columns:
            return "?"
        vals = [str(v) for v in dict.fromkeys(df[col].dropna())]
        return ", ".join(vals) if vals else "?"
    lines = [f"- host: {uniq('host')}; CPU: {uniq('cpu_model')}",
             f"- compiler: {uniq('compiler')}; flags: `{uniq('flags')}`; git: {uniq('git_sha')}",
             f"- {len(df)} rows; verified: "
             + ", ".join(f"{k} {v}" for k, v in df["verified"].value_counts().items())]
    if "host" in df.columns and df["host"].nunique() > 1:
        lines.append("- WARNING: the data comes from more than one host; medians mix machines")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="+",
                    help="CSV files written by `searchbench bench`, or run directories")
    ap.add_argument("-o", "--out", help="write the Markdown here instead of stdout")
    args = ap.parse_args(argv)
    df = load(args.csv)
    parts = ["## searchbench results\n", provenance(df)]
    for problem in dict.fromkeys(df["problem"]):
        sub = df[df["problem"] == problem].dropna(axis=1, how="all")
        stats = cell_stats(sub)
        parts.append(f"\n## {problem}\n")
        parts += PARTS.get(problem, generic_part)(sub, stats)
    text = "\n".join(parts)
    if args.out:  # a temporary name beside the target, renamed when complete
        tmp = f"{args.out}.tmp.{os.getpid()}"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, args.out)
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, pd.errors.EmptyDataError, pd.errors.ParserError) as e:
        sys.exit(f"tabulate.py: error: {e}")
