"""Melds: which card groups are books or runs, and which cards extend them.

Run order follows the deck's ranks: with ranks removed (a 40-card deck without 8, 9, 10) the ranks either
side of the gap are consecutive. With ``ace: low_or_high`` the ace may also follow the king; runs never wrap.
What a meld is, is decided in :mod:`tonk_rules.ruleset.meld_masks` (on card bitmasks, the same functions the
compiled kernel runs); this class turns cards into masks and back, and keeps the order of
:meth:`MeldRules.melds_in` that seeded players rely on.

    >>> from tonk_rules.ruleset.melds import MeldRules
    >>> from tonk_rules.cards import parse_cards
    >>> rules = MeldRules(book_sizes=frozenset({3, 4}), run_min=3, ace_high=False, ranks=tuple(range(1, 14)))
    >>> rules.classify(parse_cards("9S 10S JS")), rules.classify(parse_cards("QS KS AS"))
    (<MeldKind.RUN: 'run'>, None)
    >>> sorted(str(c) for c in rules.extenders(MeldKind.RUN, tuple(parse_cards("9S 10S JS"))))
    ['8S', 'QS']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from tonk_rules.cards import ALL_CARDS, N_CARDS, RANK_NAMES, Card, CardStyle, make_card
from tonk_rules.ruleset import meld_masks as mm
from tonk_rules.terms import MeldKind

__all__ = ["MeldKind", "MeldRules", "cards_of", "mask_of", "rule_table"]

_KIND = {mm.BOOK: MeldKind.BOOK, mm.RUN: MeldKind.RUN}


_BIT = tuple(1 << c for c in range(N_CARDS))


def mask_of(cards: Iterable[Card]) -> int:
    """A set of distinct cards as a bitmask (bit ``c``: card ``c``), as :mod:`~tonk_rules.ruleset.meld_masks`
    reads it."""
    return sum(map(_BIT.__getitem__, cards))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(found)


@lru_cache(maxsize=64)
def rule_table(book_sizes: frozenset[int], run_min: int, ace_high: bool, ranks: tuple[int, ...],
               must_spread: bool = False, may_hold_books: frozenset[tuple[int, int]] = frozenset(),
               wild: int = 0, wild_most: int = 0, wild_hits: bool = False) -> tuple[int, ...]:
    """:func:`~tonk_rules.ruleset.meld_masks.meld_table`, made once per set of rules (rulesets are compiled
    again and again, the table has 8,000 entries)."""
    return tuple(mm.meld_table(book_sizes, run_min, ace_high, ranks, must_spread, may_hold_books, wild, wild_most,
                               wild_hits))


@dataclass(frozen=True)
class MeldRules:
    book_sizes: frozenset[int]
    run_min: int
    ace_high: bool
    ranks: tuple[int, ...]  # the deck's ranks in order, ace first
    wild: frozenset[Card] = frozenset()  # the wild cards (melds.wild): each stands for any card of a meld
    wild_most: int = 0  # the most wild cards one spread may hold (melds.wild_most; 0 where none is wild)
    wild_hits: bool = False  # a wild card may be hit onto a spread (melds.wild_hits)
    #: These rules as :mod:`~tonk_rules.ruleset.meld_masks` reads them (derived, not part of the rules' value).
    table: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", rule_table(self.book_sizes, self.run_min, self.ace_high, self.ranks,
                                                     False, frozenset(), *self.wild_args))

    @property
    def wild_args(self) -> tuple[int, int, bool]:
        """The wild-card rules as :func:`rule_table` takes them (after ``may_hold_books``)."""
        wild, most, hits = mask_of(self.wild), self.wild_most, self.wild_hits  # each read, whatever the others are
        return wild, most if wild else 0, hits and wild != 0

    def wild_order(self, cards: Sequence[Card]) -> list[Card] | None:
        """Cards of a spread holding wild cards in table order, each wild card where it stands (a book: the
        natural cards by suit, then the wild ones; a run: by the places it covers); None without one."""
        standing = self.standing_for_others(cards)
        wild = [c for c in cards if c in standing]
        if not wild:
            return None
        natural = sorted((c for c in cards if c not in standing), key=lambda c: c.suit)
        mask = mask_of(cards)
        if mm.classify(mask, self.table) != mm.RUN:
            return [*natural, *wild]
        window = mm.spread_line(mask, self.table)
        at = {self._place(c, window): c for c in natural}
        spare = iter(wild)
        return [at[p] if p in at else next(spare) for p in range(window.bit_length()) if window >> p & 1]

    def standing_for_others(self, cards: Sequence[Card]) -> frozenset[Card]:
        """The cards of a spread that stand for other cards (:func:`~tonk_rules.ruleset.meld_masks.wild_part`):
        its jokers, and its cards of a wild rank that are not in their own place (a two in a book of twos, or
        in its place in a run, stands for itself); empty where each stands for itself or they make no meld."""
        mask = mask_of(cards)
        if not mask & self.table[mm.M_WILD]:
            return frozenset()
        return frozenset(cards_of(max(mm.wild_part(mask, self.table), 0)))

    def _place(self, card: Card, window: int) -> int:
        """A natural card's place in a run's ``window`` (the ace above the king where the run is there)."""
        place = self.ranks.index(card.rank)
        return len(self.ranks) if place == 0 and window >> len(self.ranks) & 1 else place

    def stands_for(self, cards: Sequence[Card], style: CardStyle = "english") -> list[tuple[Card, str]]:
        """What each wild card of a spread stands for: ``(wild card, rank)`` in a book (``"5"``), ``(wild card,
        card)`` in a run (``"6S"``), written in ``style``; empty without wild cards."""
        order = self.wild_order(cards)
        if order is None:
            return []
        standing = self.standing_for_others(cards)
        natural = [c for c in order if c not in standing]
        if mm.classify(mask_of(cards), self.table) != mm.RUN:
            return [(c, RANK_NAMES[style][natural[0].rank]) for c in order if c in standing]
        window = mm.spread_line(mask_of(cards), self.table)
        places = [p for p in range(window.bit_length()) if window >> p & 1]
        suit = natural[0].suit
        return [(c, make_card(self.table[mm.M_RANK_AT + p], suit).format(style))
                for c, p in zip(order, places, strict=True) if c in standing]

    def show(self, cards: Sequence[Card], style: CardStyle = "english") -> str:
        """A spread's cards in ``style``, each wild card with what it stands for: ``5♠ 6♠ Jk(=7♠)``.

            >>> from tonk_rules.cards import parse_cards
            >>> rules = MeldRules(frozenset({3, 4}), 3, False, tuple(range(1, 14)), frozenset(parse_cards("2H")), 1)
            >>> rules.show(parse_cards("5S 6S 2H")), rules.show(parse_cards("5S 5D 2H"), "russian")
            ('5S 6S 2H(=7S)', '5п 5б 2ч(=5)')
        """
        stands = dict(self.stands_for(cards, style))
        order = self.wild_order(cards) or list(cards)
        return " ".join(c.format(style) + (f"(={stands[c]})" if c in stands else "") for c in order)

    # --- positions in run order -------------------------------------------------------------------------
    def run_positions(self, cards: Sequence[Card]) -> list[int] | None:
        """Sorted run positions of cards of one suit, or None when they do not form a consecutive run."""
        line = mm.run_line(mask_of(cards), self.table)
        if line == 0 or line.bit_count() != len(cards):  # not consecutive, or a card listed twice
            return None
        return [p for p in range(line.bit_length()) if line >> p & 1]

    # --- whole melds -----------------------------------------------------------------------------------
    def classify(self, cards: Sequence[Card]) -> MeldKind | None:
        """BOOK, RUN or None for a group of cards laid as a new spread (a card listed twice: None)."""
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            return None
        return _KIND.get(mm.classify(mask, self.table))

    def _spread(self, kind: MeldKind, spread: Sequence[Card]) -> tuple[int, bool, int, int]:
        """A spread as :func:`~tonk_rules.ruleset.meld_masks.extends` takes it: mask, run, key, line."""
        mask, run = mask_of(spread), kind is MeldKind.RUN
        key = mm.natural_key(mask, run, self.table)
        return mask, run, key, mm.spread_line(mask, self.table) if run else 0

    def can_extend(self, kind: MeldKind, spread: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` may be added to ``spread`` (a hit), by the meld rules alone."""
        return mm.extends(*self._spread(kind, spread), card, self.table)

    def extenders(self, kind: MeldKind, spread: Sequence[Card]) -> frozenset[Card]:
        """Every card that :meth:`can_extend` the spread: the hit targets, computed once per spread change."""
        return frozenset(cards_of(mm.extenders(*self._spread(kind, spread), self.table)))

    def in_a_meld(self, hand: Sequence[Card], card: Card) -> bool:
        """``card`` (in ``hand``) is part of some meld of :meth:`melds_in`."""
        return mm.in_a_meld(mask_of(hand), card, self.table)

    def melds_in(self, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Every group of cards in ``hand`` that could be laid as a new spread.

        In a fixed order (seeded players choose by index): books rank by rank in order of first appearance
        in the hand, smaller books first, then in the order of their cards' places in the hand, each book's
        cards ascending; then runs suit by suit in order of first appearance, each suit's runs ascending, a
        run's cards in run order (a high ace last).
        """
        mask, table = mask_of(hand), self.table
        # Most hands hold no meld: meld_masks' own quick tests (no rank with enough cards for its smallest
        # book, no run start in any suit) say so without the buffer and the search (a wild card aside).
        if (not mask & table[mm.M_WILD] and not mm.books_possible(mask, table[mm.M_MIN_BOOK])
                and not mm.run_starts(mask, table)):
            return []
        # (with a wild card a hand holds more melds than most_melds counts: two deuces in seven cards make 67, and
        # a long hand with wild cards more than MAX_MELDS: the list grows until every meld is in it)
        out = [0] * (mm.MAX_MELDS if mask & table[mm.M_WILD] else mm.most_melds(len(hand)))
        n = mm.melds_in(mask, -1, table, out, 0)
        while n == len(out) and mask & table[mm.M_WILD]:
            out = [0] * (2 * len(out))
            n = mm.melds_in(mask, -1, table, out, 0)
        if n == 0:
            return []
        if n == 1:  # one meld: nothing to order
            return [self._meld_cards(out[0])]
        place = {card: i for i, card in enumerate(hand)}
        first_rank: dict[int, int] = {}
        first_suit: dict[int, int] = {}
        for i, card in enumerate(hand):
            first_rank.setdefault(card.rank, i)
            first_suit.setdefault(card.suit, i)
        keyed: list[tuple[tuple[object, ...], tuple[Card, ...]]] = []
        for meld in out[:n]:
            cards = self._meld_cards(meld)
            standing = self.standing_for_others(cards) if meld & table[mm.M_WILD] else frozenset()
            first = next(c for c in cards if c not in standing)  # a natural card says the rank or the suit
            if mm.classify(meld, table) == mm.BOOK:  # a book: ordered as combinations of its rank's cards in the hand
                keyed.append(((0, first_rank[first.rank], len(cards), sorted(place[c] for c in cards)), cards))
            else:
                keyed.append(((1, first_suit[first.suit], cards), cards))
        keyed.sort(key=lambda pair: pair[0])
        return [cards for _, cards in keyed]

    def _meld_cards(self, meld: int) -> tuple[Card, ...]:
        """The cards of a meld of :func:`~tonk_rules.ruleset.meld_masks.melds_in`, in laid order: a book's
        ascending, a run's in run order (a high ace last)."""
        cards = cards_of(meld)  # ascending: a book's cards share the first card's rank
        order = self.wild_order(cards)
        if order is not None:
            return tuple(order)
        first = cards[0]
        if (first.rank == 1 and self.ace_high and cards[-1].rank != 1
                and mm.run_line(meld, self.table) >> self.table[mm.M_N_RANKS] & 1):
            return (*cards[1:], first)  # the ace above the king
        return cards
