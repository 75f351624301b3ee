"""The statistics of the simulator: intervals, two-sample tests and the Holm–Bonferroni correction.

Everything is computed from exact integer sums (counts, sums and sums of squares), so a figure does not
depend on the order in which chunks were added up.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> round(two_proportion_p(50, 100, 50, 100), 6)
    1.0
    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    >>> holm([1e-20, 0.5])
    [2e-20, 0.5]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def percent(fraction: float) -> str:
    """A fraction as a percentage a reader can tell from zero: two decimals, or two significant digits
    below 0.1% (0.00225% is not printed as 0.00%, which would hide a real difference).

    >>> percent(0.3057), percent(0.0000225), percent(0.0)
    ('30.57%', '0.0023%', '0.00%')
    """
    pct = 100 * fraction
    if pct == 0 or abs(pct) >= 0.1:
        return f"{pct:.2f}%"
    return f"{pct:.2g}%" if abs(pct) >= 0.001 else f"{pct:.1e}%"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # exact ends: no rounding crumbs such as 1e-18 below a fraction of 0
    return (0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


@dataclass(frozen=True)
class Moments:
    """A sample given by its size, sum and sum of squares (exact integers or floats)."""

    n: int
    total: float
    squares: float

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """The unbiased sample variance."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))

    def ci95(self) -> tuple[float, float]:
        """The normal-approximation 95% interval of the mean (every sample here has thousands of hands)."""
        half = Z95 * math.sqrt(self.variance / self.n) if self.n else 0.0
        return (self.mean - half, self.mean + half)


def _normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """The two-sided p-value of the pooled two-proportion z-test of ``k1/n1`` against ``k2/n2``."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    return _normal_two_sided((k1 / n1 - k2 / n2) / se)


def welch_p(a: Moments, b: Moments) -> float:
    """The two-sided p-value of Welch's unequal-variance test of two means.

    The t statistic is referred to the normal distribution: with thousands of hands per sample the
    Welch–Satterthwaite degrees of freedom are in the thousands, where t and normal agree to 4 decimals.
    """
    if a.n < 2 or b.n < 2:
        return 1.0
    se = math.sqrt(a.variance / a.n + b.variance / b.n)
    if se == 0:
        return 1.0 if a.mean == b.mean else 0.0
    return _normal_two_sided((a.mean - b.mean) / se)


def holm(p_values: list[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (in the input order): reject where adjusted p < alpha.

    Controls the family-wise error rate over all the comparisons at once, without assuming independence.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        # 12 significant digits (no float crumbs such as 0.06000000000000001), never rounded to 0.0
        adjusted[i] = float(f"{running:.12g}")
    return adjusted
