"""djambi_zero imports, and plays without a network, with no LibTorch in the process; an az
player or a network name loads it (each test runs in a fresh interpreter: pytest's may have
loaded LibTorch already)."""
import os
import subprocess
import sys

import pytest

SHIPPED = os.path.join(os.environ.get("DJAMBI_SOURCE_DIR", "."), "players", "djambi.djp")

PRELUDE = """
import sys
def libtorch_loaded():
    with open("/proc/self/maps") as maps:
        return any("libtorch" in line or "libc10" in line for line in maps)
import djambi_zero as dz
game = dz.load_game("djambi")
state = game.new_initial_state()
"""


def run(body):
    done = subprocess.run([sys.executable, "-c", PRELUDE + body], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_import_and_play_without_libtorch():
    assert run("""
assert "torch" not in sys.modules
for spec in ["random", "greedy", "ab,nodes=500"]:
    dz.Player(spec, game, seed=1).choose(state)
print(libtorch_loaded())
""") == ["False"]


@pytest.mark.skipif(not os.path.isfile(SHIPPED), reason="no shipped network")
def test_an_az_player_loads_libtorch():
    assert run(f"""
print(libtorch_loaded())
dz.Player("az:{SHIPPED},sims=2", game).choose(state)
print(libtorch_loaded())
""") == ["False", "True"]


def test_a_network_name_loads_it():
    assert run("""
print(libtorch_loaded())
config = dz.network_config(game, "small")
print(libtorch_loaded(), config["game"], "Network" in dir(dz))
""") == ["False", "True", "djambi", "True"]


def test_an_unknown_name_is_still_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        import djambi_zero as dz

        dz.nothing  # noqa: B018
