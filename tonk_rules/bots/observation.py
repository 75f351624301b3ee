"""What a seated player may see: the only thing a bot is given besides the list of its legal actions.

:func:`observe` copies the public table and the player's own cards out of a reference-engine hand into
immutable values; the :class:`Observation` keeps no reference to the hand, so a bot cannot reach the other
hands or the order of the stock (a test walks every object an observation refers to).

    >>> import random
    >>> from tonk_rules.engine.hand import Hand
    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> hand = Hand.shuffled(compile_ruleset(load_variant("pagat").variant), ["A", "B", "C"], 0, random.Random(1))
    >>> obs = observe(hand, 1)
    >>> len(obs.hand), obs.stock_size, obs.hand_sizes
    (5, 36, (5, 5, 5))
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.cards import Card
from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Spread
from tonk_rules.engine.hand import Hand, Phase, Turn
from tonk_rules.ruleset import Ruleset
from tonk_rules.terms import MeldKind, Pile


@dataclass(frozen=True)
class SpreadView:
    """A spread on the table as every player sees it."""

    number: int  # 1-based, in the order laid
    owner: int
    kind: MeldKind
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PublicAction:
    """One action as the table saw it: a draw from the stock shows no card."""

    player: int
    action: Action


@dataclass(frozen=True)
class Observation:
    """Everything seat ``seat`` may know now, and nothing else."""

    seat: int
    ruleset: Ruleset  # the variant's rules (the deck's composition, never its order)
    hand: tuple[Card, ...]  # own cards
    spreads: tuple[SpreadView, ...]
    discard_top: Card | None
    discard_size: int
    taken: tuple[tuple[Card, ...], ...]  # per seat: the cards that seat took from the discard pile
    stock_size: int
    hand_sizes: tuple[int, ...]  # cards in each seat's hand
    turns_taken: tuple[int, ...]  # completed turns per seat
    hit_locks: tuple[int, ...]  # turns each seat may not knock for (hit lock)
    history: tuple[PublicAction, ...]
    current: int  # whose turn it is
    phase: Phase  # where the current player is in their turn (OVER once the hand has ended)
    first_turn_binds: bool  # the hand's first turn, where the variant restricts it (no knock, stock only)
    turn: Turn  # a copy of the current turn's whole state (public): what the rules count in a turn
    #: the cards of the discard pile a player may take now, top last: the top ``drawing.discard_depth`` (the
    #: top alone in every built-in); each was discarded in view, and the history says who passed it up
    discard_seen: tuple[Card, ...] = ()

    @property
    def count(self) -> int:
        """The count of the observer's own hand."""
        return self.ruleset.deal.count(self.hand)

    @property
    def taken_this_turn(self) -> Card | None:
        """The card the current player took from the discard pile this turn (``turn.taken``)."""
        return self.turn.taken

    @property
    def pending(self) -> Card | None:
        """A taken discard that must still go straight into a spread (``turn.pending``)."""
        return self.turn.pending


class PublicLog:
    """The public history of one hand, brought up to date incrementally (a runner keeps one per hand, so
    observing costs no replay of the whole history at every decision)."""

    def __init__(self, players: int) -> None:
        self.history: list[PublicAction] = []
        self.taken: list[list[Card]] = [[] for _ in range(players)]
        self.seen = 0

    def update(self, hand: Hand) -> None:
        for record in hand.history[self.seen:]:
            action = record.action
            if isinstance(action, Draw):
                if action.source is Pile.DISCARD and action.card is not None:
                    self.taken[record.player].append(action.card)
                else:
                    action = Draw(action.source)
            self.history.append(PublicAction(record.player, action))
        self.seen = len(hand.history)


def observe(hand: Hand, seat: int, log: PublicLog | None = None) -> Observation:
    """The observation of ``seat`` at this moment of ``hand`` (copies only; no reference to the hand).

    ``log``: the hand's :class:`PublicLog`, when the caller keeps one (it is updated here).
    """
    if log is None:
        log = PublicLog(len(hand.players))
    log.update(hand)
    return Observation(
        seat=seat,
        ruleset=hand.ruleset,
        hand=tuple(hand.hands[seat]),
        spreads=tuple(SpreadView(s.number, s.owner, s.kind, tuple(s.cards)) for s in hand.spreads),
        discard_top=hand.discard[-1] if hand.discard else None,
        discard_size=len(hand.discard),
        taken=tuple(tuple(cards) for cards in log.taken),
        stock_size=len(hand.stock),
        hand_sizes=tuple(len(h) for h in hand.hands),
        turns_taken=tuple(hand.turns_taken),
        hit_locks=tuple(hand.hit_locks),
        history=tuple(log.history),
        current=hand.current,
        phase=hand.phase,
        first_turn_binds=hand.first_turn_binds,
        turn=hand.turn.copy(),
        discard_seen=tuple(hand.discard[-hand.ruleset.drawing.discard_depth:]) if hand.discard else (),
    )


def kept_and_shed(obs: Observation) -> tuple[tuple[frozenset[Card], ...], tuple[int, ...]]:
    """What the whole table saw of each seat this hand, from the public history: per seat the cards it took
    from the discard pile and still holds, and the value of its last discard (0 before its first). The
    compiled play loop keeps the same for every seat (``tonk_rules.kernel.layout.O_KEPT`` and ``O_SHED``)."""
    players = len(obs.hand_sizes)
    kept: list[set[Card]] = [set() for _ in range(players)]
    shed = [0] * players
    for record in obs.history:
        action, held = record.action, kept[record.player]
        if isinstance(action, Draw) and action.source is Pile.DISCARD and action.card is not None:
            held.add(action.card)
        elif isinstance(action, Discard):
            held.discard(action.card)
            shed[record.player] = obs.ruleset.deal.values[action.card]  # at the table's values (deck.values)
        elif isinstance(action, Spread):
            held.difference_update(action.cards)
        elif isinstance(action, Hit):
            held.discard(action.card)
    return tuple(frozenset(cards) for cards in kept), tuple(shed)
