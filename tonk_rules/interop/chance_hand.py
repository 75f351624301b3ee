"""One hand of Tonk with its chance made explicit: the core that the OpenSpiel game and the PettingZoo
environment both wrap.

The reference engine deals from a shuffled deck and draws the stock's top card. Here every random outcome is
a chance node instead, so that a tool can enumerate, sample or fix it:

- **the deal**: one chance node per card dealt (in the engine's deal order, then the upcard), each outcome a
  card of those not yet dealt, so a node never has more outcomes than the deck has cards;
- **each draw from the stock**: the player's draw is a decision, then a chance node picks the card among
  those the stock holds (after a reshuffle, among the reshuffled discards): the stock's order is never
  fixed in advance, so no state holds a hidden order that a tool could read.

Once dealt, the hand is a plain :class:`~tonk_rules.engine.hand.Hand` (built by ``Hand.deal`` from the cards
dealt, the rest in deck order), and every decision is applied by the engine, with its legality. The engine
has no limit on a hand's length (taking the discard and discarding again can go on for ever), and the tools
need one: a hand that reaches ``max_turns`` completed turns ends void, with every seat's return 0.

    >>> from tonk_rules.interop.game_rules import rules_for
    >>> hand = ChanceHand(rules_for("pagat", 2), 2)
    >>> hand.is_chance(), len(hand.chance_outcomes())
    (True, 52)
    >>> while hand.is_chance():
    ...     hand.apply_chance(hand.chance_outcomes()[0])
    >>> hand.current(), hand.codes.decode(hand.legal_codes()[0])
    (0, Knock())
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from tonk_rules.bots import Observation, observe
from tonk_rules.bots.montecarlo_view import as_hand, sample, view_of
from tonk_rules.cards import Card, cards_to_deal
from tonk_rules.engine.actions import Action, ActionRecord, Draw
from tonk_rules.engine.hand import Hand, position_of
from tonk_rules.interop.action_codes import DRAW_STOCK, ActionCodes
from tonk_rules.prng import SplitMix64
from tonk_rules.ruleset import Ruleset
from tonk_rules.terms import Pile

#: ``current()`` of a hand that has ended
TERMINAL = -1
#: ``current()`` while chance acts (the deal, a draw from the stock)
CHANCE = -2
#: completed turns after which a hand ends void (far beyond a played hand: a 52-card stock lasts ~50 turns)
DEFAULT_MAX_TURNS = 500


@dataclass
class SeatLog:
    """What one seat has seen that the public history does not show: its dealt cards and, in order, the cards
    it drew from the stock. ``dealt`` is None in a resampled hand, whose other seats' pasts are unknown."""

    dealt: tuple[Card, ...] | None = ()
    upcard: Card | None = None
    drawn: list[Card] = field(default_factory=list)


