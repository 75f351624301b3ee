"""Whether an action is allowed, and why not: the one place the engine decides legality.

:meth:`Hand.why_illegal <tonk_rules.engine.hand.Hand.why_illegal>` and :meth:`Hand.apply` ask
:func:`why_illegal`; move generation (:mod:`tonk_rules.engine.moves`) enumerates the candidate actions of a
state and keeps those that the same checks allow, asking no rule question itself.

Each kind of action is checked in two steps: its family check (``why_no_draw``, ``why_no_spread_or_hit``,
``why_no_discard``: what refuses every action of the kind, whatever its cards), then the action's own
check. ``why_illegal`` asks both; move generation asks the family check once and the action's own check
for each candidate, so it never enumerates candidates that would all be refused. The words of a refused
knock are built only when asked for (:meth:`Legality.may_knock` answers without them). Which refusal
applies is decided by :mod:`tonk_rules.ruleset.core` (``knock_refusal``, ``draw_refusal``, ``take_refusal``,
``discard_refusal``: the functions the kernel compiles); this module gathers their arguments and words
their codes. What a rule knows of the position is its facts (``Legality.facts``:
:func:`~tonk_rules.ruleset.position_vector.position_facts` of the hand's position vector, the function the
kernel compiles too), handed to every refusal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tonk_rules.cards import ALL_CARDS, Card, format_cards
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand_state import HandState
from tonk_rules.ruleset import core
from tonk_rules.ruleset.position_vector import FACT_FIRST_TURN, position_facts
from tonk_rules.ruleset.slots import NO_CARD, TURN_DRAWN, TURN_PENDING, TURN_TAKEN
from tonk_rules.terms import Pile
from tonk_rules.words import refusal as refusal_words

FIRST_TURN = refusal_words("deal.first_turn", "draw")
OVER = "the hand is over"
#: The words of the refusal codes of ``core.draw_refusal`` and ``core.discard_refusal`` that name nothing
#: (those that name a pile or cards are worded where they are found).
_DRAW_WORDS = {core.DRAW_ALREADY_DRAWN: "you have already drawn this turn", core.DRAW_FIRST_TURN: FIRST_TURN,
               core.DRAW_DISCARD_EMPTY: "the discard pile is empty"}
_DISCARD_WORDS = {core.DISCARD_NOT_DRAWN: "draw before discarding"}


def why_illegal(hand: HandState, action: Action) -> str | None:
    """Why ``action`` is not allowed for the current player now, or None when it is."""
    return Legality(hand).why_not(action)


class Legality:
    """The legality of the current player's actions in one state of a hand.

    What the checks read is looked up once, as move generation asks many checks of one state in a row; an
    instance is therefore valid only until the hand changes (make one per question or per generation).
    """

    __slots__ = ("drawn", "facts", "first_turn", "hand", "mine", "over", "pending", "rules", "taken", "turn")

    def __init__(self, hand: HandState) -> None:
        self.hand = hand
        self.rules = hand.ruleset
        self.mine = hand.hands[hand.current]
        self.turn = turn = hand.turn.slots  # (read directly: a Legality is made for every state)
        self.drawn = turn[TURN_DRAWN] == 1
        taken, pending = turn[TURN_TAKEN], turn[TURN_PENDING]
        self.taken = None if taken == NO_CARD else ALL_CARDS[taken]
        self.pending = None if pending == NO_CARD else ALL_CARDS[pending]
        self.over = hand.result is not None
        #: what the rules know of the position, for the player to act (every refusal reads it)
        self.facts = facts = position_facts(hand.position, hand.current)
        # read by the knock and the draw from the discard pile
        self.first_turn = self.rules.deal.first_turn_binds(facts[FACT_FIRST_TURN] == 1)

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or None when it is (:func:`why_illegal`)."""
        if isinstance(action, Knock):
            return self.why_not_knock()
        if isinstance(action, Draw):
            return self.why_no_draw() or self.why_not_draw(action)
        if isinstance(action, Spread | Hit):
            return self.why_no_spread_or_hit() or self.why_not_lay(action)
        if isinstance(action, Discard):
            return self.why_no_discard() or self.why_not_discard(action.card)
        if self.over:
            return OVER
        return f"unknown action {action!r}"

    # --- the knock ------------------------------------------------------------------------------------------
    def knock_refusal(self) -> int:
        """Why the current player may not knock now (the hand not being over): a ``core.KNOCK_*`` code."""
        spreading = self.rules.spreading
        # (must_spread first: no holds_spread call without it, as move generation asks this in every state)
        return self.rules.knocking.refusal(
            self.turn, self.facts, first_turn=self.first_turn,
            holds_spread=spreading.must_spread and spreading.holds_spread(self.mine))

    def may_knock(self) -> bool:
        """:meth:`why_not_knock` is None, without the words."""
        return not self.over and self.knock_refusal() == core.KNOCK_OK

    def why_not_knock(self) -> str | None:
        """Why the current player may not knock now (None: they may)."""
        if self.over:
            return OVER
        code = self.knock_refusal()
        if code == core.KNOCK_HOLDS_SPREAD and (held := self.rules.spreading.held_spread(self.mine)) is not None:
            return f"{_held_text(held)}, so you may not knock"  # the words name the spread
        return self.rules.knocking.words(code, self.facts)

    # --- draws ----------------------------------------------------------------------------------------------
    def why_no_draw(self) -> str | None:
        """Why no draw at all is allowed now, from either pile (None: one may be): the hand is over, or
        the first refusal of ``core.draw_refusal``, which no pile escapes."""
        if self.over:
            return OVER
        return _DRAW_WORDS[core.DRAW_ALREADY_DRAWN] if self.drawn else None

    def why_not_draw(self, action: Draw) -> str | None:
        """Why this draw is refused, once :meth:`why_no_draw` allows one (None: it is not): the refusal of
        ``core.draw_refusal`` (then, from the discard pile, ``core.take_refusal``) in words, and a recorded
        card that is not the one on top of the pile."""
        hand, rules, source = self.hand, self.rules, action.source
        spreading, from_discard = rules.spreading, action.source is Pile.DISCARD
        # (holds_spread only where draw_refusal reads it)
        code = core.draw_refusal(rules.params, self.turn, 0, self.facts, from_discard,
                                 from_discard and self.first_turn,
                                 spreading.before_draw and spreading.holds_spread(self.mine))
        if code == core.DRAW_PILE_NOT_ALLOWED:
            return rules.drawing.why_not(source)
        if code == core.DRAW_HOLDS_SPREAD and (held := spreading.held_spread(self.mine)) is not None:
            return f"{_held_text(held)} before drawing"
        if code != core.DRAW_OK:
            return _DRAW_WORDS[code]
        if from_discard:
            depth = action.depth
            if depth > 1 and depth > core.deepest_take(rules.params, self.facts):
                return rules.drawing.why_not_depth(depth, len(hand.discard))
            top = hand.discard[-depth]
            if action.card is not None and action.card != top:
                if depth > 1:
                    return f"card {depth} from the top of the discard pile is {top}, not {action.card}"
                return f"the top of the discard pile is {top}, not {action.card}"
            taken = rules.taken_discard  # (can_meld only where take_refusal reads it)
            return taken.why_not_take(top, taken.straight_into_spread and can_meld(hand, top), self.facts)
        if action.card is None:
            return None
        if hand.stock:
            top = hand.stock[-1]
            return None if top == action.card else f"the top of the stock is {top}, not {action.card}"
        if rules.stock.reshuffles(len(hand.discard)):
            top = reshuffled_pile(hand)[-1]
            return None if top == action.card else f"the top of the reshuffled stock is {top}, not {action.card}"
        return f"the stock is empty, so {action.card} cannot be drawn from it"

    def deepest_take(self) -> int:
        """How deep in the discard pile a card may be taken now (``core.deepest_take``), once a draw from it is
        allowed at all (0: the pile is empty)."""
        return core.deepest_take(self.rules.params, self.facts)

    # --- spreads and hits -----------------------------------------------------------------------------------
    def why_no_spread_or_hit(self) -> str | None:
        """Why no spread and no hit at all is allowed now, whatever its cards (None: some may be)."""
        if self.over:
            return OVER
        spreading = self.rules.spreading  # (may_lay_now first: the words' method only where it refuses)
        return None if spreading.may_lay_now(self.drawn) else spreading.why_not_now(self.drawn)

    def why_not_lay(self, action: Spread | Hit) -> str | None:
        """Why this spread or hit is refused, once :meth:`why_no_spread_or_hit` allows some (None: it is not).

        (A card is pending only while spreads may be laid: variant/checks.py refuses straight_into_spread
        with spreads before the draw, so the family check's words never hide the pending card's.)"""
        pending = self.pending
        if pending is not None and not uses(action, pending):
            return f"{pending} taken from the discard pile must go straight into a spread"
        return self._why_not_spread(action.cards) if isinstance(action, Spread) else self._why_not_hit(action)

    def _why_not_spread(self, cards: tuple[Card, ...]) -> str | None:
        mine = self.mine
        missing = [c for c in cards if c not in mine]
        if missing:
            return f"{format_cards(missing)} not in your hand"
        if len(set(cards)) != len(cards):
            return "a card is listed twice"
        if self.rules.melds.classify(cards) is None:
            return f"{format_cards(cards)} is neither a book nor a run under these rules"
        return None

    def _why_not_hit(self, action: Hit) -> str | None:
        hand = self.hand
        if action.card not in self.mine:
            return f"{action.card} is not in your hand"
        if not 1 <= action.spread <= len(hand.spreads):
            return f"there is no spread {action.spread} (spreads on the table: {len(hand.spreads)})"
        target = hand.spreads[action.spread - 1]
        why = self.rules.hitting.why_not(target.kind, target.owner == hand.current, self.turn, self.facts)
        if why:
            return why
        if action.card not in target.targets:
            return f"{action.card} does not extend spread {action.spread} ({format_cards(target.cards)})"
        return None

    # --- discards -------------------------------------------------------------------------------------------
    def why_no_discard(self) -> str | None:
        """Why no discard at all is allowed now, whatever its card (None: some may be)."""
        if self.over:
            return OVER
        return None if self.drawn else _DISCARD_WORDS[core.DISCARD_NOT_DRAWN]

    def discardable(self) -> list[Card]:
        """The current player's cards that :meth:`why_not_discard` allows, in hand order, once
        :meth:`why_no_discard` allows a discard (the refusals' codes, without their words).

        Move generation asks this every turn: where ``core.discard_checks_held`` is off, every card but the
        one taken this turn has the same arguments to ``core.discard_refusal`` (not kept, no spread left),
        so that refusal is asked once for them all and separately only for the taken card."""
        mine, taken, ok = self.mine, self.taken, core.DISCARD_OK
        if self.rules.spreading.checks_discard:
            return [card for card in mine if self._discard_refusal(card) == ok]
        others_ok = core.discard_refusal(self.turn, 0, self.facts, False, False) == ok
        if taken is None or taken not in mine:
            return list(mine) if others_ok else []
        if self._discard_refusal(taken) == ok:
            return list(mine) if others_ok else [taken]
        return [card for card in mine if card != taken] if others_ok else []

    def _discard_refusal(self, card: Card) -> int:
        """``core.discard_refusal`` for discarding ``card``, a card in hand: only the card taken this turn can
        be kept by the taken-discard rule, and the hand left is searched for a held spread only where
        ``core.discard_checks_held``."""
        rules, mine, taken = self.rules, self.mine, self.taken
        kept = card == taken and not rules.taken_discard.may_discard(card, taken, self.facts)
        spreading = rules.spreading
        leaves = spreading.checks_discard and spreading.holds_spread([c for c in mine if c != card])
        return core.discard_refusal(self.turn, 0, self.facts, kept, leaves)

    def why_not_discard(self, card: Card) -> str | None:
        """Why discarding ``card`` is refused, once :meth:`why_no_discard` allows a discard (None: it is not):
        the refusal of ``core.discard_refusal`` in words."""
        mine = self.mine
        if card not in mine:
            return f"{card} is not in your hand"
        code = self._discard_refusal(card)
        if code == core.DISCARD_OK:
            return None
        if code == core.DISCARD_PENDING:
            return f"{self.pending} taken from the discard pile must go straight into a spread"
        if code == core.DISCARD_KEPT:
            return self.rules.taken_discard.why_not_discard(card, self.taken, self.facts)
        if (code == core.DISCARD_LEAVES_SPREAD
                and (held := self.rules.spreading.held_spread([c for c in mine if c != card])) is not None):
            return f"{_held_text(held)} before discarding"
        return _DISCARD_WORDS[code]


def _held_text(held: Sequence[Card]) -> str:
    return f"you hold a spread ({format_cards(held)}) that must be laid"


def reshuffled_pile(hand: HandState) -> list[Card]:
    """The stock the next reshuffle makes (top last): the discard pile but its top card, shuffled by a seed
    that depends only on the hand's ``reshuffle_seed`` and the reshuffle's number, so records replay."""
    pile = hand.discard[:-1]
    random.Random(f"{hand.reshuffle_seed}:{hand.reshuffles + 1}").shuffle(pile)
    return pile


def can_meld(hand: HandState, card: Card) -> bool:
    """Could ``card``, added to the current player's hand, be laid at once in a new spread or as a hit?"""
    rules, me = hand.ruleset, hand.current
    if rules.melds.in_a_meld([*hand.hands[me], card], card):  # meld_masks.in_a_meld, as the kernel asks it
        return True
    turn, facts = hand.turn.slots, position_facts(hand.position, me)
    return any(card in s.targets and rules.hitting.allows(s.kind, s.owner == me, turn, facts)
               for s in hand.spreads)


def uses(action: Spread | Hit, card: Card) -> bool:
    return card in action.cards if isinstance(action, Spread) else action.card == card
