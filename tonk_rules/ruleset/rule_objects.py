"""The rule objects the engine consults: one frozen object per rule concern.

Each answers a question the engine asks during play ("may this player knock now, and if not, why?",
"who won this knock?", "does this draw from the empty stock reshuffle?"), so the engine never looks at a
variant's name or raw options, and no rule mode is compared outside this package. Questions that can be
refused have two forms: a fast yes/no for move generation and a ``why_not`` that builds the message.

    >>> from tonk_rules.terms import KnockTiming, KnockWinsWhen, Ending
    >>> knock = KnockRule(KnockTiming.START_OF_TURN, max_count=None, min_turns=0, hit_lock=False,
    ...                   wins_when=KnockWinsWhen.STRICTLY_LOWEST)
    >>> knock.outcome([9, 9, 20], knocker=0)
    (<Ending.KNOCK_CAUGHT: 'knock_caught'>, (1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from tonk_rules.cards import VALUES, Card, hand_count
from tonk_rules.ruleset import core, meld_masks
from tonk_rules.ruleset.melds import MeldRules, mask_of, rule_table
from tonk_rules.ruleset.params import section_params
from tonk_rules.ruleset.position_vector import FACT_COUNT, FACT_LOCKS, FACT_TURNS_TAKEN
from tonk_rules.terms import (
    Ending,
    FirstTurn,
    HitPermission,
    KnockTiming,
    KnockWinsWhen,
    MeldKind,
    Pile,
    SeveralDealTonks,
    SpreadTiming,
    StockPolicy,
    StockTies,
    TakenDiscardPolicy,
)
from tonk_rules.words import refusal as refusal_words
from tonk_rules.words.refusal_table import HIT_REFUSALS, KNOCK_REFUSALS

#: What a rule decides about how a hand ends: the ending and its winners.
Outcome = tuple[Ending, tuple[int, ...]]

#: The endings of :func:`core.out_ending`'s codes.
_OUT_ENDINGS = {core.OUT_BY_DISCARD: Ending.OUT_BY_DISCARD, core.OUT_BY_SPREAD: Ending.OUT_BY_SPREAD,
                core.OUT_BY_HIT: Ending.OUT_BY_HIT}

#: The refusal code (:class:`~tonk_rules.errors.Refusal`) of each refusal of :func:`core.knock_refusal`: the table
#: tools say a reported knock's refusal by it, and :data:`~tonk_rules.words.refusal_table.KNOCK_REFUSALS` words it.
KNOCK_REFUSAL_CODES = {core.KNOCK_AFTER_DRAW: "knock_after_draw", core.KNOCK_NOT_FIRST: "knock_not_first",
                       core.KNOCK_COUNT_TOO_HIGH: "knock_too_high", core.KNOCK_TOO_EARLY: "knock_too_early",
                       core.KNOCK_HIT_LOCKED: "knock_hit_locked", core.KNOCK_FIRST_TURN: "knock_first_turn",
                       core.KNOCK_HOLDS_SPREAD: "knock_holds_spread"}

#: The refusal code of each refusal of :func:`core.hit_refusal`, worded by
#: :data:`~tonk_rules.words.refusal_table.HIT_REFUSALS`.
HIT_REFUSAL_CODES = {core.HIT_NOT_ALLOWED: "hit_not_allowed", core.HIT_ONLY_OWN: "hit_only_own"}

#: The rule and refusal (:func:`tonk_rules.words.refusal`) that word each refusal code of :func:`core.knock_refusal`
#: and of :func:`core.hit_refusal` (for a hit, ``{kind}``: the rule of the spread's kind, ``hitting.runs`` or
#: ``hitting.books``; a code without words is a KeyError, never a refusal read as "allowed").
_KNOCK_REFUSALS = {code: KNOCK_REFUSALS[name] for code, name in KNOCK_REFUSAL_CODES.items()}
_HIT_REFUSALS = {code: HIT_REFUSALS[name] for code, name in HIT_REFUSAL_CODES.items()}

_W = TypeVar("_W")


def hit_refusal_codes() -> tuple[int, ...]:
    return tuple(_HIT_REFUSALS)  # the codes of core.hit_refusal, each with the rule that refuses (below)


def hit_refusal_rule(code: int, kind: MeldKind) -> str:
    """The rule whose refusal ``code`` is on a spread of ``kind``: where the kernel counts it (kernel/in_play.py)."""
    return _words(_HIT_REFUSALS, code, "_HIT_REFUSALS")[0].format(kind=kind)


def _words(table: dict[int, _W], code: int, name: str) -> _W:
    """The rule and refusal that word a refusal ``code`` of ruleset/core.py; a code without them is a
    contributor's slip, named."""
    try:
        return table[code]
    except KeyError:
        raise KeyError(f"the refusal code {code} of ruleset/core.py has no words ({name}): name it in "
                       "rule_objects.KNOCK_REFUSAL_CODES or HIT_REFUSAL_CODES, and word it in words/refusal_table.py"
                       ) from None


