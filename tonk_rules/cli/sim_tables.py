"""Terminal tables (rich) for ``tonk simulate`` and ``tonk compare``; every text from a file is escaped.

The tables fit the terminal (``COLUMNS`` when set, else the terminal's width, else 80). The widest layout
that fits is chosen: full labels and intervals on one line; shorter labels; each 95% interval on a second
line under its figure; the figures alone (the intervals stay in ``--json`` and the report files). When even
that is too wide for every variant side by side, the variants are split over several tables, each with
the label column. Footer text wraps at word boundaries.

    >>> _layout(["ends: deal_tonk"], [["4.50% [4.4, 4.6]"]], ["pagat"], 80).ci
    'inline'
"""

from __future__ import annotations

import re
import shutil
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from rich.console import Console
from rich.table import Table

from tonk_rules.cli.terminal import markup_safe, plain
from tonk_rules.report.compare import OTHER_PAIRS, Row, mark, note_of_tests
from tonk_rules.report.documents import HEADINGS
from tonk_rules.report.findings import table_label
from tonk_rules.report.lang_numbers import in_lang, players_word
from tonk_rules.sim.odds import exact_percent
from tonk_rules.sim.stats import percent
from tonk_rules.words.numbers import fill, fill_line
from tonk_rules.words.player_words import PLAYER_LINES

if TYPE_CHECKING:
    from tonk_rules.report.build import Comparison

#: Longer label → its short form for narrow terminals (the report files keep the long one).
_SHORT = (("ends: a tonk on the deal", "ends: deal tonk"), ("ends: a void deal (several tonks)", "ends: void deal"),
          ("ends: a won knock", "ends: won knock"), ("ends: a caught knock", "ends: caught knock"),
          ("ends: going out by a discard", "ends: out by discard"), ("ends: going out with a ", "ends: out by "),
          ("ends: the stock running out", "ends: stock ran out"),
          ("ends: a void hand on the empty stock", "ends: void, no stock"), (" (sim / exact)", " sim/exact"),
          (" (модель / точно)", " модель/точно"), ("mean net per hand: ", "net/hand: "),
          ("mean actions per hand", "actions/hand"),
          ("mean turns per hand", "turns/hand"), ("hands ended by a knock", "knocks"),
          ("mean count at a knock", "count at knock"), ("strategic depth (order)", "depth (order)"),
          ("deal check (sim / exact)", "deal check sim/exact"), ("deal check (exact)", "deal check"),
          ("win rate: ", "wins: "), ("position ", "pos "), (" win rate", " wins"), (" mean net", " net"),
          # the Russian labels (--lang ru)
          ("конец сдачи: ", "конец: "), ("среднее число действий за сдачу", "действий/сдачу"),
          ("среднее число ходов за сдачу", "ходов/сдачу"), ("средний выигрыш за сдачу: ", "выигрыш/сдачу: "),
          ("доля сдач, кончившихся открытием", "открытий"), ("средние очки открывшегося", "очки открывшегося"),
          ("Тонк на раздаче (модель / точно)", "Тонк на раздаче модель/точно"),
          ("раздача не состоялась (несколько Тонков)", "раздача не состоялась"),
          ("вышел, сбросив последнюю карту", "вышел сбросом"), ("колода кончилась, сдача не состоялась",
                                                                "колода кончилась, сдачи нет"))
_INTERVAL = re.compile(r" (\[[^\]]*\])$")
CiMode = Literal["inline", "below", "differences", "none"]
_BRACKETS = "; brackets: 95% intervals"
#: The table's own words in each language (the title's brackets note is replaced by the layout).
_TABLE = {
    "en": {"in_play": " in play", "brackets": _BRACKETS, "differences": "; brackets: 95% intervals of the differences",
           "figure": "figure", "left_out": "95% intervals {which}left out to fit the terminal: see --json or the "
           "report files.", "of_figures": "of the figures ", "minus_first": "Each later variant minus [1] {first}"},
    "ru": {"in_play": " в игре", "brackets": "; в скобках: 95%-е интервалы",
           "differences": "; в скобках: 95%-е интервалы разниц", "figure": "показатель",
           "left_out": "95%-е интервалы {which}не показаны, чтобы таблица поместилась: см. --json или файлы отчёта.",
           "of_figures": "показателей ", "minus_first": "Каждый следующий вариант минус [1] {first}"},
}


