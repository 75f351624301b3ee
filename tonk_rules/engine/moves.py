"""Legal move generation: every legal action of the current player, generated for the turn's phase.

This is the simulator's hot path, so it builds no messages and constructs no rejected candidates: it asks
the rule objects' fast yes/no questions. It must agree exactly with :mod:`tonk_rules.engine.legality`
(a property test checks every action of random reachable states of every built-in variant). The order is
part of the contract (seeded players pick by index): knock, draw stock, draw discard, spreads (in
:meth:`~tonk_rules.ruleset.melds.MeldRules.melds_in` order), hits (card by card in hand order, then
spread by spread), discards (in hand order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tonk_rules.cards import DECK, Card, hand_count
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.legality import can_meld
from tonk_rules.engine.turn import Phase
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
    """Every legal action of the current player (empty when the hand is over)."""
    if hand.result is not None:
        return []
    rules, turn, me = hand.ruleset, hand.turn, hand.current
    phase = turn.phase
    cards = hand.hands[me]
    spreading = rules.spreading
    actions: list[Action] = []
    if phase is Phase.START or phase is Phase.LAID:
        first = rules.deal.first_turn_draws_from_stock and not any(hand.turns_taken)
        held = spreading.must_spread and spreading.held_spread(cards) is not None
        if rules.knocking.allowed(count=hand_count(cards), turns_taken=hand.turns_taken[me],
                                  locked_turns=hand.hit_locks[me], acted=phase is Phase.LAID, first_turn=first,
                                  holds_spread=held):
            actions.append(KNOCK)
        if not (held and spreading.before_draw):
            sources = rules.drawing.sources
            if Pile.STOCK in sources:
                actions.append(DRAW_STOCK)
            if (Pile.DISCARD in sources and hand.discard and not first
                    and not (rules.taken_discard.straight_into_spread and not can_meld(hand, hand.discard[-1]))):
                actions.append(DRAW_DISCARD)
    if spreading.may_lay_now(phase.drawn):
        pending = turn.pending
        for meld in spreading.melds.melds_in(cards):
            if pending is None or pending in meld:
                actions.append(spread(meld))
        if hand.spreads:
            hitting = rules.hitting
            open_spreads = [s for s in hand.spreads if hitting.allows(s.kind, s.owner == me)]
            if open_spreads:
                for card in cards if pending is None else (pending,):
                    for target in open_spreads:
                        if card in target.targets:
                            actions.append(hit(card, target.number))
    if phase is Phase.DRAWN:
        # the taken card may be kept from the discard, and under must_spread (spreads after the draw) no
        # discard may leave a spread in hand
        taken = turn.taken
        kept = taken if taken is not None and not rules.taken_discard.may_discard(taken, taken, len(cards)) else None
        if spreading.must_spread and not spreading.before_draw:
            actions += [DISCARDS[c] for c in cards
                        if c != kept and spreading.held_spread([d for d in cards if d != c]) is None]
        else:
            actions += [DISCARDS[c] for c in cards if c != kept]
    return actions
