"""Table commands: ``tonk rules`` (printable rules sheets), ``tonk settle``, ``tonk session ...``, ``tonk play``.

Each command is thin: it parses options and hands over to :mod:`tonk_rules.table`.
"""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("variant")
@click.option("--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
              help="Language of the sheet (Russian uses the Russian card letters п т б ч, В Д К Т).")
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md", show_default=True,
              help="Markdown, or an HTML page that prints on one or two A4 pages.")
@click.option("--out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the sheet to this file instead of standard output.")
def rules(variant: str, lang: str, fmt: str, out: str | None) -> None:
    """Print a rules sheet for VARIANT (a built-in name or a house-rule file), generated from its rules.

    \b
    Examples:
      tonk rules russian --lang ru
      tonk rules my-table.yaml --lang ru --format html --out rules.html
    """
    from tonk_rules.table.sheet import build_sheet
    from tonk_rules.table.sheet_render import render
    from tonk_rules.table.variant_view import load_view

    text = render(build_sheet(load_view(variant), lang), fmt)
    if out is None:
        click.echo(text, nl=False)
    else:
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise click.UsageError(f"cannot write {out}: {exc.strerror}") from None
        click.echo(f"wrote {out}", err=True)
