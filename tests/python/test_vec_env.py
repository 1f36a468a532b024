"""The vectorised environment: its arrays are the single states' own observations, masks,
players, rewards and done flags; they are views of the environment's buffers (no copy per step)."""
import numpy as np
import pytest

import djambi_zero as dz
from djambi_zero.bench import random_legal


def address(array):
    return array.__array_interface__["data"][0]


@pytest.mark.parametrize("variants", ["none", "two_players"])
def test_arrays_equal_single_states(variants):
    game = dz.load_game("djambi" if variants == "none" else f"djambi(variants={variants})")
    env = dz.VectorEnv(game, 12, seed=3)
    states = [game.new_initial_state() for _ in range(env.num_envs)]
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(700):
        for i, state in enumerate(states):
            assert env.current_players[i] == state.current_player()
            np.testing.assert_array_equal(env.observations[i], state.observation_tensor())
            np.testing.assert_array_equal(env.legal_masks[i], state.legal_actions_mask().astype(bool))
        actions = random_legal(env.legal_masks, rng) if rng.random() < 0.5 else env.sample_actions()
        env.step(actions)
        for i, state in enumerate(states):
            state.apply_action(int(actions[i]))
            if state.is_terminal():
                assert env.dones[i]
                np.testing.assert_array_equal(env.rewards[i], state.returns())
                states[i] = game.new_initial_state()
                finished += 1
            else:
                assert not env.dones[i]
                assert not env.rewards[i].any()
        assert len(env.finished()) == int(env.dones.sum())
    assert finished > 0


def test_no_copy_per_step():
    """The arrays are read-only views whose buffers stay where they are, step after step."""
    env = dz.VectorEnv(dz.load_game("djambi"), 64, seed=1)
    arrays = [env.observations, env.legal_masks, env.current_players, env.rewards, env.dones]
    before = [address(a) for a in arrays]
    for _ in range(50):
        env.step(env.sample_actions())
    after = [env.observations, env.legal_masks, env.current_players, env.rewards, env.dones]
    assert [address(a) for a in after] == before
    for a in after:
        assert not a.flags.writeable
        assert not a.flags.owndata  # a view of the environment's own buffer
    with pytest.raises(ValueError):
        env.observations[0, 0, 0, 0] = 1.0


def test_seed_and_reset():
    game = dz.load_game("djambi")
    a, b = dz.VectorEnv(game, 8, seed=5), dz.VectorEnv(game, 8, seed=5)
    for _ in range(30):
        actions = a.sample_actions()
        np.testing.assert_array_equal(actions, b.sample_actions())
        a.step(actions)
        b.step(actions)
    a.reset(seed=9)
    start = game.new_initial_state().hash()
    assert all(a.state(i).hash() == start for i in range(a.num_envs))
    np.testing.assert_array_equal(a.observations[0], game.new_initial_state().observation_tensor())


def test_bad_steps_raise():
    env = dz.VectorEnv(dz.load_game("djambi"), 4)
    with pytest.raises(ValueError, match="one action per game"):
        env.step(np.zeros(3, dtype=np.int64))
    illegal = env.sample_actions()
    illegal[2] = 2560  # from e5, empty at the start
    with pytest.raises(ValueError, match="game 2: illegal action 2560"):
        env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(np.full(4, 99999))
    with pytest.raises(IndexError):
        env.state(4)
    with pytest.raises(ValueError, match="num_envs"):
        dz.VectorEnv(dz.load_game("djambi"), 0)
