"""The comparison report as one self-contained HTML page and as Markdown.

The HTML embeds every plot as a base64 PNG and its style inline: it loads nothing from anywhere, reads on
a phone (wide tables scroll sideways, images shrink) and prints (no backgrounds, plots kept whole). The
Markdown links the PNG files written beside it. Every text from a file (variant names, rule values and
sources) is escaped.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from tonk_rules.report.compare import OTHER_PAIRS, Row, mark
from tonk_rules.report.plots import plot_title


@dataclass(frozen=True)
class RulesDiff:
    """One pair's rule differences, from the variant layer's diff: a heading, rows, numbered sources."""

    heading: str
    rows: list[dict[str, str]]
    sources: list[str]


@dataclass(frozen=True)
class RulesInWords:
    """The rules that differ between ``a`` and ``b``: (sheet heading, a's sentence, b's sentence, keys)."""

    a: str
    b: str
    lines: list[tuple[str, str, str, str]]


@dataclass(frozen=True)
class Report:
    title: str
    variants: list[str]
    settings: list[tuple[str, str]]  # (what, value) lines: hands, players, seed, bots, ...
    findings: list[tuple[str, list[str], str]]  # per pair: heading, findings (largest first), what did not move
    rules: list[RulesInWords]
    diffs: list[RulesDiff]
    rows: list[Row]
    test_note: str
    plots: dict[str, bytes]
    lang: str = "en"
    #: per pair (as ``findings``): each finding's headline and details; the headlines come first on the page
    parts: list[list[tuple[str, str]]] = field(default_factory=list)

    def finding_parts(self) -> list[list[tuple[str, str]]]:
        """Each pair's findings as (headline, details): ``parts``, or each whole finding as its own headline."""
        return self.parts or [[(f, "") for f in findings] for _, findings, _ in self.findings]


HEADINGS = {
    "en": {"title": ": Tonk rules compared in play", "findings": "Findings",
           "details": "The findings in detail", "rules": "Rules that differ",
           "played": "What was played", "in_play": "In play", "plots": "Plots",
           "values": "Rule values and their sources",
           "sources": "Sources of the rules", "no_diff": "No differences.", "rule": "rule", "keys": "keys",
           "figure": "figure", "difference": "{b} − {a}",
           "players": "players", "hands": "hands per variant", "bots": "bots (by seat)", "seed": "seed", "vs": "vs",
           "depth": "strategic depth", "depth_value": "{strong} against {weak}, {count} {n:hand|hands} per variant",
           "probes": "one rule at a time", "probes_value": "the first variant with each differing rule switched "
           "alone, {count} {n:hand|hands} each", "check": "check table (bots by seat)",
           "brackets": "Brackets: 95% intervals.",
           "hands_n": "{count} {n:hand|hands} per variant",
           "sources_note": '[n]: the sources listed under "Sources of the rules" ({pair}).'},
    "ru": {"title": ": правила Тонка в игре", "findings": "Выводы",
           "details": "Выводы подробно", "rules": "Правила, которые отличаются",
           "played": "Что сыграно", "in_play": "В игре", "plots": "Графики", "values": "Значения правил и их источники",
           "sources": "Источники правил", "no_diff": "Отличий нет.", "rule": "правило", "keys": "ключи",
           "figure": "показатель", "difference": "{b} − {a}",
           "players": "игроков", "hands": "сдач на вариант", "bots": "боты (по местам)", "seed": "зерно",
           "vs": "против",
           "depth": "стратегическая глубина",
           "depth_value": "{strong} против {weak}, {count} {n:сдача|сдачи|сдач} на вариант",
           "probes": "по одному правилу", "probes_value": "первый вариант, в котором по отдельности заменено каждое "
           "отличающееся правило, по {count} {n:сдаче|сдачи|сдач}", "check": "проверочный стол (боты по местам)",
           "brackets": "В скобках: 95% интервалы.", "hands_n": "{count} {n:сдача|сдачи|сдач} на вариант",
           "sources_note": "[n]: источники, перечисленные в разделе «Источники правил» ({pair})."},
}


_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 60rem;
       padding: 0.8rem; line-height: 1.4; color: #111; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 1.6rem; border-bottom: 1px solid #ccc; }
h4 { font-size: 1rem; margin: 1rem 0 0.2rem; } h4 + p { margin-top: 0; }
ol.headlines li { margin: 0.3rem 0; font-weight: 600; } ol.headlines a { color: inherit; }
p, li, h1, h2, h3, h4 { overflow-wrap: anywhere; }
.scroll { overflow-x: auto; } .scroll + .scroll { margin-top: 1rem; }
.ci { white-space: nowrap; }
@media (max-width: 40rem) { td .ci { display: block; white-space: normal; } }
table { border-collapse: collapse; font-size: 0.9rem; width: 100%; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top;
         overflow-wrap: break-word; }
