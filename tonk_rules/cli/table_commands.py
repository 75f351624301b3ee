"""Table commands: ``tonk rules`` (printable rules sheets), ``tonk settle``, ``tonk session ...``, ``tonk play``.

Each command is thin: it parses options and hands over to :mod:`tonk_rules.sheets`, :mod:`tonk_rules.table`
or :mod:`tonk_rules.cli.terminal_play`.
"""

from __future__ import annotations

from typing import Any

import click

from tonk_rules.cli.settle_input import Misuse, how_it_ended, nfc_names, print_result, settle_options, table_input
from tonk_rules.limits import MAX_SEED


@click.command()
@click.argument("variant")
@click.option("--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
              help="Language of the sheet (Russian uses the Russian card letters п т б ч, В Д К Т).")
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md", show_default=True,
              help="Markdown, or an HTML page that prints on one A4 page (a long house sheet on two).")
@click.option("--out", default=None,
              help="Write the sheet to this file instead of standard output.")
@click.option("--force", is_flag=True, help="Replace the output file if it exists (refused otherwise).")
def rules(variant: str, lang: str, fmt: str, out: str | None, force: bool) -> None:
    """Print a rules sheet for VARIANT (a built-in name or a house-rule file), generated from its rules.

    \b
    Examples:
      tonk rules russian --lang ru
      tonk rules my-table.yaml --lang ru --format html --out rules.html
    """
    from tonk_rules.outputs import variant_inputs
    from tonk_rules.sheets.rules_sheet import build_sheet
    from tonk_rules.sheets.sheet_render import render
    from tonk_rules.sheets.variant_view import load_view

    check_output(out, force)
    view = load_view(variant)
    check_not_input(out, variant_inputs(view.loaded.chain))
    write_output(render(build_sheet(view, lang), fmt), out)


# --- settling --------------------------------------------------------------------------------------------
@click.command()
@click.argument("variant")
@settle_options
@click.option("--stake", "stakes", multiple=True, metavar="N | NAME=N",
              help="The stake (default 1), or each player's stake with NAME=N (per-player variants).")
@click.option("--cards", "style", type=click.Choice(["unicode", "english", "russian"]), default="unicode",
              show_default=True, help="How --json prints the cards.")
@click.option("--players", metavar="NAME,NAME,...",
              help="The seats in order (needed when not every player is named by --hand or --count).")
def settle(variant: str, hands: tuple[str, ...], counts: tuple[str, ...], tonks: tuple[str, ...], deal: bool,
           knock: tuple[str, ...], out: tuple[str, ...], no_discard: bool, new_spread: bool, stock_out: bool,
           as_json: bool, stakes: tuple[str, ...], style: str, players: str | None) -> None:
    """Settle a hand played with real cards: who pays whom under VARIANT's rules.

    Seat order is --players, or the order of the --hand options then the --count options. Cards in any
    notation (10S QH, 10♠ Q♥, 10п Дч), separated by spaces or commas; the player who went out may have an
    empty hand (--hand 'Ann='). Quick entry gives only what decides the payment: --count NAME=N instead of
    the cards (a knock, an empty stock), nothing for the others when a player goes out, --tonk NAME for
    the holders of a deal tonk.

    \b
    Examples:
      tonk settle russian --hand 'Croaker=5п 4т' --hand 'Goblin=3п 3т 2п Тт Тч' \\
                          --hand 'Elmo=7п 7ч 6б 2т 2б' --knock Croaker
      tonk settle russian --count Croaker=9 --count Goblin=34 --count Elmo=30 --knock Croaker
      tonk settle pagat --players Ann,Bob,Cy --deal --tonk Bob --stake 5
    """
    from tonk_rules.table.names import why_names_clash
    from tonk_rules.table.settle import parse_table, settle_hand
    from tonk_rules.table.stake_options import parse_stakes
    from tonk_rules.table.table_setup import why_bad_name

    how = how_it_ended(deal, knock, out, no_discard, new_spread, stock_out)

    def run() -> Any:
        seats = None
        if players is not None:
            seats = tuple(n.strip() for n in players.split(","))
            if len(set(seats)) != len(seats):
                raise Misuse("--players: a seat name is given twice")
            for name in seats:
                if why := why_bad_name(name):
                    raise Misuse(f"--players: {why}")
        table = parse_table(list(hands), list(counts), list(tonks), how, seats)
        if why := why_names_clash(table.names):
            raise Misuse(f"--players: {why}" if players is not None else why)
        return settle_hand(variant, table, how, parse_stakes(list(stakes), table.names))

    print_result(table_input(run), as_json, style=style)


def check_output(out: str | None, force: bool, *, older_copy: bool = False) -> None:
    """Refuse (exit 2) an --out file that cannot be written, or exists without --force, or is a ledger or an
    event file (unless ``older_copy``: an older backup of the ledger a backup copies), before any work."""
    from tonk_rules.outputs import why_not_writable

    if out is not None and (why := why_not_writable(out, force=force, older_copy=older_copy)):
        raise Misuse(why)


def check_not_input(out: str | None, inputs: list[tuple[str, str]]) -> None:
    """Refuse (exit 2) an --out file that is a file the command reads, whatever --force says."""
    from tonk_rules.outputs import why_replaces_input

    if out is not None and (why := why_replaces_input(out, inputs)):
        raise Misuse(why)


