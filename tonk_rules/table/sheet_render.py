"""Rules sheets as Markdown or as a self-contained HTML page that prints on one or two A4 pages.

    >>> from tonk_rules.table.sheet import build_sheet
    >>> from tonk_rules.table.variant_view import load_view
    >>> md = render_markdown(build_sheet(load_view("pagat"), "en"))
    >>> md.splitlines()[0]
    '# Tonk — rules sheet: Pagat / common US rules'
    >>> "<!DOCTYPE html>" in render_html(build_sheet(load_view("russian"), "ru"))
    True
"""

from __future__ import annotations

from html import escape

from tonk_rules.table.sheet import Sheet

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


# Sized for A4 with the browser's default print settings: 10pt text in two columns fits every built-in
# sheet on one page; long house-rule sheets flow onto a second.
_CSS = """
@page { size: A4; margin: 12mm 13mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.32 "DejaVu Serif", Georgia, serif; color: #111; margin: 0 auto; max-width: 190mm; }
h1 { font: bold 15pt/1.2 "DejaVu Sans", Arial, sans-serif; margin: 0 0 2mm; }
p.intro { margin: 0 0 1mm; font-style: italic; }
main { column-count: 2; column-gap: 7mm; margin-top: 3mm; }
section { margin: 0 0 2.5mm; }
li { break-inside: avoid; }
h2 { font: bold 11pt/1.2 "DejaVu Sans", Arial, sans-serif; margin: 0 0 1mm; border-bottom: 0.4pt solid #777;
     break-after: avoid; }
ul { margin: 0; padding-left: 4mm; }
li { margin: 0 0 0.8mm; }
li.differs { list-style: none; margin-left: -4mm; }
li.differs::before { content: "★ "; }
li.differs { background: #eee; }
footer { margin-top: 2mm; font-size: 8pt; color: #555; }
"""


def render_html(sheet: Sheet) -> str:
    """The sheet as one HTML page (no external files), for printing."""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{sheet.lang}"><head><meta charset="utf-8">',
        f"<title>{escape(sheet.title)}</title><style>{_CSS}</style></head><body>",
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
