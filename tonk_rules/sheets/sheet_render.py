"""Rules sheets as Markdown or as a self-contained HTML page that prints on one or two A4 pages.

    >>> from tonk_rules.sheets.rules_sheet import build_sheet
    >>> from tonk_rules.sheets.variant_view import load_view
    >>> md = render_markdown(build_sheet(load_view("pagat"), "en"))
    >>> md.splitlines()[0]
    '# Tonk — rules sheet: Pagat / common US rules'
    >>> "<!DOCTYPE html>" in render_html(build_sheet(load_view("russian"), "ru"))
    True
"""

from __future__ import annotations

import math
from html import escape

from tonk_rules.sheets.rules_sheet import Sheet

FORMATS = ("md", "html")


def render_markdown(sheet: Sheet) -> str:
    """The sheet as Markdown: a heading per block, one bullet per sentence, ★ on what differs."""
    out = [f"# {sheet.title}", ""]
    out += [f"*{line}*" if i else line for i, line in enumerate(sheet.intro)]
    for block in sheet.blocks:
        out += ["", f"## {block.heading}", ""]
        for line in block.lines:
            label = f"**{line.label}:** " if line.label else ""
            out.append(f"- {sheet.mark + ' ' if line.differs else ''}{label}{line.text}")
    return "\n".join(out) + "\n"


# Sized for A4 with the browser's default print settings: text in two columns, set by text_size() so that
# every built-in sheet fits one page in either language; a long house-rule sheet flows onto a second page.
_CSS = """
@page { size: A4; margin: 12mm 13mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.32 "DejaVu Serif", Georgia, serif; color: #111; margin: 0 auto; max-width: 190mm; }
h1 { font: bold 15pt/1.2 "DejaVu Sans", Arial, sans-serif; margin: 0 0 2mm; }
p.intro { margin: 0 0 1mm; font-style: italic; }
main { column-count: 2; column-gap: 7mm; margin-top: 3mm; column-fill: balance; }
section { margin: 0 0 2.5mm; }
li { break-inside: avoid; }
h2 { font: bold 1.1em/1.2 "DejaVu Sans", Arial, sans-serif; margin: 0 0 1mm; border-bottom: 0.4pt solid #777;
     break-after: avoid; }
ul { margin: 0; padding-left: 4mm; }
li { margin: 0 0 0.8mm; }
li.differs { list-style: none; margin-left: -4mm; }
li.differs::before { content: "★ "; }
li.differs { background: #eee; }
footer { margin-top: 2mm; font-size: 8pt; color: #555; }
"""


#: The text size of a sheet of ordinary length, and the smallest a long sheet is set in to stay on one page.
FULL_PT, SMALLEST_PT = 10.0, 8.5
#: How much of a sheet fits one A4 page at FULL_PT, in the units of :func:`sheet_weight`: measured by printing
#: the built-in sheets with Chromium 150 at sizes 8.75 to 10 pt, a page holds about 5,080 at 10 pt (weight x
#: (size / 10)**2 fits up to there); a margin is kept for other browsers and fonts.
PAGE_WEIGHT = 4_800
#: Cyrillic text set in DejaVu Serif is wider, and its longer words wrap worse, than the same count of Latin.
_LANG_WIDTH = {"en": 1.0, "ru": 1.22}
#: What a bullet costs beyond its text (its line end and spacing), in characters.
_BULLET = 40


def sheet_weight(sheet: Sheet) -> float:
    """An estimate of the sheet's printed area: its characters, widened for the language, plus its bullets."""
    lines = [line for block in sheet.blocks for line in block.lines]
    chars = sum(len(line.text) + len(line.label) for line in lines)
    return chars * _LANG_WIDTH.get(sheet.lang, 1.0) + _BULLET * (len(lines) + 2 * len(sheet.blocks))


def text_size(sheet: Sheet) -> float:
    """The text size (pt) that puts the sheet on one page: the full size when it fits, else smaller by the
    square root of the overflow (area goes with the square of the size), never below :data:`SMALLEST_PT`; a
    sheet longer than that flows onto a second page, its columns balanced."""
    size = FULL_PT * min(1.0, math.sqrt(PAGE_WEIGHT / sheet_weight(sheet)))
    return max(SMALLEST_PT, math.floor(size * 4) / 4)  # quarter points, rounded down: never over the page


def render_html(sheet: Sheet) -> str:
    """The sheet as one HTML page (no external files), for printing."""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{sheet.lang}"><head><meta charset="utf-8">',
        f"<title>{escape(sheet.title)}</title><style>{_CSS}</style></head>"
        f'<body style="font-size: {text_size(sheet):g}pt">',
        f"<h1>{escape(sheet.title)}</h1>",
    ]
    parts += [f'<p class="intro">{escape(line)}</p>' for line in sheet.intro]
    parts.append("<main>")
    for block in sheet.blocks:
        parts.append(f"<section><h2>{escape(block.heading)}</h2><ul>")
        for line in block.lines:
            cls = ' class="differs"' if line.differs else ""
            label = f"<b>{escape(line.label)}:</b> " if line.label else ""
            parts.append(f"<li{cls}>{label}{escape(line.text)}</li>")
        parts.append("</ul></section>")
    parts.append("</main></body></html>")
    return "\n".join(parts) + "\n"


def render(sheet: Sheet, fmt: str) -> str:
    if fmt == "md":
        return render_markdown(sheet)
    if fmt == "html":
        return render_html(sheet)
    raise ValueError(f"unknown format {fmt!r} (expected md or html)")
