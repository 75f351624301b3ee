"""Legal move generation: the candidate actions of a state, kept where :mod:`~tonk_rules.engine.legality`
allows them.

Legality is decided in one place, :func:`tonk_rules.engine.legality.why_illegal`; this module only
enumerates what could be played, whatever the rules say: the knock, a draw from each pile, every meld
of the hand (:meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in`) as a spread, every card of the hand
on every spread it extends, and a discard of every card. It asks no rule question of its own (a test reads
this file to keep it so); a rule added with new state is asked in ``legality`` alone. Two family checks of
``legality`` spare the enumeration of spreads, hits and discards where none is allowed at all.

This is the simulator's hot path, so the common actions are made once and shared. The order is part of
the contract (seeded players pick by index): knock, draw stock, draw discard, spreads (in
:meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in` order), hits (card by card in hand order, then
spread by spread), discards (in hand order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tonk_rules.cards import DECK, Card
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.legality import (
    why_no_discard,
    why_no_draw,
    why_no_spread_or_hit,
    why_not_discard,
    why_not_draw,
    why_not_knock,
    why_not_lay,
)
from tonk_rules.terms import Pile

if TYPE_CHECKING:
    from tonk_rules.engine.hand import Hand

# Actions are frozen values: the common ones are made once and shared.
KNOCK = Knock()
DRAW_STOCK = Draw(Pile.STOCK)
DRAW_DISCARD = Draw(Pile.DISCARD)
DISCARDS: dict[Card, Discard] = {card: Discard(card) for card in DECK}
#: What a draw records: the pile and the card drawn.
DRAWN: dict[tuple[Pile, Card], Draw] = {(pile, card): Draw(pile, card) for pile in Pile for card in DECK}
_HITS: dict[tuple[Card, int], Hit] = {}
_SPREADS: dict[tuple[Card, ...], Spread] = {}  # a few hundred melds exist in a deck: all are kept


def spread(cards: tuple[Card, ...]) -> Spread:
    action = _SPREADS.get(cards)
    if action is None:
        action = _SPREADS[cards] = Spread(cards)
    return action


def hit(card: Card, spread: int) -> Hit:
    action = _HITS.get((card, spread))
    if action is None:
        action = _HITS[card, spread] = Hit(card, spread)
    return action


def legal_actions(hand: Hand) -> list[Action]:
    """Every legal action of the current player (empty when the hand is over): the candidates that
    :func:`~tonk_rules.engine.legality.why_illegal` allows, each kind behind its family check."""
    actions: list[Action] = []
    if why_not_knock(hand) is None:
        actions.append(KNOCK)
    if why_no_draw(hand) is None:
        actions += [draw for draw in (DRAW_STOCK, DRAW_DISCARD) if why_not_draw(hand, draw) is None]
    cards = hand.hands[hand.current]
    if why_no_spread_or_hit(hand) is None:
        for meld in hand.ruleset.spreading.melds.melds_in(cards):
            if why_not_lay(hand, candidate := spread(meld)) is None:
                actions.append(candidate)
        for card in cards:
            for target in hand.spreads:
                if card in target.targets and why_not_lay(hand, candidate := hit(card, target.number)) is None:
                    actions.append(candidate)
    if why_no_discard(hand) is None:
        actions += [DISCARDS[card] for card in cards if why_not_discard(hand, card) is None]
    return actions
