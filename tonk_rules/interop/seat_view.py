"""What one seat sees, as text and as a vector of fixed size, built from its
:class:`~tonk_rules.bots.Observation` (and, for perfect recall, its own log: the cards it was dealt and drew),
never from the other hands or the stock.

A view has three parts, as OpenSpiel's observation types name them: the **public** table (whose turn and its
phase, the discard pile's top and size (and the cards below the top a player may take too, where
``drawing.discard_depth`` lets one), the stock's size, every seat's hand size, turns and hit lock, the
spreads by owner, the cards each seat took from and threw on the pile), the seat's **private** cards, and,
with **perfect recall**, what it saw in order (the public history, its own draws from the stock shown with
their cards, the hand it was dealt). The information state is all three; the plain observation the first
two.

    >>> from tonk_rules.interop.chance_hand import ChanceHand
    >>> from tonk_rules.interop.game_rules import rules_for
    >>> hand = ChanceHand(rules_for("pagat", 2), 2)
    >>> for card in (0, 1, 2):
    ...     hand.apply_chance(card)
    >>> view_text(hand, 0, INFORMATION_STATE)
    'seat 0 of 2 | dealing: 3 of 11 cards dealt | hand AS AD'
    >>> layout = TensorLayout(hand.ruleset, 2, INFORMATION_STATE)
    >>> layout.size, int(sum(layout.tensor(hand, 0)))
    (548, 8)
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.bots import Observation
from tonk_rules.cards import Card
from tonk_rules.engine.actions import Discard, Draw
from tonk_rules.engine.hand import Phase, Turn
from tonk_rules.interop.action_codes import action_text, card_text, cards_text, spread_text
from tonk_rules.interop.chance_hand import ChanceHand, SeatLog
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.melds import MeldRules
from tonk_rules.terms import Pile

PHASES = tuple(Phase)


@dataclass(frozen=True)
class ViewKind:
    """Which parts of a seat's view to include (OpenSpiel's ``IIGObservationType``, by the same names)."""

    public: bool = True
    private: bool = True
    perfect_recall: bool = False


INFORMATION_STATE = ViewKind(perfect_recall=True)
OBSERVATION = ViewKind()


def _cards(cards: tuple[Card, ...] | list[Card] | frozenset[Card]) -> str:
    return cards_text(sorted(cards))


def view_text(hand: ChanceHand, seat: int, kind: ViewKind) -> str:
    """Seat ``seat``'s view of ``hand`` as one line of text."""
    parts = [f"seat {seat} of {hand.players}"]
    obs = hand.observation(seat)
    if obs is None:  # the deal: how far it has come is public, the seat's own cards private
        if kind.public:
            parts.append(f"dealing: {len(hand.dealt)} of {hand.to_deal} cards dealt")
        if kind.private:
            parts.append(f"hand {_cards(hand.dealt_to(seat))}")
        return " | ".join(parts)
    log = hand.logs[seat]
    if kind.private and kind.perfect_recall:
        dealt = "?" if log.dealt is None else _cards(log.dealt)
        parts.append(f"dealt {dealt}")
    if kind.public and kind.perfect_recall:
        parts.append(f"upcard {card_text(log.upcard) if log.upcard is not None else '-'}")
        parts.append("history " + _history(obs, hand.ruleset.melds, log if kind.private else None))
    if kind.public:
        parts.extend(_public(obs, hand.ruleset.melds, hand.drawing))
    if kind.private:
        parts.append(f"hand {_cards(obs.hand)}")
    return " | ".join(parts)


def _history(obs: Observation, melds: MeldRules, log: SeatLog | None) -> str:
    """The public history; with the seat's ``log``, its own draws from the stock show their cards."""
    drawn = iter(log.drawn if log is not None else ())
    words = []
    for public in obs.history:
        text = f"{public.player}:{action_text(public.action, melds)}"
        if log is not None and public.player == obs.seat and isinstance(public.action, Draw) \
                and public.action.source is Pile.STOCK:
            card = next(drawn, None)
            text += f" {card_text(card) if card is not None else '?'}"
        words.append(text)
    return "; ".join(words) or "-"


