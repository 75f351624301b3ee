"""``tonk play VARIANT --web``: a table served to browsers, a link (and with ``--lan`` a QR code) per person.

The players are checked as the terminal's are (:mod:`tonk_rules.cli.terminal_play`), except that several
people may sit (``--players Ann,Bob,bot``: Ann and Bob on their phones, the default player in the third
seat); without ``--players`` one person plays against the default player at the usual table. The server is
``tonk serve``'s: the same guard, connection limits and port refusals (:mod:`tonk_rules.web.serve`).
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from tonk_rules.errors import TableInputError
from tonk_rules.sim import background_tuning
from tonk_rules.table.house_tuning import HouseTuning, Starter
from tonk_rules.table.play_table import PlayTable, fresh_seed
from tonk_rules.table.stake_options import parse_stakes
from tonk_rules.table.table_bots import DEFAULT_BOT, check_spec, default_seats, parse_players
from tonk_rules.table.table_setup import first_dealer, resolve_variant_ref, ruleset_for
from tonk_rules.variant.loader import load_variant
from tonk_rules.web.connections import ConnectionLimits, guarded_protocol, raise_file_limit
from tonk_rules.web.page_language import PAGE_LANGS
from tonk_rules.web.play_host import PlayHost
from tonk_rules.web.play_routes import create_play_app
from tonk_rules.web.serve import bind, lan_address, qr_code
from tonk_rules.web.serve_lines import line

#: The table's name in its links (one table per ``tonk play --web``).
TABLE = "table"


@dataclass(frozen=True)
class WebTable:
    """What ``tonk play --web`` asked for, checked: the table's host and the app serving it."""

    host: PlayHost
    app: object
    variant: str
    #: the bots' values while a house file's own are tuned in the background (ended when serving ends)
    tuning: HouseTuning
    #: the pages' language, which the lines printed at start are in too
    lang: str = "en"
    #: the variant's title in that language
    title: str = ""


def set_up(*, variant: str, players: str | None, seed: int | None, dealer: str | None, stakes: list[str],
           lang: str, idle_s: float | None, misuse: Callable[[str], Exception],
           note: Callable[[str], None] = print, starter: Starter = background_tuning.start) -> WebTable:
    """The table, checked (a bad option raises ``misuse(message)`` before anything is served). The bots of a
    house file with no tuned values yet play borrowed ones while a background process tunes them, as in the
    terminal (:class:`~tonk_rules.table.house_tuning.HouseTuning`, said by ``note``)."""
    if seed is not None and seed < 0:
        raise misuse(f"--seed {seed}: a seed is a whole number of at least 0")
    if idle_s is not None and not 5 <= idle_s <= 24 * 3600:
        raise misuse(f"--idle {idle_s:g}: give seconds from 5 to 86400")
    ref = resolve_variant_ref(variant, Path.cwd())
    loaded = load_variant(ref)
    rules = ruleset_for(ref)
    try:
        seats = parse_players(players, several_people=True) if players is not None else default_seats(rules)
        names = [s.name for s in seats]
        stake_list = parse_stakes(stakes, tuple(names))
        dealer = first_dealer(ref, names, stake_list, dealer)
    except TableInputError as exc:
        raise misuse(str(exc)) from None
    seed = seed if seed is not None else fresh_seed()
    tuning = HouseTuning(variant, ref, loaded.chain, rules, len(seats),
                         [check_spec(s.spec) for s in seats if s.spec is not None], note, starter)
    tuning.begin()
    table = PlayTable(rules, seats, seed=seed, dealer=names.index(dealer), stakes=stake_list)
    host = PlayHost(table, variant if ref == variant else str(Path(ref)), loaded.digest, idle_s=idle_s,
                    before_deal=tuning.before_hand, source_note=tuning.source_note)
    # the variant's title in the pages' language, as the event's pages show it: a built-in's, a house file's own
    # (title_ru / title) or, where it gives none, the one the loader names after its file (never its path, typed
    # absolute or not: the folders of the host's computer are no phone's business)
    title = loaded.variant.title_in(lang)
    titles = {code: loaded.variant.title_in(code) for code in PAGE_LANGS}  # for a phone that chose its language
    return WebTable(host, create_play_app({TABLE: host}, lang=lang, variant=title, titles=titles), variant, tuning,
                    lang, title)


def links(host: PlayHost, base: str) -> list[tuple[str, str]]:
    """Each person's name and link (with their seat's secret)."""
    return [(host.table.names[seat], f"{base}/p/{TABLE}/s/{host.tokens[seat]}") for seat in host.table.people]


def serve_play(web: WebTable, *, port: int, lan: bool, echo: Callable[[str], None] = print) -> None:
    """Serve the table until Ctrl+C: the port is bound first (a taken port is said as such), then the links."""
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = lan_address() if lan else "127.0.0.1"
    base = f"http://{shown}:{port}"
    sock = bind(host, port)
    table = web.host.table
    lang = web.lang
    echo(line("play_serving", lang, title=web.title, seed=table.seed, base=base))
    bots = [table.names[i] for i in range(len(table.seats)) if table.is_bot(i)]
    if bots:
        echo(line("play_bots", lang, names=", ".join(bots), bot=DEFAULT_BOT))
    if web.host.idle_s is not None:
        echo(line("play_idle", lang, idle=web.host.idle_s))
    echo(line("play_links", lang))
    for name, url in links(web.host, base):
        echo(f"  {name}: {url}")
        if lan:
            echo(qr_code(url))
    if lan and shown.startswith("127."):
        echo(line("no_lan_address", lang))
    if not lan:
        echo(line("play_local_only", lang))
    try:
        run_app(web.app, sock)
    finally:
        web.tuning.end()


def run_app(app: object, sock: socket.socket) -> None:
    """Serve ``app`` on the bound ``sock`` until stopped, as ``tonk serve`` serves (its connection limits)."""
    limits = ConnectionLimits.for_open_files(raise_file_limit())
    config = uvicorn.Config(app, log_level="warning", access_log=False,  # type: ignore[arg-type]
                            http=guarded_protocol(limits), timeout_keep_alive=limits.keep_alive_s,
                            server_header=False)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
