"""``tonk variants | show | check | schema | diff``: reading and comparing variant files."""

from __future__ import annotations

import shutil

import click

from tonk_rules.cli.terminal import plain


@click.command()
def variants() -> None:
    """List the built-in variants: name, then title."""
    from tonk_rules.variant.loader import builtin_names, load_variant

    names = builtin_names()
    width = max(len(n) for n in names)
    for name in names:
        click.echo(f"{name:<{width}}  {load_variant(name).variant.title}")


@click.command()
@click.argument("variant")
@click.option("--provenance", is_flag=True, help="Add each section's source.")
def show(variant: str, provenance: bool) -> None:
    """Print VARIANT (a built-in name or a file path) fully resolved, as a variant file."""
    from tonk_rules.variant.loader import load_variant
    from tonk_rules.variant.render import variant_yaml

    click.echo(variant_yaml(load_variant(variant), provenance=provenance), nl=False)


@click.command()
@click.argument("files", nargs=-1, required=True)
def check(files: tuple[str, ...]) -> None:
    """Validate variant FILES; report every problem as FILE:LINE:COL: message, then count the files."""
    from tonk_rules.cli.problems import echo_problems
    from tonk_rules.cli.terminal import plain
    from tonk_rules.errors import TonkError
    from tonk_rules.variant.loader import load_variant

    failed = 0
    for file in files:
        try:
            loaded = load_variant(file)
        except TonkError as exc:
            failed += 1
            echo_problems(exc)
            continue
        click.echo(plain(f"{file}: ok ({loaded.variant.title})"))
    noun = "file" if len(files) == 1 else "files"
    click.echo(f"{len(files)} {noun}: {len(files) - failed} valid, {failed} invalid", err=bool(failed))
    if failed:
        raise click.exceptions.Exit(1)


@click.command()
def schema() -> None:
    """Print the JSON Schema of variant files (identical to schemas/variant.schema.json)."""
    from tonk_rules.variant.schema import schema_text

    click.echo(schema_text(), nl=False)


@click.command()
@click.argument("a")
@click.argument("b")
@click.option("--format", "fmt", type=click.Choice(["table", "markdown", "json"]), default="table",
              show_default=True)
def diff(a: str, b: str, fmt: str) -> None:
    """Compare variants A and B value by value: what differs and what agrees only by assumption.

    Each value shows whether each side quotes a source or assumes it; the quotations are listed once, below.
    The table fits the terminal (COLUMNS); --format json keeps the values' types.
    """
    from tonk_rules.cli.diff_table import diff_table
    from tonk_rules.variant.diff import diff_json, diff_markdown, variant_diff
    from tonk_rules.variant.loader import load_variant

    report = variant_diff(load_variant(a), load_variant(b))
    if fmt == "json":
        click.echo(diff_json(report), nl=False)
    elif fmt == "markdown":
        click.echo(plain(diff_markdown(report)), nl=False)
    else:
        click.echo(diff_table(report, shutil.get_terminal_size().columns), nl=False)
