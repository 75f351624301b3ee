"""The rule strategy objects the engine consults: one frozen object per rule concern.

Each answers a question the engine asks during play ("may this player knock now, and if not, why?"),
so the engine never looks at a variant's name or raw options.
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.cards import Card, hand_count
from tonk_rules.ruleset.melds import MeldRules


@dataclass(frozen=True)
class DealRule:
    hand_size: int
    upcard: bool
    deck: tuple[Card, ...]

    def deal_order(self, n_players: int, dealer: int) -> list[int]:
        """Seat receiving each dealt card: one at a time, clockwise, starting left of the dealer."""
        return [(dealer + 1 + i) % n_players for i in range(n_players * self.hand_size)]


@dataclass(frozen=True)
class DealerRule:
    rotation: str  # "left" | "winner"
    after_void: str  # "next" | "same"
    first: str  # "high_card_cut" | "agreed"

    def next_dealer(self, dealer: int, n_players: int, winners: tuple[int, ...], void: bool) -> int:
        if void:
            return dealer if self.after_void == "same" else (dealer + 1) % n_players
        if self.rotation == "winner" and len(winners) == 1:
            return winners[0]
        return (dealer + 1) % n_players


@dataclass(frozen=True)
class DealCheckRule:
    enabled: bool
    at_most: int | None
    at_least: int | None
    several_void: bool

    def qualifies(self, hand: list[Card]) -> bool:
        if not self.enabled:
            return False
        count = hand_count(hand)
        return (self.at_most is not None and count <= self.at_most) or (
            self.at_least is not None and count >= self.at_least
        )


@dataclass(frozen=True)
class KnockRule:
    before_draw: bool  # True: any time before the draw; False: only as the turn's first action
    max_count: int | None
    min_turns: int
    hit_lock: bool
    ties_win: bool

    def why_not(self, *, count: int, turns_taken: int, locked_turns: int, acted: bool, drawn: bool) -> str | None:
        """Why the current player may not knock now, or None when they may."""
        if drawn:
            return "a knock must come before drawing"
        if acted and not self.before_draw:
            return "a knock must be the first action of the turn"
        if self.max_count is not None and count > self.max_count:
            return f"a knock needs a count of {self.max_count} or less (you have {count})"
        if turns_taken < self.min_turns:
            return f"a knock is allowed only after {self.min_turns} turn(s) (you have had {turns_taken})"
        if self.hit_lock and locked_turns > 0:
            return f"your spread was hit: you may not knock for {locked_turns} more turn(s)"
        return None

    def succeeds(self, knocker_count: int, other_counts: list[int]) -> bool:
        lowest_other = min(other_counts)
        return knocker_count <= lowest_other if self.ties_win else knocker_count < lowest_other


@dataclass(frozen=True)
class DrawRule:
    from_stock: bool
    from_discard: bool

    def why_not(self, source: str) -> str | None:
        allowed = self.from_stock if source == "stock" else self.from_discard
        return None if allowed else f"drawing from the {source} pile is not allowed in this variant"


@dataclass(frozen=True)
class SpreadRule:
    """When spreads and hits may be laid, what a spread is, and whether held spreads must be laid."""

    before_draw: bool
    must_spread: bool
    may_hold_ranks: frozenset[int]
    melds: MeldRules

    def why_not_now(self, drawn: bool) -> str | None:
        if self.before_draw and drawn:
            return "spreads and hits must be laid before drawing in this variant"
        if not self.before_draw and not drawn:
            return "spreads and hits are laid after drawing"
        return None

    def held_spread(self, hand: list[Card]) -> tuple[Card, ...] | None:
        """With must_spread: a spread the player holds that must be laid (None: nothing to lay)."""
        if not self.must_spread:
            return None
        for meld in self.melds.melds_in(hand):
            if self.melds.classify(meld) == "book" and meld[0].rank in self.may_hold_ranks:
                continue
            return meld
        return None


@dataclass(frozen=True)
class HitRule:
    runs: str  # "anyone" | "own" | "none"
    books: str

    def why_not(self, kind: str, own: bool) -> str | None:
        allowed = self.runs if kind == "run" else self.books
        if allowed == "none":
            return f"hitting {kind}s is not allowed in this variant"
        if allowed == "own" and not own:
            return f"you may hit only your own {kind}s"
        return None


@dataclass(frozen=True)
class TakenDiscardRule:
    mode: str  # "free" | "not_discarded_this_turn" | "straight_into_spread"

    @property
    def must_meld(self) -> bool:
        return self.mode == "straight_into_spread"

    def why_not_discard(self, card: Card, taken: Card | None, hand_size: int) -> str | None:
        if self.mode == "not_discarded_this_turn" and taken is not None and card == taken and hand_size > 1:
            return (f"{card} was taken from the discard pile this turn and may not be discarded "
                    "(unless it is your last card)")
        return None


@dataclass(frozen=True)
class GoingOutRule:
    def ending(self, by_discard: bool, new_spread_this_turn: bool) -> str:
        if by_discard:
            return "out_by_discard"
        return "out_by_spread" if new_spread_this_turn else "out_by_hit"


@dataclass(frozen=True)
class StockRule:
    when_empty: str  # "end_lowest_wins" | "reshuffle" | "void"
    ties_void: bool
