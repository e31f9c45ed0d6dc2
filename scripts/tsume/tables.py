"""Tsume tables for tabulate.py: median nodes per kernel and puzzle, and each puzzle's outcome and
mate length, checked for agreement between kernels."""
from sbtables import (md_table, table_nodes_by_instance, table_thread_speedup,
                      table_time_by_instance)


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


def part(sub, stats):
    return [t for t in [table_time_by_instance(stats), table_nodes_by_instance(stats),
                        table_thread_speedup(stats), table_tsume_answers(sub)] if t]
