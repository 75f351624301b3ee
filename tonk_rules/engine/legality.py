"""Whether an action is allowed, and why not: the one place the engine decides legality.

:meth:`Hand.why_illegal <tonk_rules.engine.hand.Hand.why_illegal>` and :meth:`Hand.apply` ask
:func:`why_illegal`; move generation (:mod:`tonk_rules.engine.moves`) enumerates the candidate actions of a
state and keeps those :func:`why_illegal` allows, asking no rule question itself. Two family checks,
:func:`why_no_spread_or_hit` and :func:`why_no_discard`, refuse a whole kind of action at once (whatever its
cards), so that move generation need not enumerate candidates that all would be refused; ``why_illegal``
asks them too, so they are part of the one decision, not a copy of it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tonk_rules.cards import Card, format_cards, hand_count
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.turn import Phase
from tonk_rules.ruleset import core
from tonk_rules.terms import Pile

if TYPE_CHECKING:
    from tonk_rules.engine.hand import Hand

FIRST_TURN = "the first player of the hand must draw from the stock on their first turn"
OVER = "the hand is over"


def why_illegal(hand: Hand, action: Action) -> str | None:
    """Why ``action`` is not allowed for the current player now, or None when it is.

    Each kind of action is checked in two steps, both used by move generation as well: the family check
    (``why_no_*``: what refuses every action of the kind, whatever its cards), then the action's own."""
    if isinstance(action, Knock):
        return why_not_knock(hand)
    if isinstance(action, Draw):
        return why_no_draw(hand) or why_not_draw(hand, action)
    if isinstance(action, Spread | Hit):
        return why_no_spread_or_hit(hand) or why_not_lay(hand, action)
    if isinstance(action, Discard):
        return why_no_discard(hand) or why_not_discard(hand, action.card)
    if hand.result is not None:
        return OVER
    return f"unknown action {action!r}"


def why_no_draw(hand: Hand) -> str | None:
    """Why no draw at all is allowed now, from either pile (None: one may be)."""
    if hand.result is not None:
        return OVER
    if hand.turn.phase.drawn:
        return "you have already drawn this turn"
    return None


def why_no_spread_or_hit(hand: Hand) -> str | None:
    """Why no spread and no hit at all is allowed now, whatever its cards (None: some may be)."""
    if hand.result is not None:
        return OVER
    return hand.ruleset.spreading.why_not_now(hand.turn.phase.drawn)


def why_no_discard(hand: Hand) -> str | None:
    """Why no discard at all is allowed now, whatever its card (None: some may be)."""
    if hand.result is not None:
        return OVER
    if not hand.turn.phase.drawn:
        return "draw before discarding"
    return None


def why_not_lay(hand: Hand, action: Spread | Hit) -> str | None:
    """Why this spread or hit is refused, once :func:`why_no_spread_or_hit` allows some (None: it is not)."""
    pending = hand.turn.pending
    if pending is not None and not uses(action, pending):
        return f"{pending} taken from the discard pile must go straight into a spread"
    return why_not_spread(hand, action.cards) if isinstance(action, Spread) else why_not_hit(hand, action)


def _held_text(held: Sequence[Card]) -> str:
    return f"you hold a spread ({format_cards(held)}) that must be laid"


def why_not_knock(hand: Hand) -> str | None:
    """Why the current player may not knock now (None: they may)."""
    if hand.result is not None:
        return OVER
    rules, me = hand.ruleset, hand.current
    cards = hand.hands[me]
    held = rules.spreading.held_spread(cards)
    count, turns_taken, locked_turns = hand_count(cards), hand.turns_taken[me], hand.hit_locks[me]
    code = rules.knocking.refusal(count=count, turns_taken=turns_taken, locked_turns=locked_turns,
                                  acted=hand.turn.phase is not Phase.START, drawn=hand.turn.drawn,
                                  first_turn=hand.first_turn_binds, holds_spread=held is not None)
    if code == core.KNOCK_HOLDS_SPREAD and held is not None:
        return f"{_held_text(held)}, so you may not knock"  # the words name the spread
    return rules.knocking.words(code, count=count, turns_taken=turns_taken, locked_turns=locked_turns)


