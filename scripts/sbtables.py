"""The tables every problem gets from `searchbench bench` results (tabulate.py): median wall time
per kernel and instance, median nodes, speedup over 1 thread, MPI efficiency; and the Markdown and
number formats the problems' own tables (scripts/<problem>/tables.py) share."""
import math

from sbcsv import fmt_time


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


def table_nodes_by_instance(stats, head=lambda i: i):
    ins = instances_in_order(stats)
    rows = []
    for k, t, r, lab in series_labels(stats):
        sub = series(stats, k, t, r).set_index("instance")
        rows.append([lab] + [fmt_num(sub.loc[i, "nodes"]) if i in sub.index else "" for i in ins])
    return ("### Median nodes per kernel and instance\n\n"
            + md_table(["kernel"] + [head(i) for i in ins], rows))


def generic_part(sub, stats):
    return [t for t in [table_time_by_instance(stats), table_thread_speedup(stats),
                        table_mpi_efficiency(stats)] if t]
