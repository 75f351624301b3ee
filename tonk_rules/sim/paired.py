"""Differences between two variants' figures, with their 95% intervals: paired per deal, or unpaired.

When two runs deal the same cards (same seed, same deck, hand size and upcard: :func:`same_deals`), hand
``i`` of one and hand ``i`` of the other start from the same deal, and a figure's difference is measured
hand by hand: the per-hand differences ``d_i = x_i - y_i`` have a much smaller spread than ``x`` and ``y``
(the luck of the deal cancels). Everything needed is the count ``n``, ``Σd`` and ``Σd²`` (exact integers,
merged across chunks: :class:`PairSums`), so a paired test costs no per-hand memory.

- a rate (0/1 per hand): McNemar's test (``z = (b - c) / √(b + c)``, where ``b``, ``c`` are the discordant
  hands: ``b - c = Σd``, ``b + c = Σd²``), the interval of the paired difference of proportions, and the
  ratio of the two rates with a delta-method interval on the log scale;
- a mean: the paired t-test on ``d`` (referred to the normal: thousands of hands).

Unpaired versions (two-proportion z-test and Welch's test) serve runs that deal different cards.

    >>> d = paired_proportions(k_a=300, k_b=130, n=10_000, discordant=170)  # 130 hands count in both
    >>> round(d.value, 4), d.paired, d.p < 1e-12, round(d.relative[0], 2)
    (0.017, True, True, 2.31)
    >>> u = unpaired_proportions(300, 10_000, 130, 10_000)
    >>> u.ci95[1] - u.ci95[0] > d.ci95[1] - d.ci95[0]  # same counts, unpaired: a wider interval
    True
    >>> p_text(0.0), p_text(3.2e-5), p_text(0.2)
    ('< 1e-12', '3.2e-05', '0.2')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.stats import Z95, Moments, two_proportion_p, welch_p

#: Below this a p-value is printed as a bound: a normal tail this far out is not worth more digits.
P_FLOOR = 1e-12


@dataclass(frozen=True)
class Difference:
    """``a - b`` with its 95% interval and the two-sided p-value of "no difference".

    ``relative`` (rates only): the ratio ``a / b`` and its 95% interval (None when ``b`` is 0).
    """

    value: float
    ci95: tuple[float, float]
    p: float
    paired: bool
    relative: tuple[float, tuple[float, float]] | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"value": self.value, "ci95": list(self.ci95)}
        if self.relative is not None:
            ratio, (lo, hi) = self.relative
            out["relative"] = {"ratio": ratio, "ci95": [lo, hi]}
        return out


@dataclass
class PairSums:
    """Per-hand differences of one figure between two runs: hands, Σd and Σd² (exact integers)."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, n: int, total: int, squares: int) -> None:
        self.n += n
        self.total += total
        self.squares += squares

    @property
    def moments(self) -> Moments:
        return Moments(self.n, self.total, self.squares)


def same_deals(a: Ruleset, b: Ruleset) -> bool:
    """Whether two rulesets deal the same cards from one seed: hand ``i`` shuffles the deck the same way
    and gives every seat the same cards (see :mod:`tonk_rules.kernel.batch`)."""
    return (a.deal.deck, a.deal.hand_size, a.deal.upcard) == (b.deal.deck, b.deal.hand_size, b.deal.upcard)


def p_text(p: float) -> str:
    """A p-value as printed: two significant digits, or a bound below :data:`P_FLOOR` (never ``0.0``)."""
    return f"< {P_FLOOR:.0e}" if p < P_FLOOR else f"{p:.2g}"


def _normal_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def _ratio(pa: float, pb: float, log_variance: float) -> tuple[float, tuple[float, float]] | None:
    if pa <= 0 or pb <= 0:
        return None
    ratio = pa / pb
    half = Z95 * math.sqrt(max(0.0, log_variance))
    return (ratio, (ratio * math.exp(-half), ratio * math.exp(half)))


def unpaired_proportions(k_a: int, n_a: int, k_b: int, n_b: int) -> Difference:
    """Two rates from independent samples: pooled z-test, Wald interval of the difference."""
    pa, pb = (k_a / n_a if n_a else 0.0), (k_b / n_b if n_b else 0.0)
    se = math.sqrt(pa * (1 - pa) / max(n_a, 1) + pb * (1 - pb) / max(n_b, 1))
    log_var = ((1 - pa) / k_a + (1 - pb) / k_b) if k_a and k_b else 0.0
    return Difference(pa - pb, (pa - pb - Z95 * se, pa - pb + Z95 * se), two_proportion_p(k_a, n_a, k_b, n_b),
                      False, _ratio(pa, pb, log_var))


def paired_proportions(k_a: int, k_b: int, n: int, discordant: int) -> Difference:
    """Two rates over the same ``n`` deals; ``discordant``: hands where exactly one run counts (``Σd²``)."""
    if n == 0:
        return Difference(0.0, (0.0, 0.0), 1.0, True)
    pa, pb = k_a / n, k_b / n
    d = Moments(n, k_a - k_b, discordant)
    lo, hi = d.ci95()
    p = 1.0 if discordant == 0 else _normal_p((k_a - k_b) / math.sqrt(discordant))
    both = (k_a + k_b - discordant) / 2  # hands where both runs count
    cov = both / n - pa * pb
    log_var = 0.0
    if pa > 0 and pb > 0:
        log_var = ((1 - pa) / pa + (1 - pb) / pb - 2 * cov / (pa * pb)) / n
    return Difference(pa - pb, (lo, hi), p, True, _ratio(pa, pb, log_var))


def unpaired_means(a: Moments, b: Moments) -> Difference:
    """Two means from independent samples: Welch's test and its interval."""
    se = math.sqrt(a.variance / max(a.n, 1) + b.variance / max(b.n, 1))
    diff = a.mean - b.mean
    return Difference(diff, (diff - Z95 * se, diff + Z95 * se), welch_p(a, b), False)


def paired_means(a: Moments, b: Moments, d: Moments) -> Difference:
    """Two means over the same deals; ``d``: the per-hand differences ``a_i - b_i`` (n, Σd, Σd²)."""
    lo, hi = d.ci95()
    se = math.sqrt(d.variance / d.n) if d.n else 0.0
    p = (1.0 if d.total == 0 else 0.0) if se == 0 else _normal_p(d.mean / se)
    return Difference(a.mean - b.mean, (lo, hi), p, True)
