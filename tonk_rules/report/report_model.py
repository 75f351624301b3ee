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
from tonk_rules.variant.diff import DiffReport, Side, label_of, show_value, side_mark, source_text
from tonk_rules.words.numbers import fill

#: The rule values' section in Russian (English: the variant layer's own words, as ``tonk diff`` prints them).
_VALUES_RU = {
    "differ": "{a} против {b}: {n} {n:значение отличается|значения отличаются|значений отличаются}",
    "assumed_more": "ещё {n} {n:совпадает|совпадают|совпадают} только по предположению",
    "set_more": "ещё {n} {n:значение|значения|значений} {files} сам задаёт таким же",
    "rule": "правило", "agree": " (совпадает)", "quoted": "цитата [{note}]", "assumed": "предположение [{note}]",
    "own": "задано этим файлом (без источника)", "none": "без источника ({file})",
}


def _heading_ru(report: DiffReport) -> str:
    w = _VALUES_RU
    parts = [fill(w["differ"], "ru", a=report.left_name, b=report.right_name, n=report.differ)]
    if report.by_assumption or not report.set_by_file:
        parts.append(fill(w["assumed_more"], "ru", n=report.by_assumption))
    if report.set_by_file:
        files = dict.fromkeys(s.file for r in report.rows if r.set_by_file for s in (r.left, r.right)
                              if s.own and s.note is None)
        parts.append(fill(w["set_more"], "ru", n=report.set_by_file, files=" и ".join(files)))
    return "; ".join(parts)


def _mark_ru(side: Side) -> str:
    if side.note is None:
        return _VALUES_RU["own"] if side.own else _VALUES_RU["none"].format(file=side.file)
    return _VALUES_RU.get(side.kind, side.kind + " [{note}]").format(note=side.note)


def rules_diff(report: DiffReport, lang: str = "en") -> RulesDiff:
    """The variant layer's diff as the report's table: each side's value and whether it is sourced (the sources
    themselves, the variant files' quotations and notes, as the files give them)."""
    ru = lang == "ru"
    mark, agree, rule = (_mark_ru, _VALUES_RU["agree"], _VALUES_RU["rule"]) if ru else (side_mark, " (agree)", "rule")
    rows = [{rule: label_of(r.path) + ("" if r.differs else agree),
             report.left_name: f"{show_value(r.left.value)} ({mark(r.left)})",
             report.right_name: f"{show_value(r.right.value)} ({mark(r.right)})"} for r in report.rows]
    return RulesDiff(_heading_ru(report) if ru else report.heading(), rows, [source_text(s) for s in report.sources])


def settings_of(plan: Plan) -> list[tuple[str, str]]:
    """What was played, as (what, value) lines."""
    words, lang = HEADINGS[plan.lang], plan.lang
    out = [(words["players"], str(plan.players)), (words["hands"], in_lang(f"{plan.hands:,}", lang)),
           (words["bots"], ", ".join(str(s) for s in plan.seats)), (words["seed"], str(plan.seed)),
           (words["depth"], fill(words["depth_value"], lang, strong=plan.strong, weak=plan.weak,
                                 count=in_lang(f"{plan.depth_hands:,}", lang), n=plan.depth_hands))]
    if plan.probe_hands:
        out.append((words["probes"], fill(words["probes_value"], lang, count=in_lang(f"{plan.probe_hands:,}", lang),
                                          n=plan.probe_hands)))
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
        settings=settings_of(plan) + [(bot, in_lang(said, plan.lang)) for bot, said in players_said(comparison)]
        + skill_sentences(plan, comparison.figures, comparison.skills),
        # the findings and figures in the language's number convention (the rule values and sources verbatim)
        findings=[(f"{f.a} {words['vs']} {f.b}", [in_lang(x, plan.lang) for x in f.findings],
                   in_lang(f.unmoved, plan.lang)) for f in comparison.findings],
        rules=rules,
        diffs=[rules_diff(d, plan.lang) for d in comparison.diffs],
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
