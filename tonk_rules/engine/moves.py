"""Legal move generation: the candidate actions of a state, kept where :mod:`~tonk_rules.engine.legality`
allows them.

Legality is decided in one place, :func:`tonk_rules.engine.legality.why_illegal`; this module only
enumerates what could be played, whatever the rules say: the knock, a draw from each pile, every meld
of the hand (:meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in`) as a spread, every card of the hand
on every spread it extends, and a discard of every card. It asks no rule question of its own
(tests/test_moves_ask_legality.py reads this file to keep it so): a rule added with new state is asked in
``legality`` alone. The family checks of :class:`~tonk_rules.engine.legality.Legality` (``why_no_*``) spare
the enumeration of draws, spreads, hits and discards where none of its kind is allowed at all.

This is the simulator's hot path, so the common actions are made once and shared. The order is part of
the contract (seeded players pick by index): knock, draw stock, draw discard (the top, then deeper), spreads (in
:meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in` order), hits (card by card in hand order, then
spread by spread), discards (in hand order).
"""

from __future__ import annotations

from tonk_rules.cards import ALL_CARDS, Card
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand_state import HandState
from tonk_rules.engine.legality import Legality
from tonk_rules.terms import Pile

# Actions are frozen values: the common ones are made once and shared.
KNOCK = Knock()
DRAW_STOCK = Draw(Pile.STOCK)
DRAW_DISCARD = Draw(Pile.DISCARD)
DISCARDS: dict[Card, Discard] = {card: Discard(card) for card in ALL_CARDS}
#: What a draw records: the pile and the card drawn.
DRAWN: dict[tuple[Pile, Card], Draw] = {(pile, card): Draw(pile, card) for pile in Pile for card in ALL_CARDS}
_HITS: dict[tuple[Card, int], Hit] = {}
_DEEPER: dict[tuple[int, Card | None], Draw] = {}  # takes below the top of the discard pile (drawing.discard_depth)
_SPREADS: dict[tuple[Card, ...], Spread] = {}  # a few hundred melds exist in a deck: all are kept


def spread(cards: tuple[Card, ...]) -> Spread:
    action = _SPREADS.get(cards)
    if action is None:
        action = _SPREADS[cards] = Spread(cards)
    return action


def draw_at(depth: int, card: Card | None = None) -> Draw:
    """A take of the card ``depth`` from the top of the discard pile (1: the top), recording ``card``."""
    if depth == 1:
        return DRAW_DISCARD if card is None else DRAWN[Pile.DISCARD, card]
    action = _DEEPER.get((depth, card))
    if action is None:
        action = _DEEPER[depth, card] = Draw(Pile.DISCARD, card, depth)
    return action


def hit(card: Card, spread: int) -> Hit:
    action = _HITS.get((card, spread))
    if action is None:
        action = _HITS[card, spread] = Hit(card, spread)
    return action


def legal_actions(hand: HandState) -> list[Action]:
    """Every legal action of the current player (empty when the hand is over): the candidates that
    :mod:`~tonk_rules.engine.legality` allows, each kind behind its family check."""
    check = Legality(hand)
    actions: list[Action] = []
    if check.may_knock():
        actions.append(KNOCK)
    if check.why_no_draw() is None:
        if check.why_not_draw(DRAW_STOCK) is None:
            actions.append(DRAW_STOCK)
        if check.why_not_draw(DRAW_DISCARD) is None:
            actions.append(DRAW_DISCARD)
        for depth in range(2, check.deepest_take() + 1):  # deeper in the discard pile, where the variant allows
            if check.why_not_draw(deeper := draw_at(depth)) is None:
                actions.append(deeper)
    cards = hand.hands[hand.current]
    if check.why_no_spread_or_hit() is None:
        why_not_lay = check.why_not_lay
        for meld in hand.ruleset.spreading.melds.melds_in(cards):
            if why_not_lay(new := spread(meld)) is None:
                actions.append(new)
        spreads = hand.spreads
        if spreads:  # (no spread on the table: no hit to look for, card by card)
            for card in cards:
                for target in spreads:
                    if card in target.targets and why_not_lay(onto := hit(card, target.number)) is None:
                        actions.append(onto)
    if check.why_no_discard() is None:
        actions += map(DISCARDS.__getitem__, check.discardable())
    return actions
