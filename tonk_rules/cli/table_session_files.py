"""``tonk session export / import / schema / rules``: a ledger's files — exports, schemas, the rules it keeps."""

from __future__ import annotations

from pathlib import Path

import click

from tonk_rules.cli.settle_input import Misuse
from tonk_rules.cli.table_commands import check_not_input, check_output, write_output


@click.command("export")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--out", help="Write to this file instead of standard output.")
@click.option("--force", is_flag=True, help="Replace the --out file if it exists (refused otherwise).")
@click.option("--bom", is_flag=True, help="CSV for Excel: begin with a byte-order mark, so that Excel reads "
                                          "the names as UTF-8.")
def session_export(ledger: str, fmt: str, out: str | None, force: bool, bom: bool) -> None:
    """Export LEDGER: CSV (one row per player per hand) or JSON (everything; `tonk session import` reads it)."""
    from tonk_rules.cli.ledger_open import open_ledger as _open
    from tonk_rules.ledger.export import export_csv, export_json
    from tonk_rules.outputs import ledger_inputs

    if bom and fmt != "csv":
        raise Misuse("--bom is for CSV files (Excel); JSON is always UTF-8 without one")
    check_not_input(out, ledger_inputs(ledger))  # first: "is the ledger this command reads" says the most
    check_output(out, force)
    with _open(ledger, writable=False) as led:
        text = export_csv(led, byte_order_mark=bom) if fmt == "csv" else export_json(led)
    write_output(text, out)


@click.command("import")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.argument("export", type=click.Path(dir_okay=False))
def session_import(ledger: str, export: str) -> None:
    """Create LEDGER from a JSON export (the exact same session), or refuse it and create nothing.

    The export is read by the hardened JSON reader (duplicate keys, nesting), checked against its schema
    (`tonk session schema --export`), and its events are replayed and must give the export's own figures.
    """
    from tonk_rules.errors import LedgerError, YamlReadError
    from tonk_rules.ledger.export import MAX_EXPORT_BYTES
    from tonk_rules.ledger.json_import import import_json
    from tonk_rules.safe_read import decode, read_limited

    if Path(ledger).exists() or Path(ledger).is_symlink():
        raise Misuse(f"{ledger}: already exists; import into a new file")
    try:  # the project's safe reader: regular files only, never blocking, bounded in size
        text = decode(export, read_limited(export, MAX_EXPORT_BYTES, what="ledger export"))
    except YamlReadError as exc:
        raise LedgerError(str(exc.diagnostics[0])) from None
    try:
        imported = import_json(ledger, text, export)
    except LedgerError as exc:
        message = str(exc)
        raise LedgerError(message if message.startswith(export) else f"{export}: cannot import: {message}") from None
    with imported as led:
        click.echo(f"created {ledger} with {led.hand_count()} hand(s)")


@click.command("schema")
@click.option("--export", "of_export", is_flag=True, help="The schema of ledger exports instead "
                                                          "(identical to schemas/ledger-export.schema.json).")
def session_schema_command(of_export: bool) -> None:
    """Print the JSON Schema of session files (identical to schemas/session.schema.json)."""
    if of_export:
        from tonk_rules.ledger.export_model import export_schema_text

        click.echo(export_schema_text(), nl=False)
        return
    from tonk_rules.table.session_file import session_schema_text

    click.echo(session_schema_text(), nl=False)


@click.command("rules")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.argument("variant", required=False)
def session_rules(ledger: str, variant: str | None) -> None:
    """Show the rules LEDGER keeps; with VARIANT, play on under VARIANT's rules from the next hand.

    A ledger keeps the full rules it was created with (the house file is never read again: it may be edited
    or moved). Changing them mid-event is this explicit step: it reads VARIANT now, stores its rules, and
    records the change with every changed value in the history (`tonk session undo` takes it back).
    """
    from tonk_rules.cli.ledger_open import open_ledger as _open
    from tonk_rules.cli.terminal import plain
    from tonk_rules.ledger.stored_rules import StoredRules, describe_diff
    from tonk_rules.table.table_setup import resolve_variant_ref
    from tonk_rules.variant.loader import load_variant

    with _open(ledger, writable=variant is not None) as led:
        if variant is None:
            rules = led.stored_rules()
            click.echo(plain(f"{rules.title} (read from {rules.ref} once; the ledger keeps its own copy)"))
            click.echo(f"sha256 {rules.digest}")
            return
        ref = resolve_variant_ref(variant, Path.cwd())
        diff = led.change_rules(StoredRules.of(load_variant(ref), ref))
        click.echo(plain(f"From the next hand, {ledger} plays {led.stored_rules().title}; changed:"))
        for line in describe_diff(diff):
            click.echo(plain(f"  {line}"))


@click.command("backup")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.argument("dest", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Replace DEST if it is an older backup of this ledger (never the "
                                            "ledger itself, nor another ledger).")
def session_backup(ledger: str, dest: str, force: bool) -> None:
    """Copy LEDGER to DEST, consistent at any moment: during a sitting, while another terminal records.

    SQLite's backup copies one snapshot of the ledger, with every hand acknowledged so far; the copy is
    checked as a ledger is at open, then moved into place whole (a reader never sees half a file).
    """
    from tonk_rules.cli.ledger_open import open_ledger as _open
    from tonk_rules.ledger.backup import backup
    from tonk_rules.outputs import ledger_inputs

    check_not_input(dest, ledger_inputs(ledger))
    check_output(dest, force, older_copy=_older_copy(dest, ledger))
    with _open(ledger, writable=False) as led:
        hands = backup(led, Path(dest))
    click.echo(f"backed up {ledger} to {dest}: {hands} hand(s)")


def _older_copy(dest: str, ledger: str) -> bool:
    """Whether ``dest`` is an earlier backup of ``ledger``: the same session (made at the same moment, at the
    same table) with no hand more. Only such a copy may a forced backup replace: another ledger is an
    evening's money."""
    from tonk_rules.errors import LedgerError
    from tonk_rules.ledger.db import open_database

    same = ("created", "first_dealer", "currency")
    found: list[tuple[tuple[str, ...], int]] = []
    for path in (dest, ledger):
        try:
            db = open_database(Path(path), writable=False)
        except LedgerError:
            return False
        try:
            values = dict(db.execute("SELECT key, value FROM meta"))
            hands = int(db.execute("SELECT COUNT(*) FROM hands").fetchone()[0])
        finally:
            db.close()
        found.append((tuple(values.get(key, "") for key in same), hands))
    (copy_session, copy_hands), (session, hands) = found
    return copy_session == session and copy_hands <= hands


FILE_COMMANDS = (session_backup, session_export, session_import, session_schema_command, session_rules)
