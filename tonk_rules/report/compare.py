"""The comparison behind ``tonk compare``: every figure side by side, each difference with its interval.

Each figure of each pair of variants is tested. Where the two variants deal the same cards
(:func:`~tonk_rules.sim.paired.same_deals`) and both played the same hands, the test is paired per deal:
McNemar's test for rates (how hands end, win rates, the knock rate) and the paired t-test for means
(actions, turns, net). Elsewhere, and for figures that are not one value per hand (the count at a knock,
strategic depth), the test is unpaired: the two-proportion z-test or Welch's test. Each test says which.
All the p-values of one report are corrected together by Holm–Bonferroni, and a difference is marked
significant when its adjusted p-value is below 0.05: the chance of marking any difference that is not
real is at most 5% for the whole report.

    >>> Row("mean actions", ["12.0", "14.0"]).label
    'mean actions'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

from tonk_rules.sim.depth import Depth
from tonk_rules.sim.odds import exact_percent
from tonk_rules.sim.paired import (
    Difference,
    p_text,
    paired_means,
    paired_proportions,
    unpaired_means,
    unpaired_proportions,
)
from tonk_rules.sim.paired_run import PairedTally
from tonk_rules.sim.stats import Moments, holm, percent
from tonk_rules.sim.tally import ENDINGS, Tally
from tonk_rules.terms import Ending

ALPHA = 0.05
DEAL_CHECK_LABEL = "deal check (sim / exact)"
#: The endings whose rate is counted exactly (``tonk odds``): their rows print it beside the sampled rate.
EXACT_ENDINGS = (f"ends: {Ending.DEAL_TONK}", f"ends: {Ending.DEAL_VOID}")
#: The mark of a significant difference, printed in its cell (the notes promise it there).
SIGNIFICANT = "✱"
TEST_NOTE = ("Differences (the later variant minus the first; pt: percentage points) carry 95% intervals and are "
             "tested pairwise: paired per deal "
             "where both variants deal the same cards (McNemar's test for rates, the paired t-test for means), "
             "unpaired elsewhere (two-proportion z-test, Welch's test; marked †); {paired} of the {m} tests are "
             "paired. "
             "A difference is marked ✱ when significant after the Holm–Bonferroni correction over all {m} "
             "comparisons of this report (family-wise error rate 5%). The " + DEAL_CHECK_LABEL + " row is shown "
             "for information and not tested: its hands are those that end by a tonk on the deal or a void deal, "
             "which are tested already; those two rows show the exact rate (as tonk odds counts it) after the "
             "sampled one. The positions' win rates can add up to more "
             "than 100%: several players can be paid in one hand (tied lowest counts, several deal tonks, the "
             "lowest players of a caught knock).")
Kind = Literal["rate", "mean"]


@dataclass(frozen=True)
class VariantFigures:
    """One variant's simulation: the main run, the strategic-depth runs and the exact deal-check rate."""

    label: str
    tally: Tally
    depth: Depth
    exact_deal_check: float | None  # None: too costly to count exactly
    #: the endings counted exactly (``tonk odds``), by metric label: "ends: deal_tonk", "ends: deal_void";
    #: empty where too costly to count (their rows then print a dash for the exact value)
    exact_endings: dict[str, float] = field(default_factory=dict)


@dataclass
class Test:
    """The test of one figure between variants ``a`` and ``b``; ``difference`` is ``b - a`` (its ratio:
    ``b / a``), the change from the first named variant to the other."""

    metric: str
    a: str
    b: str
    difference: Difference
    kind: Kind = "rate"
    digits: int = 2
    adjusted: float = 1.0

    @property
    def p(self) -> float:
        return self.difference.p

    @property
    def paired(self) -> bool:
        return self.difference.paired

    @property
    def significant(self) -> bool:
        return self.adjusted < ALPHA


