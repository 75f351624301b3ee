"""The sums a design search keeps for each point and pair of points, and the intervals made from them.

For every column (:mod:`tonk_rules.sim.design_figures`) a point keeps ``n`` and the sums of the first four
powers of its per-unit values; every two points that played the same units keep ``Σ x_a x_b``. Then the
paired difference of two means needs nothing more: ``Σ(x_a - x_b)² = Σx_a² + Σx_b² - 2 Σx_a x_b``. All are
whole numbers (exact, in any merge order).

    >>> s = PointSums.of(np.array([[1], [3]]))
    >>> s.n, s.powers.tolist()
    (2, [[4, 10, 28, 82]])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from tonk_rules.errors import SimulationError
from tonk_rules.sim.design_figures import HAND_COLUMNS, SESSION_COLUMNS, Figure
from tonk_rules.sim.stats import Z95, Moments, wilson


@dataclass
class PointSums:
    """One point's units: their number and, per column, ``Σx, Σx², Σx³, Σx⁴`` (``powers[column]``)."""

    n: int
    powers: npt.NDArray[np.int64]

    @classmethod
    def of(cls, values: npt.NDArray[np.int64]) -> PointSums:
        x = values.astype(np.int64)
        return cls(len(x), np.stack([(x**k).sum(axis=0) for k in range(1, 5)], axis=1))

    def add(self, other: PointSums) -> None:
        self.n += other.n
        self.powers = self.powers + other.powers


