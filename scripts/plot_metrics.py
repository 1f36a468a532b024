#!/usr/bin/python3
"""Draws the learning curves of a training run: runs/NAME/metrics.jsonl -> runs/NAME/plots/*.png.

Usage: scripts/plot_metrics.py runs/NAME    (Debian's /usr/bin/python3 with python3-matplotlib)
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot_pooled_share(ax, records, total_key, part_key, label):
    """Plots part/total between consecutive records, pooled until each point covers 50 games."""
    xs, ys, pooled_total, pooled_part = [], [], 0, 0
    for a, b in zip(records, records[1:]):
        pooled_total += b.get(total_key, 0) - a.get(total_key, 0)
        pooled_part += b.get(part_key, 0) - a.get(part_key, 0)
        if pooled_total >= 50:
            xs.append(b["step"])
            ys.append(100 * pooled_part / pooled_total)
            pooled_total, pooled_part = 0, 0
    ax.plot(xs, ys, label=label)


def main(run_dir):
    with open(os.path.join(run_dir, "metrics.jsonl")) as f:
        records = [json.loads(line) for line in f if line.strip()]
    if not records:
        sys.exit(f"{run_dir}/metrics.jsonl has no records yet")
    out = os.path.join(run_dir, "plots")
    os.makedirs(out, exist_ok=True)
    steps = [r["step"] for r in records]

    fig, ax = plt.subplots(figsize=(8, 4.5))
    for key in ("loss", "policy_loss", "value_loss"):
        ax.plot(steps, [r[key] for r in records], label=key.replace("_", " "))
    ax.set_xlabel("learner step")
    ax.set_ylabel("loss")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.savefig(os.path.join(out, "loss.png"), dpi=120, bbox_inches="tight")

    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(steps, [r["samples_per_second"] for r in records], label="samples/s")
    ax.plot(steps, [r["game_length"] for r in records], label="mean game length (decisions)")
    ax.set_xlabel("learner step")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.savefig(os.path.join(out, "throughput.png"), dpi=120, bbox_inches="tight")

    # Where the wall time went: search tree work, network inference, learning, the rest
    # (evaluation games, checkpoints, writing samples).
    fig, ax = plt.subplots(figsize=(8, 4.5))
    minutes = [r["elapsed_seconds"] / 60 for r in records]
    tree = [r.get("search_tree_seconds", 0) / 60 for r in records]
    network = [r.get("search_network_seconds", 0) / 60 for r in records]
    learn = [r.get("learn_seconds", 0) / 60 for r in records]
    other = [max(0.0, m - t - n - l) for m, t, n, l in zip(minutes, tree, network, learn)]
    ax.stackplot(minutes, network, tree, learn, other,
                 labels=["network inference", "search tree", "learning", "evaluation and other"])
    ax.set_xlabel("wall time (minutes)")
    ax.set_ylabel("cumulative minutes")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    fig.savefig(os.path.join(out, "time_split.png"), dpi=120, bbox_inches="tight")

    # How self-play games end: the share of draws (120 quiet turns, or the decision limit), and
    # in mixed-seat games the share a network seat won alone.
    fig, ax = plt.subplots(figsize=(8, 4.5))
    plot_pooled_share(ax, records, "games", "draws", "draws among self-play games (%)")
    if records[-1].get("mixed_games", 0) > 0:
        plot_pooled_share(ax, records, "mixed_games", "mixed_network_wins",
                          "network wins among mixed-seat games (%)")
    ax.set_xlabel("learner step")
    ax.set_ylim(0, 100)
    ax.legend()
    ax.grid(alpha=0.3)
    fig.savefig(os.path.join(out, "outcomes.png"), dpi=120, bbox_inches="tight")

    evaluated = [r for r in records if "evaluation" in r]
    if evaluated:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for opponent in evaluated[-1]["evaluation"]:
            points = [(r["step"], r["evaluation"][opponent]) for r in evaluated if opponent in r["evaluation"]]
            xs = [s for s, _ in points]
            ys = [100 * e["win_rate"] for _, e in points]
            lo = [100 * e["win_rate_low"] for _, e in points]
            hi = [100 * e["win_rate_high"] for _, e in points]
            ax.plot(xs, ys, marker="o", label=f"vs {opponent}")
            ax.fill_between(xs, lo, hi, alpha=0.15)
        ax.set_xlabel("learner step")
        ax.set_ylabel("win rate (%), 95% interval")
        ax.set_ylim(0, 100)
        ax.legend()
        ax.grid(alpha=0.3)
        fig.savefig(os.path.join(out, "evaluation.png"), dpi=120, bbox_inches="tight")
    measured = [r for r in records if "heldout_loss" in r]
    if measured:  # the learned evaluation against its held-out set (evaluation.heldout)
        fig, ax = plt.subplots(figsize=(8, 4.5))
        xs = [r["step"] for r in measured]
        ax.plot(xs, [r["heldout_loss"] for r in measured], marker="o", label="learned evaluation")
        ax.plot(xs, [r["heldout_hand_written_loss"] for r in measured], linestyle="--", label="hand-written evaluation")
        ax.set_xlabel("learner step")
        ax.set_ylabel(f"loss against the deep searches of {measured[-1]['heldout_positions']} positions")
        ax.legend()
        ax.grid(alpha=0.3)
        fig.savefig(os.path.join(out, "heldout.png"), dpi=120, bbox_inches="tight")
    print(f"plots written to {out}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
