"""Every action of a variant as one whole number, as OpenSpiel and PettingZoo number a player's choices.

The numbering depends only on the variant's deck and meld rules, never on a position: ``0`` knock, ``1`` draw
from the stock, ``2`` take the discard, then a discard of each card of the deck (in deck order), a hit of each
card on each spread number, a new spread of each meld the deck holds (in the order
:meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in` lists the whole deck's melds), and last a take of each
card below the top of the discard pile that ``drawing.discard_depth`` allows (depth 2, 3, ..). A spread is keyed by its
set of cards, as :func:`~tonk_rules.bots.action_key` keys it, so the order its cards are written in does not
matter.

    >>> from tonk_rules.interop.game_rules import rules_for
    >>> codes = ActionCodes(rules_for("pagat", 2))
    >>> codes.size, codes.encode(Knock()), str(codes.decode(codes.encode(Discard(parse_card("5H")))))
    (1268, 0, 'discard 5H')
    >>> str(codes.decode(codes.encode(Spread(tuple(parse_cards("7S 5S 6S"))))))
    'spread 5S 6S 7S'
"""

from __future__ import annotations

from tonk_rules.cards import Card, parse_card, parse_cards  # noqa: F401  (the doctest's names)
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.ruleset import Ruleset
from tonk_rules.terms import Pile

KNOCK, DRAW_STOCK, DRAW_DISCARD = 0, 1, 2
FIRST_DISCARD = 3


class UnknownActionError(ValueError):
    """An action the variant's numbering has no number for (a code out of range, a spread that is no meld)."""


class ActionCodes:
    """The numbering of one variant's actions (see the module docstring)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.deck: tuple[Card, ...] = tuple(ruleset.deal.deck)
        self.card_index = {card: i for i, card in enumerate(self.deck)}
        self.melds: tuple[tuple[Card, ...], ...] = tuple(ruleset.melds.melds_in(self.deck))
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

    def _card(self, card: Card) -> int:
        index = self.card_index.get(card)
        if index is None:
            raise UnknownActionError(f"{card} is not in this variant's deck")
        return index