@dataclass
class Row:
    """A figure of every variant, formatted; the pairs whose difference is significant; and each later
    variant's difference from the first (formatted, with its interval; empty when not tested)."""

    label: str
    values: list[str]
    significant: list[tuple[str, str]] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)


def knock_moments(t: Tally) -> Moments:
    n = sum(t.knock_counts.values())
    return Moments(n, sum(c * k for c, k in t.knock_counts.items()), sum(c * c * k for c, k in t.knock_counts.items()))


def _pct(k: int, n: int) -> str:
    return percent(k / n) if n else "—"


def _mean(m: Moments, digits: int = 2) -> str:
    lo, hi = m.ci95()
    return f"{m.mean:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]" if m.n else "—"


def difference_text(test: Test) -> str:
    """The difference as printed: percentage points for rates, the figure's own unit for means.

    >>> test = Test("x", "a", "b", Difference(0.0174, (0.016, 0.019), 1e-30, True))
    >>> difference_text(test)
    '+1.74 pt [+1.60, +1.90]'
    >>> _points(0.0000225), _points(0.0), _points(0.000000046)
    ('+0.0023', '+0.00', '+0.0000')
    """
    d = test.difference
    lo, hi = d.ci95
    if test.kind == "rate":
        return f"{_points(d.value)} pt [{_points(lo)}, {_points(hi)}]"
    n = test.digits
    return f"{d.value:+.{n}f} [{lo:+.{n}f}, {hi:+.{n}f}]"


def _points(fraction: float) -> str:
    """Percentage points, signed: two decimals, or two significant digits below 0.1 (never a bare +0.00
    for a difference that is not zero)."""
    pts = 100 * fraction
    if pts == 0 or abs(pts) >= 0.1:
        return f"{pts:+.2f}"
    return f"{pts:+.2g}" if abs(pts) >= 0.001 else f"{pts:+.4f}"


@dataclass(frozen=True)
class Metric:
    """One compared figure of one variant: its label, formatted value, and what its test needs.

    ``sample``: counts ``(k, n)`` for a rate or :class:`Moments` for a mean (None: shown only); ``feature``:
    the per-hand figure of :func:`~tonk_rules.sim.paired_run.feature_names` a paired test uses (None: this
    figure is not one value per hand, so its test is unpaired).
    """

    label: str
    text: str
    sample: tuple[int, int] | Moments | None
    feature: str | None = None
    digits: int = 2
    exact: str | None = None  # the exact value as printed beside the sampled one ("—": too costly to count)

    @property
    def shown(self) -> str:
        """The table's cell: the sampled value, and the exact one after a slash where it is counted."""
        return self.text if self.exact is None else f"{self.text} / {self.exact}"


def metrics(v: VariantFigures) -> list[Metric]:
    """Every compared figure of one variant.

    The deal check has no sample: it repeats the deal endings' tests, and testing it again would inflate
    the Holm–Bonferroni family.
    """
    t = v.tally
    out: list[Metric] = []
    for i, ending in enumerate(ENDINGS):
        label = f"ends: {ending}"
        exact = None
        if label in EXACT_ENDINGS:
            x = v.exact_endings.get(label)
            exact = "—" if x is None else exact_percent(x)
        out.append(Metric(label, _pct(t.endings[i], t.hands), (t.endings[i], t.hands), label, exact=exact))
    exact = "—" if v.exact_deal_check is None else exact_percent(v.exact_deal_check)
    out.append(Metric(DEAL_CHECK_LABEL, f"{_pct(t.deal_check, t.hands)} / {exact}", None))
    out.append(Metric("mean actions per hand", _mean(t.moments(t.actions)), t.moments(t.actions), "actions"))
    out.append(Metric("mean turns per hand", _mean(t.moments(t.turns)), t.moments(t.turns), "turns"))
    for p in range(t.players):
        name = "dealer" if p == t.players - 1 else f"position {p + 1}"
        out.append(Metric(f"win rate: {name}", _pct(t.position_wins[p], t.hands), (t.position_wins[p], t.hands),
                          f"win: position {p + 1}"))
    for p in range(t.players):
        name = "dealer" if p == t.players - 1 else f"position {p + 1}"
        m = t.moments(t.position_net[p])
        out.append(Metric(f"mean net per hand: {name}", _mean(m, 3), m, f"net: position {p + 1}", 3))
    knocks = sum(t.knock_counts.values())
    out.append(Metric("hands ended by a knock", _pct(knocks, t.hands), (knocks, t.hands), "knocked"))
    out.append(Metric("mean count at a knock", _mean(knock_moments(t)), knock_moments(t)))
    lo, hi = v.depth.ci95()
    out.append(Metric("strategic depth (order)", f"{v.depth.order:.3f} [{lo:.3f}, {hi:.3f}]",
                      v.depth.order_sample,
                      digits=3))
    return out


