"""One settled hand as the ledger stores it, and what in one no settlement could hold.

The ledger (:mod:`tonk_rules.ledger.session_ledger`) records these; every way a hand reaches it (the table's
settlement, a played hand record, an import) builds one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tonk_rules.terms import Ending


@dataclass(frozen=True)
class HandEntry:
    """One settled hand as it goes into the ledger (names in seat order; payments as payer, receiver, amount)."""

    kind: str  # "settled" (real cards) | "played" (in the engine, from a hand record)
    ending: str
    seats: tuple[str, ...]
    stakes: tuple[int, ...]
    counts: tuple[int | None, ...]  # None: not given (quick entry, where the count decides nothing)
    winners: tuple[str, ...]
    knocker: str | None
    payments: tuple[tuple[str, str, int], ...]
    detail: dict[str, Any] = field(default_factory=dict)
    dealer: str | None = None  # a played hand names its dealer; a settled hand is dealt by the next dealer
    rules: str | None = None  # the digest of the rules it was settled by (refused if they changed meanwhile)

    @property
    def void(self) -> bool:
        return Ending(self.ending).void


def why_not_entry(entry: HandEntry) -> str | None:
    """What in ``entry`` (its players already checked) no settlement could hold, or None."""
    seats = set(entry.seats)
    if entry.ending not in {e.value for e in Ending}:
        return f"{entry.ending!r} is not an ending"
    named = {*entry.winners, *([entry.knocker] if entry.knocker else [])}
    if len(entry.counts) != len(entry.seats) or not seats >= named:
        return "its counts, winners or knocker do not match the players at the table"
    for payer, receiver, amount in entry.payments:
        if payer not in seats or receiver not in seats or payer == receiver:
            return f"a payment from {payer!r} to {receiver!r} is not between two players at the table"
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            return f"a payment of {amount!r} from {payer} to {receiver} is not a positive whole number"
    return None
