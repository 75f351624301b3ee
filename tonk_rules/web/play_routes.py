"""The ASGI app of ``tonk play --web``: each seat's page, its live part, its moves, the hand records.

The same stack as ``tonk serve``: Starlette behind :class:`~tonk_rules.web.guard.Guard` (size and rate limits,
the headers that keep pages from being framed, sniffed, cached or fed scripts from elsewhere), served by
uvicorn with :mod:`tonk_rules.web.connections`' limits. A seat's link carries its secret
(``/p/TABLE/s/SECRET``): whoever has it plays that seat, and a reload (or a dropped connection) returns to it.
A page and its live updates are built from the seat's Observation only (:mod:`tonk_rules.web.play_view`).

    >>> from starlette.testclient import TestClient
    >>> from tonk_rules.table.play_table import PlayTable
    >>> from tonk_rules.table.table_bots import SeatSpec
    >>> from tonk_rules.table.table_setup import ruleset_for
    >>> host = PlayHost(PlayTable(ruleset_for("pagat"), [SeatSpec("Ann", None), SeatSpec("Bob", "random")]),
    ...                 "pagat", "")
    >>> client = TestClient(create_play_app({"t": host}, lang="en", variant="pagat"))
    >>> client.get(f"/p/t/s/{host.tokens[0]}").status_code, client.get("/p/t/s/nobody").status_code
    (200, 404)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

import anyio.to_thread
import yaml
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from tonk_rules.table.play_table import MoveRefused
from tonk_rules.web.guard import Guard
from tonk_rules.web.keys import RateLimit
from tonk_rules.web.page_language import PAGE_LANGS, UNKNOWN_LANGUAGE, asked_language, keep_language
from tonk_rules.web.play_host import PlayHost, StaleMove
from tonk_rules.web.play_refusals import say_refusal
from tonk_rules.web.play_view import SeatView, end_view, seat_view
from tonk_rules.web.play_words import WORDS, say

ENV = Environment(loader=PackageLoader("tonk_rules.web", "templates"), autoescape=select_autoescape(default=True),
                  undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)

#: per phone: a poll every 0.4 s, and taps
READS = (30.0, 120.0)
WRITES = (5.0, 20.0)
#: how often the table's own moves (a bot after its pause, an idle seat) are looked for
TICK_S = 0.05
STATIC = {"play.js": "text/javascript; charset=utf-8", "play.css": "text/css; charset=utf-8"}
#: a move's form: a key and a move's text (a spread of 13 cards is under 60 characters)
MOVE_FIELD_MAX = 200


class Tables:
    """What the routes share: the tables by name, the pages' language (or where to read it: an event's) and
    the variant's title (a table's own title first; ``titles``: the variant's title in each language, for a
    phone that chose another language than the server's)."""

    def __init__(self, hosts: dict[str, PlayHost], lang: str | Callable[[], str], variant: str,
                 titles: Mapping[str, str] | None = None) -> None:
        self.hosts, self.lang, self.variant, self.titles = hosts, lang, variant, dict(titles or {})

    def language(self) -> str:
        lang = self.lang() if callable(self.lang) else self.lang
        return lang if lang in WORDS else "en"

    def variant_in(self, lang: str) -> str:
        return self.titles.get(lang, self.variant)


def _language(request: Request) -> str:
    """The language of this phone's pages: its own choice (``?lang=``, kept in a cookie), else the server's."""
    return asked_language(request) or _tables(request).language()


def _tables(request: Request) -> Tables:
    found: Tables = request.app.state.tables
    return found


def _seat(request: Request) -> tuple[PlayHost, int, str]:
    """The table and seat the link's secret opens (404: none)."""
    tables = _tables(request)
    host = tables.hosts.get(str(request.path_params["table"]))
    token = str(request.path_params["token"])
    seat = host.seat_of(token) if host is not None and len(token) <= 64 else None
    if host is None or seat is None:
        raise HTTPException(404)  # said by the app serving it (the event's pages say it in theirs)
    return host, seat, f"/p/{request.path_params['table']}/s/{token}"