def difference(a: Metric, b: Metric, pairs: PairedTally | None, i: int, j: int) -> Difference | None:
    """The test of ``a - b`` (runs ``i`` and ``j`` of ``pairs`` when they were played on the same deals)."""
    if a.sample is None or b.sample is None:
        return None  # information only: not part of the tested family
    paired = pairs is not None and a.feature is not None and ((i, j) in pairs.sums or (j, i) in pairs.sums)
    if isinstance(a.sample, Moments) and isinstance(b.sample, Moments):
        if a.sample.n < 2 or b.sample.n < 2:
            return None
        if paired:
            assert pairs is not None and a.feature is not None
            return paired_means(a.sample, b.sample, pairs.pair(i, j, a.feature).moments)
        return unpaired_means(a.sample, b.sample)
    assert isinstance(a.sample, tuple) and isinstance(b.sample, tuple)
    if a.sample[0] == 0 and b.sample[0] == 0:
        return None  # never happens in either: nothing to test
    if paired:
        assert pairs is not None and a.feature is not None
        return paired_proportions(a.sample[0], b.sample[0], a.sample[1], pairs.pair(i, j, a.feature).squares)
    return unpaired_proportions(a.sample[0], a.sample[1], b.sample[0], b.sample[1])


def compare(figures: Sequence[VariantFigures], pairs: PairedTally | None = None) -> tuple[list[Row], list[Test]]:
    """The rows of the side-by-side table and every test made (adjusted by Holm–Bonferroni).

    ``pairs``: the paired sums of the main runs (run ``i`` is ``figures[i]``), where they dealt the same
    cards; without it every test is unpaired.
    """
    per_variant = [metrics(v) for v in figures]
    rows, tests = [], []
    from_first: list[tuple[Test, Row, int]] = []  # each test against the first variant: its row and column
    for index, first in enumerate(per_variant[0]):
        row = Row(first.label, [m[index].shown for m in per_variant], differences=[""] * (len(figures) - 1))
        rows.append(row)
        for (i, a), (j, b) in combinations(enumerate(figures), 2):
            # b minus a: how the figure changes from the first named variant to the other
            d = difference(per_variant[j][index], per_variant[i][index], pairs, j, i)
            if d is not None:
                kind: Kind = "rate" if isinstance(first.sample, tuple) else "mean"
                tests.append(Test(first.label, a.label, b.label, d, kind, first.digits))
                if i == 0:
                    from_first.append((tests[-1], row, j - 1))
    for test, adjusted in zip(tests, holm([t.p for t in tests]), strict=True):
        test.adjusted = adjusted
    for test, row, column in from_first:
        # † marks an unpaired test, ✱ a significant difference, beside the value (the interval stays last,
        # for narrow layouts)
        marks = ("" if test.paired else "†") + (SIGNIFICANT if test.significant else "")
        row.differences[column] = difference_text(test).replace(" [", f"{marks} [", 1)
    by_label = {row.label: row for row in rows}
    for test in tests:
        if test.significant:
            by_label[test.metric].significant.append((test.a, test.b))
    return rows, tests


