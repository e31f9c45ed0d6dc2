#!/usr/bin/python3
"""Compares two `searchbench bench` runs: did a change make a kernel faster, by how much, and is it
real? (docs/compare.md)

Usage: compare.py [-f md|csv] [-o FILE] [--threshold T] [--alpha A] [--same-host]
                  [--plot DIR] OLD NEW

OLD and NEW are run folders (one CSV per problem, env.json) or CSV files of the same problem(s).
For every cell in both runs (problem, kernel, instance, threads, ranks): the median wall times,
the ratio NEW/OLD of the medians with a 95 % bootstrap interval (the repetitions of each side
resampled), the two-sided Mann-Whitney U test on the repetitions, and the node counts. Each
cell is marked
  faster / slower    p < alpha and the ratio beyond 1 -/+ threshold;
  no change          otherwise;
  undecidable        too few repetitions for the test ever to reach p < alpha (with no ties,
                     the smallest two-sided p is 2 / C(m + n, m): at least 4 per side for 0.05);
  search changed     the kernel's node count is deterministic (identical in every repetition and
                     thread count of the instance, in each run) and differs between the runs:
                     a different search, not a speed-up;
and a cell whose rows failed verification gets FAIL. Cells in one run only are listed apart.
The hosts, CPUs, compilers and flags of the runs (env.json and the rows) head the report, those
that differ named; --same-host makes a difference an error. Output: a Markdown table per problem
(default) or CSV (-f csv); --plot DIR writes compare_PROBLEM.png (the ratios per kernel).
Exit status: 0, or 2 on bad input (one line on stderr). Needs pandas, scipy and, for --plot,
matplotlib (Debian: python3-pandas python3-scipy python3-matplotlib).
"""
import argparse
import io
import json
import math
import os
import sys

import numpy as np
import pandas as pd

import sbcsv
from sbcsv import fmt_time

PROG = "compare.py"
CELL = ["problem", "kernel", "instance", "threads", "ranks"]
PROVENANCE = ["host", "cpu_model", "compiler", "flags"]  # differences named; --same-host: error
INFO = ["git_sha", "hardware_threads", "os", "build_type", "suite", "reps", "started_utc"]
BOOTSTRAP = 2000


class BadInput(Exception):
    pass


def read_run(path, side):
    """The rows of a run folder or CSV file and its env.json (or {})."""
    if not os.path.exists(path):
        raise BadInput(f"{side} {path}: no such file or folder")
    folder = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
    try:
        # sbcsv exits with its own message; keep it, but as one line with exit status 2.
        df = sbcsv.load([path], PROG)
    except SystemExit as e:
        msg = str(e.code) if e.code is not None else "cannot read"
        raise BadInput(f"{side}: {msg.removeprefix(PROG + ': error: ')}") from None
    except (OSError, pd.errors.EmptyDataError, pd.errors.ParserError, ValueError) as e:
        raise BadInput(f"{side} {path}: {str(e).splitlines()[0]}") from None
    if df.empty:
        raise BadInput(f"{side} {path}: no rows")
    env = {}
    envp = os.path.join(folder, "env.json")
    if os.path.exists(envp):
        try:
            with open(envp) as f:
                env = json.load(f)
        except (OSError, ValueError):
            env = {}
    df = df.copy()
    df["instance"] = df["instance"].astype(str)
    df["wall_s"] = pd.to_numeric(df["wall_s"], errors="coerce")
    df["nodes"] = pd.to_numeric(df["nodes"], errors="coerce")
    if df["wall_s"].isna().any():
        raise BadInput(f"{side} {path}: wall_s is not a number in every row")
    return df, env


def provenance(df, env):
    """field -> value: the rows' values (distinct ones joined by ' / '), else env.json's."""
    out = {}
    for c in PROVENANCE + INFO:
        vals = []
        if c in df.columns:
            vals = [str(v) for v in dict.fromkeys(df[c].dropna()) if str(v) != ""]
        if not vals and c in env:
            vals = [str(env[c])]
        out[c] = " / ".join(vals)
    return out


def min_p(m, n):
    """The smallest two-sided exact Mann-Whitney p-value with m and n repetitions (no ties)."""
    return min(1.0, 2.0 / math.comb(m + n, m))


def bootstrap_ci(old, new, rng, level=0.95):
    """Percentile interval of median(new) / median(old), both sides resampled."""
    o = rng.choice(old, size=(BOOTSTRAP, len(old)), replace=True)
    n = rng.choice(new, size=(BOOTSTRAP, len(new)), replace=True)
    r = np.median(n, axis=1) / np.median(o, axis=1)
    lo, hi = np.quantile(r, [(1 - level) / 2, 1 - (1 - level) / 2])
    return float(lo), float(hi)


