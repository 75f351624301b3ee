"""Melds: which card groups are books or runs, and which cards extend them.

Run order follows the deck's ranks: with ranks removed (a 40-card deck without 8, 9, 10) the ranks either
side of the gap are consecutive. With ``ace: low_or_high`` the ace may also follow the king; runs never wrap.

    >>> from tonk_rules.ruleset.melds import MeldRules
    >>> from tonk_rules.cards import parse_cards
    >>> rules = MeldRules(book_sizes=frozenset({3, 4}), run_min=3, ace_high=False, ranks=tuple(range(1, 14)))
    >>> rules.classify(parse_cards("9S 10S JS")), rules.classify(parse_cards("QS KS AS"))
    (<MeldKind.RUN: 'run'>, None)
    >>> sorted(str(c) for c in rules.extenders(MeldKind.RUN, tuple(parse_cards("9S 10S JS"))))
    ['8S', 'QS']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from tonk_rules.cards import DECK, Card, make_card
from tonk_rules.terms import MeldKind

__all__ = ["MeldKind", "MeldRules"]


@dataclass(frozen=True)
class MeldRules:
    book_sizes: frozenset[int]
    run_min: int
    ace_high: bool
    ranks: tuple[int, ...]  # the deck's ranks in order, ace first
    _position: dict[int, int] = field(init=False, repr=False, compare=False)
    _smallest_book: int = field(init=False, repr=False, compare=False)
    _book_order: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _fewest: int = field(init=False, repr=False, compare=False)
    _place: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _run_shifts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # derived lookups for the hot path (not part of the rules' value)
        object.__setattr__(self, "_position", {rank: i for i, rank in enumerate(self.ranks)})
        object.__setattr__(self, "_smallest_book", min(self.book_sizes))
        object.__setattr__(self, "_book_order", tuple(sorted(self.book_sizes)))
        object.__setattr__(self, "_fewest", min(min(self.book_sizes), self.run_min))
        object.__setattr__(self, "_place", tuple(
            1 << (4 * self._position[card.rank] + card.suit) if card.rank in self._position else 0 for card in DECK))
        object.__setattr__(self, "_run_shifts", tuple(4 * k for k in range(1, self.run_min)))

    # --- positions in run order -------------------------------------------------------------------------
    def run_positions(self, cards: Sequence[Card]) -> list[int] | None:
        """Sorted run positions of cards of one suit, or None when they do not form a consecutive run."""
        if not cards:
            return None
        suit = cards[0].suit
        if any(c.suit != suit for c in cards):
            return None
        positions = sorted(self._position[c.rank] for c in cards)
        if self._consecutive(positions):
            return positions
        if self.ace_high and positions[0] == 0:  # try the ace above the king
            high = [*positions[1:], len(self.ranks)]
            if self._consecutive(high):
                return high
        return None

    @staticmethod
    def _consecutive(positions: list[int]) -> bool:
        return positions[-1] - positions[0] == len(positions) - 1 and len(set(positions)) == len(positions)

    # --- whole melds -----------------------------------------------------------------------------------
    def classify(self, cards: Sequence[Card]) -> MeldKind | None:
        """BOOK, RUN or None for a group of cards laid as a new spread."""
        if len(cards) in self.book_sizes and all(c.rank == cards[0].rank for c in cards):
            return MeldKind.BOOK
        if len(cards) >= self.run_min and self.run_positions(cards) is not None:
            return MeldKind.RUN
        return None

    def can_extend(self, kind: MeldKind, spread: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` may be added to ``spread`` (a hit), by the meld rules alone."""
        if card in spread:
            return False
        if kind is MeldKind.BOOK:
            return card.rank == spread[0].rank and len(spread) + 1 in self.book_sizes
        return self.run_positions([*spread, card]) is not None

    def extenders(self, kind: MeldKind, spread: Sequence[Card]) -> frozenset[Card]:
        """Every card that :meth:`can_extend` the spread: the hit targets, computed once per spread change."""
        if kind is MeldKind.BOOK:
            rank = spread[0].rank
            candidates = [make_card(rank, suit) for suit in range(4)]
        else:
            positions = self.run_positions(spread) or []
            suit = spread[0].suit
            ends = (positions[0] - 1, positions[-1] + 1) if positions else ()
            # one past the king is the high ace; the run never wraps, so can_extend decides the rest
            candidates = [make_card(self.ranks[p % len(self.ranks)], suit) for p in ends
                          if 0 <= p <= len(self.ranks)]
        return frozenset(c for c in candidates if self.can_extend(kind, spread, c))

    def melds_in(self, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Every group of cards in ``hand`` that could be laid as a new spread.

        In a fixed order (seeded players choose by index): books rank by rank in order of first appearance
        in the hand, smaller books first, each book's cards ascending; then runs suit by suit in order of
        first appearance, each suit's runs ascending.
        """
        n = len(hand)
        if n < self._fewest:
            return []
        found: list[tuple[Card, ...]] = []
        smallest = self._smallest_book
        if n - len({card >> 2 for card in hand}) >= smallest - 1:  # else no rank has cards enough for a book
            by_rank: dict[int, list[Card]] = {}
            for card in hand:
                by_rank.setdefault(card.rank, []).append(card)
            for same in by_rank.values():
                if len(same) >= smallest:
                    for size in self._book_order:
                        if len(same) >= size:
                            found.extend(tuple(sorted(combo)) for combo in combinations(same, size))
        if n >= self.run_min:
            # one bit per (run position, suit), four per position: a run is run_min set bits four apart
            # (the ace also sits one past the king when it may be high). Most hands stop here.
            place = self._place
            mask = 0
            for card in hand:
                mask |= place[card]
            if self.ace_high:
                mask |= (mask & 0xF) << (4 * len(self.ranks))
            starts = mask
            for shift in self._run_shifts:
                starts &= mask >> shift
            if starts:
                suits = {i % 4 for i in range(starts.bit_length()) if starts >> i & 1}
                for suit in dict.fromkeys(card.suit for card in hand):  # in order of first appearance
                    if suit in suits:
                        found.extend(self._runs_in([c for c in hand if c.suit == suit]))
        return found

    def _runs_in(self, suited: list[Card]) -> list[tuple[Card, ...]]:
        order = sorted(suited)  # within a suit, card order is rank order, which is run order
        position = self._position
        pos = [position[c.rank] for c in order]
        lines = [(order, pos)]
        if self.ace_high and pos[0] == 0:  # the ace placed above the king as well
            lines.append(([*order[1:], order[0]], [*pos[1:], len(self.ranks)]))
        runs: set[tuple[Card, ...]] = set()
        least = self.run_min
        for line, at in lines:
            start = 0
            for i in range(1, len(line) + 1):
                if i == len(line) or at[i] != at[i - 1] + 1:
                    if i - start >= least:  # a block long enough to hold runs: every run inside it
                        block = line[start:i]
                        for a in range(len(block)):
                            for b in range(a + least, len(block) + 1):
                                runs.add(tuple(block[a:b]))
                    start = i
        return sorted(runs)
