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

from tonk_rules.cards import Card, make_card
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "_position", {rank: i for i, rank in enumerate(self.ranks)})
        object.__setattr__(self, "_smallest_book", min(self.book_sizes))

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
        """Every group of cards in ``hand`` that could be laid as a new spread (books, then runs)."""
        if len(hand) < min(self._smallest_book, self.run_min):
            return []
        found: list[tuple[Card, ...]] = []
        by_rank: dict[int, list[Card]] = {}
        by_suit: dict[int, list[Card]] = {}
        for card in hand:
            by_rank.setdefault(card.rank, []).append(card)
            by_suit.setdefault(card.suit, []).append(card)
        for same in by_rank.values():
            if len(same) < self._smallest_book:
                continue
            for size in sorted(self.book_sizes):
                if len(same) >= size:
                    found.extend(tuple(sorted(combo)) for combo in combinations(same, size))
        for suited in by_suit.values():
            if len(suited) >= self.run_min:
                found.extend(self._runs_in(suited))
        return found

    def _runs_in(self, suited: list[Card]) -> list[tuple[Card, ...]]:
        order = sorted(suited, key=lambda c: self._position[c.rank])
        lines = [(order, [self._position[c.rank] for c in order])]
        if self.ace_high and order[0].rank == 1:  # the ace placed above the king as well
            rest = order[1:]
            lines.append(([*rest, order[0]], [*(self._position[c.rank] for c in rest), len(self.ranks)]))
        runs: set[tuple[Card, ...]] = set()
        for line, pos in lines:
            start = 0
            for i in range(1, len(line) + 1):
                if i == len(line) or pos[i] != pos[i - 1] + 1:
                    block = line[start:i]
                    for a in range(len(block)):
                        for b in range(a + self.run_min, len(block) + 1):
                            runs.add(tuple(block[a:b]))
                    start = i
        return sorted(runs)
