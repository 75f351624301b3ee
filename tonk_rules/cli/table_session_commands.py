"""``tonk session ...``: a table's evening or event in one SQLite ledger (thin commands over tonk_rules.ledger)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from tonk_rules.cli.event_commands import LANG_KEY, EventLanguageGroup
from tonk_rules.cli.ledger_open import open_ledger
from tonk_rules.cli.settle_input import (
    Misuse,
    how_it_ended,
    nfc_names,
    once_options,
    print_result,
    record_once,
    settle_options,
    table_input,
)


def _open(ledger: str, *, writable: bool = True) -> Any:
    """The ledger, open (:func:`~tonk_rules.cli.ledger_open.open_ledger`); a table of a Russian event makes the
    command's refusals Russian (:class:`~tonk_rules.cli.event_commands.EventLanguageGroup`)."""
    from tonk_rules.cli.event_lines import ledger_language

    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta[LANG_KEY] = ledger_language(ledger)
    return open_ledger(ledger, writable=writable)


# --- sessions --------------------------------------------------------------------------------------------
@click.group(cls=EventLanguageGroup)
def session() -> None:
    """A table's evening or event in one ledger file (SQLite): hands, balances, history, undo, export.

    \b
    Examples:
      tonk session create table2.sqlite --from table2.yaml
      tonk session create night.sqlite --variant pagat --players Ann,Bob,Cy --stake 5 --currency chips
      tonk session record night.sqlite --hand 'Ann=3H' --hand 'Bob=KS 9D' --hand 'Cy=2C 2D' --knock Ann
      tonk session record night.sqlite --count Ann=3 --count Bob=19 --count Cy=4 --knock Ann
      tonk session record night.sqlite --out Bob
      tonk session add-played night.sqlite hand-7.yaml
      tonk session balances night.sqlite
      tonk session undo night.sqlite
      tonk session rules night.sqlite house.yaml
      tonk session export night.sqlite --format csv --bom --out night.csv
      tonk session backup night.sqlite /media/usb/night.sqlite
    """


def _status(led: Any, lang: str = "en") -> None:
    from tonk_rules.cli.event_lines import line
    from tonk_rules.cli.terminal import plain

    seated = ", ".join(f"{n} ({s})" for n, s in led.seated())
    click.echo(plain(line("session_seated", lang, seated=seated)))
    click.echo(plain(line("session_next_dealer", lang, dealer=led.next_dealer())))


@session.command("create")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.option("--from", "from_file", type=click.Path(dir_okay=False), help="A session file (YAML) to create from.")
@click.option("--variant", help="A built-in variant or a house-rule file (without --from).")
@click.option("--players", help="Seat names clockwise, comma-separated (without --from).")
@click.option("--stake", "stakes", multiple=True, metavar="N | NAME=N", help="The stake, or each player's stake.")
@click.option("--currency", help="The name of the money played for (without --from).")
@click.option("--first-dealer", metavar="NAME", help="Who deals first (default: the first seat).")
@click.option("--title", help="A title for the session.")
@nfc_names
def session_create(ledger: str, from_file: str | None, variant: str | None, players: str | None,
                   stakes: tuple[str, ...], currency: str | None, first_dealer: str | None, title: str | None) -> None:
    """Create the ledger file LEDGER for a new session, from a session file or from options."""
    from tonk_rules.cli.terminal import plain
    from tonk_rules.errors import LedgerError
    from tonk_rules.ledger.session_ledger import Ledger
    from tonk_rules.table.stake_options import parse_stakes
    from tonk_rules.table.table_setup import resolve_variant_ref

    if Path(ledger).exists() or Path(ledger).is_symlink():  # the same refusal (exit 2) however the table is given
        raise Misuse(f"{ledger}: already exists; a new session needs a new file (or open this one)")
    if from_file is not None:
        given = [o for o, v in (("--variant", variant), ("--players", players), ("--stake", stakes),
                                ("--currency", currency), ("--first-dealer", first_dealer), ("--title", title))
                 if v or v == ""]
        if given:
            raise Misuse(f"--from takes everything from the session file; drop {', '.join(given)}")
        from tonk_rules.table.session_file import load_session_file

        plan = load_session_file(from_file)
        led = Ledger.create(ledger, variant_ref=plan.variant_ref, seats=list(plan.seats), stakes=list(plan.stakes),
                            currency=plan.currency, first_dealer=plan.first_dealer, title=plan.title,
                            players=list(plan.players))
    else:
        missing = [o for o, v in (("--variant", variant), ("--players", players), ("--currency", currency))
                   if v is None]
        if missing:
            raise Misuse(f"give --from SESSION.yaml, or {', '.join(missing)}")
        for option, value in (("--variant", variant), ("--players", players), ("--currency", currency)):
            if not (value or "").strip():
                raise Misuse(f"{option} is empty: give {'the currency name' if option == '--currency' else 'a value'}")
        assert variant is not None and players is not None and currency is not None
        names = [n.strip() for n in players.split(",")]
        stake_list = table_input(lambda: parse_stakes(list(stakes), tuple(names)))
        try:  # options that cannot make a table are misuse (exit 2), as in `tonk settle`
            led = Ledger.create(ledger, variant_ref=resolve_variant_ref(variant, Path.cwd()), seats=names,
                                stakes=stake_list, currency=currency, first_dealer=first_dealer, title=title)
        except LedgerError as exc:
            raise Misuse(str(exc)) from None
    with led:
        named = f"«{led.meta['title']}», " if led.meta.get("title") else ""
        click.echo(plain(f"created {ledger}: {named}playing {led.stored_rules().title} (rules read from "
                         f"{led.variant_ref}, kept in the ledger), currency: {led.currency}"))
        _status(led)


