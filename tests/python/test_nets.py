"""A bundle's network as a torch.nn.Module computes what the C++ network computes, and a module
written back from Python is a bundle (or a checkpoint) that the C++ players load and play."""
import json
import os
import subprocess

import numpy as np
import pytest
import torch

import djambi_zero as dz
from djambi_zero import nets


def observations(game, count, seed=1):
    """Observations of positions along a game of random play."""
    env = dz.VectorEnv(game, count, seed=seed)
    env.play_random(60)
    return np.array(env.observations)


@pytest.fixture
def shipped(source_dir):
    return os.path.join(source_dir, "players", "djambi.djp")


def test_the_shipped_bundle_forward_equals_cpp(game, shipped):
    module = nets.load_network(shipped, game=game)
    assert not module.training
    obs = observations(game, 32)
    logits, values = dz.Network(shipped).forward(obs)
    with torch.no_grad():
        py_logits, py_values = module(torch.from_numpy(obs))
    assert np.abs(py_logits.numpy() - logits).max() < 1e-5
    assert np.abs(py_values.numpy() - values).max() < 1e-5
    assert values.shape == (32, 4) and logits.shape == (32, game.num_distinct_actions())


def test_a_bundle_for_another_game_is_refused(shipped):
    with pytest.raises(ValueError, match="two_players"):
        nets.load_network(shipped, game=dz.load_game("djambi(variants=two_players)"))
    with pytest.raises(ValueError, match="two_players"):
        dz.Player(f"az:{shipped}", dz.load_game("djambi(variants=two_players)"))


def test_a_python_module_written_back_plays_in_the_arena(game, tmp_path, djambi_binary):
    torch.manual_seed(0)
    module = nets.new_network(game, "small")
    with torch.no_grad():  # non-trivial batch-norm statistics, so that they must travel too
        for name, buffer in module.named_buffers():
            if name.endswith("running_mean"):
                buffer.uniform_(-0.1, 0.1)
    module.eval()
    path = str(tmp_path / "python.djp")
    nets.save_network(module, path, simulations=8, step=7)
    loaded = dz.Network(path)
    assert loaded.is_bundle and loaded.step == 7 and loaded.simulations == 8
    obs = observations(game, 8)
    with torch.no_grad():
        py_logits, py_values = module(torch.from_numpy(obs))
    logits, values = loaded.forward(obs)
    assert np.abs(py_logits.numpy() - logits).max() < 1e-5
    assert np.abs(py_values.numpy() - values).max() < 1e-5
    out = tmp_path / "arena"
    done = subprocess.run([djambi_binary, "arena", "--players", f"az:{path},sims=4", "--players", "random,random,random",
                           "--games", "2", "--parallel", "1", "--max-turns", "12", "--out", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 2


def test_a_checkpoint_written_from_python_loads_in_cpp(game, tmp_path, djambi_binary):
    torch.manual_seed(1)
    module = nets.new_network(game, "small").eval()
    path = str(tmp_path / "step-5.pt")
    nets.save_checkpoint(module, path, step=5)
    again = nets.load_network(path, game=game)
    assert again.step == 5 and not dz.Network(path).is_bundle
    for a, b in zip(module.state_dict().values(), again.state_dict().values()):
        assert torch.equal(a, b)
    bundle = str(tmp_path / "exported.djp")
    done = subprocess.run([djambi_binary, "export", path, "--out", bundle, "--sims", "4"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert dz.Network(bundle).is_bundle


def test_bad_networks_raise(game, tmp_path):
    module = nets.new_network(game, "small")
    tensors = {k: v.numpy() for k, v in module.state_dict().items()}
    with pytest.raises(ValueError, match="elements"):
        dz.save_bundle(str(tmp_path / "a.djp"), module.config, {k: v for k, v in list(tensors.items())[1:]})
    config = dict(module.config, channels=64)
    with pytest.raises(ValueError, match="elements"):
        dz.save_bundle(str(tmp_path / "b.djp"), config, tensors)
    with pytest.raises(ValueError, match="not those of djambi"):
        dz.save_bundle(str(tmp_path / "c.djp"), dict(module.config, num_actions=10), tensors)
    with pytest.raises(ValueError, match="nothing"):
        dz.save_bundle(str(tmp_path / "d.djp"), dict(module.config, nothing=1), tensors)
    assert not (tmp_path / "a.djp").exists()
    garbage = tmp_path / "garbage.djp"
    garbage.write_bytes(b"not a bundle" * 100)
    with pytest.raises(RuntimeError, match="garbage.djp"):
        dz.Network(str(garbage))
    with pytest.raises(ValueError, match="shape"):
        dz.Network(os.path.join(os.environ.get("DJAMBI_SOURCE_DIR", "."), "players", "djambi.djp")).forward(
            np.zeros((2, 3, 9, 9), dtype=np.float32))


def test_a_network_with_the_auxiliary_head_round_trips(game, tmp_path):
    """A network trained with net.aux_head keeps its head through a bundle; other sizes are refused."""
    plain = nets.new_network(game, "small")
    config = dict(plain.config, aux_outputs=2 * plain.config["num_players"])
    module = nets.PolicyValueNet(config)
    nets.save_network(module, str(tmp_path / "aux.djp"))
    loaded = nets.load_network(str(tmp_path / "aux.djp"), game=game)
    assert loaded.config["aux_outputs"] == 8
    assert torch.equal(loaded.aux_fc.weight, module.aux_fc.weight)
    assert plain.config["aux_outputs"] == 0 and not hasattr(plain, "aux_fc")
    tensors = {k: v.numpy() for k, v in module.state_dict().items()}
    with pytest.raises(ValueError, match="aux_outputs"):
        dz.save_bundle(str(tmp_path / "odd.djp"), dict(config, aux_outputs=3), tensors)
