"""``tonk variants | show | check | schema | diff | new | sources``: reading, comparing and writing variant files."""

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
        click.echo(plain(f"{name:<{width}}  {load_variant(name).variant.title}"))


@click.command()
@click.argument("variant")
@click.option("--provenance", is_flag=True, help="Add every value's source (quotation or assumption).")
@click.option("--digest", is_flag=True, help="Print only the sha256 of the resolved rules (a hand record's "
              "variant_sha256).")
def show(variant: str, provenance: bool, digest: bool) -> None:
    """Print VARIANT (a built-in name or a file path) fully resolved, as a variant file."""
    from tonk_rules.variant.loader import load_variant
    from tonk_rules.variant.render import variant_yaml

    if provenance and digest:
        raise click.UsageError("--digest prints only the digest; it does not combine with --provenance")
    loaded = load_variant(variant)
    for note in loaded.notes:  # on stderr: the output stays a variant file (`tonk show house.yaml > all.yaml`)
        click.echo(plain(note), err=True)
    if digest:
        click.echo(loaded.digest)
        return
    click.echo(plain(variant_yaml(loaded, provenance=provenance)), nl=False)


@click.command()
def sources() -> None:
    """List the sources the built-in variants cite: id, title, what each covers and where it is silent."""
    import textwrap

    from tonk_rules.variant.sources import registry

    width = min(shutil.get_terminal_size().columns, 100)
    for info in registry().values():
        click.echo(plain(f"{info.id}: {info.label}"))
        for label, text in (("origin", info.origin), ("covers", info.covers), ("silent", info.silent)):
            click.echo(plain(textwrap.fill(f"{label}: {text}", width, initial_indent="  ",
                                           subsequent_indent="    ", break_long_words=False)))


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--extends", "parent", required=True, help="The parent: a built-in name or a variant file.")
@click.option("--title", default=None, help="The title (default: FILE's name, based on the parent's title).")
@click.option("--schema-beside", is_flag=True, help="Write variant.schema.json beside FILE (unless it is there) "
              "and point at it by its relative name, so that the two can be copied anywhere together (the default).")
@click.option("--schema-installed", is_flag=True, help="Point at the installed package's copy of the schema instead "
              "(an absolute path: it works on this machine only).")
def new(file: str, parent: str, title: str | None, schema_beside: bool, schema_installed: bool) -> None:
    """Write FILE: a house-rule file extending a parent, every rule listed as a comment to uncomment and edit."""
    import os
    from pathlib import Path

    from tonk_rules.errors import TonkError
    from tonk_rules.variant.house import house_file_text
    from tonk_rules.variant.loader import is_variant_path, load_variant
    from tonk_rules.variant.schema import SCHEMA_FILE, schema_location, schema_text

    target = Path(file)
    if target.exists():
        raise TonkError(f"{file}: already exists; tonk new never overwrites a file")
    if not is_variant_path(file):
        raise click.UsageError(f"{file}: a variant file's name ends in .yaml or .yml")
    loaded = load_variant(parent)
    extends = parent
    if is_variant_path(parent):  # the file resolves its parent against its own folder
        extends = Path(os.path.relpath(Path(parent).resolve(), target.resolve().parent)).as_posix()
    if schema_beside and schema_installed:
        raise click.UsageError("--schema-beside and --schema-installed point at two different schemas; give one")
    schema = schema_location()
    if not schema_installed:  # a relative reference: it keeps working when the folder is copied or shared
        beside = target.parent / SCHEMA_FILE
        if not beside.exists():
            beside.write_text(schema_text(), encoding="utf-8")
        schema = SCHEMA_FILE
    text = house_file_text(loaded, extends, target.name, schema, title)
    try:
        with target.open("x", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise TonkError(f"{file}: cannot write: {exc.strerror}") from None
    click.echo(plain(f"wrote {file} (extends {extends}); edit it, then: tonk check {file}"))


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
        for note in loaded.notes:
            click.echo(plain(f"{file}: {note}"), err=True)
        click.echo(plain(f"{file}: ok ({loaded.variant.title})"))
    noun = "file" if len(files) == 1 else "files"
    click.echo(f"{len(files)} {noun}: {len(files) - failed} valid, {failed} invalid", err=bool(failed))
    if failed:
        raise click.exceptions.Exit(1)


@click.command()
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write it to this file instead, replaced only once the schema is made (a run that fails "
                   "leaves the file as it was, where `tonk schema > FILE` would leave it empty).")
def schema(out: str | None) -> None:
    """Print the JSON Schema of variant files (identical to schemas/variant.schema.json)."""
    from tonk_rules.variant.schema import schema_text

    text = schema_text()
    if out is None:
        click.echo(text, nl=False)
        return
    from tonk_rules.outputs import write_atomic

    write_atomic(out, text)


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
