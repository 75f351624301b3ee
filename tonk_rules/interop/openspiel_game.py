"""Any variant as the OpenSpiel game ``python_tonk``: importing this module registers it (extra
``[openspiel]``: ``pip install 'tonk-rules[openspiel]'``).

    import pyspiel
    import tonk_rules.interop.openspiel_game  # registers python_tonk
    game = pyspiel.load_game("python_tonk", {"variant": "russian", "players": 3})
    game = pyspiel.load_game("python_tonk(variant=house.yaml,players=2)")  # a house file, by its path

Parameters: ``variant`` (a built-in name or a variant file's path; default ``pagat``), ``players`` (a table
size the variant seats; default 2) and ``max_turns`` (the completed turns after which a hand ends void:
OpenSpiel needs a bounded game, the engine has no bound; default 500, far beyond a played hand).

The state is :class:`~tonk_rules.interop.chance_hand.ChanceHand`: chance deals card by card and picks each
card drawn from the stock; the players' actions are numbered by
:class:`~tonk_rules.interop.action_codes.ActionCodes`; the information state and the observation of a seat,
as strings and tensors, are :mod:`~tonk_rules.interop.seat_view`'s, built from the seat's ``Observation``;
returns are each seat's net in stakes from the engine's settlement (zero-sum). Seat 0 plays first.
``TonkState.resample_from_infostate`` deals the cards a seat has not seen anew, as IS-MCTS asks.

A game is one hand, under any house rule (docs/interop.md#house-rules): jokers are cards of the deck (a deal
node has as many outcomes as the deck has cards, the tensors a place for each), a wild card's stand-in follows
from its spread's cards, house card values are the engine's settlement's, and under a match to N hands won
(``scoring.mode: wins``) a game is still one hand, played and paid as under its base variant: the match is a
sequence of games, ending when a seat has won N hands (``state.table.hand.result.winners``), which no game's
returns say.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pyspiel

from tonk_rules.interop.action_codes import card_text, cards_text
from tonk_rules.interop.chance_hand import CHANCE, DEFAULT_MAX_TURNS, TERMINAL, ChanceHand, codes_for
from tonk_rules.interop.game_rules import InteropSetupError, rules_for
from tonk_rules.interop.seat_view import TensorLayout, ViewKind, view_text
from tonk_rules.limits import MAX_PLAYERS
from tonk_rules.ruleset import Ruleset

SHORT_NAME = "python_tonk"
DEFAULTS: dict[str, Any] = {"variant": "pagat", "players": 2, "max_turns": DEFAULT_MAX_TURNS}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Tonk (tonk-rules: any variant file)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def most_paid(ruleset: Ruleset, players: int) -> int:
    """The most one seat can win or pay in one hand at stake 1: every rule of the costliest ending paid by,
    or to, each other seat."""
    schedule = ruleset.payments.rules
    per_ending = [sum(rule.stakes for rule in rules) for rules in schedule.values()]
    return max(1, max(per_ending, default=1) * (players - 1))


class TonkGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """``python_tonk``: one hand of the variant at the table size given (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        players, max_turns = given["players"], given["max_turns"]
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise InteropSetupError(f"max_turns must be a whole number of turns, at least 1, not {max_turns!r}")
        self.ruleset = rules_for(str(given["variant"]), players)
        self.players, self.max_turns = players, max_turns
        self.codes = codes_for(self.ruleset)
        deck = len(self.codes.deck)
        paid = most_paid(self.ruleset, players)
        dealt = ChanceHand(self.ruleset, players).to_deal
        # a turn: a draw, at most every card of the hand laid, a discard; each turn at most one draw from chance
        decisions = max_turns * (deck + 2)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codes.size,
            max_chance_outcomes=deck,
            num_players=players,
            min_utility=float(-paid),
            max_utility=float(paid),
            utility_sum=0.0,
            max_game_length=decisions + dealt + max_turns,
        )
        super().__init__(GAME_TYPE, info, {**given, "players": players, "max_turns": max_turns})

    def new_initial_state(self) -> TonkState:
        return TonkState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TonkObserver:
        if params:
            raise ValueError(f"python_tonk's observer takes no parameters, not {params!r}")
        kind = ViewKind()
        if iig_obs_type is not None:
            kind = ViewKind(public=bool(iig_obs_type.public_info),
                            private=iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER,
                            perfect_recall=bool(iig_obs_type.perfect_recall))
        return TonkObserver(TensorLayout(self.ruleset, self.players, kind))


class TonkState(pyspiel.State):  # type: ignore[misc,unused-ignore]
    """One hand of ``python_tonk``: a :class:`ChanceHand` under OpenSpiel's state API."""

    def __init__(self, game: TonkGame, table: ChanceHand | None = None) -> None:
        super().__init__(game)
        self.table = table if table is not None else ChanceHand(game.ruleset, game.players, game.max_turns)

    def current_player(self) -> int:
        player = self.table.current()
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.table.current():
            return []
        return self.table.legal_codes()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.table.chance_outcomes()
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def _apply_action(self, action: int) -> None:
        if self.table.is_chance():
            self.table.apply_chance(int(action))
        else:
            self.table.apply_code(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance: {card_text(self.table.codes.deck[action])}"
        return self.table.codes.text(int(action))

    def is_terminal(self) -> bool:
        return self.table.over

    def returns(self) -> list[float]:
        return self.table.returns()

    def resample_from_infostate(self, player: int, sampler: Any = None) -> TonkState:
        """A state ``player`` cannot tell from this one (its information state string is the same), the cards
        it has not seen dealt anew; ``sampler`` (OpenSpiel's, a callable giving a number in [0, 1)) seeds it."""
        draw = float(sampler()) if callable(sampler) else float(np.random.random())
        seed = int(draw * 2**62)
        return TonkState(self.get_game(), self.table.resampled(player, seed))

    def __deepcopy__(self, memo: dict[int, Any]) -> TonkState:
        twin = TonkState(self.get_game(), copy.deepcopy(self.table, memo))
        return twin

    def __str__(self) -> str:
        hand = self.table.hand
        if hand is None:
            return f"dealing: {cards_text(self.table.dealt)}"
        hands = " / ".join(cards_text(cards) for cards in hand.hands)
        pile = card_text(hand.discard[-1]) if hand.discard else "-"
        return f"hands {hands} | pile {pile} | stock {len(hand.stock)} | to move {self.table.current()}"


class TonkObserver:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``) over a seat view."""

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {name: self.tensor[layout.offsets[name]: layout.offsets[name] + size]
                     for name, size in layout.pieces}

    def set_from(self, state: TonkState, player: int) -> None:
        self.tensor[:] = self.layout.tensor(state.table, player)

    def string_from(self, state: TonkState, player: int) -> str:
        return view_text(state.table, player, self.layout.kind)


pyspiel.register_game(GAME_TYPE, TonkGame)