@dataclass
class DesignSums:
    """Per point (by its index in the grid): its hand and session sums; per pair of points (lower index
    first), ``Σ x_a x_b`` of each hand and session column; ``exact``: per point, the figures known exactly
    (:func:`~tonk_rules.sim.design_figures.exact_values`), which :meth:`known` and :meth:`difference` use
    instead of the sample."""

    hands: dict[int, PointSums]
    sessions: dict[int, PointSums]
    hand_cross: dict[tuple[int, int], npt.NDArray[np.int64]]
    session_cross: dict[tuple[int, int], npt.NDArray[np.int64]]
    exact: dict[int, dict[str, float]] = field(default_factory=dict)
    #: per point, the figures measured by runs of their own (``unit == "trace"``: the skill trace), each its
    #: value and 95% interval
    measured: dict[int, dict[str, tuple[float, tuple[float, float]]]] = field(default_factory=dict)

    def merge(self, other: DesignSums) -> DesignSums:
        for mine, theirs in ((self.hands, other.hands), (self.sessions, other.sessions)):
            for point, sums in theirs.items():
                if point in mine:
                    mine[point].add(sums)
                else:
                    mine[point] = PointSums(sums.n, sums.powers.copy())
        for cross, more in ((self.hand_cross, other.hand_cross), (self.session_cross, other.session_cross)):
            for pair, values in more.items():
                cross[pair] = cross[pair] + values if pair in cross else values.copy()
        for point, figures in other.measured.items():
            self.measured.setdefault(point, {}).update(figures)
        return self

    def measured_value(self, point: int, f: Figure) -> tuple[float, tuple[float, float]]:
        """A figure measured by runs of its own (the skill trace) at ``point``; one clear error where its runs
        were not played."""
        try:
            return self.measured[point][f.name]
        except KeyError:
            raise SimulationError(f"the figure {f.name} needs its own runs (the skill trace), and point {point} "
                                  "did not play them") from None

    def _unit(self, f: Figure) -> tuple[dict[int, PointSums], dict[tuple[int, int], npt.NDArray[np.int64]], int]:
        if f.unit == "hand":
            return self.hands, self.hand_cross, HAND_COLUMNS.index(f.column)
        return self.sessions, self.session_cross, SESSION_COLUMNS.index(f.column)

    def units(self, point: int, f: Figure) -> int:
        return self._unit(f)[0][point].n

    def estimate(self, point: int, f: Figure) -> tuple[float, tuple[float, float]]:
        """The figure at ``point`` and its 95% interval (Wilson for a rate, normal for a mean, the delta
        method on the fourth moment for a spread)."""
        if f.unit == "trace":
            return self.measured_value(point, f)
        sums, _, column = self._unit(f)
        s = sums[point]
        p1, p2, p3, p4 = (int(v) for v in s.powers[column])
        if f.kind == "rate":
            return p1 / s.n if s.n else 0.0, wilson(p1, s.n)
        if f.kind == "mean":
            m = Moments(s.n, p1, p2)
            lo, hi = m.ci95()
            return f.scale * m.mean, (f.scale * lo, f.scale * hi)
        return _spread(s.n, p1, p2, p3, p4)

    def exact_value(self, point: int, f: Figure) -> float | None:
        """The figure at ``point`` counted exactly, or None where it is only sampled."""
        return self.exact.get(point, {}).get(f.name)

    def known(self, point: int, f: Figure) -> tuple[float, tuple[float, float]]:
        """The figure at ``point`` as a bound or a ranking should read it: exact where it is counted (an
        interval of no width: more hands cannot move it), else the sample's :meth:`estimate`."""
        exact = self.exact_value(point, f)
        return (exact, (exact, exact)) if exact is not None else self.estimate(point, f)

    def difference(self, a: int, b: int, f: Figure) -> tuple[float, tuple[float, float], float]:
        """``figure(a) - figure(b)``, its 95% interval and its standard error: exact where both are counted,
        else paired over the units both played (a spread, which is not a mean, is compared unpaired)."""
        ea, eb = self.exact_value(a, f), self.exact_value(b, f)
        if ea is not None and eb is not None:
            return ea - eb, (ea - eb, ea - eb), 0.0
        if f.unit == "trace":  # measured apart at each point, on deals of its own: unpaired
            diff = self.estimate(a, f)[0] - self.estimate(b, f)[0]
            se = math.hypot(self.standard_error(a, f), self.standard_error(b, f))
            return diff, (diff - Z95 * se, diff + Z95 * se), se
        sums, cross, column = self._unit(f)
        key = (min(a, b), max(a, b))
        va, _ = self.estimate(a, f)
        vb, _ = self.estimate(b, f)
        if f.kind != "spread" and key in cross and sums[a].n == sums[b].n:
            n = sums[a].n
            d = Moments(n, int(sums[a].powers[column][0]) - int(sums[b].powers[column][0]),
                        int(sums[a].powers[column][1]) + int(sums[b].powers[column][1]) - 2 * int(cross[key][column]))
            se = f.scale * math.sqrt(d.variance / n) if n else 0.0
        else:
            se = math.hypot(self.standard_error(a, f), self.standard_error(b, f))
        diff = va - vb
        return diff, (diff - Z95 * se, diff + Z95 * se), se

    def identical(self, a: int, b: int) -> bool:
        """Whether two points played the same units with the same value of every column on every one of them
        (``Σ(x_a - x_b)² = 0``): on these deals the change between them never came into play."""
        key = (min(a, b), max(a, b))
        if key not in self.hand_cross or self.hands[a].n != self.hands[b].n:
            return False
        for sums, cross in ((self.hands, self.hand_cross), (self.sessions, self.session_cross)):
            squares = sums[a].powers[:, 1] + sums[b].powers[:, 1] - 2 * cross[key]
            if squares.any():
                return False
        return True

    def standard_error(self, point: int, f: Figure) -> float:
        _, (lo, hi) = self.known(point, f)
        return (hi - lo) / (2 * Z95)


def _spread(n: int, p1: int, p2: int, p3: int, p4: int) -> tuple[float, tuple[float, float]]:
    """The standard deviation of a sample from its power sums, with a delta-method 95% interval."""
    if n < 2:
        return 0.0, (0.0, 0.0)
    mean = p1 / n
    variance = max(0.0, (p2 - p1 * p1 / n) / (n - 1))
    sd = math.sqrt(variance)
    # the fourth central moment from the raw moments
    m2, m3, m4 = p2 / n, p3 / n, p4 / n
    central4 = m4 - 4 * mean * m3 + 6 * mean * mean * m2 - 3 * mean**4
    var_of_variance = max(0.0, central4 - variance * variance) / n
    half = Z95 * math.sqrt(var_of_variance) / (2 * sd) if sd > 0 else 0.0
    return sd, (max(0.0, sd - half), sd + half)
