"""The game master's event opens one of its tables for play on phones (``tonk serve``): ``/gm/play``.

The table is dealt by its ledger's rules, seats, stakes and next dealer, every seat a person (each gets a
link with its seat's secret, and a QR code); each hand played goes into that table's ledger exactly as ``tonk
play --session`` adds one (:func:`tonk_rules.ledger.played_hands.add_played_hand`), so the standings, the
history and the undo see it. The pages, moves and live updates are ``tonk play --web``'s
(:mod:`tonk_rules.web.play_routes`), in the event's language. Only the game master opens a table.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from tonk_rules.engine.hand import Hand
from tonk_rules.table.play_table import PlayTable, fresh_seed
from tonk_rules.table.table_bots import SeatSpec
from tonk_rules.web.keys import SESSION_COOKIE, new_session
from tonk_rules.web.page_labels import words
from tonk_rules.web.pages import ENV, is_gm, message, see_other, session_of, set_cookie, site
from tonk_rules.web.play_host import PlayHost
from tonk_rules.web.play_routes import Tables
from tonk_rules.web.play_words import WORDS, say
from tonk_rules.web.routes_gm import qr
from tonk_rules.web.routes_record import read_form


def event_tables(app: Any) -> Tables:
    """The tables the game master opened for play, in the event's language (made with the app)."""
    found: Tables = app.state.tables
    return found


def open_table(folder: Any, table: str, *, seed: int | None = None) -> PlayHost:
    """A host for ``table`` of the event in ``folder``: its ledger's rules, seats, stakes and next dealer; its
    finished hands go into that ledger."""
    from tonk_rules.event.event_folder import Event
    from tonk_rules.ledger.played_hands import add_played_hand

    event = Event.open(folder)
    with event.ledger(table, writable=False) as led:
        rules, seated, dealer = led.rules, led.seated(), led.next_dealer()
        ref, digest = led.variant_ref, str(led.meta["variant_sha256"])
    names = [n for n, _ in seated]
    play = PlayTable(rules, [SeatSpec(n, None) for n in names], seed=seed if seed is not None else
                     fresh_seed(), dealer=names.index(dealer), stakes=[s for _, s in seated])

    def keep(hand: Hand, record: dict[str, Any]) -> None:
        with Event.open(folder).ledger(table) as led:
            add_played_hand(led, hand, record, None)

    return PlayHost(play, ref, digest, title=event.tables_titled().get(table, table), keep=keep)


async def play_console(request: Request) -> Response:
    if not is_gm(request):
        return message(request, 403, words(site(request).language())["forbidden"])
    where = site(request)
    tables = event_tables(request.app)
    lang = tables.language()
    event = await run_in_threadpool(where.views.event)
    session = session_of(request)
    fresh = session is None
    session = session or new_session()
    opened = {name: [(host.table.names[s], f"{where.base_url}/p/{name}/s/{host.tokens[s]}")
                     for s in host.table.people] for name, host in tables.hosts.items()}
    body = ENV.get_template("play_gm.html").render(
        lang=lang, w=WORDS[lang], csrf=where.keys.csrf_token(session),
        tables=[(name, say(lang, "play_open", table=title)) for name, title in event.tables_titled().items()
                if name not in opened],
        opened=opened, qrs={url: qr(url) for links in opened.values() for _, url in links})
    response = HTMLResponse(body)
    if fresh:
        set_cookie(response, SESSION_COOKIE, session)
    return response


async def open_for_play(request: Request) -> Response:
    if not is_gm(request):
        return message(request, 403, words(site(request).language())["forbidden"])
    await read_form(request)  # its CSRF token checked
    table = str(request.path_params["table"])
    tables = event_tables(request.app)
    if table not in tables.hosts:
        tables.hosts[table] = await run_in_threadpool(open_table, site(request).folder, table)
    return see_other("/gm/play")


ROUTES = [
    Route("/gm/play", play_console),
    Route("/gm/play/{table}", open_for_play, methods=["POST"]),
]
