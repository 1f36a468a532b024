"""The policy/value network of nets/resnet.h as a torch.nn.Module, loaded from a player bundle
or a training checkpoint and written back as a bundle that the C++ players load.

Same layers, names and order as the C++ network, so that state_dict keys are the C++ tensor
names ("stem.weight", "tower.0.conv1.weight", ...) and, on the same LibTorch, the forward pass
gives the same numbers.
"""
import numpy as np
import torch
from torch import nn

from djambi_zero import _network


def _conv(cin, cout, kernel):
    return nn.Conv2d(cin, cout, kernel, padding=kernel // 2, bias=False)


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = _conv(channels, channels, 3)
        self.conv2 = _conv(channels, channels, 3)
        self.bn1 = nn.BatchNorm2d(channels)
        self.bn2 = nn.BatchNorm2d(channels)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return torch.relu(y + x)


class PolicyValueNet(nn.Module):
    """forward(observations [N, C, H, W]) -> (policy logits [N, A], illegal actions not masked;
    values [N, P] in (-1, 1), output j for the j-th seat after the player to act)."""

    def __init__(self, config):
        super().__init__()
        self.config = dict(config)
        c = self.config
        squares = c["board_height"] * c["board_width"]
        self.stem = _conv(c["input_channels"], c["channels"], 3)
        self.stem_bn = nn.BatchNorm2d(c["channels"])
        self.tower = nn.Sequential(*[ResidualBlock(c["channels"]) for _ in range(c["blocks"])])
        self.policy_conv = _conv(c["channels"], c["policy_channels"], 1)
        self.policy_bn = nn.BatchNorm2d(c["policy_channels"])
        self.policy_fc = nn.Linear(c["policy_channels"] * squares, c["num_actions"])
        self.value_conv = _conv(c["channels"], c["value_channels"], 1)
        self.value_bn = nn.BatchNorm2d(c["value_channels"])
        self.value_fc1 = nn.Linear(c["value_channels"] * squares, c["value_hidden"])
        self.value_fc2 = nn.Linear(c["value_hidden"], c["num_players"])
        # The auxiliary head of networks trained with it (each seat's material later and at the
        # end); forward leaves it out, so that every network answers alike.
        if c.get("aux_outputs", 0):
            self.aux_fc = nn.Linear(c["value_hidden"], c["aux_outputs"])

    def forward(self, observations):
        x = torch.relu(self.stem_bn(self.stem(observations)))
        x = self.tower(x)
        p = torch.relu(self.policy_bn(self.policy_conv(x))).flatten(1)
        v = torch.relu(self.value_bn(self.value_conv(x))).flatten(1)
        v = torch.relu(self.value_fc1(v))
        return self.policy_fc(p), torch.tanh(self.value_fc2(v))


def new_network(game, preset="small"):
    """A freshly initialised network for a Game (preset small, default or large)."""
    return PolicyValueNet(_network.network_config(game, preset))


def load_network(path, game=None):
    """The network of a player bundle (.djp) or a training checkpoint, in evaluation mode, with
    .config, .step and .source set. With game, ValueError unless it plays that game."""
    loaded = _network.Network(path)
    if game is not None:
        loaded.check_plays(game)
    module = PolicyValueNet(loaded.config)
    state = {name: torch.from_numpy(array) for name, array in loaded.tensors().items()}
    module.load_state_dict(state, strict=True)
    module.step, module.source = loaded.step, loaded.source
    return module.eval()


def _tensors(module):
    return {name: np.ascontiguousarray(t.detach().cpu().numpy()) for name, t in module.state_dict().items()}


def save_network(module, path, simulations=200, step=0, source="python"):
    """Writes module (a PolicyValueNet) as a player bundle at path, atomically: `djambi arena`
    and every player spec play it as az:PATH (simulations: its default playouts a decision)."""
    _network.save_bundle(path, module.config, _tensors(module), simulations=simulations, step=step, source=source)


def save_checkpoint(module, path, step=0):
    """Writes module as a training checkpoint (weights only), as `djambi train` writes them:
    `djambi export` makes a bundle of it, and az:PATH plays it with default search settings."""
    _network.save_checkpoint(path, module.config, _tensors(module), step=step)
