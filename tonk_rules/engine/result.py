"""The result of a hand: how it ended, who won, every count and payment, and each player's net.

It is built from the :class:`~tonk_rules.ruleset.Settlement` the Ruleset returns, with the players' names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tonk_rules.ruleset.payments import Payment
from tonk_rules.terms import Ending


@dataclass(frozen=True)
class HandResult:
    ending: Ending
    winners: tuple[int, ...]
    counts: tuple[int, ...]
    payments: tuple[Payment, ...]
    net: tuple[int, ...]
    players: tuple[str, ...]
    knocker: int | None = None

    @property
    def void(self) -> bool:
        return self.ending.void

    def to_json(self) -> dict[str, Any]:
        names = self.players
        return {
            "ending": self.ending.value,
            "winners": [names[w] for w in self.winners],
            "counts": {names[i]: c for i, c in enumerate(self.counts)},
            "payments": [{"from": names[p.payer], "to": names[p.receiver], "amount": p.amount}
                         for p in self.payments],
            "net": {names[i]: n for i, n in enumerate(self.net)},
        }

    def describe(self) -> list[str]:
        names = self.players
        lines = []
        who = ", ".join(names[w] for w in self.winners) or "nobody"
        lines.append(f"Ending: {self.ending.value.replace('_', ' ')}; winner(s): {who}")
        lines.append("Counts: " + ", ".join(f"{names[i]} {c}" for i, c in enumerate(self.counts)))
        for p in self.payments:
            lines.append(f"  {names[p.payer]} pays {names[p.receiver]} {p.amount}")
        lines.append("Net: " + ", ".join(f"{names[i]} {n:+d}" for i, n in enumerate(self.net)))
        return lines
