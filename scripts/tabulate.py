#!/usr/bin/python3
"""Markdown tables from `searchbench bench` CSV files (schema: docs/harness.md, "CSV schema").

Usage: tabulate.py [-o tables.md] CSV|DIR [CSV|DIR ...]

A directory stands for the *.csv files in it (a run folder holds one CSV per problem). Every
problem found in the data gets the generic tables (sbtables.py):
  * median wall time per kernel (and thread count) x instance;
  * speedup of each parallel kernel over its own 1-thread time;
  * the efficiency of every MPI kernel (ranks x threads) against its family's single-process
    kernel;
and a problem with its own tables (scripts/<problem>/tables.py: PARTS below) gets those instead:
N-queens against the naive enumeration, the queens game's winners, the m,n,k values, tsume's
answers, the gomoku engine's VCF wins and speed. Medians are over the repetitions of a cell (one
row per repetition). Rows whose verification failed are marked FAIL. Needs pandas (Debian:
python3-pandas).
"""
import argparse

import gomoku.tables
import mnk.tables
import nqueens.tables
import queens_game.tables
import sbcsv
import tsume.tables
from sbtables import cell_stats, generic_part

# Each problem's tables; problems not listed get generic_part.
PARTS = {"nqueens": nqueens.tables.part, "queens-game": queens_game.tables.part,
         "mnk": mnk.tables.part, "tsume": tsume.tables.part, "gomoku": gomoku.tables.part}


def load(paths):
    return sbcsv.load(paths, "tabulate.py")


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
    sbcsv.run_main(main, "tabulate.py")
