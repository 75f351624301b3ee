"""Every action of a variant as one whole number, as OpenSpiel and PettingZoo number a player's choices.

The numbering depends only on the variant's deck and meld rules, never on a position: ``0`` knock, ``1`` draw
from the stock, ``2`` take the discard, then a discard of each card of the deck (in deck order), a hit of each
card on each spread number, a new spread of each meld the deck holds (in the order
:meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in` lists the whole deck's natural melds, then, where cards are
wild (``melds.wild``), every meld holding a wild card: :func:`deck_melds`), and last a take of each card below
the top of the discard pile that ``drawing.discard_depth`` allows (depth 2, 3, ..). A spread is keyed by its set
of cards, as :func:`~tonk_rules.bots.action_key` keys it, so the order its cards are written in does not
matter; what a wild card stands for is not part of the action, because the engine does not choose it: it follows
from the spread's cards (:meth:`~tonk_rules.ruleset.melds.MeldRules.wild_order`), and a seat's view shows it.

    >>> from tonk_rules.interop.game_rules import rules_for
    >>> codes = ActionCodes(rules_for("pagat", 2))
    >>> codes.size, codes.encode(Knock()), str(codes.decode(codes.encode(Discard(parse_card("5H")))))
    (1268, 0, 'discard 5H')
    >>> str(codes.decode(codes.encode(Spread(tuple(parse_cards("7S 5S 6S"))))))
    'spread 5S 6S 7S'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from tonk_rules.cards import FIRST_JOKER, Card, parse_card, parse_cards  # noqa: F401  (the doctest's names)
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.melds import MeldRules
from tonk_rules.terms import Pile

KNOCK, DRAW_STOCK, DRAW_DISCARD = 0, 1, 2
FIRST_DISCARD = 3


class UnknownActionError(ValueError):
    """An action the variant's numbering has no number for (a code out of range, a spread that is no meld)."""


class ActionCodes:
    """The numbering of one variant's actions (see the module docstring)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.deck: tuple[Card, ...] = tuple(ruleset.deal.deck)
        self.meld_rules = ruleset.melds
        self.card_index = {card: i for i, card in enumerate(self.deck)}
        self.melds: tuple[tuple[Card, ...], ...] = deck_melds(ruleset.melds, self.deck)
        smallest = min((len(m) for m in self.melds), default=len(self.deck))
        #: the most spreads a hand can lay: the deck split into its smallest melds
        self.max_spreads = max(1, len(self.deck) // max(1, smallest))
        self.meld_index = {frozenset(m): i for i, m in enumerate(self.melds)}
        d = len(self.deck)
        self.first_hit = FIRST_DISCARD + d
        self.first_spread = self.first_hit + d * self.max_spreads
        #: takes below the top of the discard pile (depth 2, 3, ..; drawing.discard_depth): numbered last, so
        #: every other action keeps its number in every variant
        self.first_deeper = self.first_spread + len(self.melds)
        self.size = self.first_deeper + ruleset.drawing.discard_depth - 1

    def encode(self, action: Action) -> int:
        """The number of ``action`` (:class:`UnknownActionError` for one the variant cannot play)."""
        if isinstance(action, Knock):
            return KNOCK
        if isinstance(action, Draw):
            if action.source is Pile.STOCK or action.depth == 1:
                return DRAW_STOCK if action.source is Pile.STOCK else DRAW_DISCARD
            if action.depth > self.size - self.first_deeper + 1:
                raise UnknownActionError(f"this variant takes no card {action.depth} deep in the discard pile")
            return self.first_deeper + action.depth - 2
        if isinstance(action, Discard):
            return FIRST_DISCARD + self._card(action.card)
        if isinstance(action, Hit):
            if not 1 <= action.spread <= self.max_spreads:
                raise UnknownActionError(f"no spread number {action.spread} in this variant")
            return self.first_hit + self._card(action.card) * self.max_spreads + action.spread - 1
        index = self.meld_index.get(frozenset(action.cards))
        if index is None:
            raise UnknownActionError(f"{action} is not a meld of this variant")
        return self.first_spread + index

    def decode(self, code: int) -> Action:
        """The action numbered ``code``."""
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < self.size:
            raise UnknownActionError(f"an action number is a whole number 0..{self.size - 1}, not {code!r}")
        if code == KNOCK:
            return Knock()
        if code in (DRAW_STOCK, DRAW_DISCARD):
            return Draw(Pile.STOCK if code == DRAW_STOCK else Pile.DISCARD)
        if code < self.first_hit:
            return Discard(self.deck[code - FIRST_DISCARD])
        if code < self.first_spread:
            card, spread = divmod(code - self.first_hit, self.max_spreads)
            return Hit(self.deck[card], spread + 1)
        if code >= self.first_deeper:
            return Draw(Pile.DISCARD, None, code - self.first_deeper + 2)
        return Spread(self.melds[code - self.first_spread])

    def text(self, code: int) -> str:
        """The action numbered ``code`` as the tools' strings write it (:func:`action_text`)."""
        return action_text(self.decode(code), self.meld_rules)

    def _card(self, card: Card) -> int:
        index = self.card_index.get(card)
        if index is None:
            raise UnknownActionError(f"{card} is not in this variant's deck")
        return index


