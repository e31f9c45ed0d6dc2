"""N-queens tables for tabulate.py: every kernel at n = 8 with its speedup over `naive-full-check`
(the naive method of the article "【C言語】エイトクイーン問題（Nクイーン問題）のバックラック法での解き方":
all C(64, 8) = 4,426,165,368 placements, each generated and checked on its own; estimated from
its cost per placement at a smaller n when it was not run at n = 8, and marked so) and over
`naive-bitparallel`; for n above the largest measured naive-full-check n, the naive kernels'
times extrapolated from their measured cost per placement (median wall_s / nodes) times
C(n^2, n), marked as estimates."""
import math

from sbcsv import fmt_time
from sbtables import (fmt_num, fmt_rate, fmt_speedup, label, md_table, series, series_labels,
                      table_mpi_efficiency, table_thread_speedup, table_time_by_instance)


NAIVE_N = 8  # the reference comparison: the naive enumeration at n = 8 (C(64, 8) placements)
BASELINE = "naive-full-check"  # one placement and one full check at a time (the naive method)
OTHER_NAIVE = "naive-bitparallel"  # the same placements, the last queens tested bit-parallel


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


def part(sub, stats):
    stats = stats.copy()
    stats["n"] = stats["instance"].astype(int)
    return [t for t in [table_vs_naive(stats),
                        table_time_by_instance(stats, "n", lambda i: f"n = {i}"),
                        table_thread_speedup(stats, "n"),
                        table_mpi_efficiency(stats, "n"),
                        table_naive_extrapolated(stats)] if t]
