#!/usr/bin/python3
"""Writes a pool arena's ladder (scripts/strength_ladder.sh) into docs/STRENGTH.md: the table
between the markers `<!-- ladder:begin -->` and `<!-- ladder:end -->`, with the machine, the
time it took and the commit, and the ratings with their intervals as a plot.

Usage: scripts/strength_ladder_report.py SUMMARY_JSON STRENGTH_MD PLOT_PNG SECONDS COMMIT
"""
import json
import os
import platform
import sys

BEGIN, END = "<!-- ladder:begin -->", "<!-- ladder:end -->"


def machine():
    cores = os.cpu_count()
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cores} cores ({model}), {memory:.0f} GiB"


def table(summary, seconds, commit, plot_name):
    lines = [BEGIN, "",
             f"{summary['games']} games ({summary['unfinished']} stopped at {summary['max_turns']} turns), seed "
             f"{summary['seed']}, {seconds / 60:.0f} minutes on {machine()}, commit {commit}.", "",
             "| place | player | rating [95 % interval] | games | wins | draws | win rate | mean rank |",
             "|---|---|---|---|---|---|---|---|"]
    for place, p in enumerate(summary["players"], 1):
        lines.append(f"| {place} | `{p['spec']}` | {p['rating']:+.0f} [{p['rating_low']:+.0f}, {p['rating_high']:+.0f}] | "
                     f"{p['games']} | {p['wins']} | {p['draws']} | {100 * p['win_rate']:.1f} % | {p['mean_rank']:.2f} |")
    lines += ["", f"![the ladder's ratings](results/{plot_name})", "", END]
    return "\n".join(lines)


def plot(summary, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    players = summary["players"][::-1]  # the strongest on top
    ratings = [p["rating"] for p in players]
    errors = [[p["rating"] - p["rating_low"] for p in players], [p["rating_high"] - p["rating"] for p in players]]
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(players) + 1.2))
    ax.errorbar(ratings, range(len(players)), xerr=errors, fmt="o", capsize=3)
    ax.set_yticks(range(len(players)))
    ax.set_yticklabels([p["spec"] for p in players], fontsize=8)
    ax.set_xlabel("Plackett-Luce rating (Elo scale), 95 % bootstrap interval")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__.strip().splitlines()[-1])
    summary_path, doc_path, plot_path, seconds, commit = sys.argv[1:]
    summary = json.load(open(summary_path))
    if summary.get("format") != "pool":
        sys.exit(f"error: {summary_path} is not the summary of a pool arena")
    text = open(doc_path).read()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        sys.exit(f"error: {doc_path} needs one '{BEGIN}' and one '{END}', in that order")
    plot(summary, plot_path)
    before, rest = text.split(BEGIN)
    after = rest.split(END)[1]
    with open(doc_path + ".tmp", "w") as f:
        f.write(before + table(summary, float(seconds), commit, os.path.basename(plot_path)) + after)
    os.replace(doc_path + ".tmp", doc_path)


if __name__ == "__main__":
    main()
