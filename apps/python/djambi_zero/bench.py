"""The vectorised environment stepped from Python against the same random play in C++ alone
(djambi bench env's loop), interleaved in rounds in one process, so that both sides see the
same machine:

    PYTHONPATH=build/python python3 -m djambi_zero.bench [--games 256] [--rounds 5] [--seconds 2]

Python's side draws each game's random legal action in numpy from the environment's masks and
steps; C++'s encodes, draws and steps. Both count game steps a second over the whole loop.
"""
import argparse
import json
import time

import numpy as np

import djambi_zero as dz
from djambi_zero import _core


def random_legal(masks, rng):
    """One uniformly drawn legal action per row of masks [N, A] (bool): the legal actions of all
    rows as flat indices in one pass, each row's share of them found by binary search."""
    n, a = masks.shape
    flat = np.flatnonzero(masks)
    starts = np.searchsorted(flat, np.arange(n + 1) * a)
    counts = np.diff(starts)
    pick = starts[:-1] + (rng.random(n) * counts).astype(np.int64)
    return flat[pick] - np.arange(n) * a


def python_steps_per_second(env, rng, seconds):
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step(random_legal(env.legal_masks, rng))
        steps += 1
    return steps * env.num_envs / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="djambi")
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    game = dz.load_game(args.game)
    env = dz.VectorEnv(game, args.games, seed=7)
    env.play_random(150)  # to the middle game, as djambi bench env
    rng = np.random.default_rng(7)
    python, cpp, cpp_steps = [], [], []
    for _ in range(args.rounds):
        measured = _core.bench_random_play(game, args.games, args.seconds)
        cpp.append(measured["loop_steps_per_second"])
        cpp_steps.append(measured["step_steps_per_second"])
        python.append(python_steps_per_second(env, rng, args.seconds))
    result = {"games": args.games, "rounds": args.rounds,
              "python_steps_per_second": float(np.median(python)),
              "cpp_random_play_steps_per_second": float(np.median(cpp)),
              "cpp_step_only_steps_per_second": float(np.median(cpp_steps))}
    result["python_to_cpp"] = result["python_steps_per_second"] / result["cpp_random_play_steps_per_second"]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
