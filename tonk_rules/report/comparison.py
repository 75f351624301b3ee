"""A comparison as it was played: the plan, each variant's figures, the tests, the rule differences and the
findings (:class:`Comparison`), as JSON, and what each of its players does in words (:func:`players_said`).

Built by :func:`tonk_rules.report.build.run_comparison`; read by :mod:`~tonk_rules.report.report_model` (the
documents) and written by :func:`~tonk_rules.report.build.write_report` — below both, so neither imports the
other back."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tonk_rules.bots.describe import describe_player
from tonk_rules.report.compare import Row, Test, VariantFigures, comparison_json
from tonk_rules.report.comparison_plan import Plan
from tonk_rules.report.findings_build import PairFindings
from tonk_rules.report.findings_in_play import in_play_json
from tonk_rules.report.skill_words import skill_json
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.skill import Skill
from tonk_rules.sim.tally import Tally
from tonk_rules.variant.diff import DiffReport, diff_json
from tonk_rules.words.numbers import fill_line
from tonk_rules.words.player_words import PLAYER_LINES


@dataclass(frozen=True)
class Comparison:
    names: list[str]
    plan: Plan
    figures: list[VariantFigures]
    rows: list[Row]
    tests: list[Test]
    diffs: list[DiffReport]
    findings: list[PairFindings] = field(default_factory=list)
    identical: bool = False
    rulesets: tuple[Ruleset, ...] = ()  # each variant's, in ``names`` order (what its players are described at)
    skills: list[Skill] = field(default_factory=list)  # each variant's skill trace, where the plan has one

    def _tally(self, label: str) -> Tally:
        return next(f.tally for f in self.figures if f.label == label)

    def to_json(self) -> dict[str, Any]:
        data = comparison_json(self.figures, self.rows, self.tests, self.plan.settings())
        data["findings"] = [{"a": f.a, "b": f.b, "findings": f.findings, "unmoved": f.unmoved,
                             "headlines": f.headlines, "details": f.details} for f in self.findings]
        data["rules_in_play"] = [{"a": f.a, "b": f.b, "said": f.in_play,
                                  "rules": in_play_json([c for c in f.changes if c.in_play],
                                                        (f.a, self._tally(f.a)), (f.b, self._tally(f.b)))}
                                 for f in self.findings]
        data["variants"] = {f.label: {**f.tally.to_json([str(s) for s in self.plan.seats]),
                                      "depth": f.depth.to_json(str(self.plan.strong), str(self.plan.weak)),
                                      "deal_check_exact": f.exact_deal_check,
                                      "endings_exact": {label.removeprefix("ends: "): rate
                                                        for label, rate in f.exact_endings.items()}}
                            for f in self.figures}
        data["rule_differences"] = [json.loads(diff_json(d)) for d in self.diffs]
        if self.skills:
            data["skill"] = skill_json(self.plan, self.figures, self.skills)
        if self.rulesets:
            data["players"] = [{"bot": bot, "does": said} for bot, said in players_said(self)]
        return data


def players_said(comparison: Comparison) -> list[tuple[str, str]]:
    """What each player of the main table does, in sentences (:func:`~tonk_rules.bots.describe.describe_player`):
    one line per bot and variant, or per bot where it plays alike in every variant."""
    plan = comparison.plan
    out: list[tuple[str, str]] = []
    for spec in dict.fromkeys(str(s) for s in plan.seats):
        said = {name: describe_player(spec, ruleset, plan.players, plan.lang)
                for name, ruleset in zip(comparison.names, comparison.rulesets, strict=True)}
        if len(set(said.values())) == 1:
            out.append((spec, next(iter(said.values()))))
        else:
            out += [(f"{spec} ({name})", text) for name, text in said.items()]
    return out


def what_differs(base: str, other: str, before: int = 4, after: int = 3, lang: str = "en") -> str:
    """The words of ``other`` that differ from ``base`` (two descriptions of one player under two rule
    sets), each with a few words around it up to the clause's edge, joined by " … ": what a reader who
    has read ``base`` needs to know of ``other``; "" when they are the same.

    >>> what_differs("Knocks at a count of at most 25, after that at most 18.",
    ...              "Knocks at a count of at most 24, after that at most 18.")
    'count of at most 24'
    >>> what_differs("Discards the card.", "Discards the card, even the one it took.")
    'Discards the card, even the one it took'
    """
    import difflib

    a, b = base.split(), other.split()
    spans: list[list[Any]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        start, end = j1, max(j2, j1 + 1) if j1 < len(b) else j2
        gone = " ".join(a[i1:i2]).strip(",;:.") if i2 - i1 > j2 - j1 else ""  # words it lacks
        if j1 == j2:  # words ``other`` lacks: the words around where they were, and what is gone
            start, end = max(0, j1 - 1), min(len(b), j1 + 1)
        while start > 0 and j1 - start < before and not b[start - 1].endswith((",", ";", ":", ".")):
            start -= 1
        while end < len(b) and end - j2 < after and not b[end - 1].endswith((",", ";", ":", ".")):
            end += 1
        if spans and start <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], end)
            spans[-1][2] += fill_line(PLAYER_LINES, "without", lang, gone=gone) if gone else ""
        else:
            spans.append([start, end, fill_line(PLAYER_LINES, "without", lang, gone=gone) if gone else ""])
    return " … ".join(" ".join(b[s:e]).rstrip(",;:.") + without for s, e, without in spans)


def players_once(comparison: Comparison) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """What each player of the main table does, said once for the terminal: ``(bot, sentences, per
    variant)``, the sentences those of the first variant and, per other variant where the player plays
    otherwise, only the words that differ (:func:`what_differs`); the report files keep every variant's
    whole sentences (:func:`players_said`)."""
    plan = comparison.plan
    out: list[tuple[str, str, list[tuple[str, str]]]] = []
    for spec in dict.fromkeys(str(s) for s in plan.seats):
        said = {name: describe_player(spec, ruleset, plan.players, plan.lang)
                for name, ruleset in zip(comparison.names, comparison.rulesets, strict=True)}
        first, *others = comparison.names
        differs = [(name, what_differs(said[first], said[name], lang=plan.lang)) for name in others
                   if said[name] != said[first]]
        out.append((spec, said[first], differs))
    return out
