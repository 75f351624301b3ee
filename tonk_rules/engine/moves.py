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
_HITS: dict[tuple[Card, int], Hit] = {}


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
        first = hand.first_turn_binds
        held = spreading.must_spread and spreading.held_spread(cards) is not None
        if (not first and not held
                and rules.knocking.allowed(count=hand_count(cards), turns_taken=hand.turns_taken[me],
                                           locked_turns=hand.hit_locks[me], acted=phase is Phase.LAID)):
            actions.append(KNOCK)
        if not (held and spreading.before_draw):
            sources = rules.drawing.sources
            if Pile.STOCK in sources:
                actions.append(DRAW_STOCK)
            if (Pile.DISCARD in sources and hand.discard and not first
                    and not (rules.taken_discard.straight_into_spread and not can_meld(hand, hand.discard[-1]))):
                actions.append(DRAW_DISCARD)
    if phase.drawn is not spreading.before_draw:
        pending = turn.pending
        for meld in spreading.melds.melds_in(cards):
            if pending is None or pending in meld:
                actions.append(Spread(meld))
        if hand.spreads:
            hitting = rules.hitting
            open_spreads = [s for s in hand.spreads if hitting.allows(s.kind, s.owner == me)]
            for card in cards if pending is None else (pending,):
                for target in open_spreads:
                    if card in target.targets:
                        actions.append(hit(card, target.number))
    if phase is Phase.DRAWN:
        taken_discard = rules.taken_discard
        n = len(cards)
        for card in cards:
            if not taken_discard.may_discard(card, turn.taken, n):
                continue
            if (spreading.must_spread and not spreading.before_draw
                    and spreading.held_spread([c for c in cards if c != card]) is not None):
                continue
            actions.append(DISCARDS[card])
    return actions
