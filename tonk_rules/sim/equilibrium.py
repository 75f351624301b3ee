"""The search for greedy's tuned knock threshold: an ε-equilibrium of the family ``greedy:knock=K``.

A table of default greedy bots is *tuned* when no single seat gains more than ε stakes per hand by switching
to a fixed threshold ``K`` (``K`` = 1 … 10, or up to the variant's ``knocking.max_count``), measured with
paired deals (:mod:`tonk_rules.sim.deviation`). The search is iterated best response: start from knock ≤ 5,
measure every deviation, move the default to the best one, until the best gains at most :data:`TOLERANCE`.
Where best response cycles (the best reply to ``a`` is ``b`` and to ``b`` is ``a``), no single threshold is
stable, and the default becomes a *mixture* of the two, drawn per hand from the seat's seed: the share of
``b`` is bisected until ``a`` and ``b`` gain the same against it (then neither gains: the mixture pays
their average). Of every default measured, the one whose best deviation gains least is kept.

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> knock_range(load_ruleset("pagat"))
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tonk_rules.kernel.seats import DEFAULT_KNOCK, SHARE_UNIT
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.deviation import deviation_gains
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.stats import Moments

#: The issue's bar: no fixed threshold may gain more than this many stakes per hand against the default.
EPSILON = 0.01
#: The search stops when the best deviation's measured mean gain is at most this (half of ε: room for noise).
TOLERANCE = 0.005
#: The thresholds a deviating player may take (capped by the variant's knocking.max_count).
MAX_KNOCK = 10
#: Best-response steps before giving up on a pure threshold.
MAX_STEPS = 6
#: Bisection steps of a mixture's share (1000 / 2**7: a resolution of about 1%).
BISECTIONS = 7


@dataclass(frozen=True)
class Tuned:
    """A tuned default: knock at ``knock`` or, ``alt_share`` per mille of hands, at ``alt_knock``; and the
    best fixed deviation measured against it (``best_knock``, its mean gain and 95% interval, over ``hands``;
    for a pure default, the best *other* threshold, so a negative gain says every deviation loses)."""

    knock: int
    alt_knock: int
    alt_share: int
    best_knock: int
    best_gain: float
    best_ci95: tuple[float, float]
    hands: int

    def params(self) -> dict[str, int]:
        """greedy's parameters (:data:`~tonk_rules.kernel.seats.KERNEL_POLICIES`)."""
        if not self.alt_share:
            return {"knock": self.knock}
        return {"knock": self.knock, "alt_knock": self.alt_knock, "alt_share": self.alt_share}

    def describe(self) -> str:
        """In words: ``knock ≤ 2`` or ``knock ≤ 2 (70% of hands) or ≤ 1 (30%)``."""
        if not self.alt_share:
            return f"knock ≤ {self.knock}"
        main = SHARE_UNIT - self.alt_share
        return (f"knock ≤ {self.knock} ({main / 10:g}% of hands) or ≤ {self.alt_knock} "
                f"({self.alt_share / 10:g}%)")

    def to_json(self) -> dict[str, Any]:
        return {"params": self.params(), "best_deviation": {
            "knock": self.best_knock, "gain": round(self.best_gain, 5),
            "ci95": [round(self.best_ci95[0], 5), round(self.best_ci95[1], 5)]}, "hands": self.hands}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tuned:
        params, best = data["params"], data["best_deviation"]
        return cls(int(params["knock"]), int(params.get("alt_knock", 0)), int(params.get("alt_share", 0)),
                   int(best["knock"]), float(best["gain"]), (float(best["ci95"][0]), float(best["ci95"][1])),
                   int(data["hands"]))