def deterministic_nodes(df):
    """(problem, kernel, instance) -> the node count when every row has the same, else None."""
    out = {}
    for key, g in df.groupby(["problem", "kernel", "instance"], sort=False):
        v = g["nodes"].dropna().unique()
        out[key] = int(v[0]) if len(v) == 1 else None
    return out


def compare(old, new, threshold, alpha):
    """One row per cell in both runs; the cells of one run only."""
    from scipy.stats import mannwhitneyu

    rng = np.random.default_rng(12345)  # the same report for the same input
    det_old, det_new = deterministic_nodes(old), deterministic_nodes(new)
    go = {k: g for k, g in old.groupby(CELL, sort=False)}
    gn = {k: g for k, g in new.groupby(CELL, sort=False)}
    rows = []
    for key, a in go.items():
        if key not in gn:
            continue
        b = gn[key]
        wo, wn = a["wall_s"].to_numpy(float), b["wall_s"].to_numpy(float)
        mo, mn = float(np.median(wo)), float(np.median(wn))
        ratio = mn / mo if mo > 0 else math.inf
        lo, hi = bootstrap_ci(wo, wn, rng) if mo > 0 else (math.nan, math.nan)
        if len(wo) > 1 or len(wn) > 1 or wo[0] != wn[0]:
            # Exact distribution when it holds (no ties, small samples), else the normal
            # approximation with the tie correction.
            ties = len(np.unique(np.concatenate([wo, wn]))) < len(wo) + len(wn)
            method = "exact" if not ties and len(wo) + len(wn) <= 50 else "asymptotic"
            p = float(mannwhitneyu(wn, wo, alternative="two-sided", method=method).pvalue)
        else:
            p = 1.0
        nk = key[:3]
        dn_old, dn_new = det_old.get(nk), det_new.get(nk)
        if dn_old is not None and dn_new is not None:
            nodes = "same" if dn_old == dn_new else "changed"
        else:
            nodes = "varies"
        if nodes == "changed":
            result = "search changed"
        elif min_p(len(wo), len(wn)) >= alpha:
            result = "undecidable"
        elif p < alpha and ratio < 1 - threshold:
            result = "faster"
        elif p < alpha and ratio > 1 + threshold:
            result = "slower"
        else:
            result = "no change"
        failed = (a["verified"].astype(str) == "fail").any() or \
            (b["verified"].astype(str) == "fail").any()
        rows.append(dict(
            problem=key[0], kernel=key[1], backend=str(a["backend"].iloc[0]), instance=key[2],
            threads=int(key[3]), ranks=int(key[4]), old_reps=len(wo), new_reps=len(wn),
            old_median_s=mo, new_median_s=mn, ratio=ratio, ci_low=lo, ci_high=hi, p_value=p,
            old_nodes=float(a["nodes"].median()), new_nodes=float(b["nodes"].median()),
            nodes=nodes, verified="FAIL" if failed else "ok", result=result))
    only = []
    for side, mine, other in (("old", go, gn), ("new", gn, go)):
        for key, g in mine.items():
            if key not in other:
                only.append(dict(problem=key[0], kernel=key[1], backend=str(g["backend"].iloc[0]),
                                 instance=key[2], threads=int(key[3]), ranks=int(key[4]),
                                 side=side, reps=len(g), median_s=float(g["wall_s"].median())))
    return pd.DataFrame(rows), pd.DataFrame(only)




def fmt_threads(t, r):
    return f"{r}x{t}" if r != 1 else str(t)


def header(pold, pnew, old_path, new_path, threshold, alpha):
    lines = ["# searchbench compare", "",
             f"OLD: `{old_path}`  ", f"NEW: `{new_path}`", "",
             f"Ratio = median NEW / median OLD (below 1: NEW faster), 95 % bootstrap interval over "
             f"the repetitions ({BOOTSTRAP} resamples). Marked faster / slower when the two-sided "
             f"Mann-Whitney U test on the repetitions gives p < {alpha:g} and the ratio is beyond "
             f"1 -/+ {threshold:g}; no change otherwise; undecidable when the repetitions are too "
             f"few for p < {alpha:g}; search changed when the kernel's deterministic node count "
             f"differs.", ""]
    diff = [c for c in PROVENANCE if pold[c] and pnew[c] and pold[c] != pnew[c]]
    if diff:
        lines.append("**Not like for like: the runs differ in " + ", ".join(diff) +
                     "** (a ratio mixes the change with the machine or build).")
    else:
        lines.append("Same host, CPU, compiler and flags in both runs.")
    lines += ["", "| | OLD | NEW |", "|---|---|---|"]
    for c in PROVENANCE + INFO:
        if pold[c] or pnew[c]:
            mark = " (differs)" if c in diff else ""
            lines.append(f"| {c}{mark} | {pold[c]} | {pnew[c]} |")
    return lines, diff