def width() -> int:
    """The terminal's width in columns (``COLUMNS`` first; 80 when not known)."""
    return max(20, shutil.get_terminal_size((80, 24)).columns)


def sized_console() -> Console:
    """A rich console as wide as the terminal (:func:`width`)."""
    return Console(width=width())


def short(label: str) -> str:
    """The narrow-terminal form of a figure's label.

    >>> short("mean net per hand: position 1")
    'net/hand: pos 1'
    """
    for long, brief in _SHORT:
        label = label.replace(long, brief)
    return label


def cell(value: str, ci: CiMode) -> str:
    """A figure as printed: its interval inline, on a second line, or left out.

    >>> cell("1.25 [1.20, 1.30]", "below"), cell("1.25 [1.20, 1.30]", "none"), cell("4.5% / 4.6%", "below")
    ('1.25\\n[1.20, 1.30]', '1.25', '4.5% /\\n4.6%')
    """
    if ci == "inline":
        return value
    value = _INTERVAL.sub("", value) if ci == "none" else _INTERVAL.sub(r"\n\1", value)
    return value.replace(" / ", " /\n")


def _cols(text: str) -> int:
    return max((len(line) for line in text.split("\n")), default=0)


@dataclass(frozen=True)
class Layout:
    """How a table is printed: label form, where the intervals go, and how many variants per table."""

    short: bool
    ci: CiMode
    per_table: int


def _needed(labels: Sequence[str], columns: Sequence[Sequence[str]], headers: Sequence[str], extra: int) -> int:
    """The width of a rich table (heavy head box, padding 1) with these cells; ``extra``: a further column."""
    widths = [max(_cols(label) for label in labels)] + [
        max(_cols(h), *(_cols(v) for v in col)) for h, col in zip(headers, columns, strict=True)]
    if extra:
        widths.append(extra)
    return sum(widths) + 3 * len(widths) + 1


def _layout(labels: Sequence[str], values: Sequence[Sequence[str]], headers: Sequence[str], room: int,
            extra: int = 0, keep: int | None = None, split_first: bool = False) -> Layout:
    """The richest layout that fits ``room`` columns. ``values[row][variant]``; columns from ``keep`` on (the
    differences) keep their intervals, on a second line, in the ``"differences"`` mode. ``split_first``:
    split into more tables before leaving the intervals out (a table of differences is its intervals)."""
    columns = [[row[i] for row in values] for i in range(len(headers))]
    modes: list[tuple[bool, CiMode]] = [(False, "inline"), (True, "inline"), (True, "below")]
    if keep is not None:
        modes.append((True, "differences"))
    sizes = range(len(headers), 0, -1)
    if split_first:
        tries = [(n, mode) for n in sizes for mode in modes] + [(n, (True, "none")) for n in sizes]
    else:
        tries = [(n, mode) for n in sizes for mode in [*modes, (True, "none")]]
    for per_table, (is_short, ci) in tries:
        shown = [short(label) if is_short else label for label in labels]
        cells = [[cell(v, _column_ci(ci, i, keep)) for v in col] for i, col in enumerate(columns)]
        fits = all(_needed(shown, cells[i:i + per_table], headers[i:i + per_table], extra) <= room
                   for i in range(0, len(headers), per_table))
        if fits:
            return Layout(is_short, ci, per_table)
    return Layout(True, "none", 1)  # rich folds what still does not fit