def deviation_verdict(low: float, high: float) -> str:
    """How a deviation's 95% interval ``[low, high]`` of gain per hand stands against :data:`EPSILON`.

    >>> deviation_verdict(-0.06, 0.08)
    "its interval [-0.0600, +0.0800] straddles the tuning's bar of 0.01; more --hands would settle it"
    """
    if high <= EPSILON:
        return f"below the tuning's bar of {EPSILON} (its whole interval is)"
    if low > EPSILON:
        return f"ABOVE the tuning's bar of {EPSILON} (its whole interval is): the tuned value is not stable here"
    return (f"its interval [{low:+.4f}, {high:+.4f}] straddles the tuning's bar of {EPSILON}; "
            "more --hands would settle it")


def knock_range(ruleset: Ruleset) -> list[int]:
    """The fixed thresholds a player may deviate to: 1 … 10, at most the variant's knocking.max_count."""
    top = MAX_KNOCK if ruleset.knocking.max_count is None else min(MAX_KNOCK, ruleset.knocking.max_count)
    return list(range(1, max(1, top) + 1))


def _best(gains: dict[int, Moments]) -> int:
    return max(gains, key=lambda k: (gains[k].mean, -k))


def best_deviation(params: dict[str, int], gains: dict[int, Moments]) -> int:
    """The threshold that gains most against the default ``params``; a pure default's own threshold is no
    deviation (it gains 0 by definition), so it is left out."""
    others = {k: m for k, m in gains.items() if params.get("alt_share") or k != params["knock"]}
    return _best(others or gains)


def _tuned(params: dict[str, int], gains: dict[int, Moments]) -> Tuned:
    best = best_deviation(params, gains)
    return Tuned(params["knock"], params.get("alt_knock", 0), params.get("alt_share", 0), best, gains[best].mean,
                 gains[best].ci95(), gains[best].n)


def search(ruleset: Ruleset, players: int, hands: int, seed: int, executor: Executor | None = None,
           say: Callable[[str], None] | None = None) -> Tuned:
    """Tune greedy for ``ruleset`` at ``players`` seats with ``hands`` paired hands per measurement."""
    knocks = knock_range(ruleset)

    def measure(params: dict[str, int], ks: Sequence[int], n: int) -> dict[int, Moments]:
        own = params["knock"] if "alt_share" not in params else 0  # a pure default against itself gains 0
        gains = deviation_gains(ruleset, players, params, [k for k in ks if k != own], n, seed, executor)
        if own in ks:
            gains[own] = Moments(n, 0, 0)
        return gains

    measured: list[Tuned] = []
    visited: list[int] = []
    current = min(DEFAULT_KNOCK, knocks[-1])
    for _ in range(MAX_STEPS):
        params = {"knock": current}
        gains = measure(params, knocks, hands)
        measured.append(_tuned(params, gains))
        if say:
            say(f"knock ≤ {current}: best deviation {measured[-1].best_knock} gains {measured[-1].best_gain:+.4f}")
        reply = _best(gains)
        if gains[reply].mean <= TOLERANCE:
            break
        visited.append(current)
        if reply in visited:  # best response cycles: mix the two thresholds
            params = _mixture(current, reply, measure, hands)
            measured.append(_tuned(params, measure(params, knocks, hands)))
            if say:
                say(f"{measured[-1].describe()}: best deviation {measured[-1].best_knock} gains "
                    f"{measured[-1].best_gain:+.4f}")
            break
        current = reply
    return min(measured, key=lambda t: t.best_gain)


def _mixture(a: int, b: int, measure: Callable[[dict[str, int], Sequence[int], int], dict[int, Moments]],
             hands: int) -> dict[str, int]:
    """The mixture of ``a`` and ``b`` (share of ``b`` bisected) where neither gains on the other."""
    low, high = 0, SHARE_UNIT  # b's share: at 0 the table plays a and b gains; at 1000 it plays b and a gains
    for _ in range(BISECTIONS):
        mid = (low + high) // 2
        gains = measure({"knock": a, "alt_knock": b, "alt_share": mid}, [a, b], hands)
        if gains[b].mean > gains[a].mean:
            low = mid
        else:
            high = mid
    return {"knock": a, "alt_knock": b, "alt_share": (low + high) // 2}