def markdown(res, only, problems_only, threshold):
    out = []
    problems = list(dict.fromkeys(list(res["problem"]) if len(res) else []) |
                    dict.fromkeys(list(only["problem"]) if len(only) else []))
    for problem in problems:
        out += ["", f"## {problem}", ""]
        r = res[res["problem"] == problem] if len(res) else res
        if len(r):
            counts = r["result"].value_counts()
            out.append(f"{len(r)} cells in both runs: " + ", ".join(
                f"{counts.get(k, 0)} {k}" for k in
                ["faster", "slower", "no change", "search changed", "undecidable"]
                if counts.get(k, 0) or k in ("faster", "slower", "no change")) + ".")
            out += ["", "| kernel | instance | threads | OLD | NEW | NEW/OLD | 95 % interval | p "
                    "| reps | nodes | result |",
                    "|---|---|---:|---:|---:|---:|---|---:|---:|---|---|"]
            for _, x in r.iterrows():
                if x["nodes"] == "same":
                    nodes = f"same ({int(x['old_nodes']):,})"
                elif x["nodes"] == "changed":
                    nodes = f"changed: {int(x['old_nodes']):,} -> {int(x['new_nodes']):,}"
                else:
                    nodes = "varies"
                res_txt = x["result"] if x["result"] in ("no change", "undecidable") \
                    else f"**{x['result']}**"
                if x["verified"] == "FAIL":
                    res_txt += " FAIL"
                out.append(
                    f"| {x['kernel']} | {x['instance']} | {fmt_threads(x['threads'], x['ranks'])} "
                    f"| {fmt_time(x['old_median_s'])} | {fmt_time(x['new_median_s'])} "
                    f"| {x['ratio']:.3f} | {x['ci_low']:.3f} .. {x['ci_high']:.3f} "
                    f"| {x['p_value']:.2g} | {x['old_reps']}/{x['new_reps']} | {nodes} "
                    f"| {res_txt} |")
        o = only[only["problem"] == problem] if len(only) else only
        for side in ("old", "new"):
            s = o[o["side"] == side] if len(o) else o
            if len(s):
                parts = []
                for (k, t, rk), g in s.groupby(["kernel", "threads", "ranks"], sort=False):
                    parts.append(f"{k} threads {fmt_threads(t, rk)}: " + " ".join(g["instance"]))
                out += ["", f"In {side.upper()} only ({len(s)} cells): " + "; ".join(parts) + "."]
    for side, ps in problems_only.items():
        if ps:
            out += ["", f"Problems in {side.upper()} only: {', '.join(ps)}."]
    return out