def _column_ci(ci: CiMode, column: int, keep: int | None) -> CiMode:
    """Where column ``column``'s intervals go: in the ``differences`` mode only the differences keep theirs."""
    if ci != "differences":
        return ci
    return "below" if keep is not None and column >= keep else "none"


def _pct(p: dict[str, Any]) -> str:
    lo, hi = p["ci95"]
    return f"{percent(p['fraction'])} [{percent(lo)[:-1]}, {percent(hi)[:-1]}]"


def _mean(m: dict[str, Any], digits: int = 2) -> str:
    lo, hi = m["ci95"]
    return f"{m['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def print_tables(console: Console, title: str, labels: Sequence[str], values: Sequence[Sequence[str]],
                  names: Sequence[str], marks: Sequence[str] | None = None, styles: Sequence[str | None] = (),
                  mark_header: str = "", keep: int | None = None, lang: str = "en", split_first: bool = False) -> None:
    """Print the figures in as many side-by-side tables as the width needs (one when it fits)."""
    words = _TABLE[lang]
    headers = [markup_safe(n) for n in names]
    # the mark column: as wide as its longest mark, but wrapping (at spaces) beyond 9 columns or its longest word
    longest = max((len(m) for m in marks or ()), default=0)
    word = max((len(part) for m in [*(marks or ()), mark_header] for part in m.split(" ")), default=0)
    mark_width = max(1, word, min(longest, 9)) if marks is not None else 0  # never a word broken
    layout = _layout(labels, values, names, console.width, mark_width, keep, split_first)
    shown = [markup_safe(short(label) if layout.short else label) for label in labels]
    if layout.ci == "none":
        title = title.replace(words["brackets"], "")
    elif layout.ci == "differences":
        title = title.replace(words["brackets"], words["differences"])
    for start in range(0, len(names), layout.per_table):
        part = range(start, min(start + layout.per_table, len(names)))
        table = Table(title=title if start == 0 else None, title_justify="left")
        table.add_column(words["figure"], overflow="fold")
        for i in part:
            table.add_column(headers[i], justify="right", overflow="fold")
        last = part.stop == len(names)  # the marks once, beside the last part of a split table
        if marks is not None and last:
            table.add_column(mark_header, justify="center", max_width=mark_width,
                             overflow="fold")
        for r, label in enumerate(shown):
            cells = [cell(values[r][i], _column_ci(layout.ci, i, keep)) for i in part]
            extra = [markup_safe(marks[r])] if marks is not None and last else []
            table.add_row(label, *cells, *extra, style=styles[r] if styles else None)
        console.print(table)
    if layout.ci in ("none", "differences"):
        which = words["of_figures"] if layout.ci == "differences" else ""
        console.print(words["left_out"].format(which=which))


def _exact(rate: float | None) -> str:
    """An exact rate, or a dash where it was too costly to count (``tonk odds`` says why)."""
    return "—" if rate is None else exact_percent(rate)


