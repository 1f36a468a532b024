"""The agent-environment cycle in PettingZoo's shape: agents act in the game's order, the game
pays at its end, done agents are stepped out with None."""
import numpy as np
import pytest

import djambi_zero as dz


def test_a_game_through_the_cycle(rng):
    env = dz.AECEnv("djambi")
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert env.agent_selection == "player_0"
    decisions = 0
    while env.agents:
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        assert reward == 0
        legal = np.flatnonzero(observation["action_mask"])
        assert list(legal) == env.state().legal_actions()
        np.testing.assert_array_equal(observation["observation"], env.state().observation_tensor())
        env.step(int(rng.choice(list(legal))))
        decisions += 1
    assert decisions > 10
    assert sorted(env.rewards.values()) == sorted(env.state().returns())


def test_truncation_and_misuse():
    env = dz.AECEnv(dz.load_game("tictactoe"), max_decisions=3)
    for _ in range(3):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    assert all(env.truncations.values())
    with pytest.raises(ValueError, match="None"):
        env.step(0)
    env.reset()
    with pytest.raises(ValueError, match="must act"):
        env.step(None)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(-1)
    env.step(0)
    with pytest.raises(ValueError, match="illegal action 0"):
        env.step(0)