def view_of(host: PlayHost, seat: int, lang: str, variant: str) -> SeatView:
    """Seat ``seat``'s view now: its Observation, its legal moves, the table's public facts."""
    table = host.table
    hand = table.hand
    assert hand is not None
    obs = table.observation(seat)
    end = end_view(hand.result, hand.hands, table.names, lang) if hand.result is not None else None
    notes = [say(lang, n.kind, name=table.names[n.seat]) for n in host.notes if n.hand == table.number]
    return seat_view(obs, table.moves(seat), lang=lang, variant=variant, names=table.names,
                     bots=[table.is_bot(i) for i in range(len(table.seats))], number=table.number,
                     dealer=hand.dealer, scores=table.scores, finished=table.finished, notes=notes,
                     key=host.key(), end=end)


def _render(template: str, request: Request, host: PlayHost, seat: int, base: str, *, refusal: str = "",
            status: int = 200) -> HTMLResponse:
    tables = _tables(request)
    lang = _language(request)
    with host.lock:
        v, version = view_of(host, seat, lang, host.title or tables.variant_in(lang)), host.version
    body = ENV.get_template(template).render(v=v, w=WORDS[lang], base=base, version=version, refusal=refusal,
                                             gone=WORDS[lang]["gone"],
                                             other=[(code, WORDS[code]["language"]) for code in PAGE_LANGS
                                                    if code != lang])
    response = HTMLResponse(body, status_code=status)
    response.headers["x-version"] = str(version)
    keep_language(request, response)
    return response


async def seat_page(request: Request) -> Response:
    host, seat, base = _seat(request)
    return _render("play.html", request, host, seat, base)


async def seat_live(request: Request) -> Response:
    host, seat, base = _seat(request)
    if request.query_params.get("v") == str(host.version):
        return Response(status_code=204, headers={"x-version": str(host.version)})
    return _render("play_live.html", request, host, seat, base)


async def _form(request: Request) -> tuple[str, str]:
    form = await request.form()
    key, move = form.get("key"), form.get("move", "")
    if not isinstance(key, str) or not isinstance(move, str) or len(key) > 40 or len(move) > MOVE_FIELD_MAX:
        raise MoveRefused("that is not a move")
    return key, move


async def seat_move(request: Request) -> Response:
    host, seat, base = _seat(request)
    lang = _language(request)
    try:
        key, move = await _form(request)
        host.move(seat, move, key)  # a few milliseconds under a lock never held while a bot thinks
    except MoveRefused as refused:
        return _render("play.html", request, host, seat, base, status=409,
                       refusal=say(lang, "not_allowed", why=say_refusal(refused.why, lang)))
    except StaleMove:
        return _render("play.html", request, host, seat, base, status=409, refusal=say(lang, "stale"))
    return RedirectResponse(base, status_code=303)


async def seat_next(request: Request) -> Response:
    host, seat, base = _seat(request)
    lang = _language(request)
    try:
        key, _ = await _form(request)
        await anyio.to_thread.run_sync(host.next_hand, seat, key)  # the deal makes the bots (a first compile)
    except MoveRefused as refused:
        return _render("play.html", request, host, seat, base, status=409,
                       refusal=say(lang, "not_allowed", why=say_refusal(refused.why, lang)))
    except StaleMove:
        return _render("play.html", request, host, seat, base, status=409, refusal=say(lang, "stale"))
    return RedirectResponse(base, status_code=303)


async def back_to_seat(request: Request) -> Response:
    """A visit to a move's address (the address bar after a refused move, opened again or shared) goes back to
    the seat's page: nothing is moved by a visit, and the page says what it always says."""
    _, _, base = _seat(request)
    return RedirectResponse(base, status_code=303)


