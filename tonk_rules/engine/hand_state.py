"""What legality and move generation read of a hand in play, as a protocol.

:class:`~tonk_rules.engine.hand.Hand` asks :mod:`~tonk_rules.engine.legality` and
:mod:`~tonk_rules.engine.moves` about itself, and they read its state back: naming ``Hand`` in their
signatures would make the three modules a circle (even through annotations alone). They name this protocol
instead, which ``Hand`` satisfies as it is (mypy checks it where ``Hand`` passes itself).
"""

from __future__ import annotations

from typing import Protocol

from tonk_rules.cards import Card
from tonk_rules.engine.result import HandResult
from tonk_rules.engine.turn import TableSpread, Turn
from tonk_rules.ruleset import Ruleset


class HandState(Protocol):
    """The state of a hand as its legality and move generation read it (the fields of ``Hand`` they use)."""

    ruleset: Ruleset
    hands: list[list[Card]]
    stock: list[Card]  # top of the stock is the last item
    discard: list[Card]  # top of the pile is the last item
    spreads: list[TableSpread]
    current: int
    result: HandResult | None
    reshuffle_seed: int
    reshuffles: int
    turn: Turn
    #: the position vector (ruleset/position_vector.py ``P_*``)
    position: list[int]
