"""The state of the turn in play: its phase, the card taken from the discard pile, and the spreads on the
table.

A turn moves through explicit phases instead of flags:

    START ──draw──▶ DRAWN ──discard──▶ (next player's START)
      │  └─take a discard that must go straight into a spread──▶ TAKEN ──lay it──▶ DRAWN
      └─spread/hit, where spreads come before the draw──▶ LAID ──draw──▶ DRAWN

    >>> Turn().phase, Turn().drawn
    (<Phase.START: 'start'>, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tonk_rules.cards import Card
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


@dataclass
class Turn:
    """The current player's turn: its phase, the card taken from the discard pile, whether a new spread was
    laid (going out without a discard pays by it).

    Everything a rule needs to know about the turn so far is kept here, new each turn; the kernel's copy of
    it is ``tonk_rules.kernel.layout.TURN`` (one slot per attribute, filled from a Turn by name)."""

    phase: Phase = Phase.START
    taken: Card | None = None
    new_spread: bool = False

    @property
    def drawn(self) -> bool:
        return self.phase.drawn

    @property
    def acted(self) -> bool:
        """Something was done this turn (a draw, a spread or a hit)."""
        return self.phase is not Phase.START

    @property
    def pending(self) -> Card | None:
        """The taken card that must still go into a spread (TAKEN phase), else None."""
        return self.taken if self.phase is Phase.TAKEN else None

    # What each action does to the turn: the one place a per-turn fact is kept up to date (the hand moves
    # the cards; a new turn is a new Turn).
    def drew(self, taken: Card | None, straight_into_spread: bool) -> None:
        """A draw: from the stock (``taken`` None) or the discard pile, whose card may have to be laid."""
        self.taken = taken
        self.phase = Phase.TAKEN if taken is not None and straight_into_spread else Phase.DRAWN

    def laid(self, cards: tuple[Card, ...], new_spread: bool) -> None:
        """A spread (``new_spread``) or a hit of ``cards``: the phase moves on."""
        self.new_spread = self.new_spread or new_spread
        if self.phase is Phase.START:
            self.phase = Phase.LAID
        elif self.phase is Phase.TAKEN and self.taken in cards:
            self.phase = Phase.DRAWN


@dataclass
class TableSpread:
    """A spread on the table: its number (1-based), owner, kind, cards in table order, and the cards that
    would extend it (its hit targets, kept up to date as it grows)."""

    number: int
    owner: int
    kind: MeldKind
    cards: list[Card]
    targets: frozenset[Card] = field(default_factory=frozenset, repr=False)
