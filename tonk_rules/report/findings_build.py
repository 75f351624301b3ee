"""The findings of one pair of variants, from the comparison's tests and the one-rule and check runs.

See :mod:`tonk_rules.report.findings` for what a finding says; this module collects the figures each
sentence needs: the main test, each one-rule switch's paired effect, and the test at the check table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from tonk_rules.report.compare import Metric, Test, VariantFigures, difference, difference_text, metrics
from tonk_rules.report.comparison_plan import PANEL_WORDS, Plan
from tonk_rules.report.findings import (
    Effect,
    attribution,
    check,
    clears,
    figures_said,
    headline,
    nothing_moved,
    only_rule,
    settled_small,
    threshold,
    unmoved,
)
from tonk_rules.report.findings_in_play import in_play_lines
from tonk_rules.report.rule_changes import RuleChange
from tonk_rules.sim.depth import Depth
from tonk_rules.sim.paired import Difference
from tonk_rules.sim.paired_run import PairedTally
from tonk_rules.sim.stats import Moments

if TYPE_CHECKING:
    from tonk_rules.report.attribution import Switch


#: Why strategic depth can move while the main table does not: the rule binds only the weak bot's play.
_WEAK_ONLY = {
    "en": "The main table's figures did not move (its bots hardly ever do what the rule changes), so the change is "
          "in how {weak} fares against {strong} under it.",
    "ru": "Показатели основного стола не изменились (его боты почти не делают того, что меняет правило); "
          "меняется то, как {weak} играет против {strong}.",
}


@dataclass(frozen=True)
class PairFindings:
    """The findings of one pair (the first variant and another), in words, largest first; ``unmoved`` ends
    with ``in_play``, how often each differing rule came into play (:mod:`tonk_rules.report.findings_in_play`)."""

    a: str
    b: str
    findings: list[str]  # each whole: its headline, then its details
    unmoved: str
    changes: list[RuleChange]
    in_play: list[str] = field(default_factory=list)
    headlines: list[str] = field(default_factory=list)  # each finding's first line, in plain words
    details: list[str] = field(default_factory=list)  # the rest of each: figures, cause, second opinion


@dataclass(frozen=True)
class CheckRun:
    """A table a finding is checked with: its name in words (with its bots), its paired run and hands."""

    said: str
    run: PairedTally
    interval: bool = False  # say the difference's 95% interval there (a small table: the search player's)



def _metrics(tally: PairedTally, i: int, label: str) -> dict[str, Metric]:
    t = tally.tallies[i]
    figures = VariantFigures(label, t, Depth(t.players, Moments(0, 0, 0)), 0.0)
    return {m.label: m for m in metrics(figures)}


def _value(m: Metric) -> float:
    if isinstance(m.sample, Moments):
        return m.sample.mean
    if isinstance(m.sample, tuple):
        return m.sample[0] / m.sample[1] if m.sample[1] else 0.0
    return 0.0


def _effects(metric: str, probe: tuple[list[Switch], PairedTally]) -> tuple[list[Effect], Difference | None] | None:
    """Each switch's effect on ``metric``, and the other variant's difference from the base on the same deals
    (the whole way; its last run). None: not one value per hand, so the one-rule runs cannot tell."""
    switches, tally = probe
    base = _metrics(tally, 0, "base")[metric]
    if base.feature is None:
        return None
    out = []
    for x, switch in enumerate(switches, 1):
        d = difference(_metrics(tally, x, "switched")[metric], base, tally, x, 0)
        if d is not None:
            out.append(Effect(switch.change, d))
    other = len(switches) + 1
    return out, difference(_metrics(tally, other, "other")[metric], base, tally, other, 0)


def findings_for(tests: Sequence[Test], figures: Sequence[VariantFigures], pair: tuple[int, int],
                 changes: list[RuleChange], probe: tuple[list[Switch], PairedTally] | None,
                 checks: Sequence[CheckRun], plan: Plan) -> PairFindings:
    """Rank the pair's differences that matter by size and say each one's cause and second opinion."""
    i, k = pair
    lang = plan.lang
    ma, mb = ({m.label: m for m in metrics(figures[i])}, {m.label: m for m in metrics(figures[k])})
    ranked, still, unsettled = [], [], []
    for test in tests:
        limit = threshold(test, _value(mb[test.metric]))
        size = abs(test.difference.value) / limit
        if test.significant and clears(test, limit):
            ranked.append((size, test))
        elif settled_small(test, limit):
            still.append(test.metric)
        else:  # neither shown to matter nor shown small
            unsettled.append(test.metric)
    ranked.sort(key=lambda pair_: -pair_[0])
    headlines, texts = [], []
    for _, test in ranked:
        diff = f"{test.b} − {test.a}: {difference_text(test)}"
        headlines.append(headline(test, lang))
        parts = [figures_said(test, (ma[test.metric].text, mb[test.metric].text), diff)]
        in_play = [c for c in changes if c.in_play]
        if len(in_play) == 1:
            parts.append(only_rule(test, in_play[0], lang))
        elif probe is None:
            parts.append(attribution(test, None, lang, run=False))
        else:
            found = _effects(test.metric, probe)
            effects, whole = found if found is not None else (None, None)
            parts.append(attribution(test, effects, lang, whole=whole))
        parts += list(dict.fromkeys(_checked(test, c, (i, k), lang) for c in checks)) or [
            check(test, None, None, "", lang)]
        if test.metric.startswith("strategic depth") and all(t.metric.startswith("strategic depth")
                                                              for _, t in ranked):
            parts.append(_WEAK_ONLY[lang].format(strong=plan.strong, weak=plan.weak))
        texts.append(" ".join(parts))
    in_play_said = in_play_lines([c for c in changes if c.in_play], (figures[i].label, figures[i].tally),
                                 (figures[k].label, figures[k].tally), lang)
    if not texts:  # nothing moved: that is the headline, with no details
        headlines, texts = [nothing_moved(lang, not unsettled)], [""]
    return PairFindings(figures[i].label, figures[k].label,
                        [f"{h} {t}".strip() for h, t in zip(headlines, texts, strict=True)],
                        " ".join(x for x in (unmoved(still, unsettled, lang), *in_play_said) if x), changes,
                        in_play_said, headlines, texts)


def _checked(test: Test, c: CheckRun, pair: tuple[int, int], lang: str) -> str:
    """Whether ``test``'s difference holds at the check table ``c`` (and its interval there, where asked)."""
    i, k = pair
    ca, cb = _metrics(c.run, i, test.a), _metrics(c.run, k, test.b)
    sample = ca[test.metric].sample
    if isinstance(sample, Moments) and sample.n == 0:  # strategic depth: its own tables, not played at a check
        return check(test, None, None, c.said, lang)
    other = difference(cb[test.metric], ca[test.metric], c.run, k, i)  # b - a, as the test
    said = check(test, other, (ca[test.metric].text, cb[test.metric].text), c.said, lang)
    if c.interval and other is not None:
        said += " " + PANEL_WORDS[lang]["interval"].format(a=test.a, b=test.b,
                                                          diff=difference_text(replace(test, difference=other)))
    return said
