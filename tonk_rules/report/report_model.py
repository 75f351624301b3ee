"""From a :class:`~tonk_rules.report.comparison.Comparison` to the :class:`~tonk_rules.report.documents.Report`
the HTML and Markdown are written from: findings first, the rules in words, the settings, the figures."""

from __future__ import annotations

from dataclasses import replace

from tonk_rules.report.compare import note_of_tests
from tonk_rules.report.comparison import Comparison, players_said
from tonk_rules.report.comparison_plan import Plan, check_tables
from tonk_rules.report.documents import HEADINGS, Report, RulesDiff, RulesInWords
from tonk_rules.report.findings import table_label
from tonk_rules.report.lang_numbers import in_lang
from tonk_rules.report.skill_words import skill_sentences
from tonk_rules.variant.diff import DiffReport, label_of, show_value, side_mark, source_text


def rules_diff(report: DiffReport) -> RulesDiff:
    """The variant layer's diff as the report's table: each side's value and whether it is sourced."""
    rows = [{"rule": label_of(r.path) + ("" if r.differs else " (agree)"),
             report.left_name: f"{show_value(r.left.value)} ({side_mark(r.left)})",
             report.right_name: f"{show_value(r.right.value)} ({side_mark(r.right)})"} for r in report.rows]
    return RulesDiff(report.heading(), rows, [source_text(s) for s in report.sources])


def settings_of(plan: Plan) -> list[tuple[str, str]]:
    """What was played, as (what, value) lines."""
    words, lang = HEADINGS[plan.lang], plan.lang
    out = [(words["players"], str(plan.players)), (words["hands"], in_lang(f"{plan.hands:,}", lang)),
           (words["bots"], ", ".join(str(s) for s in plan.seats)), (words["seed"], str(plan.seed)),
           (words["depth"], words["depth_value"].format(strong=plan.strong, weak=plan.weak,
                                                        n=in_lang(f"{plan.depth_hands:,}", lang)))]
    if plan.probe_hands:
        out.append((words["probes"], words["probes_value"].format(n=in_lang(f"{plan.probe_hands:,}", lang))))
        for table in check_tables(plan):
            out.append((words["check"], table.said(lang) if table.hands else
                        table.said(lang) + f" — {words['hands']}: {in_lang(f'{plan.hands:,}', lang)}"))
    return out



def report_of(comparison: Comparison, plots: dict[str, bytes]) -> Report:
    plan = comparison.plan
    words = HEADINGS[plan.lang]
    rules = [RulesInWords(f.a, f.b, [(c.heading, c.left, c.right, c.reference(plan.lang))
                                              for c in f.changes])
             for f in comparison.findings]
    return Report(
        title=f" {words['vs']} ".join(comparison.names) + words["title"],
        variants=comparison.names,
        settings=settings_of(plan) + players_said(comparison)
        + skill_sentences(plan, comparison.figures, comparison.skills),
        # the findings and figures in the language's number convention (the rule values and sources verbatim)
        findings=[(f"{f.a} {words['vs']} {f.b}", [in_lang(x, plan.lang) for x in f.findings],
                   in_lang(f.unmoved, plan.lang)) for f in comparison.findings],
        rules=rules,
        diffs=[rules_diff(d) for d in comparison.diffs],
        rows=[replace(row, label=table_label(row.label, plan.lang),
                      values=[in_lang(v, plan.lang) for v in row.values],
                      differences=[in_lang(v, plan.lang) for v in row.differences]) for row in comparison.rows],
        test_note=in_lang(note_of_tests(comparison.tests, plan.lang, len(comparison.names),
                                          f"{comparison.names[1]} ≠ {comparison.names[-1]}"), plan.lang),
        plots=plots,
        lang=plan.lang,
        parts=[[(in_lang(h, plan.lang), in_lang(d, plan.lang)) for h, d in zip(f.headlines, f.details, strict=True)]
               for f in comparison.findings] if all(f.headlines for f in comparison.findings) else [],
    )
