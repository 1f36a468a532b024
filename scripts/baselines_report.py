#!/usr/bin/env python3
"""Markdown tables of the arenas that scripts/baselines.sh writes (docs/BASELINES.md).

Usage: scripts/baselines_report.py OUT_DIR
For each arena: the first player's games, wins, draws, win rate with its 95% interval, mean rank
and rating, and from the records' comments the mean depth the alpha-beta player completed and
its nodes per second.
"""
import json
import os
import re
import sys

ANALYSIS = re.compile(r"; (ab[^:]*(?::[^:]*)?): \S+ depth (\d+), value \S+ (\d+) nodes in ([\d.]+) s")


def search_figures(games_path, spec):
    depths, nodes, seconds = [], 0, 0.0
    with open(games_path) as f:
        for line in f:
            m = ANALYSIS.search(line)
            if m and m.group(1) == spec:
                depths.append(int(m.group(2)))
                nodes += int(m.group(3))
                seconds += float(m.group(4))
    if not depths:
        return "", ""
    return f"{sum(depths) / len(depths):.2f}", f"{nodes / seconds:,.0f}" if seconds else ""


def main():
    out = sys.argv[1]
    print("| arena | player | games | wins | draws | win rate [95% CI] | mean rank | rating | mean depth | nodes/s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name, "summary.json")
        if not os.path.exists(path):
            continue
        summary = json.load(open(path))
        for e in summary["entrants"]:
            depth, nps = search_figures(os.path.join(out, name, "games.txt"), e["spec"]) if e["spec"].startswith("ab") else ("", "")
            print(f"| {name} | `{e['spec']}` | {e['games']} | {e['wins']} | {e['draws']} | "
                  f"{100 * e['win_rate']:.1f} % [{100 * e['win_rate_low']:.1f}, {100 * e['win_rate_high']:.1f}] | "
                  f"{e['mean_rank']:.2f} | {e['rating']:+.0f} | {depth} | {nps} |")


if __name__ == "__main__":
    main()
