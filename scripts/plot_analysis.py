#!/usr/bin/python3
"""Draws the plots of `djambi analyze`: DIR/analysis.json -> DIR/*.png.

Usage: scripts/plot_analysis.py DIR    (Debian's /usr/bin/python3 with python3-matplotlib)
The measures are defined in docs/ANALYSIS.md.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def heatmap(ax, rows, cols, values, title):
    """A matrix with its counts written in the cells."""
    ax.imshow(values, cmap="Reds")
    ax.set_xticks(range(len(cols)), cols)
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xlabel("victims controlled by")
    ax.set_ylabel("killer")
    ax.set_title(title)
    for r, row in enumerate(values):
        for c, v in enumerate(row):
            ax.text(c, r, str(v), ha="center", va="center", fontsize=9)


def plot_captures(a, out):
    cm = a["capture_matrix"]
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.5))
    for ax, key, title in zip(axes, ("pieces", "chiefs", "armies"),
                              ("pieces killed", "chiefs killed", "armies taken over")):
        heatmap(ax, a["seats"], cm["victims"], cm[key], title)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "captures.png"), dpi=100)
    plt.close(fig)


def plot_outcomes(a, out):
    seats = a["by_seat"]
    names = [s["seat"] for s in seats]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    axes[0].bar(names, [100 * s["win_rate"] for s in seats], label="wins")
    axes[0].bar(names, [100 * s["survival_rate"] for s in seats], alpha=0.4, label="survived")
    axes[0].set_ylabel("% of games")
    axes[0].set_title("by seat")
    axes[0].legend()
    players = a["by_player"]
    axes[1].barh(list(players), [100 * p["win_rate"] for p in players.values()])
    axes[1].set_xlabel("% of games won alone")
    axes[1].set_title("by player")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "outcomes.png"), dpi=100)
    plt.close(fig)


def plot_alliances(a, out):
    truces = a["truces"]
    la = a["leader_attacks"]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    pairs = [t["pair"] for t in truces]
    axes[0].bar(pairs, [t["mean_length"] for t in truces])
    axes[0].set_ylabel("mean truce length (turns)")
    axes[0].set_title("truces by pair")
    axes[1].bar(["observed", "expected from reach"], [100 * la["rate"], 100 * la["expected_rate"]])
    axes[1].set_ylabel("% of kills on the material leader")
    axes[1].set_title(f"attacks on the leader ({la['turns']} turns)")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "alliances.png"), dpi=100)
    plt.close(fig)


def main(out):
    path = os.path.join(out, "analysis.json")
    try:
        with open(path) as f:
            a = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"plot_analysis: cannot read {path}: {e}")
    plot_outcomes(a, out)
    plot_captures(a, out)
    plot_alliances(a, out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
