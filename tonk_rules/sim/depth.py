"""Strategic depth: how much a stronger bot gains over weaker ones under a variant.

The measure of card-game design research ("order"): ``(w - 1/n) / (1 - 1/n)``, where ``w`` is the strong
bot's share of the wins against ``n - 1`` weak bots (a win shared by k tied winners counts 1/k; void hands
have no winner and are left out). 0 means skill buys nothing (pure luck); 1 means the strong bot always
wins. The strong bot sits in every seat in turn, for an equal number of hands, so no seat's advantage
leaks into the figure.

    >>> order_of(0.5, 2), order_of(1/3, 3)
    (0.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tonk_rules.bots.specs import BotSpec
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.simulate import Job
from tonk_rules.sim.stats import Moments
from tonk_rules.sim.tally import SHARE_UNIT, Tally


def order_of(win_share: float, players: int) -> float:
    """The order of a win share at a table of ``players``."""
    base = 1 / players
    return (win_share - base) / (1 - base)


def depth_jobs(label: str, ruleset: Ruleset, strong: BotSpec, weak: BotSpec, players: int, hands: int,
               seed: int) -> list[Job]:
    """One job per seat of the strong bot, ``hands / players`` hands each (rounded up), seeded apart."""
    each = -(-hands // players)
    jobs = []
    for seat in range(players):
        seats = tuple(strong if s == seat else weak for s in range(players))
        jobs.append(Job(f"{label} depth seat {seat + 1}", ruleset, seats, each, seed * 1000 + 101 + seat))
    return jobs


@dataclass(frozen=True)
class Depth:
    """The strong bot's win share (a sample of decided hands) and the order made from it."""

    players: int
    share: Moments

    @classmethod
    def of(cls, tallies: Sequence[Tally]) -> Depth:
        """From the tallies of :func:`depth_jobs` (tally ``i``: the strong bot in seat ``i``)."""
        n = sum(t.decided for t in tallies)
        total = sum(t.seat_share[i][0] for i, t in enumerate(tallies))
        squares = sum(t.seat_share[i][1] for i, t in enumerate(tallies))
        return cls(len(tallies), Moments(n, total / SHARE_UNIT, squares / SHARE_UNIT**2))

    @property
    def order(self) -> float:
        return order_of(self.share.mean, self.players)

    @property
    def order_sample(self) -> Moments:
        """The decided hands as a sample of the order itself, each hand's share ``x`` taken to
        ``(x - 1/n) / (1 - 1/n)``: its mean is :attr:`order`, so a test on it is in the units printed (a
        difference of order, not of win share, which is ``1 - 1/n`` times smaller)."""
        base, n, total, squares = 1 / self.players, self.share.n, self.share.total, self.share.squares
        scale = 1 - base
        return Moments(n, (total - n * base) / scale, (squares - 2 * base * total + n * base * base) / scale**2)

    def ci95(self) -> tuple[float, float]:
        lo, hi = self.share.ci95()
        return (order_of(lo, self.players), order_of(hi, self.players))

    def to_json(self, strong: str, weak: str) -> dict[str, Any]:
        lo, hi = self.ci95()
        return {"strong": strong, "weak": weak, "decided_hands": self.share.n, "win_share": self.share.mean,
                "order": self.order, "ci95": [lo, hi]}