@session.command("record")
@click.argument("ledger", type=click.Path(dir_okay=False))
@settle_options
@once_options
def session_record(ledger: str, hands: tuple[str, ...], counts: tuple[str, ...], tonks: tuple[str, ...],
                   deal: bool, knock: tuple[str, ...], out: tuple[str, ...], no_discard: bool, new_spread: bool,
                   stock_out: bool, as_json: bool, key: str | None, expect: int | None) -> None:
    """Settle a hand played with real cards (options as `tonk settle`) and add it to LEDGER.

    Give what decides the payment for the seated players: every --hand (or --count NAME=N) for a knock or
    an empty stock; nothing more for --out NAME; every --hand, or --tonk NAME per holder, for --deal. The
    stakes, the seats and the rules are the session's.
    """
    from tonk_rules.cli.event_lines import ledger_language, line
    from tonk_rules.ledger.settled_entry import settle_entry

    how = how_it_ended(deal, knock, out, no_discard, new_spread, stock_out)
    lang = ledger_language(ledger)  # a table of a Russian event: its settled hands are said in Russian
    with _open(ledger) as led:
        settled = table_input(lambda: settle_entry(led.rules, led.seated(), list(hands), list(counts), list(tonks),
                                                    how, led.stored_rules().digest))
        result, entry = settled.result, settled.entry
        if entry is None:
            print_result(result, as_json, led.currency, lang=lang)
            click.echo(line("not_recorded", lang), err=True)
            return
        # refused, with the reason, if the seats or rules changed meanwhile (or, with --expect, a hand was recorded)
        number, already = record_once(led, entry, key, expect)
        print_result(result, as_json, led.currency, lang=lang)
        if not as_json:
            click.echo(line("session_already" if already else "session_recorded", lang, number=number))
            _status(led, lang)


@session.command("add-played")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.argument("record", type=click.Path(dir_okay=False))
def session_add_played(ledger: str, record: str) -> None:
    """Replay the hand record RECORD (tonk-hand/1) and add its result to LEDGER."""
    from tonk_rules.ledger.played_hands import entry_from_record

    with _open(ledger) as led:
        entry, result_lines = entry_from_record(record, led)
        number = led.record(entry)
        for line in result_lines:
            click.echo(line)
        click.echo(f"Recorded as hand {number}.")
        _status(led)