def print_simulation(data: dict[str, Any], note: str | None = None) -> None:
    """The figures of ``tonk simulate``, variants side by side, with 95% intervals (when they fit)."""
    variants: dict[str, Any] = data["variants"]
    title = f"{data['hands']:,} hands per variant, {data['players']} players, seed {data['seed']}" + _BRACKETS
    first = next(iter(variants.values()))
    one_bot = len({seat["bot"] for seat in first["seats"]}) == 1
    lines: list[tuple[str, list[str]]] = []
    for ending in first["endings"]:
        lines.append((f"ends: {ending}", [_pct(v["endings"][ending]) for v in variants.values()]))
    lines.append(("deal check (exact)", [_exact(v['deal_check']['exact']) for v in variants.values()]))
    lines.append(("mean actions per hand", [_mean(v["mean_actions"]) for v in variants.values()]))
    lines.append(("mean turns per hand", [_mean(v["mean_turns"]) for v in variants.values()]))
    for s, seat in enumerate(first["seats"]):
        label = f"seat {seat['seat']}" + ("" if one_bot else f" ({seat['bot']})")
        lines.append((f"{label} win rate", [_pct(v["seats"][s]["win_rate"]) for v in variants.values()]))
        lines.append((f"{label} mean net", [_mean(v["seats"][s]["mean_net"], 3) for v in variants.values()]))
    for bot in first["bots"]:
        lines.append((f"bot {bot} mean net", [_mean(v["bots"][bot], 3) for v in variants.values()]))
    lines.append(("hands ended by a knock", [f"{v['knocks']:,}" for v in variants.values()]))
    if any("match" in v for v in variants.values()):  # a match to N hands won (scoring.mode: wins)
        def match(figure: Any) -> list[str]:
            return [figure(v["match"]) if "match" in v else "-" for v in variants.values()]
        lines.append(("matches finished", match(lambda m: f"{m['matches']:,} (to {m['target']} hands won)")))
        lines.append(("mean hands per match", match(lambda m: _mean(m["mean_hands_per_match"]))))
        lines.append(("stronger seat", match(lambda m: f"seat {m['stronger_seat']}")))
        lines.append(("  its hand win rate", match(lambda m: _pct(m["stronger_seat_hand_win_rate"]))))
        lines.append(("  its match win rate", match(lambda m: _pct(m["stronger_seat_match_win_rate"]))))
    console = sized_console()
    if note:
        console.print(markup_safe(note))
    if one_bot:
        title += f"; every seat: {first['seats'][0]['bot']}"
    print_tables(console, markup_safe(title), [label for label, _ in lines], [vals for _, vals in lines],
                  list(variants))


def print_comparison(names: list[str], rows: list[Row], note: str, lang: str = "en",
                     titles: Sequence[str] = ()) -> None:
    """The side-by-side figures of ``tonk compare`` and each later variant's difference from the first, a
    significant difference marked ✱ in its cell.

    With three or more variants each column is headed by its variant's title (``titles``, wrapped to a
    narrow column) and a number; the figures come first, then the differences from the first variant in a
    table of their own, whose last column names the other pairs that differ by number (``2≠3``), once,
    never repeated in a split.
    """
    console = sized_console()
    words = _TABLE[lang]
    title = f" {HEADINGS[lang]['vs']} ".join(markup_safe(n) for n in names) + words["in_play"] + words["brackets"]
    labels = [row.label for row in rows]
    styles = ["bold" if row.significant else None for row in rows]
    if len(names) == 2:
        differences = [HEADINGS[lang]["difference"].format(a=names[0], b=b) for b in names[1:]]
        print_tables(console, title, labels, [[in_lang(v, lang) for v in (*row.values, *row.differences)]
                                               for row in rows],
                      [*names, *differences], styles=styles, keep=len(names), lang=lang)
        console.print(markup_safe(in_lang(note, lang)))
        return
    number = {name: str(i + 1) for i, name in enumerate(names)}
    shown = list(titles) if len(titles) == len(names) else names
    headers = [textwrap.fill(f"[{number[n]}] {t}", 18, break_long_words=False) for n, t in zip(names, shown,
                                                                                                strict=True)]
    print_tables(console, title, labels, [[in_lang(v, lang) for v in row.values] for row in rows], headers,
                  styles=styles, lang=lang)
    marks = [mark(row, names[0], number) for row in rows]
    print_tables(console, words["minus_first"].format(first=markup_safe(names[0])) + words["brackets"], labels,
                  [[in_lang(v, lang) for v in row.differences] for row in rows],
                  [f"[{number[b]}] − [{number[names[0]]}]" for b in names[1:]], marks, styles,
                  OTHER_PAIRS[lang], keep=0, lang=lang, split_first=True)
    console.print(markup_safe(in_lang(note, lang)))


def _paragraph(text: str, first: str = "", rest: str = "") -> str:
    return textwrap.fill(plain(text), width=width(), initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False)


