"""``tonk event …``: an event of several tables in one folder (thin commands over tonk_rules.event.event_folder),
and ``tonk session void|amend``: corrections of any earlier hand (tonk_rules.ledger.corrections)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from tonk_rules.cli.event_lines import language_name, ledger_language, ledger_refusal, line, table_name
from tonk_rules.cli.ledger_open import open_ledger
from tonk_rules.cli.settle_input import (
    Misuse,
    how_it_ended,
    once_options,
    print_result,
    record_once,
    settle_options,
    table_input,
)
from tonk_rules.cli.terminal import plain

#: Where the event a command opened keeps its language in click's context (shared by the group and its command).
LANG_KEY = "tonk_rules.event_language"


class EventLanguageGroup(click.Group):
    """The ``event`` group (and ``session``'s, on a table of an event): a refusal that has words in the opened
    event's language is said in it."""

    def invoke(self, ctx: click.Context) -> Any:
        from tonk_rules.errors import TonkError

        try:
            return super().invoke(ctx)
        except TonkError as exc:
            lang = ctx.meta.get(LANG_KEY, "en")
            if lang == "en":
                raise
            from tonk_rules.errors import VariantError
            from tonk_rules.web.refusal_words import diagnostic_in, in_language

            if isinstance(exc, VariantError):  # located, as `tonk check` prints it, in the event's language
                for problem in exc.diagnostics:
                    click.echo(plain(diagnostic_in(problem, lang)), err=True)
                ctx.exit(1)
            said = in_language(exc, lang) or ledger_refusal(exc, lang)
            if said is None:
                raise
            click.echo(plain(line("refused", lang, said=said)), err=True)
            ctx.exit(1)
        except click.ClickException as exc:  # a misuse found once the event is open: said in its language
            lang = ctx.meta.get(LANG_KEY, "en")
            if lang == "en":
                raise
            click.echo(plain(line("refused", lang, said=_misuse_in(exc, lang))), err=True)
            ctx.exit(exc.exit_code)


def _misuse_in(exc: click.ClickException, lang: str) -> str:
    """A misuse in ``lang``: one worded for another language (:meth:`Misuse.worded`) said in it; a table input's
    refusal with a code said from it, after the option it names (``--count 'Гена=many'``); any other as it is
    (the event's own misuses are worded in it already)."""
    from tonk_rules.errors import TonkError
    from tonk_rules.web.refusal_words import in_language

    if isinstance(exc, Misuse) and exc.words is not None:
        key, values = exc.words
        return line(key, lang, **values)
    cause = getattr(exc, "cause", None) or exc.__context__
    said = in_language(cause, lang) if isinstance(cause, TonkError) else None
    message = exc.format_message()
    if said is None:
        return message
    option = message.split(": ", 1)[0] if message.startswith("--") and ": " in message else ""
    return f"{option}: {said}" if option else said


@click.group(cls=EventLanguageGroup)
def event() -> None:
    """An event of several tables: one folder, a ledger per table, standings across the tables.

    \b
    Examples:
      tonk event create night --title "Winter night" --language ru --currency крона
      tonk event add-table night t1 --variant russian --players Ann,Bob,Cy --stake 1
      tonk event record night t1 --count Ann=3 --count Bob=19 --count Cy=4 --knock Ann
      tonk event move night Cy t1 t2
      tonk event standings night
      tonk event correct night t1 3 --void --reason "recorded by mistake"
      tonk serve night
    """


def _open(folder: str) -> Any:
    from tonk_rules.event.event_folder import Event

    opened = Event.open(folder)
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta[LANG_KEY] = opened.language
    return opened


def open_event(folder: str) -> Any:
    """The event in ``folder``, its language kept for the refusals (for the commands of other modules)."""
    return _open(folder)


@event.command("create")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--title", required=True, help="The event's title.")
@click.option("--language", type=click.Choice(["en", "ru"]), default="en", show_default=True,
              help="The language of its pages and sheets.")
@click.option("--currency", required=True, help="The money played for at every table.")
def event_create(folder: str, title: str, language: str, currency: str) -> None:
    """Make FOLDER an event (it holds event.json and a ledger per table)."""
    from tonk_rules.cli.terminal import plain
    from tonk_rules.event.event_folder import Event

    made = Event.create(folder, title=title, language=language, currency=currency)
    lang = made.language
    click.echo(plain(line("created", lang, title=made.title, folder=folder, language=language_name(lang, lang),
                          currency=made.currency)))


@event.command("add-table")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("name")
@click.option("--variant", required=True, help="A built-in variant or a house-rule file.")
@click.option("--players", required=True, help="Seat names clockwise, comma-separated.")
@click.option("--stake", "stakes", multiple=True, metavar="N | NAME=N", help="The stake, or each player's stake.")
@click.option("--first-dealer", metavar="NAME", help="Who deals first (default: the first seat).")
@click.option("--title", help="The table's title (default: its name).")
def event_add_table(folder: str, name: str, variant: str, players: str, stakes: tuple[str, ...],
                    first_dealer: str | None, title: str | None) -> None:
    """Add the table NAME to the event in FOLDER."""
    from pathlib import Path

    from tonk_rules.table.stake_options import parse_stakes
    from tonk_rules.table.table_setup import resolve_variant_ref

    names = [n.strip() for n in players.split(",")]
    stake_list = table_input(lambda: parse_stakes(list(stakes), tuple(names)))
    ev = _open(folder)
    ev.add_table(name, variant_ref=resolve_variant_ref(variant, Path.cwd()), seats=names, stakes=stake_list,
                 first_dealer=first_dealer, title=title)
    _print_table(ev, name)


def _print_table(ev: Any, table: str) -> None:
    from tonk_rules.cli.terminal import plain

    state = ev.state(table)
    lang = ev.language
    seated = ", ".join(f"{n} ({s})" for n, s in state.seated) or line("nobody", lang)
    rules = state.rules  # their title in the event's language
    click.echo(plain(line("table", lang, name=state.name, title=state.title, table=table_name(
        state.name, state.title, lang), rules=rules, seated=seated, dealer=state.next_dealer,
                          hands=line("hands", lang, n=state.hands))))


@event.command("tables")
@click.argument("folder", type=click.Path(file_okay=False))
def event_tables(folder: str) -> None:
    """Every table: its rules, seats, hands and who deals next."""
    ev = _open(folder)
    for table in ev.table_names():
        _print_table(ev, table)
    if not ev.table_names():
        click.echo(line("no_tables", ev.language))


@event.command("standings")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def event_standings(folder: str, as_json: bool) -> None:
    """Every player's total across the event's tables, best first, and where they sit."""
    from tonk_rules.cli.terminal import plain

    ev = _open(folder)
    rows = ev.standings()
    from tonk_rules.cli.money_lines import money_json, money_lines

    if as_json:
        click.echo(json.dumps({"event": ev.title, "currency": ev.currency,
                               "standings": [{"name": r.name, "total": r.total, "by_table": r.by_table,
                                              "table": r.table} for r in rows],
                               "money": money_json(ev)}, indent=2, ensure_ascii=False))
        return
    lang = ev.language
    titles = ev.tables_titled()
    click.echo(plain(line("standings", lang, title=ev.title, currency=ev.currency)))
    width = max((len(r.name) for r in rows), default=0)
    for r in rows:
        where = (line("seated_at", lang, table=table_name(r.table, titles.get(r.table, r.table), lang,
                                                           short=True)) if r.table
                 else line("not_seated", lang))
        click.echo(plain(f"  {r.name:<{width}}  {r.total:+d}  ({where})"))
    if ev.economy is not None:  # the evening's money: purses, the bank, open IOUs
        for said in money_lines(ev):
            click.echo(plain(said))


@event.command("record")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("table")
@settle_options
@once_options
@click.option("--allow-iou", is_flag=True, help="Under an economy whose debt limit lets the game master allow an "
              "IOU: what a player cannot pay becomes an IOU (without it, such a hand is refused).")
def event_record(folder: str, table: str, hands: tuple[str, ...], counts: tuple[str, ...], tonks: tuple[str, ...],
                 deal: bool, knock: tuple[str, ...], out: tuple[str, ...], no_discard: bool, new_spread: bool,
                 stock_out: bool, as_json: bool, key: str | None, expect: int | None, allow_iou: bool) -> None:
    """Settle a hand at TABLE (options as `tonk session record`) and add it to that table's ledger.

    The server's phones and this command write the table through the ledger's own lock, one after the other:
    with --key a command run twice records once, and with --expect N the hand is recorded only as hand N
    (a phone that recorded it first makes this command record nothing)."""
    from tonk_rules.cli.terminal import plain
    from tonk_rules.ledger.settled_entry import settle_entry

    ev = _open(folder)  # first: a misuse of the options below is said in the event's language
    how = how_it_ended(deal, knock, out, no_discard, new_spread, stock_out)
    with open_ledger(str(ev.ledger_path(table))) as led:
        settled = table_input(lambda: settle_entry(led.rules, led.seated(), list(hands), list(counts),
                                                    list(tonks), how, led.stored_rules().digest))
        print_result(settled.result, as_json, led.currency, lang=ev.language)
        if settled.entry is None:
            click.echo(line("not_recorded", ev.language), err=True)
            return
        from tonk_rules.event.evening_money import money_for_hand

        # the economy's movements with the hand (the house's cut, IOUs); refused past the debt limit
        money = money_for_hand(ev, table, settled.entry, allow_iou=allow_iou)
        number, already = record_once(led, settled.entry, key, expect, money)
        if not as_json:
            name = table if ev.language == "en" else table_name(table, ev.tables_titled().get(table, table),
                                                                ev.language)
            click.echo(plain(line("already" if already else "recorded", ev.language, number=number, table=name,
                                  dealer=led.next_dealer())))


def _table_command(name: str, help_text: str, action: Callable[..., None]) -> None:
    @event.command(name, help=help_text)
    @click.argument("folder", type=click.Path(file_okay=False))
    @click.argument("table")
    @click.argument("player")
    def command(folder: str, table: str, player: str) -> None:
        ev = _open(folder)
        action(ev, table, player)
        _print_table(ev, table)


_table_command("join", "PLAYER sits down at TABLE (between hands).", lambda ev, t, p: ev.join(t, p))
_table_command("leave", "PLAYER leaves TABLE (keeping their balance).", lambda ev, t, p: ev.leave(t, p))


@event.command("move")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("player")
@click.argument("source")
@click.argument("target")
@click.option("--stake", type=click.IntRange(min=1), help="Their stake at TARGET (per-player variants).")
def event_move(folder: str, player: str, source: str, target: str, stake: int | None) -> None:
    """PLAYER leaves SOURCE and sits down at TARGET; what they won at SOURCE stays in their total."""
    ev = _open(folder)
    ev.move(player, source, target, stake=stake)
    _print_table(ev, source)
    _print_table(ev, target)


@event.command("history")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("table")
def event_history(folder: str, table: str) -> None:
    """TABLE's events, oldest first, then its corrections."""
    ev = _open(folder)
    _history(str(ev.ledger_path(table)), ev.language)


@event.command("sheet")
@click.argument("folder", type=click.Path(file_okay=False))
@click.argument("table")
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md", show_default=True)
def event_sheet(folder: str, table: str, fmt: str) -> None:
    """TABLE's rules sheet in the event's language (the rules the table plays now)."""
    from tonk_rules.event.event_sheet import table_sheet

    ev = _open(folder)
    click.echo(table_sheet(ev, table, fmt), nl=False)


def _history(ledger: str, lang: str = "en") -> None:
    from tonk_rules.cli.terminal import plain
    from tonk_rules.ledger.corrections import correction_lines, voided_events
    from tonk_rules.ledger.history import history_lines
    from tonk_rules.ledger.money import rows_by_event

    with open_ledger(ledger, writable=False) as led:
        for said in history_lines(led.events(), frozenset(voided_events(led)), lang, rows_by_event(led.db)):
            click.echo(plain(said))
        fixes = correction_lines(led, lang)
        if fixes:
            click.echo(line("corrections", lang))
            for fix in fixes:
                click.echo(plain(fix))


# --- corrections -------------------------------------------------------------------------------------------
def _correct(ledger: str, number: int, reason: str, void: bool, options: dict[str, Any],
             lang: str = "en", ev: Any = None, table: str = "") -> None:
    from tonk_rules.cli.terminal import plain
    from tonk_rules.ledger.corrections import amend_hand, rules_at, void_hand
    from tonk_rules.ledger.settled_entry import settle_entry

    if options.pop("as_json"):
        raise Misuse(line("correct_json", lang))
    given = any(options[k] for k in ("hands", "counts", "tonks", "deal", "knock", "out", "stock_out"))
    if void and given:
        raise Misuse(line("void_and_hand", lang))
    with open_ledger(ledger) as led:
        if void:
            took = void_hand(led, number, reason)
        else:
            how = how_it_ended(options["deal"], options["knock"], options["out"], options["no_discard"],
                       options["new_spread"], options["stock_out"])
            hands = led.hands(number)
            if not hands:
                count = led.hand_count()
                raise Misuse(line("no_hand" if count else "no_hand_yet", lang, number=number, count=count))
            hand = hands[0]
            seated = [(n, hand["stakes"][n]) for n in hand["players"]]
            rules = rules_at(led, number)
            settled = table_input(lambda: settle_entry(rules.ruleset, seated, list(options["hands"]),
                                                        list(options["counts"]), list(options["tonks"]), how,
                                                        rules.digest))
            if settled.entry is None:
                raise Misuse(line("amend_played", lang))
            print_result(settled.result, False, led.currency, lang=lang)
            money = None
            if ev is not None:  # the event's economy moves the amended hand's money (past the limit: refused)
                from tonk_rules.event.evening_money import money_for_amend

                money = money_for_amend(ev, table, number, settled.entry, allow_iou=True)
            took = amend_hand(led, number, settled.entry, reason, money=money)
        said = f"{took['said'][0].upper()}{took['said'][1:]}"
        if lang == "ru":  # the ledger's own words are English: the Russian line names the hand
            from tonk_rules.words.ledger_lines import ru

            said = ru("corrected_void" if void else "corrected_amend", number=number)
        click.echo(plain(line("corrected", lang, said=said, dealer=led.next_dealer())))


def add_correct_command(group: click.Group, with_table: bool) -> None:
    def run(args: dict[str, Any]) -> None:
        lang, ev, table = "en", None, ""
        if with_table:
            ev = _open(args.pop("folder"))
            table = args.pop("table")
            ledger, lang = str(ev.ledger_path(table)), ev.language
        else:
            ledger = args.pop("ledger")
            lang = ledger_language(ledger)  # a table of a Russian event: said in Russian
        _correct(ledger, args.pop("number"), args.pop("reason"), args.pop("void"), args, lang, ev, table)

    def command(**args: Any) -> None:
        run(args)

    command.__doc__ = ("Correct hand NUMBER: --void it (it pays nothing, passes no deal), or amend it with the "
                       "hand's options as `record` takes them. The history keeps the original and the correction; "
                       "balances and dealers are recomputed.")
    decorated: Callable[..., None] = command
    decorated = click.option("--void", is_flag=True, help="Void the hand.")(decorated)
    decorated = click.option("--reason", required=True, help="Why (kept in the history).")(decorated)
    decorated = settle_options(decorated)
    decorated = click.argument("number", type=click.IntRange(min=1))(decorated)
    if with_table:
        decorated = click.argument("table")(decorated)
        decorated = click.argument("folder", type=click.Path(file_okay=False))(decorated)
    else:
        decorated = click.argument("ledger", type=click.Path(dir_okay=False))(decorated)
    group.add_command(click.command("correct")(decorated))


add_correct_command(event, with_table=True)
