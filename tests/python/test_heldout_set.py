"""scripts/heldout_set.py writes the learned evaluation's held-out set that train/arena/heldout_set.h
reads (tests/train/heldout_set_test.cpp): the same set from a seed whatever the workers, each
position a running game with its searched share, and no file overwritten."""
import os
import subprocess
import sys

import djambi_zero as dz

SCRIPT = os.path.join(os.environ.get("DJAMBI_SOURCE_DIR", "."), "scripts", "heldout_set.py")


def make_set(path, workers, *extra):
    return subprocess.run([sys.executable, SCRIPT, "--seed", "5", "--positions", "10", "--nodes", "300",
                           "--workers", str(workers), "--out", str(path), *extra],
                          capture_output=True, text=True, timeout=300)


def test_a_seed_gives_one_set_whatever_the_workers(tmp_path):
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    assert make_set(one, 1).returncode == 0
    assert make_set(two, 2).returncode == 0
    text = one.read_text()
    assert text == two.read_text()
    lines = text.splitlines()
    assert lines[:5] == ["# djambi-zero held-out set", "game djambi", "variants none", "labels ab,nodes=300",
                         "positions 10"]
    assert lines[-1] == "end" and len(lines) == 16
    game = dz.load_game("djambi")
    for line in lines[5:-1]:
        position, share = line.split("\t")
        assert 0 <= float(share) <= 1
        state = game.state_from_text(position)
        assert state.position() == position and not state.is_terminal()


def test_the_variants_are_the_games_and_no_file_is_overwritten(tmp_path):
    path = tmp_path / "two.txt"
    assert make_set(path, 1, "--game", "djambi(variants=two_players)").returncode == 0
    assert path.read_text().splitlines()[2] == "variants two_players"
    done = make_set(path, 1)
    assert done.returncode != 0 and "exists" in done.stderr
