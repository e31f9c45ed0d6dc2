#!/usr/bin/python3
"""Markdown tables from `searchbench bench` CSV files (schema: docs/harness.md, "CSV schema").

Usage: tabulate.py [-o tables.md] CSV|DIR [CSV|DIR ...]

A directory stands for the *.csv files in it (a run folder holds one CSV per problem). Every
problem found in the data gets the generic tables:
  * median wall time per kernel (and thread count) x instance;
  * speedup of each parallel kernel over its own 1-thread time;
the efficiency of every MPI kernel (ranks x threads) against its family's single-process kernel,
and its own part (PARTS below; a problem without one gets the generic tables only):
  * nqueens: every kernel at n = 8 with its speedup over `naive-full-check` (the naive method of
    the article "【C言語】エイトクイーン問題（Nクイーン問題）のバックラック法での解き方": all
    C(64, 8) = 4,426,165,368 placements, each generated and checked on its own; estimated from
    its cost per placement at a smaller n when it was not run at n = 8, and marked so) and over
    `naive-bitparallel`; for n above the largest measured naive-full-check n, the naive kernels'
    times extrapolated from their measured cost per placement (median wall_s / nodes) times
    C(n^2, n), marked as estimates;
  * queens-game: the winner (and Grundy value where computed) of each board;
  * mnk: median nodes per kernel and instance, and each instance's value (first, draw, second)
    and move values, checked for agreement between kernels;
  * tsume: median nodes per kernel and problem, and each problem's outcome and mate length,
    checked for agreement between kernels;
  * gomoku: median nodes per kernel and position, and per kernel the VCF positions proved won and
    its nodes and moves (stones put down by the engine's board) per second.
Medians are over the repetitions of a cell (one row per repetition). Rows whose verification
failed are marked FAIL. Needs pandas (Debian: python3-pandas).
"""
import argparse
import math
import sys

import pandas as pd

import sbcsv
from sbcsv import fmt_time

NAIVE_N = 8  # the reference comparison: the naive enumeration at n = 8 (C(64, 8) placements)
BASELINE = "naive-full-check"  # one placement and one full check at a time (the naive method)
OTHER_NAIVE = "naive-bitparallel"  # the same placements, the last queens tested bit-parallel



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


def naive_reference(stats, kernel, n):
    """A naive kernel's time at n: measured (median, 1 thread if measured, else the fewest), or
    estimated from its median cost per placement at its largest smaller n times C(n^2, n).
    Returns dict(wall, threads, backend, estimate, from_n, per) or None."""
    nv = stats[stats["kernel"] == kernel]
    if nv.empty:
        return None
    at = nv[nv["n"] == n]
    if not at.empty:
        row = at.sort_values("threads").iloc[0]
        return dict(wall=row["wall"], threads=int(row["threads"]), backend=row["backend"],
                    estimate=False, from_n=n, per=row["wall"] / row["nodes"])
    below = nv[(nv["n"] < n) & (nv["nodes"] > 0)]
    if below.empty:
        return None
    n0 = below["n"].max()
    row = below[below["n"] == n0].sort_values("threads").iloc[0]
    per = row["wall"] / row["nodes"]
    return dict(wall=per * math.comb(n * n, n), threads=int(row["threads"]),
                backend=row["backend"], estimate=True, from_n=int(n0), per=per)


def describe_reference(kernel, ref, n):
    if ref is None:
        return f"{kernel}: no run at n <= {n} in the data"
    thr = f"{ref['threads']} thread(s)"
    if ref["estimate"]:
        return (f"{kernel}, {thr}: ~{fmt_time(ref['wall'])} (estimate: its median cost per "
                f"placement at n = {ref['from_n']}, {ref['per'] * 1e9:.3g} ns, times "
                f"C({n * n}, {n}))")
    return f"{kernel}, {thr}, median {fmt_time(ref['wall'])}"


def speedup_cell(ref, wall):
    if ref is None or wall <= 0:
        return ""
    text = fmt_speedup(ref["wall"] / wall)
    return f"~{text}" if ref["estimate"] else text