async def hand_record(request: Request) -> Response:
    """A finished hand's ``tonk-hand/1`` record (``tonk replay`` replays it); none while the hand is played."""
    host, _, _ = _seat(request)
    number = str(request.path_params["number"])
    record = host.records.get(int(number)) if number.isdigit() and len(number) < 9 else None
    if record is None:
        # only the hand being played is still to end: any other number (0, one far ahead) names no hand
        playing = number.isdigit() and len(number) < 9 and int(number) == host.table.number
        return _message(request, 404, "no_record" if playing else "no_such_hand")
    text = "# a hand played with `tonk play --web`\n" + yaml.safe_dump(record, sort_keys=False, allow_unicode=True,
                                                                          width=110)
    return Response(text, media_type="application/yaml; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="hand-{number}.yaml"'})


async def static_file(request: Request) -> Response:
    name = str(request.path_params["name"])
    if name not in STATIC:
        return Response(status_code=404)
    body = resources.files("tonk_rules.web").joinpath("static", name).read_bytes()
    return Response(body, media_type=STATIC[name])


def _message(request: Request, status: int, word: str) -> HTMLResponse:
    try:
        lang = _language(request)
    except HTTPException:  # the language asked for is the one not known: said in the server's
        lang = _tables(request).language()
    return HTMLResponse(_message_body(lang, WORDS[lang][word]), status_code=status)


def _message_body(lang: str, text: str) -> str:
    return ENV.get_template("play_message.html").render(lang=lang, text=text)


async def _no_seat(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 404
    if isinstance(exc, HTTPException) and exc.detail == UNKNOWN_LANGUAGE:
        return _message(request, 400, "unknown_language")
    return _message(request, status, "not_found" if status == 404 else "error")


async def _server_error(request: Request, exc: Exception) -> Response:
    return _message(request, 500, "error")  # nothing of the exception reaches the page


ROUTES = [
    Route("/p/{table}/s/{token}", seat_page),
    Route("/p/{table}/s/{token}/live", seat_live),
    Route("/p/{table}/s/{token}/move", seat_move, methods=["POST"]),
    Route("/p/{table}/s/{token}/next", seat_next, methods=["POST"]),
    Route("/p/{table}/s/{token}/move", back_to_seat, methods=["GET"]),
    Route("/p/{table}/s/{token}/next", back_to_seat, methods=["GET"]),
    Route("/p/{table}/s/{token}/hand-{number}.yaml", hand_record),
    Route("/play-static/{name}", static_file),
]


async def drive(hosts: dict[str, PlayHost]) -> None:
    """The tables' own moves: a bot's after its pause, the default player's for an idle seat (in a worker
    thread: a bot may think), and the finished hands given to where they are kept (an event's ledger)."""
    while True:
        for host in list(hosts.values()):
            if host.due():
                await anyio.to_thread.run_sync(host.tick)
            if host.unkept:
                await anyio.to_thread.run_sync(host.keep_finished)
        await asyncio.sleep(TICK_S)


@asynccontextmanager
async def driving(hosts: dict[str, PlayHost]) -> AsyncIterator[None]:
    """:func:`drive` for as long as the server runs."""
    task = asyncio.get_running_loop().create_task(drive(hosts))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def create_play_app(hosts: dict[str, PlayHost], *, lang: str, variant: str,
                    reads: tuple[float, float] = READS, writes: tuple[float, float] = WRITES,
                    titles: Mapping[str, str] | None = None) -> Any:
    """The app serving the tables ``hosts`` (name -> table) in ``lang`` (``en`` or ``ru``), or in the language a
    phone chose (``?lang=``); ``titles``: the variant's title by language (``variant``: in ``lang``)."""
    if lang not in WORDS:
        raise ValueError(f"the pages speak {' or '.join(WORDS)}, not {lang!r}")

    @asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        async with driving(hosts):
            yield

    app = Starlette(routes=ROUTES, lifespan=lifespan,
                    exception_handlers={HTTPException: _no_seat, Exception: _server_error})
    app.state.tables = Tables(hosts, lang, variant, titles)

    def refuse(status: int, word: str) -> tuple[bytes, str]:
        return _message_body(lang, WORDS[lang].get(word, WORDS[lang]["error"])).encode(), "text/html; charset=utf-8"

    guarded = Guard(app, reads=RateLimit(*reads), writes=RateLimit(*writes), refuse=refuse)
    guarded.state = app.state  # type: ignore[attr-defined]
    return guarded