def _public(obs: Observation, melds: MeldRules, drawing: bool) -> list[str]:
    phase = "drawing from the stock" if drawing else obs.phase.value
    spreads = "; ".join(f"{s.number} of seat {s.owner}: {spread_text(melds, s.cards)}" for s in obs.spreads) or "-"
    top = card_text(obs.discard_top) if obs.discard_top is not None else "-"
    if len(obs.discard_seen) > 1:  # drawing.discard_depth: the cards below the top that may be taken too
        top += f" (below it {cards_text(reversed(obs.discard_seen[:-1]))})"
    taken = "; ".join(f"{seat}: {_cards(cards)}" for seat, cards in enumerate(obs.taken))
    return [
        f"to move {obs.current} ({phase}{', first turn bound' if obs.first_turn_binds else ''})",
        f"turn {' '.join(map(str, obs.turn.slots))}",
        f"pile {top} of {obs.discard_size}, stock {obs.stock_size}",
        f"hand sizes {' '.join(map(str, obs.hand_sizes))}",
        f"turns {' '.join(map(str, obs.turns_taken))}, hit locks {' '.join(map(str, obs.hit_locks))}",
        f"spreads {spreads}",
        f"taken {taken}",
    ]


class TensorLayout:
    """The vector of a seat's view: named pieces, each a block of the flat vector (see :attr:`pieces`)."""

    def __init__(self, ruleset: Ruleset, players: int, kind: ViewKind) -> None:
        self.kind = kind
        self.deck = tuple(ruleset.deal.deck)
        self.index = {card: i for i, card in enumerate(self.deck)}
        d, n = len(self.deck), players
        #: the cards below the top a player may take too (drawing.discard_depth), each depth one-hot
        self.below = ruleset.drawing.discard_depth - 1
        pieces: list[tuple[str, int]] = [("seat", n)]
        if kind.public:
            turn_size = len(Turn().slots)
            pieces += [("current", n + 1), ("phase", len(PHASES) + 1), ("discard_top", d), ("discarded", n * d),
                       ("taken", n * d), ("spreads", n * d), ("hand_sizes", n), ("turns", n), ("hit_locks", n),
                       ("piles", 2), ("first_turn", 1), ("turn", turn_size)]
            if self.below:  # (a piece only where the variant lets a player take from below the top: every
                pieces.append(("discard_below", self.below * d))  # other variant keeps its layout)
        if kind.private:
            pieces.append(("hand", d))
            if kind.perfect_recall:
                pieces += [("dealt", d), ("drawn", d)]
        self.pieces = tuple(pieces)
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in pieces:
            self.offsets[name] = at
            at += size
        self.size = at
        self.players = players

    def tensor(self, hand: ChanceHand, seat: int) -> list[float]:
        """Seat ``seat``'s view of ``hand`` as :attr:`size` numbers."""
        v = [0.0] * self.size
        kind, at, n = self.kind, self.offsets, self.players
        d = len(self.deck)
        v[at["seat"] + seat] = 1.0
        obs = hand.observation(seat)
        if obs is None:  # the deal
            if kind.public:
                v[at["current"] + n] = 1.0
                v[at["phase"] + len(PHASES)] = 1.0
                for s in range(n):
                    v[at["hand_sizes"] + s] = float(len(hand.dealt_to(s)))
            if kind.private:
                self._set(v, at["hand"], hand.dealt_to(seat))
            return v
        log = hand.logs[seat]
        if kind.public:
            v[at["current"] + (n if hand.is_chance() or hand.over else obs.current)] = 1.0
            v[at["phase"] + (len(PHASES) if hand.drawing else PHASES.index(obs.phase))] = 1.0
            if obs.discard_top is not None:
                v[at["discard_top"] + self.index[obs.discard_top]] = 1.0
            for depth, card in enumerate(reversed(obs.discard_seen[:-1])):  # depth 2 first
                v[at["discard_below"] + depth * d + self.index[card]] = 1.0
            for public in obs.history:
                if isinstance(public.action, Discard):
                    v[at["discarded"] + public.player * d + self.index[public.action.card]] = 1.0
            for s, cards in enumerate(obs.taken):
                self._set(v, at["taken"] + s * d, cards)
            for spread in obs.spreads:
                self._set(v, at["spreads"] + spread.owner * d, spread.cards)
            for s in range(n):
                v[at["hand_sizes"] + s] = float(obs.hand_sizes[s])
                v[at["turns"] + s] = float(obs.turns_taken[s])
                v[at["hit_locks"] + s] = float(obs.hit_locks[s])
            v[at["piles"]], v[at["piles"] + 1] = float(obs.stock_size), float(obs.discard_size)
            v[at["first_turn"]] = float(obs.first_turn_binds)
            for i, value in enumerate(obs.turn.slots):
                v[at["turn"] + i] = float(value)
        if kind.private:
            self._set(v, at["hand"], obs.hand)
            if kind.perfect_recall:
                self._set(v, at["dealt"], log.dealt or ())
                self._set(v, at["drawn"], log.drawn)
        return v

    def _set(self, v: list[float], at: int, cards: tuple[Card, ...] | list[Card]) -> None:
        for card in cards:
            v[at + self.index[card]] = 1.0
