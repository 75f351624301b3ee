"""What a design search aims at: the target, the constraints, the plan, and how points are ranked.

The target is one figure (:mod:`tonk_rules.sim.design_figures`) to minimise, maximise or bring near a value;
a constraint keeps a figure within a bound. A point *meets* a constraint when its whole 95% interval is
inside, *breaks* it when the whole interval is outside, and leaves it *not settled* otherwise.

    >>> parse_target("turns=min"), parse_target("max:stakes").goal, parse_target("turns~8").near
    (Target(figure='turns', goal='min', near=None), 'max', 8.0)
    >>> parse_keep("deal_tonk<=2%")
    Constraint(figure='deal_tonk', op='<=', bound=0.02)
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tonk_rules.bots.specs import BotSpec
from tonk_rules.errors import SimulationError
from tonk_rules.sim.design_figures import figure
from tonk_rules.sim.design_stats import DesignSums
from tonk_rules.sim.skill import SHORT, Trace
from tonk_rules.sim.sweep import Scalar

Goal = Literal["min", "max", "near"]
Op = Literal["<=", ">=", "<", ">"]


@dataclass(frozen=True)
class Target:
    figure: str
    goal: Goal
    near: float | None = None

    def score(self, value: float) -> float:
        """Lower is better."""
        if self.goal == "min":
            return value
        if self.goal == "max":
            return -value
        return abs(value - (self.near or 0.0))

    def text(self) -> str:
        return f"{self.figure} as close to {self.near:g} as can be" if self.goal == "near" else \
            f"{'lowest' if self.goal == 'min' else 'highest'} {self.figure}"


@dataclass(frozen=True)
class Constraint:
    figure: str
    op: Op
    bound: float

    def keeps(self, value: float) -> bool:
        return {"<=": value <= self.bound, ">=": value >= self.bound,
                "<": value < self.bound, ">": value > self.bound}[self.op]

    def status(self, value: float, ci95: tuple[float, float]) -> str:
        """``met`` (the whole interval keeps it), ``broken`` (none of it does) or ``not settled``."""
        lo, hi = ci95
        if self.keeps(lo) and self.keeps(hi) and self.keeps(value):
            return "met"
        if not self.keeps(lo) and not self.keeps(hi) and not self.keeps(value):
            return "broken"
        return "not settled"

    def text(self) -> str:
        bound = f"{100 * self.bound:g}%" if figure(self.figure).percent else f"{self.bound:g}"
        return f"{self.figure} {self.op} {bound}"


def _number(text: str, where: str, percent: bool) -> float:
    raw = text.strip()
    try:
        value = float(raw.removesuffix("%")) / (100 if raw.endswith("%") else 1)
    except ValueError:
        raise SimulationError(f"{where}: {raw!r} is not a number (write 8, 2.5 or 2%)") from None
    if percent and not raw.endswith("%") and value > 1:
        raise SimulationError(f"{where}: {raw} is more than a share can be; write {raw}% for a percentage")
    if not math.isfinite(value):
        raise SimulationError(f"{where}: {raw!r} is not a finite number")
    return value


def parse_target(text: str) -> Target:
    """``FIGURE=min``, ``FIGURE=max``, ``min:FIGURE``, ``max:FIGURE`` or ``FIGURE~VALUE`` (as near as can be)."""
    raw = text.strip()
    where = f"--target {raw!r}"
    if m := re.fullmatch(r"(min|max)\s*:\s*(\S+)", raw):
        name, goal, near = m.group(2), m.group(1), None
    elif m := re.fullmatch(r"([\w.]+)\s*=\s*(min|max)", raw):
        name, goal, near = m.group(1), m.group(2), None
    elif m := re.fullmatch(r"([\w.]+)\s*~\s*(.+)", raw):
        name, goal = m.group(1), "near"
        near = _number(m.group(2), where, figure(name).percent)
    else:
        raise SimulationError(f"{where}: write FIGURE=min, FIGURE=max or FIGURE~VALUE (e.g. turns=min, "
                              "stakes=max, turns~8)")
    figure(name)
    return Target(name, goal, near)  # type: ignore[arg-type]


def parse_keep(text: str) -> Constraint:
    """``FIGURE<=VALUE`` (or ``>=``, ``<``, ``>``); a rate's value may be written ``2%``."""
    raw = text.strip()
    m = re.fullmatch(r"([\w.]+)\s*(<=|>=|<|>|=<|=>)\s*(.+)", raw)
    if not m:
        raise SimulationError(f"--keep {raw!r}: write FIGURE<=VALUE or FIGURE>=VALUE (e.g. deal_tonk<=2%)")
    name, op = m.group(1), {"=<": "<=", "=>": ">="}.get(m.group(2), m.group(2))
    f = figure(name)
    return Constraint(name, op, _number(m.group(3), f"--keep {raw!r}", f.percent))  # type: ignore[arg-type]


@dataclass(frozen=True)
class DesignPlan:
    """What a design search plays; ``hands``: what every point plays in a whole search, and the finalists
    of a halving one (rounded up to whole sessions)."""

    base: str
    varied: tuple[tuple[str, tuple[Scalar, ...]], ...]
    target: Target
    keep: tuple[Constraint, ...]
    hands: int
    players: int
    seed: int
    seats: tuple[BotSpec, ...]
    companions: tuple[tuple[str, Scalar], ...] = ()
    each: bool = False  # each --vary value alone against the base (the base its first point), not the grid
    skill: Trace | None = None  # the skill trace every point plays; None: the short one where a figure needs it

    def trace(self) -> Trace | None:
        """The skill trace the points play: the plan's, or the short one where the target or a bound names a
        figure measured by it (``skill``); None where nothing needs one."""
        named = {self.target.figure, *(c.figure for c in self.keep)}
        if self.skill is not None:
            return self.skill
        return SHORT if any(figure(n).unit == "trace" for n in named) else None


def rank(sums: DesignSums, points: Sequence[int], target: Target, keep: Sequence[Constraint]) -> list[int]:
    """``points`` best first: fewest constraints broken (by the exact value where a figure is counted, else
    by the estimate), then the target's score."""
    def key(p: int) -> tuple[int, float, int]:
        broken = sum(not c.keeps(sums.known(p, figure(c.figure))[0]) for c in keep)
        return broken, target.score(sums.known(p, figure(target.figure))[0]), p
    return sorted(points, key=key)
