"""Any variant as a PettingZoo environment, in the AEC API with action masks (extra ``[pettingzoo]``:
``pip install 'tonk-rules[pettingzoo]'``).

    from tonk_rules.interop.pettingzoo_env import env
    e = env(variant="russian", players=3)  # or variant="house.yaml", a house file by its path
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        e.step(None if termination or truncation else e.action_space(agent).sample(mask))

Agents ``player_0`` .. ``player_{n-1}`` sit in seat order; ``player_0`` plays first. An observation is a
dict: ``observation``, the seat's information state as a vector
(:class:`~tonk_rules.interop.seat_view.TensorLayout`, built from the seat's ``Observation`` and what it was
dealt and drew), and ``action_mask``, 1 for each legal action of the agent to move (all 0 for the others).
Actions are numbered by :class:`~tonk_rules.interop.action_codes.ActionCodes`. Chance (the deal, each draw from
the stock) is drawn from the environment's generator: ``reset(seed=...)`` fixes every card. The reward, at the
end, is each seat's net in stakes; a hand cut off at ``max_turns`` completed turns is truncated, with 0 for all.
A hand the deal itself settles (a tonk on the deal) gives no agent a decision, and an AEC episode begins with
one: ``reset`` deals past it, and ``env.unwrapped.settled_on_the_deal`` keeps the nets of the hands it dealt
past (OpenSpiel's game, which allows a hand with no decision, keeps them in play).

An episode is one hand, under any house rule: under a match to N hands won (``scoring.mode: wins``) too, whose
match is a sequence of episodes (it ends when an agent has won N hands; ``env.unwrapped.table.hand.result``
names a hand's winners), each hand played and paid as under its base variant (docs/interop.md#house-rules).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tonk_rules.interop.chance_hand import DEFAULT_MAX_TURNS, ChanceHand, codes_for
from tonk_rules.interop.game_rules import InteropSetupError, rules_for
from tonk_rules.interop.seat_view import INFORMATION_STATE, TensorLayout, view_text

RENDER_MODES = ("ansi", "human")
#: deals in a row that may end on the deal before ``reset`` gives up on the variant
MOST_DEALS = 1000


def env(variant: str = "pagat", players: int = 2, max_turns: int = DEFAULT_MAX_TURNS,
        render_mode: str | None = None) -> Any:
    """The environment, wrapped as PettingZoo's classic games are (the order of calls enforced)."""
    return wrappers.OrderEnforcingWrapper(raw_env(variant, players, max_turns, render_mode))


class raw_env(AECEnv):  # type: ignore[misc,unused-ignore]  # noqa: N801  (PettingZoo's name for the unwrapped environment)
    """One hand of Tonk per episode (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "tonk_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "pagat", players: int = 2, max_turns: int = DEFAULT_MAX_TURNS,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise InteropSetupError(f"max_turns must be a whole number of turns, at least 1, not {max_turns!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InteropSetupError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.ruleset = rules_for(variant, players)
        self.players, self.max_turns, self.render_mode = players, max_turns, render_mode
        self.codes = codes_for(self.ruleset)
        self.layout = TensorLayout(self.ruleset, players, INFORMATION_STATE)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        high = float(max(max_turns, 2 * len(self.codes.deck)))  # a count of turns, cards or a card's number
        self._observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=high, shape=(self.layout.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.codes.size,), dtype=np.int8),
        }) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self.codes.size) for agent in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.table = ChanceHand(self.ruleset, players, max_turns)

    def observation_space(self, agent: str) -> Any:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        # A hand the deal itself settles (a tonk on the deal) leaves no agent a decision, and PettingZoo's API
        # starts every episode with one: such hands are dealt past, from the same generator, and kept here.
        self.settled_on_the_deal: list[list[float]] = []
        for _ in range(MOST_DEALS):
            self.table = ChanceHand(self.ruleset, self.players, self.max_turns)
            self._deal()
            if not self.table.over:
                break
            self.settled_on_the_deal.append(self.table.returns())
        else:
            raise InteropSetupError(f"{MOST_DEALS} deals in a row ended on the deal: this variant leaves no hand "
                                    "to play")
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.codes.size, np.int8)
        if self.table.current() == seat:
            mask[self.table.legal_codes()] = 1
        return {"observation": np.asarray(self.layout.tensor(self.table, seat), np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action (a legal one has 1 in its action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.table.apply_code(int(action))
        self._advance()
        if self.render_mode == "human":
            print(self.render())

    def _deal(self) -> None:
        """Let chance act (the deal, a draw from the stock) until a seat is to move or the hand is over."""
        table = self.table
        while table.is_chance():
            outcomes = table.chance_outcomes()
            table.apply_chance(outcomes[int(self.np_random.integers(len(outcomes)))])

    def _advance(self) -> None:
        """Let chance act; then say whose turn it is, or end the episode with every seat's net."""
        self._deal()
        table = self.table
        if table.over:
            ended = "truncations" if table.truncated else "terminations"
            setattr(self, ended, dict.fromkeys(self.agents, True))
            self.rewards = dict(zip(self.agents, table.returns(), strict=True))
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[table.current()]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.table.current()
        return view_text(self.table, max(seat, 0), INFORMATION_STATE)

    def close(self) -> None:
        pass