def print_comparison_report(comparison: Comparison, note: str | None = None) -> None:
    """``tonk compare`` in the terminal: what was played, the findings, the rules in words, the figures."""
    from tonk_rules.report.comparison_plan import check_tables

    plan, w = comparison.plan, HEADINGS[comparison.plan.lang]

    def para(text: str, first: str = "", rest: str = "") -> str:
        # the numbers in the language's convention before wrapping: an interval split over two lines is
        # still an interval to in_lang
        return _paragraph(in_lang(text, plan.lang), first, rest)

    out: list[str] = []
    if note:
        out += [para(note), ""]
    bots = ", ".join(str(s) for s in plan.seats)
    against = f" {w['vs']} "
    out.append(para(f"{against.join(comparison.names)}: {plan.players} {players_word(plan.players, plan.lang)}; "
                          f"{w['bots']}: {bots}; "
                          f"{fill(w['hands_n'], plan.lang, count=f'{plan.hands:,}', n=plan.hands)} "
                          f"({w['seed']} {plan.seed})."))
    if comparison.rulesets:  # what each player does, in sentences (the report's "What was played" says it too)
        from tonk_rules.report.comparison import players_once

        first = comparison.names[0]
        for bot, said, differs in players_once(comparison):  # once, then only what differs per variant
            where = "" if not differs else fill_line(
                PLAYER_LINES, "as_below_one" if len(comparison.names) == 2 else "as_below_many", plan.lang,
                first=first, other=comparison.names[-1])
            out.append(para(f"{bot}{where}: {said}", "- ", "  "))
            out += [para(f"{name}: {words}", "    ", "      ") for name, words in differs]
    for section in comparison.findings:
        heading = w["findings"] + ("" if len(comparison.findings) == 1 else f": {section.a} {w['vs']} {section.b}")
        out += ["", heading.upper(), ""]
        parts = list(zip(section.headlines, section.details, strict=True)) or [(f, "") for f in section.findings]
        for i, (headline, details) in enumerate(parts, 1):  # the headline on its own line, then the details
            out.append(para(headline, f"{i}. ", "   "))
            if details:
                out.append(para(details, "   ", "   "))
        if section.unmoved:
            out += ["", para(section.unmoved)]
        out += ["", f"{w['rules']}: {section.a} {w['vs']} {section.b}".upper(), ""]
        for change in section.changes:
            label = f"{change.heading}: " if change.heading else ""
            out.append(para(f"{label}[{change.reference(plan.lang)}]", "- ", "  "))
            out.append(para(f"{section.a}: {change.left}", "    ", "      "))
            out.append(para(f"{section.b}: {change.right}", "    ", "      "))
    from tonk_rules.report.skill_words import skill_sentences

    skill = skill_sentences(plan, comparison.figures, comparison.skills)  # after the findings: one a variant
    out += [""] * bool(skill) + [para(said, "- ", "  ") for _, said in skill]
    if plan.probe_hands:
        probes = fill(w["probes_value"], plan.lang, count=f"{plan.probe_hands:,}", n=plan.probe_hands)
        out += ["", para(f"{w['probes'].capitalize()}: {probes}; "
                               f"{w['check']}: {'; '.join(t.said(plan.lang) for t in check_tables(plan))}.")]
    print("\n".join(out) + "\n")
    rows = [replace(row, label=table_label(row.label, plan.lang)) for row in comparison.rows]
    titles = [d.left_title for d in comparison.diffs[:1]] + [d.right_title for d in comparison.diffs]
    note = note_of_tests(comparison.tests, plan.lang, len(comparison.names), f"2≠{len(comparison.names)}")
    print_comparison(comparison.names, rows, note, plan.lang, titles)


def wrapped(text: str) -> str:
    """``text`` wrapped at word boundaries to the terminal's width (paths are never split)."""
    return textwrap.fill(text, width=width(), break_long_words=False, break_on_hyphens=False)
