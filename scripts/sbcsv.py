"""Reading `searchbench bench` results, shared by tabulate.py and plot.py.

A run folder holds one CSV per problem (docs/harness.md, "CSV schema"); the scripts accept folders and
files alike.
"""
import glob
import math
import os
import sys

import pandas as pd

# Must match sb::bench::common_columns() (src/core/bench.cpp).
COMMON = ["problem", "kernel", "backend", "instance", "threads", "ranks", "rep", "wall_s", "nodes",
          "nodes_per_s", "verified"]
# Columns added later, with their value in files written before them.
ADDED = {"ranks": 1}
# Kernels renamed later: (problem, former name) -> name, for files written before the rename.
RENAMED = {("nqueens", "naive-seed"): "naive-full-check"}
# Instances renamed since (problem, former name): present name.
RENAMED_INSTANCES = {("tsume", "seed-jisaku10"): "jisaku-10"}
# Games run with the former `bench --no-all-moves` (problem: the column it left empty): their
# instances now end in ":value-only".
VALUE_ONLY_MARK = {"queens-game": "winning_first_moves", "mnk": "move_value_counts"}


def csv_paths(paths, prog):
    """The CSV files named, with each directory replaced by the *.csv files in it."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            found = sorted(glob.glob(os.path.join(p, "*.csv")))
            if not found:
                sys.exit(f"{prog}: error: no CSV file in directory {p}")
            out += found
        else:
            out.append(p)
    return out


def load(paths, prog):
    """All rows of the files (or folders) as one DataFrame; exits with a one-line message when a
    file is not a searchbench bench CSV. Columns of one problem are empty in another's rows;
    kernels renamed since a file was written (RENAMED) read under their present names."""
    frames = []
    for p in csv_paths(paths, prog):
        df = pd.read_csv(p, dtype={"verified": str, "winner": str, "git_sha": str,
                                   "instance": str})
        for c, value in ADDED.items():
            if c not in df.columns:
                df.insert(min(COMMON.index(c), len(df.columns)), c, value)
        missing = [c for c in COMMON if c not in df.columns]
        if missing:
            sys.exit(f"{prog}: error: {p} is not a searchbench bench CSV (missing columns "
                     f"{missing})")
        for (problem, former), name in RENAMED.items():
            df.loc[(df["problem"] == problem) & (df["kernel"] == former), "kernel"] = name
        for (problem, former), name in RENAMED_INSTANCES.items():
            df.loc[(df["problem"] == problem) & (df["instance"] == former), "instance"] = name
        for problem, column in VALUE_ONLY_MARK.items():
            if column in df.columns:
                rows = ((df["problem"] == problem) & df[column].isna() &
                        ~df["instance"].str.contains(":value-only", regex=False, na=False))
                df.loc[rows, "instance"] = df.loc[rows, "instance"] + ":value-only"
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


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


def write_text(text, path=None):
    """Writes text to path (None: standard output): under a temporary name beside the target,
    renamed when complete, so that a failed write leaves no partial file."""
    if not path:
        sys.stdout.write(text)
        return
    tmp = f"{path}.tmp.{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def run_main(main, prog):
    """Runs a script's main() as its exit status; bad input (an unreadable or foreign file, and
    this module's one-line refusals) is one line on stderr and exit status 2."""
    try:
        sys.exit(main())
    except (OSError, pd.errors.EmptyDataError, pd.errors.ParserError) as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        sys.exit(2)
    except SystemExit as e:
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
            sys.exit(2)
        raise
