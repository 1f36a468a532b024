"""djambi-zero from Python: the rules engine, a vectorised environment, the players and the
networks of the C++ framework (docs/PYTHON.md).

    import djambi_zero as dz
    game = dz.load_game("djambi")
    state = game.new_initial_state()
    for action in dz.Player("greedy", game).choose(state):
        state.apply_action(action)

djambi_zero.nets (which imports torch) turns bundles into torch.nn.Modules and back.
"""
from djambi_zero._core import (  # noqa: F401  (the package's API)
    TERMINAL,
    Game,
    Player,
    Record,
    State,
    VectorEnv,
    arena,
    load_game,
    play_game,
    read_records,
    records_from_text,
    records_to_text,
    registered_names,
    replay_record,
    write_records,
)
from djambi_zero.aec import AECEnv  # noqa: F401

# The networks' names come from _network, which links LibTorch: it is imported at the first use
# of one of them, so that importing djambi_zero loads no LibTorch (docs/PYTHON.md).
_NETWORK_NAMES = ("Network", "network_config", "save_bundle")


def __getattr__(name):
    if name in _NETWORK_NAMES:
        from djambi_zero import _network

        return getattr(_network, name)
    raise AttributeError(f"module 'djambi_zero' has no attribute '{name}'")


def __dir__():
    return sorted(list(globals()) + list(_NETWORK_NAMES))
