"""Settlements: how a hand ended, who won, and who pays whom — one code path for the engine and the table.

The engine builds its :class:`~tonk_rules.engine.result.HandResult` from a :class:`Settlement`, and
``tonk settle`` (a hand played with real cards) asks the same :class:`~tonk_rules.ruleset.Ruleset`
methods, so a hand settled at the table pays exactly what the engine would pay.

    >>> from tonk_rules import load_ruleset
    >>> s = load_ruleset("pagat").settle_knock([12, 9, 30], knocker=0, stakes=[1, 1, 1])
    >>> s.ending, s.winners, s.net
    (<Ending.KNOCK_CAUGHT: 'knock_caught'>, (1,), (-3, 4, -1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.errors import SetupError
from tonk_rules.ruleset.payments import Payment, PaymentSchedule, net_of
from tonk_rules.ruleset.table_bounds import why_not_stakes
from tonk_rules.terms import Ending


@dataclass(frozen=True)
class Settlement:
    """A settled hand: ``net[i]`` is what player ``i`` wins (negative: loses); the nets sum to zero."""

    ending: Ending
    winners: tuple[int, ...]
    knocker: int | None
    counts: tuple[int, ...]
    payments: tuple[Payment, ...]
    net: tuple[int, ...]

    @property
    def void(self) -> bool:
        return self.ending.void


def check_table(counts: Sequence[int], stakes: Sequence[int], *seats: int | None) -> None:
    """Refuse a settlement question that does not describe a table: one count and one stake per player."""
    n = len(counts)
    if n < 2:
        raise SetupError(f"a hand has at least 2 players, not {n}")
    # any stakes a table may play for: whether these rules allow them is Ruleset.why_not_stakes's question
    if why := why_not_stakes(stakes, n, points=False, per_player=True):
        raise SetupError(why)
    for value in counts:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"a count is a whole number, not {value!r}")
    if any(c < 0 for c in counts):
        raise SetupError("a count is never negative")
    for seat in seats:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise SetupError(f"seat {seat!r} does not exist at a table of {n}")


def settle(schedule: PaymentSchedule, ending: Ending, winners: tuple[int, ...], knocker: int | None,
           counts: Sequence[int], stakes: Sequence[int]) -> Settlement:
    """Apply the payment schedule to an ending already decided by the rule objects."""
    payments = schedule.settle(ending, winners=winners, knocker=knocker, counts=counts, stakes=stakes)
    return Settlement(ending, winners, knocker, tuple(counts), tuple(payments), tuple(net_of(payments, len(counts))))