@dataclass(frozen=True)
class SectionRule:
    """A rule object that hands :mod:`tonk_rules.ruleset.core` the slots of its own section of the parameter
    vector (``params``: filled from its fields by ``slots.READ``, every other slot at its neutral value; a
    test keeps core's functions from reading another section's slot through it)."""

    SECTION: ClassVar[str]  # the section's name in slots.READ's paths
    params: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", section_params(self, self.SECTION))


@dataclass(frozen=True)
class DealRule(SectionRule):
    """The deal: cards per player, the upcard, the deck, and what the first player must do."""

    SECTION: ClassVar[str] = "deal"

    hand_size: int
    upcard: bool
    deck: tuple[Card, ...]  # the variant's cards, ascending
    first_turn: FirstTurn
    values: tuple[int, ...] = VALUES  # each card's count value by card number (deck.values over the standard)

    def count(self, cards: Sequence[Card]) -> int:
        """The count of ``cards`` at these rules' card values."""
        return hand_count(cards, self.values)

    def deal_order(self, n_players: int, dealer: int) -> list[int]:
        """Seat receiving each dealt card: one at a time, clockwise, starting left of the dealer."""
        return [(dealer + 1 + i) % n_players for i in range(n_players * self.hand_size)]

    def first_turn_binds(self, no_turn_ended: bool) -> bool:
        """The hand's first turn is bound (no knock; a draw from the stock only), and this is it."""
        return core.first_turn_binds(self.params, no_turn_ended)


@dataclass(frozen=True)
class DealCheckRule(SectionRule):
    """Tonk on the deal: which dealt hands qualify, and what several qualifying hands mean."""

    SECTION: ClassVar[str] = "deal_check"

    enabled: bool
    at_most: int | None
    at_least: int | None
    several: SeveralDealTonks | None  # None without a deal check

    def qualifies_count(self, count: int) -> bool:
        """A dealt hand of this count is a deal tonk (the one test: :func:`core.count_is_deal_tonk`)."""
        return core.count_is_deal_tonk(self.params, count)

    def why_no_deal_tonk(self) -> str | None:
        """Why no dealt hand can be a tonk under these rules (None: some can)."""
        return None if self.enabled else "this variant has no deal check (no tonk on the deal)"

    def qualifies(self, hand: Sequence[Card], values: Sequence[int] = VALUES) -> bool:
        """``hand`` is a deal tonk, counted at ``values`` (the rules' ``deal.values``)."""
        return self.qualifies_count(hand_count(hand, values))

    def holders(self, hands: Sequence[Sequence[Card]], values: Sequence[int] = VALUES) -> tuple[int, ...]:
        """Seats whose dealt hand is a deal tonk (counted at ``values``)."""
        return tuple(p for p, cards in enumerate(hands) if self.qualifies(cards, values))

    def outcome(self, hands: Sequence[Sequence[Card]], values: Sequence[int] = VALUES) -> Outcome | None:
        """How the deal ends the hand (None: play goes on); ``values``: the cards' count values."""
        return self.outcome_of(self.holders(hands, values))

    def outcome_of(self, tonks: tuple[int, ...]) -> Outcome | None:
        """How the deal ends the hand when the seats ``tonks`` hold a deal tonk (None: play goes on)."""
        if not tonks:
            return None
        if core.several_deal_tonks_void(self.params, len(tonks)):
            return Ending.DEAL_VOID, ()
        return Ending.DEAL_TONK, tonks