@session.command("balances")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def session_balances(ledger: str, as_json: bool) -> None:
    """Each player's balance, the seats and who deals next."""
    from tonk_rules.cli.terminal import plain

    with _open(ledger, writable=False) as led:
        balances = led.balances()
        if as_json:
            click.echo(json.dumps({"currency": led.currency, "hands": led.hand_count(), "balances": balances,
                                   "seated": [n for n, _ in led.seated()], "next_dealer": led.next_dealer(),
                                   "rules": led.stored_rules().title}, indent=2, ensure_ascii=False))
            return
        seated = {n for n, _ in led.seated()}
        width = max(len(n) for n in balances)
        click.echo(plain(f"After {led.hand_count()} hand(s), under {led.stored_rules().title} "
                         f"(currency: {led.currency}):"))
        for name, amount in balances.items():
            click.echo(plain(f"  {name:<{width}}  {amount:+d}{'' if name in seated else '  (left the table)'}"))
        click.echo(plain(f"Next dealer: {led.next_dealer()}"))
        if led.rules.wins_target is not None:  # a match to N hands won: where each player stands
            won = ", ".join(f"{name} {n}" for name, n in led.wins().items())
            click.echo(plain(f"Hands won: {won} (the match is to {led.rules.wins_target})"))
        if (over := led.game_over()) is not None:
            click.echo(plain(f"Game over: {over}."))


@session.command("history")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print every event as JSON (a hand event with its hand).")
def session_history(ledger: str, as_json: bool) -> None:
    """Every event, oldest first: hands with their payments, joins, leaves, rules changes, undos.

    What an undo took back stays in the history, marked "(undone)".
    """
    from tonk_rules.cli.event_lines import ledger_language, line
    from tonk_rules.cli.terminal import plain
    from tonk_rules.ledger.corrections import correction_lines, voided_events
    from tonk_rules.ledger.history import history_lines
    from tonk_rules.ledger.money import rows_by_event

    lang = ledger_language(ledger)
    with _open(ledger, writable=False) as led:
        events = led.events()
        if as_json:
            click.echo(json.dumps(events, indent=2, ensure_ascii=False))
            return
        click.echo(plain(line("session_title", lang, title=led.stored_rules().title_in(lang), currency=led.currency)))
        for said in history_lines(events, frozenset(voided_events(led)), lang, rows_by_event(led.db)):
            click.echo(plain(said))
        if fixes := correction_lines(led, lang):
            click.echo(line("corrections", lang))
            for said in fixes:
                click.echo(plain(said))
        if not events:
            click.echo(line("session_no_hands", lang))


@session.command("undo")
@click.argument("ledger", type=click.Path(dir_okay=False))
def session_undo(ledger: str) -> None:
    """Take back the last event: a hand (its dealer deals again), a join, a leave or a rules change.

    The history keeps what was taken back, marked "(undone)".
    """
    from tonk_rules.cli.event_lines import ledger_language
    from tonk_rules.cli.terminal import plain
    from tonk_rules.ledger.history import taken_back_ru
    from tonk_rules.words.ledger_lines import ru

    lang = ledger_language(ledger)  # a table of a Russian event: said in Russian
    with _open(ledger) as led:
        took = led.undo()
        click.echo(plain(ru("undid", said=taken_back_ru(took)) if lang == "ru" else f"Undid {took['said']}."))
        _status(led, lang)


@session.command("join")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.argument("name")
@click.option("--stake", type=click.IntRange(min=1), help="Their stake (per-player variants; default: the table's).")
@click.option("--after", metavar="NAME", help="Sit left of NAME (default: at the end of the seat order).")
@nfc_names
def session_join(ledger: str, name: str, stake: int | None, after: str | None) -> None:
    """NAME sits down at the table between hands (a player who left comes back with their balance)."""
    from tonk_rules.table.table_setup import MAX_STAKE, why_bad_name

    if why := why_bad_name(name):
        raise Misuse(why)
    if stake is not None and stake > MAX_STAKE:
        raise Misuse(f"--stake {stake}: a stake is at most {MAX_STAKE:,}")
    from tonk_rules.cli.event_lines import ledger_language

    with _open(ledger) as led:
        led.join(name, stake=stake, after=after)
        _status(led, ledger_language(ledger))


@session.command("leave")
@click.argument("ledger", type=click.Path(dir_okay=False))
@click.argument("name")
@nfc_names
def session_leave(ledger: str, name: str) -> None:
    """NAME leaves the table between hands (keeping their balance)."""
    from tonk_rules.cli.event_lines import ledger_language

    with _open(ledger) as led:
        led.leave(name)
        _status(led, ledger_language(ledger))


def _add_file_commands() -> None:
    from tonk_rules.cli.table_session_files import FILE_COMMANDS

    for command in FILE_COMMANDS:
        session.add_command(command)


_add_file_commands()
