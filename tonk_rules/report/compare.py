"""The comparison behind ``tonk compare``: every figure side by side and which differences are significant.

Each figure of each pair of variants is tested: proportions (how hands end, win rates, the knock rate) with
the pooled two-proportion z-test, means (actions, turns, net, the count at a knock, the strong bot's win
share behind strategic depth) with Welch's test. All the p-values of one report are corrected together
by Holm–Bonferroni, and a difference is marked significant when its adjusted p-value is below 0.05: the
chance of marking any difference that is not real is at most 5% for the whole report.

    >>> Row("mean actions", ["12.0", "14.0"]).label
    'mean actions'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tonk_rules.sim.depth import Depth
from tonk_rules.sim.stats import Moments, holm, percent, two_proportion_p, welch_p
from tonk_rules.sim.tally import ENDINGS, Tally
from tonk_rules.terms import Ending

ALPHA = 0.05
DEAL_CHECK_LABEL = "deal check (sim / exact)"
TEST_NOTE = ("Differences are tested pairwise (two-proportion z-test for rates, Welch's test for means) and "
             "marked ✱ when significant after the Holm–Bonferroni correction over all {m} comparisons of this "
             "report (family-wise error rate 5%). The " + DEAL_CHECK_LABEL + " row is shown for information "
             f"and not tested: its hands are those of the {Ending.DEAL_TONK} and {Ending.DEAL_VOID} endings, "
             "which are tested already.")


@dataclass(frozen=True)
class VariantFigures:
    """One variant's simulation: the main run, the strategic-depth runs and the exact deal-check rate."""

    label: str
    tally: Tally
    depth: Depth
    exact_deal_check: float | None  # None: too costly to count exactly


@dataclass
class Test:
    metric: str
    a: str
    b: str
    p: float
    adjusted: float = 1.0

    @property
    def significant(self) -> bool:
        return self.adjusted < ALPHA


@dataclass
class Row:
    """A figure of every variant, formatted, and the pairs whose difference is significant."""

    label: str
    values: list[str]
    significant: list[tuple[str, str]] = field(default_factory=list)


def knock_moments(t: Tally) -> Moments:
    n = sum(t.knock_counts.values())
    return Moments(n, sum(c * k for c, k in t.knock_counts.items()), sum(c * c * k for c, k in t.knock_counts.items()))


def _pct(k: int, n: int) -> str:
    return percent(k / n) if n else "—"


def _mean(m: Moments, digits: int = 2) -> str:
    lo, hi = m.ci95()
    return f"{m.mean:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]" if m.n else "—"


Sample = tuple[int, int] | Moments | None


def metrics(v: VariantFigures) -> list[tuple[str, str, Sample]]:
    """Every compared figure of one variant: (label, formatted value, its sample for the test).

    The sample is None for a figure shown for information only: the deal check repeats the deal endings'
    tests, and testing it again would inflate the Holm–Bonferroni family.
    """
    t = v.tally
    out: list[tuple[str, str, Sample]] = []
    for i, ending in enumerate(ENDINGS):
        out.append((f"ends: {ending}", _pct(t.endings[i], t.hands), (t.endings[i], t.hands)))
    exact = "—" if v.exact_deal_check is None else percent(v.exact_deal_check)
    out.append((DEAL_CHECK_LABEL, f"{_pct(t.deal_check, t.hands)} / {exact}", None))
    out.append(("mean actions per hand", _mean(t.moments(t.actions)), t.moments(t.actions)))
    out.append(("mean turns per hand", _mean(t.moments(t.turns)), t.moments(t.turns)))
    for p in range(t.players):
        name = "dealer" if p == t.players - 1 else f"position {p + 1}"
        out.append((f"win rate: {name}", _pct(t.position_wins[p], t.hands), (t.position_wins[p], t.hands)))
    for p in range(t.players):
        name = "dealer" if p == t.players - 1 else f"position {p + 1}"
        m = t.moments(t.position_net[p])
        out.append((f"mean net per hand: {name}", _mean(m, 3), m))
    knocks = sum(t.knock_counts.values())
    out.append(("hands ended by a knock", _pct(knocks, t.hands), (knocks, t.hands)))
    out.append(("mean count at a knock", _mean(knock_moments(t)), knock_moments(t)))
    lo, hi = v.depth.ci95()
    out.append(("strategic depth (order)", f"{v.depth.order:.3f} [{lo:.3f}, {hi:.3f}]", v.depth.share))
    return out


def _p(a: Sample, b: Sample) -> float | None:
    if a is None or b is None:
        return None  # information only: not part of the tested family
    if isinstance(a, Moments) and isinstance(b, Moments):
        return welch_p(a, b) if a.n >= 2 and b.n >= 2 else None
    assert isinstance(a, tuple) and isinstance(b, tuple)
    if a[0] == 0 and b[0] == 0:
        return None  # never happens in either: nothing to test
    return two_proportion_p(a[0], a[1], b[0], b[1])


def compare(figures: Sequence[VariantFigures]) -> tuple[list[Row], list[Test]]:
    """The rows of the side-by-side table and every test made (adjusted by Holm–Bonferroni)."""
    per_variant = [metrics(v) for v in figures]
    rows, tests = [], []
    for index, (label, _, _) in enumerate(per_variant[0]):
        rows.append(Row(label, [m[index][1] for m in per_variant]))
        for (i, a), (j, b) in combinations(enumerate(figures), 2):
            p = _p(per_variant[i][index][2], per_variant[j][index][2])
            if p is not None:
                tests.append(Test(label, a.label, b.label, p))
    for test, adjusted in zip(tests, holm([t.p for t in tests]), strict=True):
        test.adjusted = adjusted
    by_label = {row.label: row for row in rows}
    for test in tests:
        if test.significant:
            by_label[test.metric].significant.append((test.a, test.b))
    return rows, tests


def mark(row: Row, n_variants: int) -> str:
    """The significance mark of a row: ✱ (two variants), or the differing pairs (three or more)."""
    if not row.significant:
        return ""
    if n_variants == 2:
        return "✱"
    return ", ".join(f"{a}≠{b}" for a, b in row.significant)


def comparison_json(figures: Sequence[VariantFigures], rows: Sequence[Row], tests: Sequence[Test],
                    settings: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "tonk-compare/1",
        **settings,
        "test": TEST_NOTE.format(m=len(tests)),
        "rows": [{"figure": r.label, "values": dict(zip([f.label for f in figures], r.values, strict=True)),
                  "significant": [list(pair) for pair in r.significant]} for r in rows],
        "tests": [{"figure": t.metric, "a": t.a, "b": t.b, "p": t.p, "p_holm": t.adjusted,
                   "significant": t.significant} for t in tests],
    }