@dataclass(frozen=True)
class KnockRule(SectionRule):
    """When a player may knock and whether the knock succeeds."""

    SECTION: ClassVar[str] = "knocking"

    timing: KnockTiming  # START_OF_TURN: only as the turn's first action; BEFORE_DRAW: any time before drawing
    max_count: int | None
    min_turns: int
    hit_lock: bool
    wins_when: KnockWinsWhen

    def refusal(self, turn: Sequence[int], facts: Sequence[int], *, first_turn: bool = False,
                holds_spread: bool = False) -> int:
        """Why the current player may not knock now in the turn so far (its slots, ``Turn.slots``), with the
        facts of their position (``facts``: :func:`~tonk_rules.ruleset.position_vector.position_facts`), as a
        ``core.KNOCK_*`` code (``core.KNOCK_OK``: they may); ``first_turn``: the variant binds this first turn
        of the hand; ``holds_spread``: they hold a spread that must be laid."""
        return core.knock_refusal(self.params, turn, 0, facts, first_turn, holds_spread)

    def why_not(self, turn: Sequence[int], facts: Sequence[int], *, first_turn: bool = False,
                holds_spread: bool = False) -> str | None:
        """Why the current player may not knock now, or None when they may."""
        return self.words(self.refusal(turn, facts, first_turn=first_turn, holds_spread=holds_spread), facts)

    def words(self, code: int, facts: Sequence[int]) -> str | None:
        """The refusal ``code`` of :meth:`refusal` in words (None for ``core.KNOCK_OK``), with the ``facts``
        it was decided on."""
        if code == core.KNOCK_OK:
            return None
        return refusal_words(*_words(_KNOCK_REFUSALS, code, "_KNOCK_REFUSALS"), max_count=self.max_count,
                             count=facts[FACT_COUNT], min_turns=self.min_turns,
                             turns_taken=facts[FACT_TURNS_TAKEN], locked_turns=facts[FACT_LOCKS])

    def succeeds(self, knocker_count: int, other_counts: Sequence[int]) -> bool:
        return core.knock_succeeds(self.params, knocker_count, min(other_counts))

    def outcome(self, counts: Sequence[int], knocker: int) -> Outcome:
        """A won knock pays the knocker; a caught one pays the lowest of the others (never the knocker)."""
        others = [p for p in range(len(counts)) if p != knocker]
        if self.succeeds(counts[knocker], [counts[p] for p in others]):
            return Ending.KNOCK_WON, (knocker,)
        low = min(counts[p] for p in others)
        return Ending.KNOCK_CAUGHT, tuple(p for p in others if counts[p] == low)


@dataclass(frozen=True)
class DrawRule:
    """Which piles a player may draw from, and how deep in the discard pile a card may be taken (1: the top)."""

    sources: frozenset[Pile]
    discard_depth: int = 1

    def why_not(self, pile: Pile) -> str | None:
        return None if pile in self.sources else refusal_words("drawing.sources", "pile", pile=pile)

    def why_not_depth(self, depth: int, size: int) -> str | None:
        """Why the card ``depth`` from the top of a discard pile of ``size`` cards may not be taken (None: it
        may), as ``core.deepest_take`` decides it for both engines."""
        if depth > self.discard_depth:
            return refusal_words("drawing.discard_depth", "too_deep", discard_depth=self.discard_depth)
        if depth > size:
            return refusal_words("drawing.discard_depth", "no_card", depth=depth, size=size)
        return None


@dataclass(frozen=True)
class SpreadRule(SectionRule):
    """When spreads and hits may be laid, what a spread is, and whether held spreads must be laid."""

    SECTION: ClassVar[str] = "spreading"

    timing: SpreadTiming
    must_spread: bool
    may_hold_books: frozenset[tuple[int, int]]  # (rank, size): a book of exactly `size` of `rank` may be held
    melds: MeldRules

    #: Spreads and hits are laid before drawing, else between the draw and the discard (derived).
    before_draw: bool = field(init=False, repr=False, compare=False)
    #: A discard that leaves a spread that must be laid in hand is refused (derived: core.discard_checks_held).
    checks_discard: bool = field(init=False, repr=False, compare=False)
    #: The melds, must_spread and may_hold_books as :mod:`~tonk_rules.ruleset.meld_masks` reads them (derived).
    table: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "before_draw", self.timing is SpreadTiming.BEFORE_DRAW)
        object.__setattr__(self, "checks_discard", core.discard_checks_held(self.params))
        m = self.melds
        object.__setattr__(self, "table", rule_table(m.book_sizes, m.run_min, m.ace_high, m.ranks, self.must_spread,
                                                     frozenset(self.may_hold_books), *m.wild_args))

    def may_lay_now(self, drawn: bool) -> bool:
        return core.may_lay_now(self.params, drawn)

    def why_not_now(self, drawn: bool) -> str | None:
        if self.may_lay_now(drawn):
            return None
        if self.before_draw and drawn:
            return refusal_words("spreading.timing", "after_draw")
        if not self.before_draw and not drawn:
            return refusal_words("spreading.timing", "before_draw")
        return None

    def holds_spread(self, hand: Sequence[Card]) -> bool:
        """:meth:`held_spread` is not None, without naming the spread (the refusals' codes need only this)."""
        return meld_masks.held_spread(mask_of(hand), self.table)

    def held_spread(self, hand: Sequence[Card]) -> tuple[Card, ...] | None:
        """With must_spread: a spread the player holds that must be laid (None: nothing to lay).

        A book is excused when the player holds exactly ``size`` cards of its rank and the variant lets a
        book of that rank and size be held (three aces may be held; four aces must be laid).
        """
        mask = mask_of(hand)
        if not meld_masks.held_spread(mask, self.table):  # decided here; melds_in only names the meld
            return None
        for meld in self.melds.melds_in(hand):  # (a meld with a card standing for another may never stay)
            if not (self.melds.classify(meld) is MeldKind.BOOK and not self.melds.standing_for_others(meld)
                    and meld_masks.book_may_stay(mask, meld[0].rank, self.table)):
                return meld
        raise AssertionError(f"meld_masks.held_spread found a meld to lay in {hand}, melds_in none")


