"""A game as an agent-environment cycle, in the shape of PettingZoo's AECEnv (agents,
agent_selection, observe, step, last, rewards, terminations, ...), without depending on
PettingZoo. One agent per seat, named "player_0", "player_1", ...; the game pays its returns
when it ends, and then every agent is terminated and is stepped out with None, as in PettingZoo.
"""
import numpy as np

from djambi_zero._core import load_game


class AECEnv:
    metadata = {"name": "djambi_zero", "is_parallelizable": False}

    def __init__(self, game="djambi", max_decisions=None):
        """game: a Game or its string for load_game. max_decisions: a game still running after
        that many decisions is truncated (its agents get truncations True and no reward)."""
        self.game = load_game(game) if isinstance(game, str) else game
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players())]
        self.max_decisions = max_decisions
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_shapes = {agent: shape for agent in self.possible_agents}
        self.num_actions = self.game.num_distinct_actions()
        self.reset()

    def reset(self, seed=None, options=None):
        """The game from its start (the rules draw nothing: seed is accepted for the API's sake)."""
        del seed, options
        self._state = self.game.new_initial_state()
        self._decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def state(self):
        """The underlying djambi_zero.State (a copy)."""
        return self._state.clone()

    def observe(self, agent):
        """{"observation": [C, H, W] float32, "action_mask": [A] int8} for the agent to act.
        Observations are written from the acting seat's point of view, so another agent, or any
        agent once the game is over, gets a zero observation and an empty mask."""
        if agent == self.agent_selection and not self._state.is_terminal():
            return {"observation": self._state.observation_tensor(),
                    "action_mask": self._state.legal_actions_mask().astype(np.int8)}
        return {"observation": np.zeros(self.observation_shapes[agent], dtype=np.float32),
                "action_mask": np.zeros(self.num_actions, dtype=np.int8)}

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action):
        """Applies the selected agent's action (an int from its action mask); once the game is
        over, None steps the selected agent out of `agents`."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: step it with None")
            self.agents.remove(agent)
            self._cumulative_rewards.pop(agent)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise ValueError(f"{agent} must act: None only steps out a done agent")
        self._state.apply_action(int(action))
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self._state.is_terminal():
            for agent, value in zip(self.possible_agents, self._state.returns()):
                self.rewards[agent] = value
                self._cumulative_rewards[agent] += value
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self.agents[0]
            return
        if self.max_decisions is not None and self._decisions >= self.max_decisions:
            self.truncations = {a: True for a in self.agents}
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.possible_agents[self._state.current_player()]