class ChanceHand:
    """A hand of ``players`` seats under ``ruleset``; seat 0 plays first (the last seat deals)."""

    def __init__(self, ruleset: Ruleset, players: int, max_turns: int = DEFAULT_MAX_TURNS) -> None:
        self.ruleset = ruleset
        self.players = players
        self.max_turns = max_turns
        self.codes = codes_for(ruleset)
        self.dealer = players - 1
        self.order = ruleset.deal.deal_order(players, self.dealer)
        self.to_deal = cards_to_deal(players, ruleset.deal.hand_size, ruleset.deal.upcard)
        self.dealt: list[Card] = []  # the deal so far, in dealing order
        self.hand: Hand | None = None
        self.logs = [SeatLog() for _ in range(players)]
        self.drawing = False  # a draw from the stock was chosen: chance picks the card
        self.truncated = False
        # (history length, code -> the engine's action, the engine's whole list)
        self._legal: tuple[int, dict[int, Action], tuple[Action, ...]] | None = None

    # --- whose move ----------------------------------------------------------------------------------------
    def is_chance(self) -> bool:
        return not self.over and (self.hand is None or self.drawing)

    @property
    def over(self) -> bool:
        return self.truncated or (self.hand is not None and self.hand.result is not None)

    def current(self) -> int:
        """The seat to move, :data:`CHANCE` or :data:`TERMINAL`."""
        if self.over:
            return TERMINAL
        if self.is_chance():
            return CHANCE
        assert self.hand is not None
        return self.hand.current

    # --- chance --------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[int]:
        """The cards chance may give now (as indices of the deck), equally likely, ascending."""
        if self.hand is None:
            dealt = set(self.dealt)
            return [i for i, card in enumerate(self.codes.deck) if card not in dealt]
        pool = set(self._stock_pool())
        return [i for i, card in enumerate(self.codes.deck) if card in pool]

    def apply_chance(self, index: int) -> None:
        """Chance gives the card of deck index ``index`` (one of :meth:`chance_outcomes`)."""
        if not self.is_chance():
            raise ValueError("chance does not act now: a seat is to move, or the hand is over")
        if index not in self.chance_outcomes():
            raise ValueError(f"chance cannot give card number {index} now (it may give {self.chance_outcomes()})")
        card = self.codes.deck[index]
        if self.hand is None:
            self.dealt.append(card)
            if len(self.dealt) == self.to_deal:
                self._start()
            return
        self._draw_stock(card)

    def _start(self) -> None:
        dealt = set(self.dealt)
        rest = [c for c in self.codes.deck if c not in dealt]
        names = [f"seat{s}" for s in range(self.players)]
        self.hand = Hand.deal(self.ruleset, names, self.dealer, [*self.dealt, *rest])
        upcard = self.hand.discard[-1] if self.hand.discard else None
        for seat, log in enumerate(self.logs):
            log.dealt, log.upcard = tuple(observe(self.hand, seat).hand), upcard

    def _stock_pool(self) -> list[Card]:
        """The cards the next draw from the stock may give: the stock, or what a reshuffle makes of the pile."""
        hand = self.hand
        assert hand is not None
        return list(hand.stock) if hand.stock else list(hand.discard[:-1])

    def _draw_stock(self, card: Card) -> None:
        hand = self.hand
        assert hand is not None and self.drawing
        if hand.stock:
            hand.stock.remove(card)  # the stock's order is chance's: the chosen card is its top
            hand.stock.append(card)
        else:  # the reshuffle the engine would make, with chance's card on top (its own seed not asked)
            pile = [c for c in hand.discard[:-1] if c != card]
            hand.stock, hand.discard = [*pile, card], hand.discard[-1:]
            hand.reshuffles += 1
            hand.position = position_of(hand)
        self.drawing = False
        seat = hand.current
        hand.apply(Draw(Pile.STOCK))
        self.logs[seat].drawn.append(card)
        self._after_move()

    # --- decisions ----------------------------------------------------------------------------------------
    def legal_actions(self) -> dict[int, Action]:
        """The current seat's legal actions by code, as the engine generates them (empty when none)."""
        if self.over or self.is_chance():
            return {}
        hand = self.hand
        assert hand is not None
        if self._legal is None or self._legal[0] != len(hand.history):
            generated = tuple(hand.legal_actions())
            actions: dict[int, Action] = {}
            for action in generated:
                actions.setdefault(self.codes.encode(action), action)
            self._legal = (len(hand.history), actions, generated)
        return self._legal[1]

    def engine_legal(self) -> tuple[Action, ...]:
        """The current seat's legal actions exactly as the engine lists them (what a project bot is given)."""
        self.legal_actions()
        return self._legal[2] if self._legal is not None else ()

    def legal_codes(self) -> list[int]:
        return sorted(self.legal_actions())

    def apply_code(self, code: int) -> None:
        legal = self.legal_actions()
        if code not in legal:
            raise ValueError(f"action {code} is not legal now (legal: {sorted(legal)})")
        hand = self.hand
        assert hand is not None
        if code == DRAW_STOCK and (hand.stock or self.ruleset.stock.reshuffles(len(hand.discard))):
            self.drawing = True  # chance picks the card
            return
        hand.apply(legal[code])
        self._after_move()

    def _after_move(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.result is None and sum(hand.turns_taken) >= self.max_turns:
            self.truncated = True

    # --- the end ------------------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's net in stakes once the hand is over (a void or cut-off hand: all 0), else zeros."""
        hand = self.hand
        if self.truncated or hand is None or hand.result is None:
            return [0.0] * self.players
        return [float(n) for n in hand.result.net]

    # --- what a seat sees ---------------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation | None:
        """Seat ``seat``'s :class:`Observation`, or None during the deal."""
        return None if self.hand is None else observe(self.hand, seat)

    def dealt_to(self, seat: int) -> list[Card]:
        """The cards dealt to ``seat`` so far (during the deal)."""
        return [card for card, s in zip(self.dealt, self.order, strict=False) if s == seat]

    # --- copies -------------------------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceHand:
        # the rules, the numbering and the cards are never changed: shared, not copied (a copy per search step)
        twin = ChanceHand.__new__(ChanceHand)
        twin.__dict__.update(self.__dict__)
        twin.dealt = list(self.dealt)
        twin.hand = None if self.hand is None else self.hand.copy()
        twin.logs = [SeatLog(log.dealt, log.upcard, list(log.drawn)) for log in self.logs]
        twin._legal = None
        memo[id(self)] = twin
        return twin

    def resampled(self, seat: int, seed: int) -> ChanceHand:
        """A hand that seat ``seat`` cannot tell from this one: its own cards, the public table and history
        kept, every card it has not seen dealt at random (seeded by ``seed``) to the other hands and the stock,
        as the montecarlo player samples them; the other seats' pasts are unknown there (their logs hold only
        what the public history shows)."""
        twin = copy.deepcopy(self)
        if self.hand is None or self.over:
            return twin
        obs = observe(self.hand, seat)
        view = view_of(obs)
        deal = sample(obs, view, SplitMix64(seed))
        hand = as_hand(obs, view, deal)
        hand.players, hand.dealer, hand.stakes = self.hand.players, self.hand.dealer, self.hand.stakes
        hand.history = [public_record(r) for r in self.hand.history]
        hand.deal_tonks = self.hand.deal_tonks
        twin.hand = hand
        twin.logs = [copy.deepcopy(log) if s == seat else SeatLog(None) for s, log in enumerate(self.logs)]
        return twin


def public_record(record: ActionRecord) -> ActionRecord:
    """``record`` as the table saw it: a draw from the stock shows no card."""
    action = record.action
    if isinstance(action, Draw) and action.source is Pile.STOCK:
        return ActionRecord(record.step, record.player, Draw(Pile.STOCK))
    return record


_CODES: dict[Ruleset, ActionCodes] = {}


def codes_for(ruleset: Ruleset) -> ActionCodes:
    """The numbering of ``ruleset``'s actions (made once per ruleset)."""
    codes = _CODES.get(ruleset)
    if codes is None:
        codes = _CODES[ruleset] = ActionCodes(ruleset)
    return codes