@dataclass(frozen=True)
class HitRule(SectionRule):
    """Whose runs and books a player may hit."""

    SECTION: ClassVar[str] = "hitting"

    runs: HitPermission
    books: HitPermission

    def refusal(self, kind: MeldKind, own: bool, turn: Sequence[int], facts: Sequence[int]) -> int:
        """Why a spread of ``kind`` (the player's ``own`` or not) may not be hit in the turn so far (its slots,
        ``Turn.slots``), with the facts of the hitter's position (``facts``:
        :func:`~tonk_rules.ruleset.position_vector.position_facts`): a ``core.HIT_*`` code."""
        return core.hit_refusal(self.params, turn, 0, facts, kind is MeldKind.RUN, own)

    def allows(self, kind: MeldKind, own: bool, turn: Sequence[int], facts: Sequence[int]) -> bool:
        return self.refusal(kind, own, turn, facts) == core.HIT_OK

    def why_not(self, kind: MeldKind, own: bool, turn: Sequence[int], facts: Sequence[int]) -> str | None:
        code = self.refusal(kind, own, turn, facts)
        if code == core.HIT_OK:
            return None
        return refusal_words(hit_refusal_rule(code, kind), _words(_HIT_REFUSALS, code, "_HIT_REFUSALS")[1])


@dataclass(frozen=True)
class TakenDiscardRule(SectionRule):
    """The obligations of a card taken from the discard pile."""

    SECTION: ClassVar[str] = "taken_discard"

    policy: TakenDiscardPolicy

    #: The taken card must go straight into a spread (a new spread or a hit) before anything else: the engine
    #: asks when a card is taken, and the turn keeps it pending until it is laid (``core.takes_straight``).
    straight_into_spread: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "straight_into_spread", core.takes_straight(self.params))

    def why_not_take(self, card: Card, playable: bool, facts: Sequence[int]) -> str | None:
        """Why ``card`` may not be taken, with the facts of the taker's position; ``playable``: it could be
        laid in a spread or hit at once."""
        if core.take_refusal(facts, self.straight_into_spread, playable) == core.DRAW_CANNOT_MELD:
            return refusal_words("taken_discard.rule", "take", card=card)
        return None

    def may_discard(self, card: Card, taken: Card | None, facts: Sequence[int]) -> bool:
        """``card`` may be discarded, ``taken`` being the card taken from the discard pile this turn (if any)
        and ``facts`` those of the discarder's position (:meth:`why_not_discard`)."""
        return not core.keeps_card(self.params, facts, taken is not None and card == taken)

    def why_not_discard(self, card: Card, taken: Card | None, facts: Sequence[int]) -> str | None:
        if not self.may_discard(card, taken, facts):
            return refusal_words("taken_discard.rule", "discard", card=card)
        return None


@dataclass(frozen=True)
class GoingOutRule:
    """How a hand ends when a player's last card leaves their hand."""

    def ending(self, by_discard: bool, new_spread_this_turn: bool) -> Ending:
        return _OUT_ENDINGS[core.out_ending(by_discard, new_spread_this_turn)]

    def outcome(self, player: int, by_discard: bool, new_spread_this_turn: bool) -> Outcome:
        return self.ending(by_discard, new_spread_this_turn), (player,)


@dataclass(frozen=True)
class StockRule(SectionRule):
    """What a draw from the empty stock does."""

    SECTION: ClassVar[str] = "stock"

    when_empty: StockPolicy
    ties: StockTies | None  # None unless the hand ends at the empty stock

    def reshuffles(self, discard_size: int) -> bool:
        """Does this draw from the empty stock turn the discard pile (all but its top card) into a new stock?"""
        return core.empty_stock(self.params, discard_size) == core.EMPTY_RESHUFFLES

    def outcome(self, counts: Sequence[int]) -> Outcome:
        """How the hand ends on an empty stock that is not reshuffled (a reshuffle with nothing to shuffle
        is void)."""
        if core.empty_stock(self.params, 0) != core.EMPTY_LOWEST_WINS:
            return Ending.STOCK_VOID, ()
        low = min(counts)
        lowest = tuple(p for p, c in enumerate(counts) if c == low)
        if core.lowest_tie_void(self.params, len(lowest)):
            return Ending.STOCK_VOID, ()
        return Ending.STOCK_EXHAUSTED, lowest