def table_vs_naive(stats):
    at8 = stats[stats["n"] == NAIVE_N]
    base = naive_reference(stats, BASELINE, NAIVE_N)
    other = naive_reference(stats, OTHER_NAIVE, NAIVE_N)
    placements = math.comb(NAIVE_N * NAIVE_N, NAIVE_N)
    out = f"### Every kernel at n = {NAIVE_N} against the naive enumeration\n\n"
    out += (f"Baseline: {describe_reference(BASELINE, base, NAIVE_N)}. It is the naive method: "
            f"every one of the C(64, 8) = {placements:,} placements generated and checked for "
            f"attacking queens on its own. Also shown: "
            f"{describe_reference(OTHER_NAIVE, other, NAIVE_N)} (the same placements, the last "
            "two queens of each prefix tested bit-parallel). Speedups marked ~ rest on an "
            "estimated baseline.\n\n")
    rows = []
    if base is not None and base["estimate"]:
        rows.append([BASELINE, base["backend"], base["threads"],
                     f"~{fmt_time(base['wall'])} (estimate)", fmt_num(placements),
                     fmt_rate(placements / base["wall"]), "~1.00x",
                     "" if other is None else f"~{fmt_speedup(other['wall'] / base['wall'])}"])
    if at8.empty and not rows:
        return out + f"No run at n = {NAIVE_N} in the data.\n"
    for k, t, rk, lab in series_labels(at8):
        r = series(at8, k, t, rk).iloc[0]
        wall = fmt_time(r["wall"]) + (" FAIL" if r["fail"] else "")
        rows.append([k, r["backend"], int(t) if rk == 1 else f"{int(rk)} x {int(t)}", wall,
                     fmt_num(r["nodes"]),
                     fmt_rate(r["nodes"] / r["wall"] if r["wall"] > 0 else 0),
                     speedup_cell(base, r["wall"]), speedup_cell(other, r["wall"])])
    return out + md_table(["kernel", "backend", "threads", "median wall", "nodes", "nodes/s",
                           f"speedup over {BASELINE}", f"speedup over {OTHER_NAIVE}"], rows,
                          ["l", "l", "r", "r", "r", "r", "r", "r"])


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
    title = "### The naive enumerations extrapolated to larger n (estimate)\n\n"
    nv = stats[stats["kernel"] == BASELINE]
    if nv.empty:
        return title + f"No {BASELINE} run in the data: nothing to extrapolate.\n"
    measured_n = set(nv["n"])
    others = stats[~stats["kernel"].isin([BASELINE, OTHER_NAIVE])]
    ns = sorted(n for n in others["n"].unique() if n > max(measured_n))
    if not ns:
        return title + f"No kernel was measured above the largest {BASELINE} n.\n"
    rows = []
    for n in ns:
        base = naive_reference(stats, BASELINE, n)
        other = naive_reference(stats, OTHER_NAIVE, n)
        at = others[others["n"] == n]
        best = at.loc[at["wall"].idxmin()]
        par = best["backend"] != "serial"
        oth = "" if other is None else (f"~{fmt_time(other['wall'])} (estimate)"
                                        if other["estimate"] else fmt_time(other["wall"]))
        rows.append([int(n), f"{math.comb(n * n, n):.4g}", f"~{fmt_time(base['wall'])} (estimate)",
                     oth, label(best["kernel"], int(best["threads"]), par, int(best["ranks"])),
                     fmt_time(best["wall"]),
                     f"~{fmt_speedup(base['wall'] / best['wall'])} (estimate)"
                     if best["wall"] > 0 else ""])
    base0 = naive_reference(stats, BASELINE, max(measured_n))
    out = (title + f"{BASELINE} cost per placement: {base0['per'] * 1e9:.3g} ns (median at "
           f"n = {base0['from_n']}, {base0['threads']} thread(s)); estimated time = that cost x "
           f"C(n^2, n), likewise for {OTHER_NAIVE} from its largest measured n. These are "
           "extrapolations, not measurements.\n\n")
    return out + md_table(["n", "C(n^2, n) placements", f"{BASELINE} (estimate)", OTHER_NAIVE,
                           "fastest kernel", "its median",
                           f"speedup over {BASELINE} (estimate)"], rows,
                          ["r", "r", "r", "r", "l", "r", "r"])


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


def mnk_short(instance):
    """An m,n,k instance as a short label: the board, k and rule, and how many moves were played."""
    head, _, moves = instance.partition(":")
    return f"{head} +{len(moves.split(','))} moves" if moves else head


