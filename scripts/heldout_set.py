#!/usr/bin/python3
"""A held-out set of the learned evaluation (docs/LEARNED_EVAL.md, "A held-out set"): positions
from games of the alpha-beta player, each labelled with the share of its player to act that a
search of --nodes nodes finds, which is also the search that plays the move (so every position
costs one search). Deterministic from --seed: node budgets, not time, and seeded random openings.

    PYTHONPATH=build/python scripts/heldout_set.py --seed 1 --positions 20000 \\
        --out runs/heldout-1.txt

Searches of 200,000 nodes take about 0.2 s each, as ab's at 0.2 s a decision: 20,000 positions
take about half an hour with both cores (--workers 2). The file is written whole at the end,
atomically (a temporary file renamed), and train/arena/heldout_set.h reads it.
"""
import argparse
import multiprocessing
import os
import random
import sys

import djambi_zero as dz

FIRST_LINE = "# djambi-zero held-out set"


def play_game(job):
    """The labelled positions of game `index`: (position, share) for every searched turn."""
    game_description, index, seed, nodes, random_turns, max_turns = job
    game = dz.load_game(game_description)
    rng = random.Random(seed * 1000003 + index)
    spec = f"ab,nodes={nodes}"
    players = [dz.Player(spec, game, seed=seed * 31 + index * 7 + s) for s in range(game.num_players())]
    state = game.new_initial_state()
    out = []
    for turn in range(max_turns):
        if state.is_terminal():
            break
        if turn < random_turns:
            text, actions = rng.choice(state.legal_turns())
        else:
            analysis = players[state.current_player()].analyze(state)
            actions = state.parse_turn(analysis["bestmove"])
            score = analysis.get("root", {}).get("score")
            if score is not None:  # none for a forced move, played unsearched
                out.append((state.position(), score))
        for action in actions:
            state.apply_action(action)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="the set's file (it must not exist)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=20000)
    parser.add_argument("--nodes", type=int, default=200000, help="nodes of each labelling search")
    parser.add_argument("--game", default="djambi", help="a game description, e.g. 'djambi(variants=two_players)'")
    parser.add_argument("--random-turns", type=int, default=8, help="random turns opening each game")
    parser.add_argument("--max-turns", type=int, default=400)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.positions < 1 or args.nodes < 1 or args.workers < 1:
        sys.exit("error: --positions, --nodes and --workers must be at least 1")
    if os.path.exists(args.out):
        sys.exit(f"error: '{args.out}' exists; the set is written to a new file")
    game = dz.load_game(args.game)
    description = game.description()
    variants = description.split("variants=", 1)[1].split(",")[0].rstrip(")").replace("+", ",") \
        if "variants=" in description else "none"
    positions = []
    index = 0
    with multiprocessing.Pool(args.workers) as pool:
        while len(positions) < args.positions:
            jobs = [(description, index + k, args.seed, args.nodes, args.random_turns, args.max_turns)
                    for k in range(args.workers)]
            index += args.workers
            for labelled in pool.map(play_game, jobs):  # in game order: the same set on any machine
                positions.extend(labelled)
            print(f"heldout_set: {min(len(positions), args.positions)}/{args.positions} positions, {index} games",
                  file=sys.stderr, flush=True)
    positions = positions[: args.positions]
    temporary = args.out + ".tmp"
    with open(temporary, "w") as f:
        f.write(f"{FIRST_LINE}\ngame {game.name()}\nvariants {variants}\nlabels ab,nodes={args.nodes}\n")
        f.write(f"positions {len(positions)}\n")
        for position, share in positions:
            f.write(f"{position}\t{share}\n")
        f.write("end\n")
    os.replace(temporary, args.out)
    print(f"heldout_set: {len(positions)} positions from {index} games in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