TEST_NOTE_RU = ("Разница (второй вариант минус первый; п.\xa0п. – процентные пункты) дана с 95% интервалом и проверена "
                "попарно: по каждой раздаче, где оба варианта сдают одинаковые карты (критерий Макнемара для долей, "
                "парный t-критерий для средних), иначе без пар (z-критерий для двух долей, критерий Уэлча; "
                "помечено †); парных проверок {paired} из {m}. Разница помечена ✱, если она значима с поправкой "
                "Холма–Бонферрони по всем "
                "{m} сравнениям отчёта (вероятность хотя бы одной ложной пометки 5%). Строка «Тонк на раздаче "
                "(модель / точно)» дана для сведения и не проверяется: её сдачи – это сдачи концовок «Тонк на "
                "раздаче» и «раздача не состоялась», которые уже проверены; в этих двух строках после доли в "
                "модели дана точная доля (как её считает tonk odds). Доли побед мест в сумме могут "
                "превышать 100%: в одной сдаче могут получить выплату несколько игроков (равные наименьшие "
                "очки, несколько тонков на раздаче, наименьшие игроки после пойманного стука).")


#: With three or more variants, what the last column of the differences says (its pairs do not involve the
#: first variant, whose differences carry their own ✱).
OTHER_PAIRS_NOTE = {
    "en": " With three or more variants, the last column ({header}) names each pair of later variants whose "
          "difference is significant ({example}).",
    "ru": " Если вариантов три или больше, последний столбец ({header}) называет каждую пару следующих вариантов, "
          "разница которых значима ({example}).",
}
#: The header of that column.
OTHER_PAIRS = {"en": "other pairs", "ru": "другие пары"}


def note_of_tests(tests: Sequence[Test], lang: str = "en", variants: int = 2, example: str = "") -> str:
    """What the tests are, for the report's footnote (``lang``: "en" or "ru"); with three or more
    ``variants``, what the column of the other pairs says (``example``: how a pair is written there)."""
    note = (TEST_NOTE_RU if lang == "ru" else TEST_NOTE).format(m=len(tests), paired=sum(1 for t in tests if t.paired))
    if variants > 2:
        note += OTHER_PAIRS_NOTE[lang].format(header=OTHER_PAIRS[lang], example=example or "b≠c")
    return note


def mark(row: Row, first: str, names: Mapping[str, str] | None = None) -> str:
    """The pairs of later variants (neither of them ``first``) whose difference is significant, ``b≠c``
    (``names``: how each variant is written there, by label; the label itself where not given). The
    differences from the first variant carry their ✱ in their own cells.

    >>> mark(Row("x", [], [("a", "b"), ("b", "c")]), "a", {"b": "2", "c": "3"})
    '2≠3'
    """
    shown = dict(names or {})
    return " ".join(f"{shown.get(a, a)}≠{shown.get(b, b)}" for a, b in row.significant if first not in (a, b))


def comparison_json(figures: Sequence[VariantFigures], rows: Sequence[Row], tests: Sequence[Test],
                    settings: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "tonk-compare/2",
        **settings,
        "test": note_of_tests(tests, variants=len(figures)),
        "difference": "each test's difference is b − a (value and 95% interval); for a rate, relative.ratio is "
                      "b / a with its 95% interval",
        "rows": [{"figure": r.label, "values": dict(zip([f.label for f in figures], r.values, strict=True)),
                  "significant": [list(pair) for pair in r.significant]} for r in rows],
        "tests": [{"figure": t.metric, "a": t.a, "b": t.b, "paired": t.paired, "difference": t.difference.to_json(),
                   "p": t.p, "p_holm": t.adjusted, "p_holm_text": p_text(t.adjusted), "significant": t.significant}
                  for t in tests],
    }
