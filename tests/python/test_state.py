"""The Python state is the C++ engine's: games played by either side replay on the other with
the same moves and results, in every variant set; notation goes both ways."""
import random
import subprocess

import numpy as np
import pytest

import djambi_zero as dz
from conftest import VARIANTS, game_string


def test_game_strings_and_sizes():
    game = dz.load_game("djambi(variants=two_players)")
    assert game.name() == "djambi"
    assert game.description() == "djambi(variants=two_players)"
    assert game.num_players() == 2
    assert dz.load_game("djambi").num_players() == 4
    assert game.num_distinct_actions() == 5271
    assert game.observation_tensor_shape()[1:] == [9, 9]
    assert "tictactoe" in dz.registered_names()
    assert dz.load_game("tictactoe").num_players() == 2


@pytest.mark.parametrize("variants", VARIANTS)
def test_cpp_games_replay_in_python(variants):
    """Random games played in C++ (dz.play_game) replay move by move on the Python state: every
    recorded move is one of the state's legal turns, and the result is the record's."""
    game = dz.load_game(game_string(variants))
    for seed in range(3):
        record = dz.play_game(game, ["random"] * game.num_players(), seed=seed)
        state = game.new_initial_state()
        for move in record.moves:
            assert state.is_turn_start()
            turns = dict(state.legal_turns())
            assert move in turns
            assert state.parse_turn(move) == turns[move]
            before = state.clone()
            state.apply_turn(move)
            assert state.history()[len(before.history()):] == turns[move]
        assert state.is_terminal() == (record.result != "")
        if state.is_terminal():
            assert state.result() == record.result
            assert dz.replay_record(record).hash() == state.hash()


@pytest.mark.parametrize("variants", VARIANTS)
def test_python_games_replay_in_cpp(variants, tmp_path, djambi_binary):
    """Random games played from Python (one decision at a time) are written as records that
    `djambi replay --check` validates move by move, results included."""
    game = dz.load_game(game_string(variants))
    rng = random.Random(hash(variants) & 0xFFFF)
    records = []
    for _ in range(3):
        state = game.new_initial_state()
        start, moves = state.position(), []
        while not state.is_terminal():
            turn = rng.choice(state.legal_turns())
            for action in turn[1]:
                assert action in state.legal_actions()
                state.apply_action(action)
            moves.append(turn[0])
            assert state.is_turn_start()
            # The position notation goes both ways.
            if not state.is_terminal():
                assert game.state_from_text(state.position()).hash() == state.hash()
        returns, ranks = state.returns(), state.ranks()
        assert returns[ranks.index(min(ranks))] == max(returns)
        record = dz.Record(game="djambi", variants=variants.replace("+", ","), players=["python"] * game.num_players(),
                           start=start, moves=moves, result=state.result())
        assert record.moves == moves and record.comments == [""] * len(moves)
        records.append(record)
    path = tmp_path / "games.txt"
    dz.write_records(str(path), records)
    assert [r.moves for r in dz.read_records(str(path))] == [r.moves for r in records]
    done = subprocess.run([djambi_binary, "replay", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 games valid" in done.stdout, done.stdout


def test_legal_actions_mask_observation_and_clone(game, rng):
    state = game.new_initial_state()
    for _ in range(40):
        legal = state.legal_actions()
        mask = state.legal_actions_mask()
        assert list(np.flatnonzero(mask)) == legal
        obs = state.observation_tensor()
        assert obs.dtype == np.float32 and list(obs.shape) == game.observation_tensor_shape()
        copy = state.clone()
        state.apply_action(rng.choice(legal))
        assert copy.hash() != state.hash() or copy.history() != state.history()
        assert len(copy.history()) + 1 == len(state.history())


def test_tictactoe_plays_to_the_end(rng):
    game = dz.load_game("tictactoe")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == dz.TERMINAL
    assert sum(state.returns()) == 0


@pytest.mark.parametrize("call, message", [
    (lambda g: g.new_initial_state().apply_turn("z9-a1"), "z9"),
    (lambda g: g.new_initial_state().apply_turn("a1-a2"), "illegal"),
    (lambda g: g.new_initial_state().apply_action(5270 + 1), "outside the action space"),
    (lambda g: g.new_initial_state().apply_action(2560), "illegal action 2560"),  # e5 is empty
    (lambda g: g.state_from_text("not a position"), "invalid position"),
    (lambda g: dz.load_game("chess"), "chess"),
    (lambda g: dz.load_game("djambi(variants=nonsense)"), "nonsense"),
    (lambda g: dz.records_from_text("game djambi\nbogus line\n"), "unknown key 'bogus'"),
    (lambda g: dz.Record(moves=["c3-d4"], comments=[]), "one comment per move"),
])
def test_bad_input_raises_the_engines_message(game, call, message):
    with pytest.raises(ValueError, match=message):
        call(game)


def test_missing_records_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        dz.read_records(str(tmp_path / "none.txt"))


def test_a_finished_game_takes_no_action(game, rng):
    from conftest import play_random
    state = play_random(game.new_initial_state(), rng, max_decisions=100000)
    assert state.is_terminal()
    with pytest.raises(ValueError, match="over"):
        state.apply_action(0)
