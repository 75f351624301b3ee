"""The ASGI app of ``tonk serve``: the routes, the guard, and errors that never show a trace or a file.

    >>> import tempfile, pathlib
    >>> from tonk_rules.event.event_folder import Event, NoSuchTable
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = Event.create(folder, title="Night", currency="chips")
    >>> from starlette.testclient import TestClient
    >>> TestClient(create_app(folder)).get("/").status_code
    200
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from tonk_rules.errors import TonkError
from tonk_rules.event.event_folder import Event, NoSuchTable
from tonk_rules.web import (
    design_form,
    design_play,
    play_event,
    play_routes,
    routes_gm,
    routes_money,
    routes_read,
    routes_record,
)
from tonk_rules.web.guard import Guard
from tonk_rules.web.keys import Keys, RateLimit
from tonk_rules.web.page_labels import words
from tonk_rules.web.page_language import UNKNOWN_LANGUAGE
from tonk_rules.web.pages import ENV, Site, message, site
from tonk_rules.web.play_routes import Tables, driving
from tonk_rules.web.refusal_words import in_language
from tonk_rules.web.unavailable import TableUnavailable, other_ledger
from tonk_rules.web.views import Views

#: per client address: a phone reads a page or a live fragment about once a second
READS = (30.0, 120.0)
#: and sends a form now and then; a double tap or a resend is well within this
WRITES = (5.0, 20.0)


async def _refused(request: Request, exc: Exception) -> Response:
    # worded in the event's language from its code, where it has one
    lang = site(request).language()
    said = (in_language(exc, lang) or other_ledger(exc, lambda: site(request).views.event().tables_titled(), lang)
            or site(request).clean(str(exc)))
    busy = isinstance(exc, TonkError) and exc.refusal is not None and exc.refusal.code == "ledger_busy"
    return message(request, 503 if busy else 400, said, back=_back(request))


async def _no_table(request: Request, exc: Exception) -> Response:
    """In the event's language, naming the table asked for (the list of tables is the event page's)."""
    return message(request, 404, in_language(exc, site(request).language()) or site(request).clean(str(exc)))


async def _table_unavailable(request: Request, exc: Exception) -> Response:
    """A table busy or unreadable: said for that table, in the event's language; the rest of the event goes on."""
    said = in_language(exc, site(request).language()) or words(site(request).language())["error"]
    answer = message(request, 503, said, back="/")
    answer.headers["retry-after"] = "2"
    return answer


async def _http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    w = words(site(request).language())
    if isinstance(exc, HTTPException) and exc.detail == UNKNOWN_LANGUAGE:
        return message(request, 400, w["unknown_language"])
    return message(request, status, w["not_found"] if status == 404 else w["forbidden"] if status < 500 else w["error"])


async def _forbidden(request: Request, exc: Exception) -> Response:
    return message(request, 403, words(site(request).language())["expired"], back=_back(request))


async def _server_error(request: Request, exc: Exception) -> Response:
    # nothing of the exception reaches the page: no trace, no path, no file content
    return message(request, 500, words(site(request).language())["error"], back=_back(request))


#: worker threads for the ledger work: each keeps its ledgers open (opening checks the whole file), and a
#: few threads on a 2-core laptop serve more than many that wait on each other
WORKERS = 8


@asynccontextmanager
async def _lifespan(app: Any) -> AsyncIterator[None]:
    anyio.to_thread.current_default_thread_limiter().total_tokens = WORKERS
    async with driving(app.state.tables.hosts):  # the tables the game master opened for play on phones
        yield


def _back(request: Request) -> str:
    path = request.url.path
    parts = path.split("/")
    return "/".join(parts[:3]) if path.startswith("/t/") else "/gm" if path.startswith("/gm") else "/"


def create_app(folder: str | Path, *, base_url: str = "http://127.0.0.1:8000",
               reads: tuple[float, float] = READS, writes: tuple[float, float] = WRITES) -> Any:
    """The app serving the event in ``folder`` (which must hold one: ``tonk event create``)."""
    folder = Path(folder).resolve()
    Event.open(folder)  # refused now, in one line, if the folder holds no event
    where = Site(folder, Views(folder), Keys.load_or_create(folder), RateLimit(*reads), RateLimit(*writes),
                 base_url.rstrip("/"))
    app = Starlette(routes=[*routes_read.ROUTES, *routes_record.ROUTES, *routes_gm.ROUTES, *design_form.ROUTES,
                            *design_play.ROUTES, *routes_money.ROUTES,
                            *play_event.ROUTES, *play_routes.ROUTES],
                    lifespan=_lifespan,
                    exception_handlers={TableUnavailable: _table_unavailable, NoSuchTable: _no_table,
                                        TonkError: _refused, PermissionError: _forbidden,
                                        HTTPException: _http_error, Exception: _server_error})
    app.state.site = where
    app.state.tables = Tables({}, where.language, "")  # tables open for play (web/play_event.py)

    def refuse(status: int, word: str) -> tuple[bytes, str]:
        lang = where.language()
        body = ENV.get_template("message.html").render(w=words(lang), lang=lang, text=words(lang)[word], back="/",
                                                       title=str(status), is_gm=False)
        return body.encode(), "text/html; charset=utf-8"

    guarded = Guard(app, reads=where.reads, writes=where.writes, refuse=refuse)
    guarded.state = app.state  # type: ignore[attr-defined]  # tests and the server reach the site through it
    return guarded