def write_output(text: str, out: str | None) -> None:
    """``text`` to standard output, or atomically to ``out`` (checked first with :func:`check_output`)."""
    from tonk_rules.outputs import write_atomic

    if out is None:
        click.echo(text, nl=False)
        return
    table_input(lambda: write_atomic(out, text))
    click.echo(f"wrote {out}", err=True)


# --- playing ---------------------------------------------------------------------------------------------
@click.command()
@click.argument("variant")
@click.option("--players", default=None, metavar="NAME,bot:SPEC,...",
              help="Seats clockwise: your name once, bots as bot:SPEC or NAME=bot:SPEC (bot alone: the default "
                   "player). Default: you against the default player at the usual table (see above).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Fixes the deal and every bot choice (default: random).")
@click.option("--dealer", metavar="NAME", help="Who deals (default: the last seat, so the first seat plays first).")
@click.option("--stake", "stakes", multiple=True, metavar="N | NAME=N", help="The stake, or each player's stake.")
@click.option("--cards", "style", type=click.Choice(["unicode", "english", "russian"]), default="unicode",
              show_default=True, help="How cards are shown (any notation may be typed).")
@click.option("--record", "record_file", help="Write the hand record here.")
@click.option("--force", is_flag=True, help="Replace the --record file if it exists (refused otherwise).")
@click.option("--session", "ledger", type=click.Path(dir_okay=False),
              help="Add the result to this session ledger (its seats, stakes and dealer).")
@click.option("--web", is_flag=True, help="Play in the browser: a link per person (several people may sit: "
              "--players Ann,Bob,bot), the default player in the bot seats.")
@click.option("--lan", is_flag=True, help="With --web: serve this network's phones too (a QR code per person).")
@click.option("--port", type=click.IntRange(1, 65535), default=None, help="With --web: the port (default 8000).")
@click.option("--lang", type=click.Choice(["en", "ru"]), default=None, help="With --web: the pages' language "
              "(default en).")
@click.option("--idle", "idle_s", type=float, default=None, metavar="SECONDS",
              help="With --web: a person's turn left this long is played by the default player (default: never).")
@nfc_names
def play(variant: str, players: str, seed: int | None, dealer: str | None, stakes: tuple[str, ...],
         style: str, record_file: str | None, force: bool, ledger: str | None, web: bool, lan: bool,
         port: int | None, lang: str | None, idle_s: float | None) -> None:
    """Play a hand of VARIANT in the terminal against bots.

    Without --players you sit first, as "You", against the default player (reckoner, tuned to the rules,
    as tonk simulate seats it) at the usual table: 3 players where the rules seat 3, else the nearest
    number they seat (2 for classic-pc, which seats only 2). Type 'why' after a bot's move to hear why it
    played it.

    \b
    Examples:
      tonk play pagat
      tonk play pagat --seed 7
      tonk play russian --players Костоправ,Гоблин=bot,Элмо=bot --cards russian
      tonk play russian --web --lan --lang ru --players Аня,Боря,bot
    """
    from tonk_rules.cli.terminal import plain
    from tonk_rules.cli.terminal_play import run_terminal_game
    from tonk_rules.sim.stages import about

    if web:
        _play_web(variant, players, seed, dealer, list(stakes), style, record_file, ledger, lan, port, lang, idle_s)
        return
    for given, name in ((lan, "--lan"), (port is not None, "--port"), (lang, "--lang"), (idle_s is not None, "--idle")):
        if given:
            raise Misuse(f"{name} is an option of --web (play in the browser)")

    with about(f"the rules of {plain(variant)}"):  # what a bot's first tuning is for, in its stage's words
        run_terminal_game(variant=variant, players=players, seed=seed, dealer=dealer, stakes=list(stakes),
                          style=style, record_file=record_file, ledger_path=ledger, echo=click.echo,
                          misuse=lambda message: Misuse(message), force=force)


def _play_web(variant: str, players: str | None, seed: int | None, dealer: str | None, stakes: list[str],
              style: str, record_file: str | None, ledger: str | None, lan: bool, port: int | None,
              lang: str | None, idle_s: float | None) -> None:
    """``tonk play --web``: the table served to browsers (tonk_rules.web.play_server)."""
    from tonk_rules.cli.terminal import plain
    from tonk_rules.sim.stages import about
    from tonk_rules.web.play_server import serve_play, set_up

    if record_file is not None:
        raise Misuse("--record is for the terminal: with --web each hand's record is downloaded from its page")
    if ledger is not None:
        raise Misuse("--session is for the terminal: a --web table keeps its scores on its pages")
    if style != "unicode":
        raise Misuse("--cards is for the terminal: --web pages write cards in the page's language (--lang)")
    with about(f"the rules of {plain(variant)}"):
        table = set_up(variant=variant, players=players, seed=seed, dealer=dealer, stakes=stakes,
                       lang=lang or "en", idle_s=idle_s, misuse=lambda message: Misuse(message),
                       note=lambda line: click.echo(line, err=True))
    serve_play(table, port=port or 8000, lan=lan, echo=click.echo)
