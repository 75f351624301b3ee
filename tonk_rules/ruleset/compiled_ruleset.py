"""The compiled, frozen :class:`Ruleset`: what the engine consults, and nothing else.

    >>> from tonk_rules import load_ruleset
    >>> from tonk_rules.terms import MeldKind
    >>> ruleset = load_ruleset("pagat")
    >>> ruleset.deal_check.qualifies([])
    False
    >>> turn = [0] * slots.TURN_SIZE; core.turn_begin(turn, 0)  # a turn's slots (the engine's Turn holds them)
    >>> facts = position_vector.position_facts([0] * position_vector.P_SIZE, 0)  # what the rules know of a position
    >>> ruleset.hitting.why_not(MeldKind.BOOK, False, turn, facts) is None
    True

It is made by :func:`~tonk_rules.ruleset.compile.compile_ruleset` (variant model → Ruleset), which imports
this module: the class lives apart from the package's ``__init__`` so that the compiler needs nothing back
from the package that re-exports it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.cards import Card, why_not_deal
from tonk_rules.errors import SetupError
from tonk_rules.ruleset import core, position_vector, slots, table_bounds
from tonk_rules.ruleset.dealer_rule import DealerRule
from tonk_rules.ruleset.melds import MeldRules
from tonk_rules.ruleset.params import params_of
from tonk_rules.ruleset.payments import PaymentSchedule
from tonk_rules.ruleset.rule_objects import (
    DealCheckRule,
    DealRule,
    DrawRule,
    GoingOutRule,
    HitRule,
    KnockRule,
    SpreadRule,
    StockRule,
    TakenDiscardRule,
)
from tonk_rules.ruleset.settlement import Settlement, check_table, settle


@dataclass(frozen=True)
class Ruleset:
    """Every rule of a variant, compiled: frozen, compared and hashed by value, free of pydantic.

    Its shape (each rule object is a frozen dataclass of :mod:`tonk_rules.ruleset.rule_objects`, holding
    enums of :mod:`tonk_rules.terms`, ints, bools and frozensets):

    - ``min_players``, ``max_players``: int
    - ``deal``: :class:`DealRule` — ``hand_size``, ``upcard``, ``deck`` (the variant's cards, ascending),
      ``first_turn`` (:class:`~tonk_rules.terms.FirstTurn`)
    - ``dealer``: :class:`DealerRule` — ``first``, ``rotation``, ``after_void``
    - ``deal_check``: :class:`DealCheckRule` — ``enabled``, ``at_most``, ``at_least``, ``several``
    - ``knocking``: :class:`KnockRule` — ``timing``, ``max_count``, ``min_turns``, ``hit_lock``, ``wins_when``
    - ``drawing``: :class:`DrawRule` — ``sources`` (frozenset of :class:`~tonk_rules.terms.Pile`)
    - ``spreading``: :class:`SpreadRule` — ``timing``, ``must_spread``, ``may_hold_books`` (frozenset of
      ``(rank, size)``: a book of exactly ``size`` cards of ``rank`` may be held), ``melds``
    - ``spreading.melds`` (also ``melds``): :class:`MeldRules` — ``book_sizes``, ``run_min``, ``ace_high``,
      ``ranks`` (the deck's ranks in run order, ace first)
    - ``hitting``: :class:`HitRule` — ``runs``, ``books`` (:class:`~tonk_rules.terms.HitPermission`)
    - ``taken_discard``: :class:`TakenDiscardRule` — ``policy``
    - ``going_out``: :class:`GoingOutRule` (no data: the ending depends on the last move)
    - ``stock``: :class:`StockRule` — ``when_empty``, ``ties``
    - ``per_player_stakes``: bool; ``points_target``: int or None (None: play for stakes)
    - ``wins_target``: int or None: a match ends when a player has won this many hands (``scoring.mode: wins``)
    - ``payments``: :class:`PaymentSchedule` — ``rules[ending]`` is a tuple of :class:`CompiledRule`

    The ``settle_*`` methods turn what happened into a :class:`Settlement`; the engine and ``tonk settle``
    both use them.
    """

    min_players: int
    max_players: int
    deal: DealRule
    dealer: DealerRule
    deal_check: DealCheckRule
    knocking: KnockRule
    drawing: DrawRule
    spreading: SpreadRule
    hitting: HitRule
    taken_discard: TakenDiscardRule
    going_out: GoingOutRule
    stock: StockRule
    per_player_stakes: bool
    points_target: int | None
    payments: PaymentSchedule
    wins_target: int | None

    @property
    def melds(self) -> MeldRules:
        return self.spreading.melds

    # --- seating, dealing and stakes (worded in ruleset/table_bounds.py and cards.py, once) -------------
    def why_not_seat(self, n_players: int, *, subject: str = "this variant") -> str | None:
        """Why a table of ``n_players`` cannot play these rules (None: it can); ``subject`` names the variant."""
        return table_bounds.why_not_seat(self.min_players, self.max_players, n_players, subject=subject)

    def why_not_deal(self, n_players: int) -> str | None:
        """Why the deck cannot deal ``n_players`` hands (and the upcard), None when it can."""
        return why_not_deal(n_players, self.deal.hand_size, self.deal.upcard, len(self.deal.deck))

    def table_sizes(self) -> tuple[int, ...]:
        """The table sizes these rules seat and their deck can deal, smallest first."""
        return tuple(n for n in range(self.min_players, self.max_players + 1) if self.why_not_deal(n) is None)

    def why_not_stakes(self, stakes: Sequence[int], n_players: int) -> str | None:
        """Why ``stakes`` cannot be the stakes of a table of ``n_players`` under these rules (None: they can)."""
        return table_bounds.why_not_stakes(stakes, n_players, points=self.points_target is not None,
                                           per_player=self.per_player_stakes)

    def why_not_count(self, count: int) -> str | None:
        """Why no hand of these rules (this deck, this many cards dealt) can count ``count`` (None: one can)."""
        return table_bounds.why_not_count(count, (self.deal.values[c] for c in self.deal.deck), self.deal.hand_size)

    def why_not_knock_with(self, count: int) -> str | None:
        """Why no turn of these rules allows a knock with ``count`` (the table's check of a reported knock)."""
        return self.knocking.words(self.knock_refusal_with(count), self.knock_facts(count))

    def knock_refusal_with(self, count: int) -> int:
        """:meth:`why_not_knock_with` as the ``core.KNOCK_*`` code (``core.KNOCK_OK``: a knock is allowed)."""
        turn = [0] * slots.TURN_SIZE  # the start of a turn
        core.turn_begin(turn, 0)
        return self.knocking.refusal(turn, self.knock_facts(count))

    def knock_facts(self, count: int) -> tuple[int, ...]:
        """The position facts a reported knock with ``count`` is checked on (``position_vector.FACT_*``)."""
        position = [0] * position_vector.P_SIZE  # a seat of this count that has waited long enough, unlocked
        position[position_vector.P_COUNTS], position[position_vector.P_TURNS_TAKEN] = count, self.knocking.min_turns
        return position_vector.position_facts(position, 0)

    @functools.cached_property
    def params(self) -> tuple[int, ...]:
        """The whole parameter vector (:mod:`tonk_rules.ruleset.slots`), for the refusals of ruleset/core.py
        that read several sections (a draw reads the draw piles and the spreads' timing); made once."""
        return params_of(self)

    # --- settlements (one code path for the engine and the table) -----------------------------------------
    def settle_deal(self, hands: Sequence[Sequence[Card]], stakes: Sequence[int]) -> Settlement | None:
        """The deal check on the dealt ``hands``: a deal tonk or void deal settled, or None (play on)."""
        counts = [self.deal.count(h) for h in hands]
        check_table(counts, stakes)
        outcome = self.deal_check.outcome(hands, self.deal.values)
        if outcome is None:
            return None
        return settle(self.payments, *outcome, None, counts, stakes)

    def settle_deal_tonks(self, holders: Sequence[int], stakes: Sequence[int],
                          counts: Sequence[int] | None = None) -> Settlement | None:
        """The deal check when the table says who holds a deal tonk (``holders``; their cards decide nothing
        more): the same outcome and payments as :meth:`settle_deal` on hands with those holders."""
        counts = list(counts) if counts is not None else [0] * len(stakes)
        check_table(counts, stakes, *holders)
        if not self.deal_check.enabled:
            raise SetupError("this variant has no deal check (no tonk on the deal)")
        outcome = self.deal_check.outcome_of(tuple(sorted(set(holders))))
        if outcome is None:
            return None
        return settle(self.payments, *outcome, None, counts, stakes)

    def settle_knock(self, counts: Sequence[int], knocker: int, stakes: Sequence[int]) -> Settlement:
        """``knocker`` knocked with every player's count as given."""
        check_table(counts, stakes, knocker)
        return settle(self.payments, *self.knocking.outcome(counts, knocker), knocker, counts, stakes)

    def settle_out(self, counts: Sequence[int], player: int, by_discard: bool, new_spread: bool,
                   stakes: Sequence[int]) -> Settlement:
        """``player`` went out (count 0): by a final discard, or by laying out with or without a new spread
        in that turn."""
        check_table(counts, stakes, player)
        outcome = self.going_out.outcome(player, by_discard, new_spread)
        return settle(self.payments, *outcome, None, counts, stakes)

    def settle_stock_out(self, counts: Sequence[int], stakes: Sequence[int]) -> Settlement:
        """A player wanted to draw from the empty stock, and it was not reshuffled."""
        check_table(counts, stakes)
        return settle(self.payments, *self.stock.outcome(counts), None, counts, stakes)