th { background: #f2f2f2; }
td.num { font-variant-numeric: tabular-nums; }
@media (max-width: 40rem) { body { padding: 0.4rem; } table { font-size: 0.8rem; } th, td { padding: 0.2rem; } }
tr.sig td:first-child { font-weight: 600; }
.note { color: #444; font-size: 0.9rem; }
figure { margin: 1rem 0; } figure img { max-width: 100%; height: auto; }
figcaption { font-size: 0.9rem; color: #444; }
@media print { body { max-width: none; } th { background: none; } figure, table { break-inside: avoid; } }
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _breakable(text: str) -> str:
    """Escaped, with line-break chances after dots and underscores (long rule names on a phone)."""
    return _e(text).replace(".", ".<wbr>").replace("_", "_<wbr>")


def _unbroken(text: str) -> str:
    """Escaped, each 95% interval marked to stay on one line (on a phone: on a line of its own, split only
    where even that line is too narrow).

    >>> _unbroken("1.10 [-0.52, +2.72]")
    '1.10 <span class="ci">[-0.52, +2.72]</span>'
    """
    return re.sub(r"\[[^\]]*\]", lambda m: f'<span class="ci">{m.group(0)}</span>', _e(text))


def _table_html(headers: Sequence[str], body: Sequence[Sequence[str]], classes: Sequence[str] = (),
                numeric_from: int = 1) -> str:
    out = ['<div class="scroll"><table><thead><tr>', *(f"<th>{_e(h)}</th>" for h in headers), "</tr></thead><tbody>"]
    for i, cells in enumerate(body):
        cls = f' class="{classes[i]}"' if i < len(classes) and classes[i] else ""
        out.append(f"<tr{cls}>" + "".join(
            f'<td class="num">{_unbroken(c)}</td>' if numeric_from <= j else f"<td>{_breakable(c)}</td>"
            for j, c in enumerate(cells)) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _figure_tables(report: Report) -> list[tuple[list[str], list[list[str]], list[str]]]:
    """The figures side by side and each later variant's difference from the first: one table for two
    variants; for three or more, the figures, then the differences with the other pairs that differ (two
    narrower tables, as the terminal prints them: a phone shows each whole)."""
    w = HEADINGS[report.lang]
    first = report.variants[0]
    differences = [w["difference"].format(a=first, b=b) for b in report.variants[1:]]
    classes = ["sig" if row.significant else "" for row in report.rows]
    if len(report.variants) == 2:
        return [([w["figure"], *report.variants, *differences],
                 [[row.label, *row.values, *row.differences] for row in report.rows], classes)]
    # the pairs of later variants (a difference from the first carries its own ✱)
    return [([w["figure"], *report.variants], [[row.label, *row.values] for row in report.rows], classes),
            ([w["figure"], *differences, OTHER_PAIRS[report.lang]],
             [[row.label, *row.differences, mark(row, first).replace("≠", " ≠ ")] for row in report.rows], classes)]


def report_html(report: Report) -> str:
    """The report as one HTML page with everything embedded."""
    parts = [
        "<!DOCTYPE html>", f'<html lang="{report.lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(report.title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(report.title)}</h1>",
    ]
    w = HEADINGS[report.lang]
    parts.append(f"<h2>{_e(w['findings'])}</h2>")
    pairs = report.finding_parts()
    # the headlines first (a phone's first screen), each linked to its details below
    for k, ((heading, _, _), found) in enumerate(zip(report.findings, pairs, strict=True)):
        if len(report.findings) > 1:
            parts.append(f"<h3>{_e(heading)}</h3>")
        parts.append('<ol class="headlines">' + "".join(
            f'<li><a href="#finding-{k + 1}-{i}">{_e(h)}</a></li>' if d else f"<li>{_e(h)}</li>"
            for i, (h, d) in enumerate(found, 1)) + "</ol>")
    if any(d for found in pairs for _, d in found) or any(u for _, _, u in report.findings):
        parts.append(f"<h2>{_e(w['details'])}</h2>")
    for k, ((heading, _, unmoved), found) in enumerate(zip(report.findings, pairs, strict=True)):
        if len(report.findings) > 1:
            parts.append(f"<h3>{_e(heading)}</h3>")
        for i, (h, d) in enumerate(found, 1):
            if d:
                parts.append(f'<h4 id="finding-{k + 1}-{i}">{i}. {_e(h)}</h4><p>{_e(d)}</p>')
        if unmoved:
            parts.append(f"<p>{_e(unmoved)}</p>")
    parts.append(f"<h2>{_e(w['rules'])}</h2>")
    for rules in report.rules:
        body = [[h, a, b, k] for h, a, b, k in rules.lines]
        parts.append(f"<h3>{_e(rules.a)} {_e(w['vs'])} {_e(rules.b)}</h3>")
        parts.append(_table_html(["", rules.a, rules.b, w["keys"]], body, numeric_from=4) if body
                     else f"<p>{_e(w['no_diff'])}</p>")
    parts += [f"<h2>{_e(w['played'])}</h2>",
              "<ul>" + "".join(f"<li>{_e(k)}: {_e(v)}</li>" for k, v in report.settings) + "</ul>"]
    parts.append(f"<h2>{_e(w['in_play'])}</h2>")
    parts += [_table_html(headers, body, classes) for headers, body, classes in _figure_tables(report)]
    parts += [f'<p class="note">{_e(report.test_note)} {_e(w["brackets"])}</p>', f"<h2>{_e(w['values'])}</h2>"]
    for diff in report.diffs:
        parts.append(f"<h3>{_e(diff.heading)}</h3>")
        if diff.rows:
            headers = list(diff.rows[0])
            parts.append(_table_html(headers, [[r[h] for h in headers] for r in diff.rows],
                                     numeric_from=len(headers)))
            parts.append(f'<p class="note">{_e(w["sources_note"].format(pair=diff.heading.split(":")[0]))}</p>')
        else:
            parts.append(f"<p>{_e(w['no_diff'])}</p>")
    parts.append(f"<h2>{_e(w['plots'])}</h2>")
    for stem, png in report.plots.items():
        data = base64.b64encode(png).decode("ascii")
        title = plot_title(stem, report.lang)
        parts.append(f'<figure><img src="data:image/png;base64,{data}" alt="{_e(title)}">'
                     f"<figcaption>{_e(title)}</figcaption></figure>")
    parts.append(f"<h2>{_e(w['sources'])}</h2>")
    for diff in report.diffs:
        if diff.sources:
            parts.append(f"<h3>{_e(diff.heading.split(':')[0])}</h3>")
            parts.append('<ol class="note">' + "".join(f"<li>{_e(s)}</li>" for s in diff.sources) + "</ol>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _table_md(headers: Sequence[str], body: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(_md(h) for h in headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_md(c) for c in cells) + " |" for cells in body]
    return lines


def report_markdown(report: Report) -> str:
    """The report as Markdown; the plots are the PNG files written beside it."""
    w = HEADINGS[report.lang]
    lines = [f"# {_md(report.title)}", "", f"## {w['findings']}", ""]
    pairs = report.finding_parts()
    for (heading, _, _), found in zip(report.findings, pairs, strict=True):  # the headlines first
        if len(report.findings) > 1:
            lines += [f"### {_md(heading)}", ""]
        lines += [*(f"{i}. {_md(h)}" for i, (h, _) in enumerate(found, 1)), ""]
    if any(d for found in pairs for _, d in found) or any(u for _, _, u in report.findings):
        lines += [f"## {w['details']}", ""]
    for (heading, _, unmoved), found in zip(report.findings, pairs, strict=True):
        if len(report.findings) > 1:
            lines += [f"### {_md(heading)}", ""]
        lines += [f"**{i}. {_md(h)}** {_md(d)}\n" for i, (h, d) in enumerate(found, 1) if d]
        if unmoved:
            lines += [_md(unmoved), ""]
    lines += [f"## {w['rules']}", ""]
    for rules in report.rules:
        lines += [f"### {_md(rules.a)} {w['vs']} {_md(rules.b)}", ""]
        if rules.lines:
            lines += _table_md(["", rules.a, rules.b, w["keys"]],
                               [[h, a, b, f"`{k}`"] for h, a, b, k in rules.lines])
        else:
            lines.append(w["no_diff"])
        lines.append("")
    lines += [f"## {w['played']}", "", *(f"- {_md(k)}: {_md(v)}" for k, v in report.settings), ""]
    lines += [f"## {w['in_play']}", ""]
    for headers, body, _ in _figure_tables(report):
        lines += [*_table_md(headers, body), ""]
    lines += [f"{report.test_note} {w['brackets']}", "",
              f"## {w['values']}", ""]
    for diff in report.diffs:
        lines += [f"### {_md(diff.heading)}", ""]
        if diff.rows:
            headers = list(diff.rows[0])
            lines += _table_md(headers, [[r[h] for h in headers] for r in diff.rows])
        else:
            lines.append(w["no_diff"])
        lines.append("")
    lines += [f"## {w['plots']}", ""]
    for stem in report.plots:
        lines += [f"![{plot_title(stem, report.lang)}]({stem}.png)", ""]
    lines += [f"## {w['sources']}", ""]
    for diff in report.diffs:
        if diff.sources:
            lines += [f"### {_md(diff.heading.split(':')[0])}", ""]
            lines += [*(f"{i}. {_md(s)}" for i, s in enumerate(diff.sources, 1)), ""]
    return "\n".join(lines)
