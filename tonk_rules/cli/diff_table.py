"""``tonk diff`` as a plain-text table that fits the terminal: cells wrap at word boundaries, and every
quotation is printed once, below the table, under the number the cells refer to.

    >>> from tonk_rules.variant.loader import load_variant
    >>> from tonk_rules.variant.diff import variant_diff
    >>> text = diff_table(variant_diff(load_variant("pagat"), load_variant("pagat-no-upcard")), width=60)
    >>> print(text.splitlines()[0])
    pagat vs pagat-no-upcard: 2 values differ; 0 more agree only
    >>> max(len(line) for line in text.splitlines()) <= 60
    True
"""

from __future__ import annotations

import textwrap

from tonk_rules.cli.terminal import plain
from tonk_rules.variant.diff import DiffReport, Side, label_of, show_value, side_mark, source_text

GAP = "  "


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    # never break a word: a word longer than the column overflows it rather than being cut in two
    return textwrap.wrap(text, width=width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [""]


def _cell(side: Side, width: int) -> list[str]:
    return _wrap(plain(show_value(side.value)), width) + _wrap(plain(side_mark(side)), width)


def diff_table(report: DiffReport, width: int = 80) -> str:
    """The report laid out in ``width`` columns (at least 40)."""
    width = max(width, 40)
    out = _wrap(plain(report.heading()), width)
    out += _wrap(plain(f"{report.left_name}: {report.left_title}"), width, "  ")
    out += _wrap(plain(f"{report.right_name}: {report.right_title}"), width, "  ")
    if not report.rows:
        return "\n".join(out + ["No differences."]) + "\n"
    labels = [[label_of(r.path)] + ([] if r.differs else ["(same value)" if r.set_by_file else "(agree)"])
              for r in report.rows]
    name_w = min(max(len(label[0]) for label in labels), width * 2 // 5)
    side_w = (width - name_w - 2 * len(GAP)) // 2
    heads = ("value", plain(report.left_name), plain(report.right_name))
    out += ["", _row([[heads[0]], [heads[1]], [heads[2]]], name_w, side_w),
            _row([["-" * name_w], ["-" * side_w], ["-" * side_w]], name_w, side_w)]
    for label, row in zip(labels, report.rows, strict=True):
        cells = [label, _cell(row.left, side_w), _cell(row.right, side_w)]
        out += [_row(cells, name_w, side_w), ""]
    out += ["Sources:"]
    for i, source in enumerate(report.sources, 1):
        out += _wrap(plain(f"[{i}] {source_text(source)}"), width, "    ")
    return "\n".join(out) + "\n"


def _row(cells: list[list[str]], name_w: int, side_w: int) -> str:
    height = max(len(c) for c in cells)
    lines = []
    for i in range(height):
        parts = [(c[i] if i < len(c) else "") for c in cells]
        line = f"{parts[0]:<{name_w}}{GAP}{parts[1]:<{side_w}}{GAP}{parts[2]}"
        lines.append(line.rstrip())
    return "\n".join(lines)
