"""m,n,k tables for tabulate.py: median nodes per kernel and instance, and each instance's value
(first, draw, second) and move values, checked for agreement between kernels."""
from sbtables import (fmt_num, md_table, table_nodes_by_instance, table_thread_speedup,
                      table_time_by_instance)


def mnk_short(instance):
    """An m,n,k instance as a short label: the board, k and rule, and how many moves were played."""
    value_only = instance.endswith(":value-only")
    if value_only:
        instance = instance[:-len(":value-only")]
    head, _, moves = instance.partition(":")
    short = f"{head} +{len(moves.split(','))} moves" if moves else head
    return short + " (value only)" if value_only else short


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


def part(sub, stats):
    return [table_time_by_instance(stats, "instance", mnk_short),
            table_nodes_by_instance(stats, mnk_short),
            table_thread_speedup(stats, "instance"),
            table_mnk_values(sub)]
