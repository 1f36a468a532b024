"""Players from specs choose whole turns, the arena returns its summary, records round-trip."""
import numpy as np
import pytest

import djambi_zero as dz


def test_players_choose_legal_turns(game):
    state = game.new_initial_state()
    for spec in ["random", "greedy", "ab,nodes=500", "mcts:sims=16"]:
        player = dz.Player(spec, game, seed=2)
        turn = player.choose(state)
        assert turn
        legal_turns = [actions for _, actions in state.legal_turns()]
        assert turn in legal_turns
    played = state.clone()
    for action in dz.Player("greedy", game).choose(played):
        played.apply_action(action)
    assert played.is_turn_start() and played.current_player() == 1


def test_a_searching_player_analyses_and_a_random_one_does_not(game):
    state = game.new_initial_state()
    analysis = dz.Player("ab,nodes=2000", game).analyze(state, multipv=3)
    assert analysis["bestmove"] in dict(state.legal_turns())
    assert 1 <= len(analysis["lines"]) <= 3
    assert dz.Player("random", game).analyze(state) is None


def test_arena_summary_and_records(game):
    summary = dz.arena(game, ["greedy", "random", "random", "random"], games=4, parallel=2, records=True)
    assert summary["games"] == 4
    assert [e["spec"] for e in summary["entrants"]] == ["greedy", "random"]
    greedy = summary["entrants"][0]
    assert greedy["seats"] == 4 and 0 <= greedy["wins"] <= 4
    low, high = greedy["win_rate_interval"]
    assert low <= greedy["win_rate"] <= high
    records = summary["records"]
    assert len(records) == 4
    text = dz.records_to_text(records)
    again = dz.records_from_text(text)
    assert [r.moves for r in again] == [r.moves for r in records]
    for record in again:
        if record.result:
            assert dz.replay_record(record).result() == record.result


def test_bad_specs_and_states_raise(game):
    with pytest.raises(ValueError, match="nonsense"):
        dz.Player("nonsense", game)
    with pytest.raises(ValueError):
        dz.Player("mcts:sims=-3", game)
    with pytest.raises((ValueError, RuntimeError), match="nowhere.djp"):
        dz.Player("az:/nowhere.djp", game)
    other = dz.load_game("tictactoe")
    with pytest.raises(ValueError, match="tictactoe"):
        dz.Player("random", game).choose(other.new_initial_state())
    with pytest.raises(ValueError, match="seats"):
        dz.play_game(game, ["random"] * 3)
    with pytest.raises(ValueError):
        dz.arena(game, ["random"] * 4, games=0)
