"""Queens-game tables for tabulate.py: the winner (and Grundy value where computed) of each
board."""
from sbtables import md_table, table_thread_speedup, table_time_by_instance


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


def part(sub, stats):
    return [table_time_by_instance(stats, "board"),
            table_thread_speedup(stats, "board"),
            table_game_winners(sub)]
