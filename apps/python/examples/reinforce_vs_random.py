"""REINFORCE against three random players, on the vectorised environment.

Seat 0 is a small policy network (PyTorch) over the observation, its logits masked to the legal
actions; the other three seats play uniformly random legal actions, drawn in C++. Every finished
game gives seat 0's decisions with the game's return (1 for a win, else -1/3 with the default
reward) minus the batch's mean return; the policy takes a gradient step every --batch games,
with an entropy bonus that keeps it from settling early on a few moves. Every --eval-every
updates it plays --eval-games games (its actions drawn from the policy, as in training) and
prints its win rate; chance is 25 %.

    PYTHONPATH=build/python python3 apps/python/examples/reinforce_vs_random.py --minutes 10

docs/PYTHON.md reports what it reached on the reference machine.
"""
import argparse
import json
import time

import numpy as np
import torch
from torch import nn

import djambi_zero as dz

LEARNER = 0


class Policy(nn.Module):
    def __init__(self, observation_size, num_actions, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(observation_size, hidden), nn.ReLU(),
                                  nn.Linear(hidden, num_actions))

    def forward(self, observations, masks):
        logits = self.body(observations)
        return logits.masked_fill(~masks, float("-inf"))


def choose(policy, env, rows, generator):
    """Seat 0's actions in the games `rows`, drawn from the policy."""
    with torch.no_grad():
        logits = policy(torch.from_numpy(env.observations[rows]), torch.from_numpy(env.legal_masks[rows]))
    return torch.multinomial(torch.softmax(logits, 1), 1, generator=generator).squeeze(1).numpy()


def run_games(policy, env, games, generator, on_finished=None, max_steps=400_000):
    """Plays until `games` games have finished; calls on_finished(decisions, seat-0 return) for
    each, decisions being seat 0's (observation, mask, action) triples. Returns the returns."""
    n = env.num_envs
    trail = [[] for _ in range(n)]
    results = []
    env.reset()
    for _ in range(max_steps):
        actions = env.sample_actions()
        rows = np.flatnonzero(env.current_players == LEARNER)
        if rows.size:
            mine = choose(policy, env, rows, generator)
            actions[rows] = mine
            if on_finished:
                for row, action in zip(rows, mine):
                    trail[row].append((env.observations[row].copy(), env.legal_masks[row].copy(), int(action)))
        env.step(actions)
        for row in np.flatnonzero(env.dones):
            value = float(env.rewards[row, LEARNER])
            results.append(value)
            if on_finished:
                on_finished(trail[row], value)
            trail[row] = []
            if len(results) >= games:
                return results
    return results


def main():
    parser = argparse.ArgumentParser(description="REINFORCE against three random players")
    parser.add_argument("--game", default="djambi")
    parser.add_argument("--envs", type=int, default=32, help="games played at once")
    parser.add_argument("--batch", type=int, default=32, help="finished games per update")
    parser.add_argument("--minutes", type=float, default=10.0, help="training time")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.01, help="weight of the entropy bonus")
    parser.add_argument("--eval-every", type=int, default=10, help="updates between evaluations")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    game = dz.load_game(args.game)
    c, h, w = game.observation_tensor_shape()
    policy = Policy(c * h * w, game.num_distinct_actions(), args.hidden)
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.lr)
    env = dz.VectorEnv(game, args.envs, seed=args.seed)
    eval_env = dz.VectorEnv(game, args.envs, seed=args.seed + 1)

    def evaluate():
        returns = run_games(policy, eval_env, args.eval_games, generator)
        return sum(r > 0 for r in returns) / len(returns)

    start = time.time()
    history = [{"update": 0, "minutes": 0.0, "win_rate": evaluate()}]
    print(json.dumps(history[-1]), flush=True)
    update = 0
    while time.time() - start < 60 * args.minutes:
        games = []
        run_games(policy, env, args.batch, generator, on_finished=lambda d, v: games.append((d, v)))
        observations = torch.from_numpy(np.stack([o for d, _ in games for o, _, _ in d]))
        masks = torch.from_numpy(np.stack([m for d, _ in games for _, m, _ in d]))
        actions = torch.tensor([a for d, _ in games for _, _, a in d])
        baseline = float(np.mean([v for _, v in games]))
        advantages = torch.tensor([v - baseline for d, v in games for _ in d], dtype=torch.float32)
        all_log_probs = torch.log_softmax(policy(observations, masks), 1)
        log_probs = all_log_probs.gather(1, actions[:, None]).squeeze(1)
        probs = all_log_probs.exp()
        entropy = -(probs * all_log_probs.masked_fill(~masks, 0.0)).sum(1)
        loss = -(advantages * log_probs).sum() / len(games) - args.entropy * entropy.mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        update += 1
        if update % args.eval_every == 0:
            history.append({"update": update, "minutes": round((time.time() - start) / 60, 2),
                            "win_rate": evaluate()})
            print(json.dumps(history[-1]), flush=True)
    history.append({"update": update, "minutes": round((time.time() - start) / 60, 2), "win_rate": evaluate(),
                    "final": True})
    print(json.dumps(history[-1]), flush=True)


if __name__ == "__main__":
    main()