def table_nodes_by_instance(stats, head=lambda i: i):
    ins = instances_in_order(stats)
    rows = []
    for k, t, r, lab in series_labels(stats):
        sub = series(stats, k, t, r).set_index("instance")
        rows.append([lab] + [fmt_num(sub.loc[i, "nodes"]) if i in sub.index else "" for i in ins])
    return ("### Median nodes per kernel and instance\n\n"
            + md_table(["kernel"] + [head(i) for i in ins], rows))


def table_mnk_values(df):
    rows = []
    for i in dict.fromkeys(df["instance"]):
        sub = df[df["instance"] == i]
        values = sorted(set(sub["value"].dropna()))
        value = values[0] if len(values) == 1 else "DISAGREE: " + "/".join(values)
        col = "move_value_counts"
        mv = sorted(set(sub[col].dropna())) if col in sub.columns else []
        moves = mv[0] if len(mv) == 1 else ("DISAGREE: " + " / ".join(mv) if mv else "")
        pos = sub.groupby("kernel")["positions"].median() if "positions" in sub.columns else {}
        most = f"{fmt_num(max(pos))}" if len(pos) else ""
        ver = "/".join(sorted(set(sub["verified"].dropna())))
        rows.append([mnk_short(i), value, moves, most, ver, ", ".join(dict.fromkeys(sub["kernel"]))])
    return ("### m,n,k: values with perfect play (first, draw or second player wins)\n\n"
            + md_table(["instance", "value", "move values", "table positions (most)", "verified",
                        "kernels"], rows, ["l", "l", "l", "r", "l", "l"]))


def mnk_part(sub, stats):
    return [table_time_by_instance(stats, "instance", mnk_short),
            table_nodes_by_instance(stats, mnk_short),
            table_thread_speedup(stats, "instance"),
            table_mnk_values(sub)]


def table_tsume_answers(df):
    """One row per problem: the outcome and mate length every kernel found (or DISAGREE)."""
    rows = []
    for i in dict.fromkeys(df["instance"]):
        sub = df[df["instance"] == i]
        answers = sorted({f"{o} {int(m)}" if o == "mate" and m == m else str(o)
                          for o, m in zip(sub["outcome"], sub["mate_length"])})
        answer = answers[0] if len(answers) == 1 else "DISAGREE: " + " / ".join(answers)
        ver = "/".join(sorted(set(sub["verified"].dropna())))
        rows.append([i, answer, ver, ", ".join(dict.fromkeys(sub["kernel"]))])
    return ("### Tsume: outcome and mate length per problem\n\n"
            + md_table(["problem", "answer", "verified", "kernels"], rows, ["l", "l", "l", "l"]))


def tsume_part(sub, stats):
    return [t for t in [table_time_by_instance(stats), table_nodes_by_instance(stats),
                        table_thread_speedup(stats), table_tsume_answers(sub)] if t]


def table_gomoku_engine(df):
    """Per kernel (and thread count): the VCF positions it proved won, and its nodes and moves
    (`plays`, stones put down by the engine's board) per second over all its rows."""
    rows = []
    for (k, t), sub in df.groupby(["kernel", "threads"], sort=False):
        wall = sub["wall_s"].sum()
        vcf = sub[sub["instance"].astype(str).str.startswith("vcf")]
        won = vcf.groupby("instance")["win"].agg(lambda w: bool((w == "yes").all()))
        wins = f"{int(won.sum())}/{len(won)}" if len(won) else ""
        plays = sub["plays"].sum() if "plays" in sub.columns else 0
        rows.append([label(k, t, sub["backend"].iloc[0] != "serial"), wins,
                     fmt_rate(sub["nodes"].sum() / wall) if wall > 0 else "",
                     fmt_rate(plays / wall) if wall > 0 and plays > 0 else ""])
    return ("### Gomoku engine: VCF positions won, nodes and moves per second\n\n"
            + md_table(["kernel", "VCF positions won", "nodes/s", "moves/s"], rows,
                       ["l", "r", "r", "r"]))


def gomoku_part(sub, stats):
    return [t for t in [table_time_by_instance(stats), table_nodes_by_instance(stats),
                        table_thread_speedup(stats), table_gomoku_engine(sub)] if t]


# Each problem's tables; problems not listed get generic_part.
PARTS = {"nqueens": nqueens_part, "queens-game": queens_game_part, "mnk": mnk_part,
         "tsume": tsume_part, "gomoku": gomoku_part}


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
    sbcsv.write_text(text, args.out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, pd.errors.EmptyDataError, pd.errors.ParserError) as e:
        sys.exit(f"tabulate.py: error: {e}")
