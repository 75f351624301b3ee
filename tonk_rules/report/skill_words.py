"""Skill in a comparison: each variant's skill trace (:mod:`tonk_rules.sim.skill`) as JSON and as one plain
sentence a variant, naming its players and budgets, in the report's language.

    >>> from tonk_rules.sim.skill import SHORT
    >>> budgets_said(SHORT, "en"), budgets_said(SHORT, "ru")
    ('10 to 80', 'от 10 до 80')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tonk_rules.report.compare import VariantFigures
from tonk_rules.report.comparison_plan import Plan
from tonk_rules.report.lang_numbers import in_lang, plural_ru
from tonk_rules.sim.depth import Depth
from tonk_rules.sim.skill import SEARCH, Skill, Trace

#: One variant's sentence: {name}, the skill figure and interval, the player, its budgets, the hands a step, the
#: strategic-depth players and their order with its interval.
SENTENCE = {
    "en": ("Skill in {name}: {value} [{lo}, {hi}], the order {search} gains each time its playouts double "
           "({budgets} a decision, each against itself at half the budget, {hands} hands a step; 0 would mean "
           "a better player wins no more often); {strong} against {weak}: order {order} [{olo}, {ohi}]."),
    "ru": ("Мастерство в {name}: {value} [{lo}, {hi}] — порядок, который {search} выигрывает при каждом "
           "удвоении розыгрышей ({budgets} на решение, каждый шаг против себя с половиной бюджета, {hands} на "
           "шаг; 0 значило бы, что лучший игрок выигрывает не чаще); {strong} против {weak}: порядок {order} "
           "[{olo}, {ohi}]."),
}
#: The heading the sentences stand under.
HEADING = {"en": "Skill", "ru": "Мастерство"}


def budgets_said(trace: Trace, lang: str) -> str:
    first, last = trace.budgets[0], trace.budgets[-1]
    return f"от {first:,} до {last:,}" if lang == "ru" else f"{first:,} to {last:,}"


def _hands(n: int, lang: str) -> str:
    if lang == "ru":
        return f"{n:,} " + plural_ru(n, "сдача", "сдачи", "сдач")
    return f"{n:,}"


def skill_sentence(name: str, skill: Skill, depth: Depth, strong: str, weak: str, lang: str) -> str:
    """The sentence of one variant (numbers in the language's convention)."""
    lo, hi = skill.ci95()
    olo, ohi = depth.ci95()
    text = SENTENCE[lang].format(name=name, value=f"{skill.value:+.3f}", lo=f"{lo:+.3f}", hi=f"{hi:+.3f}",
                                 search=SEARCH, budgets=budgets_said(skill.trace, lang),
                                 hands=_hands(skill.steps[0].hands, lang), strong=strong, weak=weak,
                                 order=f"{depth.order:.3f}", olo=f"{olo:.3f}", ohi=f"{ohi:.3f}")
    return in_lang(text, lang)


def skill_sentences(plan: Plan, figures: Sequence[VariantFigures], skills: Sequence[Skill]) -> list[tuple[str, str]]:
    """(heading, sentence) per variant of a comparison; empty where it played no trace."""
    if not skills:
        return []
    return [(HEADING[plan.lang], skill_sentence(f.label, s, f.depth, str(plan.strong), str(plan.weak), plan.lang))
            for f, s in zip(figures, skills, strict=True)]


def skill_json(plan: Plan, figures: Sequence[VariantFigures], skills: Sequence[Skill]) -> dict[str, Any]:
    """``skill`` in comparison.json: the trace's settings, then per variant its figure, steps and the strategic
    depth of the default against the weak player beside it, and the sentence."""
    assert plan.skill is not None
    said = {f.label: s for f, (_, s) in zip(figures, skill_sentences(plan, figures, skills), strict=True)}
    shared = {**plan.skill.settings(), "players": plan.players}
    return {**shared,
            "variants": {f.label: {**{k: v for k, v in s.to_json().items() if k not in shared},
                                   "depth": f.depth.to_json(str(plan.strong), str(plan.weak)),
                                   "said": said[f.label]}
                         for f, s in zip(figures, skills, strict=True)}}


def skill_heading(settings: dict[str, Any]) -> str:
    """A table's column of skill figures, named by its player and budgets (a sweep's or a design's)."""
    return f"skill ({settings['player']}, {settings['budgets'][0]:,} to {settings['budgets'][-1]:,} playouts)"


def skill_cell(figure: dict[str, Any]) -> str:
    """One skill figure of a sweep's or design's JSON, with its interval."""
    lo, hi = figure["ci95"]
    return f"{figure['skill']:+.3f} [{lo:+.3f}, {hi:+.3f}]"
