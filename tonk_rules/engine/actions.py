"""Actions a player takes on their turn, as small frozen records, and the text form used in hand records.

    >>> from tonk_rules.engine.actions import parse_action
    >>> parse_action("hit 8п on 1")
    Hit(card=Card('8S'), spread=1)
    >>> str(parse_action("draw stock 6S"))
    'draw stock 6S'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tonk_rules.cards import Card, CardStyle, format_cards, parse_card, parse_cards
from tonk_rules.errors import CardError, RecordError
from tonk_rules.terms import Pile

_CARD_HELP = "a card is a tonk_rules.cards.Card, e.g. parse_card('5H')"


def _check_card(what: str, value: Any) -> None:
    if not isinstance(value, Card):
        raise TypeError(f"{what} must be a card, not {type(value).__name__} {value!r}: {_CARD_HELP}")


@dataclass(frozen=True)
class Knock:
    """Reveal the hand and end it: the lowest count wins."""

    def text(self, style: CardStyle = "english") -> str:
        return "knock"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, init=False)
class Draw:
    """Take the top card of the stock or the discard pile; ``card``, when given, is checked against it.

    ``source`` may be given as a :class:`~tonk_rules.terms.Pile` or its name: ``Draw("stock")``. ``depth``:
    which card of the discard pile is taken, 1 the top (the only one, unless ``drawing.discard_depth`` allows
    more); the cards above it stay on the pile in order. Written ``draw discard 2 QH`` (depth 1 is not
    written, so records of top-card draws read as they always did).
    """

    source: Pile
    card: Card | None = None
    depth: int = 1

    def __init__(self, source: Pile | str, card: Card | None = None, depth: int = 1) -> None:
        if not isinstance(source, Pile):
            if not isinstance(source, str) or source not in {p.value for p in Pile}:
                raise ValueError(f"Draw source must be 'stock' or 'discard', not {source!r}")
            source = Pile(source)
        if card is not None:
            _check_card("Draw card (the card expected on top of the pile, or None)", card)
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"Draw depth must be a whole number from 1 (the top card), not {depth!r}")
        if depth != 1 and source is not Pile.DISCARD:
            raise ValueError(f"only the discard pile is taken from below its top, not the {source} (depth {depth})")
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "depth", depth)

    def text(self, style: CardStyle = "english") -> str:
        return (f"draw {self.source}" + (f" {self.depth}" if self.depth != 1 else "")
                + (f" {self.card.format(style)}" if self.card is not None else ""))

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Spread:
    """Lay a new book or run from the hand."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cards, str | bytes | Card) or not isinstance(self.cards, tuple | list):
            raise TypeError(f"Spread cards must be a tuple of cards, not {type(self.cards).__name__} "
                            f"{self.cards!r}: {_CARD_HELP}")
        for card in self.cards:
            _check_card("each Spread card", card)
        if not isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(self.cards))

    def text(self, style: CardStyle = "english") -> str:
        return f"spread {format_cards(self.cards, style)}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Hit:
    """Add one card to spread number ``spread`` (1 = the first spread laid in the hand)."""

    card: Card
    spread: int

    def __post_init__(self) -> None:
        _check_card("Hit card", self.card)
        if isinstance(self.spread, bool) or not isinstance(self.spread, int):
            raise TypeError(f"Hit spread must be a spread number (1 = the first spread laid), not {self.spread!r}")

    def text(self, style: CardStyle = "english") -> str:
        return f"hit {self.card.format(style)} on {self.spread}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Discard:
    """Put one card face up on the discard pile, ending the turn."""

    card: Card

    def __post_init__(self) -> None:
        _check_card("Discard card", self.card)

    def text(self, style: CardStyle = "english") -> str:
        return f"discard {self.card.format(style)}"

    def __str__(self) -> str:
        return self.text()


Action = Knock | Draw | Spread | Hit | Discard

_PILE_NAMES = frozenset(p.value for p in Pile)
ACTION_FORMS = "knock | draw stock|discard [DEPTH] [CARD] | spread CARD CARD CARD... | hit CARD on N | discard CARD"


def parse_action(text: str) -> Action:
    """Parse the text form of an action; raise :class:`RecordError` saying what was expected."""
    if not isinstance(text, str):
        raise RecordError(f"an action is text, not {type(text).__name__}; expected {ACTION_FORMS}")
    words = text.split()
    if not words:
        raise RecordError(f"empty action; expected {ACTION_FORMS}")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "knock" and not rest:
            return Knock()
        if verb == "draw" and rest and rest[0] in _PILE_NAMES and len(rest) <= 3:
            depth = 1
            if len(rest) >= 2 and rest[1].isascii() and rest[1].isdigit():  # a depth (no card is digits alone)
                depth, rest = int(rest[1]), [rest[0], *rest[2:]]
            if len(rest) <= 2 and 1 <= depth <= 52 and (depth == 1 or rest[0] == Pile.DISCARD.value):
                return Draw(Pile(rest[0]), parse_card(rest[1]) if len(rest) == 2 else None, depth)
        if verb == "spread" and rest:
            return Spread(tuple(parse_cards(rest)))
        if verb == "hit" and len(rest) == 3 and rest[1] == "on" and rest[2].isascii() and rest[2].isdigit():
            return Hit(parse_card(rest[0]), int(rest[2]))
        if verb == "discard" and len(rest) == 1:
            return Discard(parse_card(rest[0]))
    except CardError as exc:
        raise RecordError(f"in action {text!r}: {exc}") from None
    raise RecordError(f"cannot read action {text!r}; expected {ACTION_FORMS}")


@dataclass(frozen=True)
class ActionRecord:
    """What happened: the step number, who acted, the action (with the drawn card filled in)."""

    step: int
    player: int
    action: Action
