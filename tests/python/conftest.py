import os
import random

import pytest

import djambi_zero as dz

# Every variant set the tests play: none, each variant alone, and all but two_players together.
VARIANTS = ["none", "reporter_kills_all", "no_own_kills", "militant_spares_chiefs", "power_skip_repeat",
            "surround_throne_access", "surround_inherit_first_holder", "two_players",
            "reporter_kills_all+no_own_kills+militant_spares_chiefs+power_skip_repeat+surround_throne_access"]


def game_string(variants):
    return "djambi" if variants == "none" else f"djambi(variants={variants})"


def play_random(state, rng, max_decisions=3000):
    """Plays uniformly random legal actions to the end (or max_decisions); the states' path."""
    seen = 0
    while not state.is_terminal() and seen < max_decisions:
        state.apply_action(rng.choice(state.legal_actions()))
        seen += 1
    return state


@pytest.fixture
def djambi_binary():
    path = os.environ.get("DJAMBI_BINARY")
    if not path:
        pytest.skip("DJAMBI_BINARY is not set (ctest sets it)")
    return path


@pytest.fixture
def source_dir():
    return os.environ.get("DJAMBI_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


@pytest.fixture
def rng():
    return random.Random(20261205)


@pytest.fixture
def game():
    return dz.load_game("djambi")