def why_not_draw(hand: Hand, action: Draw) -> str | None:
    """Why this draw is refused, once :func:`why_no_draw` allows one (None: it is not)."""
    rules = hand.ruleset
    why = rules.drawing.why_not(action.source)
    if why:
        return why
    if action.source is Pile.DISCARD and hand.first_turn_binds:
        return FIRST_TURN
    cards = hand.hands[hand.current]
    if rules.spreading.before_draw and (held := rules.spreading.held_spread(cards)) is not None:
        return f"{_held_text(held)} before drawing"
    if action.source is Pile.DISCARD:
        if not hand.discard:
            return "the discard pile is empty"
        top = hand.discard[-1]
        if action.card is not None and action.card != top:
            return f"the top of the discard pile is {top}, not {action.card}"
        return rules.taken_discard.why_not_take(top, rules.taken_discard.straight_into_spread
                                                and can_meld(hand, top))
    if action.card is None:
        return None
    if hand.stock:
        top = hand.stock[-1]
        return None if top == action.card else f"the top of the stock is {top}, not {action.card}"
    if rules.stock.reshuffles(len(hand.discard)):
        top = reshuffled_pile(hand)[-1]
        return None if top == action.card else f"the top of the reshuffled stock is {top}, not {action.card}"
    return f"the stock is empty, so {action.card} cannot be drawn from it"


def reshuffled_pile(hand: Hand) -> list[Card]:
    """The stock the next reshuffle makes (top last): the discard pile but its top card, shuffled by a seed
    that depends only on the hand's ``reshuffle_seed`` and the reshuffle's number, so records replay."""
    pile = hand.discard[:-1]
    random.Random(f"{hand.reshuffle_seed}:{hand.reshuffles + 1}").shuffle(pile)
    return pile


def can_meld(hand: Hand, card: Card) -> bool:
    """Could ``card``, added to the current player's hand, be laid at once in a new spread or as a hit?"""
    rules, me = hand.ruleset, hand.current
    if any(card in meld for meld in rules.melds.melds_in([*hand.hands[me], card])):
        return True
    return any(card in s.targets and rules.hitting.allows(s.kind, s.owner == me) for s in hand.spreads)


def why_not_spread(hand: Hand, cards: tuple[Card, ...]) -> str | None:
    mine = hand.hands[hand.current]
    missing = [c for c in cards if c not in mine]
    if missing:
        return f"{format_cards(missing)} not in your hand"
    if len(set(cards)) != len(cards):
        return "a card is listed twice"
    if hand.ruleset.melds.classify(cards) is None:
        return f"{format_cards(cards)} is neither a book nor a run under these rules"
    return None


def why_not_hit(hand: Hand, action: Hit) -> str | None:
    if action.card not in hand.hands[hand.current]:
        return f"{action.card} is not in your hand"
    if not 1 <= action.spread <= len(hand.spreads):
        return f"there is no spread {action.spread} (spreads on the table: {len(hand.spreads)})"
    target = hand.spreads[action.spread - 1]
    why = hand.ruleset.hitting.why_not(target.kind, own=target.owner == hand.current)
    if why:
        return why
    if action.card not in target.targets:
        return f"{action.card} does not extend spread {action.spread} ({format_cards(target.cards)})"
    return None


def why_not_discard(hand: Hand, card: Card) -> str | None:
    """Why discarding ``card`` is refused, once :func:`why_no_discard` allows a discard (None: it is not).

    Move generation asks this of every card in hand, so the common case is kept short: only the card
    taken this turn can be kept by the taken-discard rule, and only must_spread can hold a spread."""
    turn, mine = hand.turn, hand.hands[hand.current]
    if card not in mine:
        return f"{card} is not in your hand"
    if turn.pending is not None:
        return f"{turn.pending} taken from the discard pile must go straight into a spread"
    rules = hand.ruleset
    if card == turn.taken:
        why = rules.taken_discard.why_not_discard(card, turn.taken, len(mine))
        if why:
            return why
    spreading = rules.spreading
    if spreading.must_spread and not spreading.before_draw:
        held = spreading.held_spread([c for c in mine if c != card])
        if held is not None:
            return f"{_held_text(held)} before discarding"
    return None


def uses(action: Spread | Hit, card: Card) -> bool:
    return card in action.cards if isinstance(action, Spread) else action.card == card