def card_text(card: Card) -> str:
    """A card as the tools' strings write it: as the table writes it, but the jokers numbered (``Jk1`` ..
    ``Jk4``, as :func:`~tonk_rules.cards.parse_card` reads them). The jokers are alike at the table, but each is
    a card of its own here (its own discard, its own bit in a tensor), and OpenSpiel tells actions, and
    information states, apart by their strings.

        >>> card_text(parse_card("Jk2")), card_text(parse_card("10S"))
        ('Jk2', '10S')
    """
    return f"Jk{int(card) - FIRST_JOKER + 1}" if card.joker else str(card)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as :func:`card_text` writes them, in the order given; ``-`` for none."""
    return " ".join(map(card_text, cards)) or "-"


def spread_text(melds: MeldRules, cards: Sequence[Card]) -> str:
    """A spread's cards in table order, each wild card with what it stands for: ``5S 6S Jk1(=7S)`` (what it
    stands for follows from the cards: :meth:`~tonk_rules.ruleset.melds.MeldRules.stands_for`)."""
    stands = dict(melds.stands_for(cards))
    order = melds.wild_order(cards) or list(cards)
    return " ".join(card_text(c) + (f"(={stands[c]})" if c in stands else "") for c in order)


def action_text(action: Action, melds: MeldRules) -> str:
    """``action`` as the tools' strings write it: as the engine writes it, with :func:`card_text`'s jokers and,
    in a new spread, what each wild card stands for (:func:`spread_text`)."""
    if isinstance(action, Discard):
        return f"discard {card_text(action.card)}"
    if isinstance(action, Hit):
        return f"hit {card_text(action.card)} on {action.spread}"
    if isinstance(action, Spread):
        return f"spread {spread_text(melds, action.cards)}"
    if isinstance(action, Draw) and action.card is not None:
        return f"{Draw(action.source, None, action.depth)} {card_text(action.card)}"
    return str(action)


def deck_melds(melds: MeldRules, deck: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every meld that ``deck`` holds under ``melds``, each once: the melds of the cards that are never wild as
    :meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in` lists them (so a variant without wild cards keeps its
    numbering), then the others, by their cards' mask.

    ``melds_in`` cannot list a whole deck's wild melds: it stops at a hand's most melds, and a run with a gap a
    wild card fills is no meld of a deck that holds the gap's card. So they are built here: the cards of a book,
    or of a run's places but ``k`` (a card of a wild rank among them, standing for itself), each joined with
    each set of ``k`` other wild cards, ``k`` from 0 up to the most one spread may hold, and kept where the meld
    rules read the whole as a meld (a card of a wild rank stands for itself where it can: a book of twos with
    deuces wild is a meld with no wild card in it).
    """
    wild = sorted(c for c in deck if c in melds.wild)
    natural = tuple(c for c in deck if c not in melds.wild)
    found: list[tuple[Card, ...]] = [tuple(m) for m in melds.melds_in(natural)]
    if not wild:
        return tuple(found)
    known = {sum(1 << int(c) for c in meld) for meld in found}
    ranked_cards = [c for c in deck if c.rank in melds.ranks]  # every card with a rank: jokers have none
    most = min(melds.wild_most, len(wild))
    by_rank: dict[int, list[Card]] = {}
    by_place: dict[tuple[int, int], Card] = {}
    places = [*melds.ranks, *((1,) if melds.ace_high else ())]  # run order, the high ace above the king
    for card in ranked_cards:
        by_rank.setdefault(card.rank, []).append(card)
        for place, rank in enumerate(places):
            if rank == card.rank:
                by_place[place, card.suit] = card
    extra: dict[int, tuple[Card, ...]] = {}
    for k in range(most + 1):
        parts: set[tuple[Card, ...]] = set()
        for ranked in by_rank.values():  # books: cards of one rank
            for size in range(1, len(ranked) + 1):
                parts.update(combinations(ranked, size))
        for suit in range(4):  # runs: a window of places, k of them left to wild cards, the rest in the deck
            for low in range(len(places)):
                for high in range(low + melds.run_min - 1, len(places)):
                    window = range(low, high + 1)
                    if melds.ace_high and 0 in window and len(places) - 1 in window:
                        continue  # the ace both low and high
                    for gaps in combinations(window, k):
                        run = tuple(by_place[p, suit] for p in window if p not in gaps and (p, suit) in by_place)
                        if len(run) == len(window) - k:  # every other place's card is in the deck
                            parts.add(run)
        for part in parts:
            if k == 0 and not any(c in melds.wild for c in part):
                continue  # a meld of cards never wild: melds_in listed it
            for wilds in combinations([w for w in wild if w not in part], k):
                meld = tuple(sorted((*part, *wilds)))
                mask = sum(1 << int(c) for c in meld)
                if mask not in known and mask not in extra and melds.classify(meld) is not None:
                    extra[mask] = meld
    return (*found, *(extra[mask] for mask in sorted(extra)))
