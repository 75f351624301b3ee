"""The pages anyone with the event link may read: the event, a table, a rules sheet, the live fragments."""

from __future__ import annotations

from importlib import resources
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from tonk_rules.event.event_folder import NoSuchTable, why_bad_table_name
from tonk_rules.event.event_sheet import stored_sheet
from tonk_rules.web.forms import new_submission
from tonk_rules.web.keys import table_cookie
from tonk_rules.web.money_words import money_words
from tonk_rules.web.page_labels import ending_word, reached, words
from tonk_rules.web.pages import (
    ENV,
    is_gm,
    may_record,
    page,
    said_in,
    see_other,
    set_cookie,
    site,
)

STATIC = {"live.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8",
          "sheet.css": "text/css; charset=utf-8"}


def table_name(request: Request) -> str:
    """The table named in the path, checked as a name before it comes near a file (``..`` never does)."""
    name = str(request.path_params["table"])
    if why_bad_table_name(name):
        raise NoSuchTable(f"the event has no table {name[:40]!r}").coded("no_table", "how", None, table=name)
    return name


async def event_page(request: Request) -> Response:
    where = site(request)

    def read() -> Any:
        event = where.views.event()
        return event, where.views.event_view(event)

    event, view = await run_in_threadpool(read)
    return page(request, "event.html", view=view, title=view.title, event_title=view.title, lang=event.language)


def blank_form(hands: int) -> dict[str, str]:
    return {"submission": new_submission(), "expected": str(hands + 1)}


async def table_page(request: Request, *, values: dict[str, str] | None = None, errors: dict[str, str] | None = None,
                     notice: str = "", status: int = 200) -> Response:
    where = site(request)
    table = table_name(request)
    given = request.query_params.get("key")
    if given is not None:  # the table's link: remember it on this phone, then drop it from the address bar
        response = see_other(f"/t/{table}")
        if where.keys.is_table_token(table, given):
            set_cookie(response, table_cookie(table), given)
        return response

    def read() -> Any:
        event = where.views.event()
        return event, where.views.table(event, table)

    event, view = await run_in_threadpool(read)
    names = [n for n, _ in view.state.seated]
    form = {**blank_form(view.state.hands), **(values or {})}
    if "done" in request.query_params and not notice:
        done = request.query_params["done"]
        notice = f"{words(event.language)['recorded']} {done[:6]}." if done.isdigit() else ""
    economy = event.economy  # the game master may allow an IOU past the debt limit, where the economy lets them
    may_iou = money_words(event.language)["allow_iou"] if economy is not None and economy.at_limit == "iou" and \
        economy.floor() is not None and is_gm(request) else ""
    return page(request, "table.html", status, view=view, table=table, names=names, values=FormValues(form),
                errors=FormValues(errors or {}), notice=notice, can_record=may_record(request, table),
                seated=set(names), title=view.state.title, event_title=event.title, lang=event.language,
                may_iou=may_iou)


class FormValues(dict[str, str]):
    """Form values for a template: a field never sent reads as empty."""

    def __missing__(self, key: str) -> str:
        return ""

    def __getattr__(self, key: str) -> str:
        return self[key]


async def sheet_page(request: Request) -> Response:
    where = site(request)
    table = table_name(request)

    def read() -> Any:
        event = where.views.event()
        led = where.views.ledger(event, table)  # this thread's open ledger: a busy one is said in 2 s
        rules = led.stored_rules()
        return (event.language, stored_sheet(rules, event.language, event.house(rules.digest)),
                rules.description_in(event.language))

    lang, sheet, about = await run_in_threadpool(read)
    return HTMLResponse(ENV.get_template("sheet.html").render(sheet=sheet, lang=lang, table=table, about=about))


async def live_event(request: Request) -> Response:
    where = site(request)

    def read() -> Any:
        event = where.views.event()
        return event, where.views.event_view(event)

    event, view = await run_in_threadpool(read)
    if request.query_params.get("v") == view.version:
        return Response(status_code=204)
    body = ENV.get_template("event_live.html").render(view=view, w=words(event.language), lang=event.language)
    return HTMLResponse(body, headers={"X-Version": view.version})


async def live_table(request: Request) -> Response:
    where = site(request)
    table = table_name(request)

    def read() -> Any:
        event = where.views.event()
        return event, where.views.table(event, table)

    event, view = await run_in_threadpool(read)
    if request.query_params.get("v") == view.version:
        return Response(status_code=204)
    lang = event.language
    body = ENV.get_template("table_live.html").render(view=view, w=words(lang), lang=lang,
                                                      seated={n for n, _ in view.state.seated},
                                                      ending=lambda e: ending_word(lang, e),
                                                      over=lambda leaders, target, match=False: reached(
                                                          lang, leaders, target, match),
                                                      **said_in(lang))
    return HTMLResponse(body, headers={"X-Version": view.version})


async def standings_json(request: Request) -> Response:
    where = site(request)

    def read() -> Any:
        return where.views.event_view(where.views.event())

    view = await run_in_threadpool(read)
    return JSONResponse({"event": view.title, "currency": view.currency, "version": view.version,
                         "tables": [{"name": t.name, "title": t.title, "hands": t.hands, "next_dealer": t.next_dealer,
                                     "seated": [n for n, _ in t.seated], "balances": t.balances,
                                     # a match to N hands won: where it stands, and who won it once it is over
                                     **({"match": {"to": t.target, "hands_won": t.wins, "won_by": list(t.leaders)}}
                                        if t.match else {})} for t in view.tables],
                         "standings": [{"name": r.name, "total": r.total, "by_table": r.by_table, "table": r.table,
                                        **({"matches_won": r.matches_won} if r.matches_won else {})}
                                       for r in view.standings],
                         # tables busy or unreadable now: their players' money is missing from the standings
                         "unavailable": [{"name": name, "said": said} for name, said in view.unavailable],
                         # the evening's money under an economy (null without one)
                         "money": None if view.money is None else {
                             "purses": {name: purse for name, purse, _ in view.money["rows"]},
                             "out": [name for name, _, out in view.money["rows"] if out],
                             "ious": [{"debtor": d, "creditor": c, "amount": a} for d, c, a in view.money["ious"]],
                             "bank": view.money["bank_amount"], "handed_out": view.money["handed_out"]}})


async def static_file(request: Request) -> Response:
    name = str(request.path_params["name"])
    if name not in STATIC:
        return Response(status_code=404)
    body = resources.files("tonk_rules.web").joinpath("static", name).read_bytes()
    return Response(body, media_type=STATIC[name])


ROUTES = [
    Route("/", event_page),
    Route("/t/{table}", table_page),
    Route("/t/{table}/sheet", sheet_page),
    Route("/live/event", live_event),
    Route("/live/t/{table}", live_table),
    Route("/standings.json", standings_json),
    Route("/static/{name}", static_file),
]
