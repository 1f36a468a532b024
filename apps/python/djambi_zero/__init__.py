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
    Network,
    Player,
    Record,
    State,
    VectorEnv,
    arena,
    load_game,
    network_config,
    play_game,
    read_records,
    records_from_text,
    records_to_text,
    registered_names,
    replay_record,
    save_bundle,
    write_records,
)
from djambi_zero.aec import AECEnv  # noqa: F401