def plot(res, out_dir, threshold):
    """compare_PROBLEM.png per problem: each cell's ratio with its interval, one row per kernel,
    styled by plot.series_styles; hollow markers: no change."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    import plot as sbplot

    os.makedirs(out_dir, exist_ok=True)
    written = []
    for problem in dict.fromkeys(res["problem"]):
        r = res[res["problem"] == problem]
        kernels = list(dict.fromkeys(r["kernel"]))
        keys = list(dict.fromkeys(zip(r["kernel"], r["backend"], r["threads"], r["ranks"])))
        style = sbplot.series_styles(keys)
        fig, ax = plt.subplots(figsize=(8, 1.5 + 0.45 * len(kernels)))
        ax.axvspan(1 - threshold, 1 + threshold, color="grey", alpha=0.15, lw=0)
        ax.axvline(1, color="grey", lw=1)
        per_kernel = {k: [x for x in keys if x[0] == k] for k in kernels}
        for key in keys:
            k = key[0]
            g = r[(r["kernel"] == k) & (r["threads"] == key[2]) & (r["ranks"] == key[3])]
            j = per_kernel[k].index(key)
            y = kernels.index(k) + (j - (len(per_kernel[k]) - 1) / 2) * 0.15
            st = style[key]
            sig = g["result"].isin(["faster", "slower"]).to_numpy()
            for filled, part in ((True, g[sig]), (False, g[~sig])):
                if len(part) == 0:
                    continue
                ax.errorbar(part["ratio"], [y] * len(part),
                            xerr=[part["ratio"] - part["ci_low"], part["ci_high"] - part["ratio"]],
                            ls="none", marker=st["marker"], color=st["color"], ms=6, capsize=2,
                            mfc=st["color"] if filled else "white",
                            label=sbplot.series_label(*key) if filled or not sig.any() else None)
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%g"))
        ax.xaxis.set_minor_formatter(matplotlib.ticker.FormatStrFormatter("%g"))
        ax.tick_params(axis="x", which="minor", labelsize=7)
        ax.set_yticks(range(len(kernels)))
        ax.set_yticklabels(kernels, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("median time NEW / OLD (log; bars: 95 % interval; hollow: no change; "
                      f"band: 1 -/+ {threshold:g})", fontsize=8)
        ax.set_title(f"searchbench {problem}: NEW against OLD")
        ax.grid(True, axis="x", which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="best", ncol=2)
        fig.tight_layout()
        p = os.path.join(out_dir, f"compare_{problem}.png")
        sbplot.save_atomically(fig, p)
        plt.close(fig)
        written.append(p)
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(prog=PROG, description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("old", metavar="OLD", help="run folder or CSV file: the baseline")
    ap.add_argument("new", metavar="NEW", help="run folder or CSV file: after the change")
    ap.add_argument("-f", "--format", choices=["md", "csv"], default="md")
    ap.add_argument("-o", "--output", help="write the report here (default: standard output)")
    ap.add_argument("--threshold", type=float, default=0.05,
                    help="smallest relative change marked faster/slower (default 0.05: 5 %%)")
    ap.add_argument("--alpha", type=float, default=0.05,
                    help="significance level of the Mann-Whitney U test (default 0.05)")
    ap.add_argument("--same-host", action="store_true",
                    help="exit 2 when the runs differ in host, CPU, compiler or flags")
    ap.add_argument("--plot", metavar="DIR", help="write compare_PROBLEM.png into DIR")
    args = ap.parse_args(argv)
    if not 0 <= args.threshold < 1 or not 0 < args.alpha < 1:
        raise BadInput("--threshold must lie in [0, 1) and --alpha in (0, 1)")
    if args.plot:
        try:  # an unusable folder is refused before any output
            os.makedirs(args.plot, exist_ok=True)
        except OSError as e:
            raise BadInput(f"--plot {args.plot}: cannot make this folder ({e.strerror})")
        if not os.access(args.plot, os.W_OK):
            raise BadInput(f"--plot {args.plot}: not a writable folder")
    old, env_old = read_run(args.old, "OLD")
    new, env_new = read_run(args.new, "NEW")
    po, pn = list(dict.fromkeys(old["problem"])), list(dict.fromkeys(new["problem"]))
    common = [p for p in po if p in pn]
    if not common:
        raise BadInput(f"OLD holds {', '.join(po)} and NEW {', '.join(pn)}: no problem in both, "
                       "nothing to compare")
    prov_old, prov_new = provenance(old, env_old), provenance(new, env_new)
    head, diff = header(prov_old, prov_new, args.old, args.new, args.threshold, args.alpha)
    if diff and args.same_host:
        raise BadInput("--same-host: the runs differ in " + "; ".join(
            f"{c} ({prov_old[c]} vs {prov_new[c]})" for c in diff))
    old, new = old[old["problem"].isin(common)], new[new["problem"].isin(common)]
    res, only = compare(old, new, args.threshold, args.alpha)
    problems_only = {"old": [p for p in po if p not in common],
                     "new": [p for p in pn if p not in common]}
    if args.format == "csv":
        buf = io.StringIO()
        cols = ["problem", "kernel", "backend", "instance", "threads", "ranks", "old_reps",
                "new_reps", "old_median_s", "new_median_s", "ratio", "ci_low", "ci_high",
                "p_value", "old_nodes", "new_nodes", "nodes", "verified", "result"]
        rows = res.reindex(columns=cols)
        if len(only):
            o = only.rename(columns={"median_s": "x"}).copy()
            o["old_reps"] = np.where(o["side"] == "old", o["reps"], 0)
            o["new_reps"] = np.where(o["side"] == "new", o["reps"], 0)
            o["old_median_s"] = np.where(o["side"] == "old", o["x"], np.nan)
            o["new_median_s"] = np.where(o["side"] == "new", o["x"], np.nan)
            o["result"] = "only in " + o["side"]
            rows = pd.concat([rows, o.reindex(columns=cols)], ignore_index=True)
        for c in ("old_nodes", "new_nodes"):  # whole numbers (medians of varying counts rounded)
            rows[c] = rows[c].round().astype("Int64")
        rows.to_csv(buf, index=False, lineterminator="\n")
        text = buf.getvalue()
        if diff:
            print(f"{PROG}: warning: the runs differ in {', '.join(diff)}", file=sys.stderr)
    else:
        text = "\n".join(head + markdown(res, only, problems_only, args.threshold)) + "\n"
    if args.plot and len(res):  # before the report, so that a failed plot leaves no report
        for p in plot(res, args.plot, args.threshold):
            print(p, file=sys.stderr)
    sbcsv.write_text(text, args.output)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BadInput as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        sys.exit(2)
    except OSError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        sys.exit(2)
