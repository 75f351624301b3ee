"""The state of the turn in play: its phase, the card taken from the discard pile, and the spreads on the
table.

A turn moves through these phases (derived from the turn's slots, the same numbers the kernel keeps):

    START ──draw──▶ DRAWN ──discard──▶ (next player's START)
      │  └─take a discard that must go straight into a spread──▶ TAKEN ──lay it──▶ DRAWN
      └─spread/hit, where spreads come before the draw──▶ LAID ──draw──▶ DRAWN

    >>> Turn().phase, Turn().drawn
    (<Phase.START: 'start'>, False)

The turn is a vector of whole numbers (:mod:`tonk_rules.ruleset.slots`), the same the kernel keeps, and
changes by the same functions (:mod:`tonk_rules.ruleset.core`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from tonk_rules.cards import ALL_CARDS, N_CARDS, Card
from tonk_rules.ruleset import core, slots
from tonk_rules.ruleset.melds import mask_of
from tonk_rules.terms import MeldKind


class Phase(Enum):
    """Where the current player is in their turn (``OVER``: the hand has ended)."""

    START = "start"  # nothing done yet: knock, draw, or (spreads before the draw) lay spreads and hits
    LAID = "laid"  # spreads or hits laid before the draw; the draw (or a knock, if its timing allows) comes next
    DRAWN = "drawn"  # drawn: spreads and hits (spreads after the draw), then a discard ends the turn
    TAKEN = "taken"  # took a discard that must go straight into a spread: only spreads/hits using it
    OVER = "over"

    @property
    def drawn(self) -> bool:
        return self is Phase.DRAWN or self is Phase.TAKEN


class Turn:
    """The current player's turn so far: its slots (:mod:`tonk_rules.ruleset.slots` ``TURN_*``), kept up to
    date by :func:`~tonk_rules.ruleset.core.turn_drew` and :func:`~tonk_rules.ruleset.core.turn_laid`, the
    functions the kernel compiles for its own copy of the turn (``layout.O_TURN``); a new turn is a new Turn.

    Everything a rule needs to know about the turn is a slot, read by the rules' arithmetic
    (:mod:`tonk_rules.ruleset.core`) from :attr:`slots`; the properties below word the slots for the engine
    and for bots (``turn[slot]`` reads any slot, a new one too).

        >>> turn = Turn()
        >>> turn.drew(ALL_CARDS[48], straight=True)
        >>> turn.phase, turn.pending, turn[slots.TURN_TAKEN]
        (<Phase.TAKEN: 'taken'>, Card('KS'), 48)
    """

    __slots__ = ("slots",)

    def __init__(self, values: Sequence[int] | None = None) -> None:
        if values is None:
            self.slots = list(_NEW_TURN)
        else:
            self.slots = _checked(values)

    def __getitem__(self, slot: int) -> int:
        return self.slots[slot]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and self.slots == other.slots

    __hash__ = None  # type: ignore[assignment]  # (a turn changes)

    def __repr__(self) -> str:
        return f"Turn({self.slots!r})"

    def __reduce__(self) -> tuple[type[Turn], tuple[list[int]]]:
        return Turn, (list(self.slots),)

    def copy(self) -> Turn:
        return Turn(self.slots)

    __copy__ = copy

    @property
    def phase(self) -> Phase:
        t = self.slots
        if t[slots.TURN_DRAWN]:
            return Phase.TAKEN if t[slots.TURN_PENDING] != slots.NO_CARD else Phase.DRAWN
        return Phase.LAID if t[slots.TURN_ACTED] else Phase.START

    @property
    def drawn(self) -> bool:
        return self.slots[slots.TURN_DRAWN] == 1

    @property
    def acted(self) -> bool:
        """Something was done this turn (a draw, a spread or a hit)."""
        return self.slots[slots.TURN_ACTED] == 1

    @property
    def taken(self) -> Card | None:
        """The card taken from the discard pile this turn, else None."""
        card = self.slots[slots.TURN_TAKEN]
        return None if card == slots.NO_CARD else ALL_CARDS[card]

    @property
    def pending(self) -> Card | None:
        """The taken card that must still go into a spread (TAKEN phase), else None."""
        card = self.slots[slots.TURN_PENDING]
        return None if card == slots.NO_CARD else ALL_CARDS[card]

    @property
    def new_spread(self) -> bool:
        """A new spread was laid this turn (going out without a discard pays by it)."""
        return self.slots[slots.TURN_NEW_SPREAD] == 1

    # What each action does to the turn (the hand moves the cards): core's functions, as the kernel runs them.
    def drew(self, taken: Card | None, straight: bool) -> None:
        """A draw: from the stock (``taken`` None) or the discard pile, whose card must go straight into a
        spread where the variant says so (``straight``)."""
        core.turn_drew(self.slots, 0, slots.NO_CARD if taken is None else int(taken), straight and taken is not None)

    def laid(self, cards: tuple[Card, ...], new_spread: bool) -> None:
        """A spread (``new_spread``) or a hit of ``cards``."""
        core.turn_laid(self.slots, 0, mask_of(cards), new_spread)


def _new_turn() -> tuple[int, ...]:
    turn = [0] * slots.TURN_SIZE
    core.turn_begin(turn, 0)
    return tuple(turn)


#: A new turn's slots, as ``core.turn_begin`` makes them (made once: the engine begins a turn every turn).
_NEW_TURN = _new_turn()


def _checked(values: Sequence[int]) -> list[int]:
    """``values`` as a turn's slots: a ValueError names the first slot that cannot hold its value."""
    if isinstance(values, str | bytes) or len(values) != slots.TURN_SIZE:
        raise ValueError(f"a turn is {slots.TURN_SIZE} whole numbers (ruleset/slots.py TURN_*), not {values!r}")
    for slot, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"turn slot {slot} holds a whole number, not {value!r}")
        if slot in slots.TURN_CARDS:
            if not slots.NO_CARD <= value < N_CARDS:
                raise ValueError(f"turn slot {slot} holds a card 0..{N_CARDS - 1} or {slots.NO_CARD} (none), "
                                 f"not {value}")
        elif slot in slots.TURN_FLAGS:
            if value not in (0, 1):
                raise ValueError(f"turn slot {slot} holds a flag, 0 or 1, not {value}")
        elif value < 0:
            raise ValueError(f"turn slot {slot} holds a count, not {value}")
    return [int(v) for v in values]


@dataclass
class TableSpread:
    """A spread on the table: its number (1-based), owner, kind, cards in table order, and the cards that
    would extend it (its hit targets, kept up to date as it grows)."""

    number: int
    owner: int
    kind: MeldKind
    cards: list[Card]
    targets: frozenset[Card] = field(default_factory=frozenset, repr=False)
