"""Skill, measured: how much a variant rewards playing better — a skill trace of the search player.

Ludii's skill trace, for Tonk: the search player (``montecarlo``) with a budget of ``b`` playouts a decision
plays in one seat against itself at ``b / 2`` in every other seat, the strong player sitting in every seat in
turn (:func:`~tonk_rules.sim.depth.depth_jobs`' rotation), for ``b`` doubling along the trace: from 10 to
2,560 playouts in the :data:`FULL` trace, 10 to 80 in the :data:`SHORT` one (what ``tonk compare`` plays by
default: its cost is bounded so the bare comparison of two variants stays within half a minute). Each step is
measured as strategic depth is (:class:`~tonk_rules.sim.depth.Depth`): the strong seat's *order*,
``(w - 1/n) / (1 - 1/n)`` from its share ``w`` of the decided hands' wins — 0 when twice the search buys
nothing — and its mean net in stakes a hand.

The **skill figure** is the mean of the steps' orders: what one doubling of the search player's budget buys,
on average over the trace. Near 0, a better player barely wins more often (a game of luck at that level of
play); higher, each step of skill shows. Its 95% interval comes from the steps' own (each step plays its own
deals, so the steps are independent samples). A trace names its players and its budgets: two figures are
comparable only along the same trace (the gains shrink as the budget grows).

    >>> [s.strong for s in trace_steps(SHORT)], str(trace_steps(SHORT)[0].weak_spec())
    ([10, 20, 40, 80], 'montecarlo:rollouts=5')
    >>> TRACES["full"].budgets[-1], TRACES["full"].hands
    (2560, 1200)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tonk_rules.bots.specs import BotSpec
from tonk_rules.errors import SimulationError
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.depth import Depth
from tonk_rules.sim.simulate import Job
from tonk_rules.sim.stats import Z95, Moments
from tonk_rules.sim.tally import Tally

#: The search player whose budget the trace doubles.
SEARCH = "montecarlo"


@dataclass(frozen=True)
class Trace:
    """A skill trace: its name, the strong player's budgets (each step against half of it), hands a step."""

    name: str
    budgets: tuple[int, ...]
    hands: int

    def with_hands(self, hands: int) -> Trace:
        if hands < 1:
            raise SimulationError(f"a skill trace plays at least 1 hand a step, not {hands}")
        return Trace(self.name, self.budgets, hands)

    def settings(self) -> dict[str, Any]:
        return {"trace": self.name, "player": SEARCH, "budgets": list(self.budgets), "hands_per_step": self.hands}


#: The short trace (``tonk compare``'s default): 10 → 80 playouts, 600 hands a step.
SHORT = Trace("short", (10, 20, 40, 80), 600)
#: The full trace: 10 → 2,560 playouts, 1,200 hands a step.
FULL = Trace("full", tuple(10 * 2**k for k in range(9)), 1200)
TRACES = {"short": SHORT, "full": FULL}


def trace_named(name: str) -> Trace | None:
    """``short``, ``full`` or ``none`` (None); anything else is one clear error."""
    if name == "none":
        return None
    if name not in TRACES:
        raise SimulationError(f"no skill trace {name!r}: write short, full or none")
    return TRACES[name]


@dataclass(frozen=True)
class Step:
    """One step of the trace: the strong player's budget against half of it."""

    strong: int

    @property
    def weak(self) -> int:
        return max(1, self.strong // 2)

    def strong_spec(self) -> BotSpec:
        return BotSpec(SEARCH, {"rollouts": self.strong})

    def weak_spec(self) -> BotSpec:
        return BotSpec(SEARCH, {"rollouts": self.weak})


def trace_steps(trace: Trace) -> list[Step]:
    return [Step(b) for b in trace.budgets]


def skill_jobs(label: str, ruleset: Ruleset, players: int, trace: Trace, seed: int) -> list[Job]:
    """The jobs of ``trace`` for one variant: per step, one job per seat of the strong player (``hands /
    players`` hands each, rounded up), each step and seat on deals of its own (seeds apart from the main run's
    and strategic depth's)."""
    each = -(-trace.hands // players)
    jobs = []
    for k, step in enumerate(trace_steps(trace)):
        for seat in range(players):
            seats = tuple(step.strong_spec() if s == seat else step.weak_spec() for s in range(players))
            jobs.append(Job(f"{label} skill {step.strong} seat {seat + 1}", ruleset, seats, each,
                            seed * 1000 + 301 + 10 * k + seat))
    return jobs


@dataclass(frozen=True)
class SkillStep:
    """A step's measure: the strong seat's depth (win share and order) and its mean net in stakes a hand."""

    step: Step
    depth: Depth
    net_mean: float
    net_ci95: tuple[float, float]
    hands: int

    def to_json(self) -> dict[str, Any]:
        out = self.depth.to_json(str(self.step.strong_spec()), str(self.step.weak_spec()))
        return {**out, "hands": self.hands, "net": self.net_mean, "net_ci95": list(self.net_ci95)}


@dataclass(frozen=True)
class Skill:
    """A variant's skill trace: its steps and the skill figure (the mean of their orders), with its interval."""

    trace: Trace
    players: int
    steps: tuple[SkillStep, ...]

    @classmethod
    def of(cls, trace: Trace, players: int, tallies: Sequence[Tally]) -> Skill:
        """From the tallies of :func:`skill_jobs` (in its order: per step, the strong player's seat 1..n)."""
        steps = []
        for k, step in enumerate(trace_steps(trace)):
            per_seat = tallies[k * players:(k + 1) * players]
            hands = sum(t.hands for t in per_seat)
            total = sum(t.seat_net[i][0] for i, t in enumerate(per_seat))
            squares = sum(t.seat_net[i][1] for i, t in enumerate(per_seat))
            net = Moments(hands, total, squares)
            steps.append(SkillStep(step, Depth.of(per_seat), net.mean, net.ci95(), hands))
        return cls(trace, players, tuple(steps))

    @property
    def value(self) -> float:
        return sum(s.depth.order for s in self.steps) / len(self.steps)

    @property
    def standard_error(self) -> float:
        sample = [s.depth.order_sample for s in self.steps]
        return math.sqrt(sum(m.variance / m.n for m in sample if m.n)) / len(self.steps)

    def ci95(self) -> tuple[float, float]:
        half = Z95 * self.standard_error
        return (self.value - half, self.value + half)

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.steps)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci95()
        return {**self.trace.settings(), "players": self.players, "skill": self.value, "ci95": [lo, hi],
                "steps": [s.to_json() for s in self.steps]}
