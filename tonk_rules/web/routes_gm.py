"""The game master's console: tables from a built-in or a house file, seats, moves, rules, corrections,
export and import. Every route here needs the game master's secret (its cookie, set by ``/gm?key=…``)."""

from __future__ import annotations

import re
from typing import Any

import segno
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tonk_rules.errors import LedgerError, TonkError
from tonk_rules.event.house_rules import read_house
from tonk_rules.ledger.corrections import amend_hand, rules_at, void_hand
from tonk_rules.ledger.export import export_csv, export_json
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.table.stake_options import parse_stakes
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.web.forms import HandForm
from tonk_rules.web.guard import FORM_LIMIT, HOUSE_FILE_LIMIT, HOUSE_FORM_LIMIT, IMPORT_LIMIT
from tonk_rules.web.keys import GM_COOKIE
from tonk_rules.web.page_labels import words
from tonk_rules.web.pages import is_gm, message, page, see_other, set_cookie, site
from tonk_rules.web.refusal_words import in_language
from tonk_rules.web.routes_read import FormValues, blank_form, table_name
from tonk_rules.web.routes_record import read_form, settle_form


def qr(url: str) -> str:
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))


def _forbidden(request: Request) -> Response:
    return message(request, 403, words(site(request).language())["forbidden"])


async def console(request: Request, notice: str = "", status: int = 200) -> Response:
    where = site(request)
    given = request.query_params.get("key")
    if given is not None:
        response = see_other("/gm")
        if where.keys.is_gm(given):
            set_cookie(response, GM_COOKIE, given)
        return response
    if not is_gm(request):
        return _forbidden(request)

    def read() -> Any:
        event = where.views.event()
        view = where.views.event_view(event)
        links = {t.name: f"{where.base_url}/t/{t.name}?key={where.keys.table_token(t.name)}" for t in view.tables}
        return event, view, links

    event, view, links = await run_in_threadpool(read)
    return page(request, "gm.html", status, view=view, links=links, qrs={t: qr(u) for t, u in links.items()},
                event_url=where.base_url + "/", event_qr=qr(where.base_url + "/"), builtins=builtin_names(),
                notice=notice, title=words(event.language)["gm"], event_title=event.title, lang=event.language)


def _house_rules(folder: Any, text: str, label: str) -> StoredRules:
    """A house-rule file given as text: kept in the event folder (the ledger keeps its rules anyway)."""
    if len(text.encode()) > HOUSE_FILE_LIMIT:
        raise LedgerError(f"the house-rule file is larger than {HOUSE_FILE_LIMIT // 1024} KiB").coded(
            "house_too_big", most=HOUSE_FILE_LIMIT // 1024)
    return read_house(folder, text, label)  # checked in a temporary file; kept in the folder once used


def _rules_of(folder: Any, values: dict[str, str], label: str) -> StoredRules:
    house = values.get("house", "").strip()
    if house:
        return _house_rules(folder, house, label)
    variant = values.get("variant", "")
    if variant not in builtin_names():
        raise LedgerError("choose the built-in rules or give a house-rule file").coded("choose_rules")
    return StoredRules.of(load_variant(variant), variant)


async def _act(request: Request, action: Any, *, largest: int = FORM_LIMIT) -> Response:
    """Run a console action on a worker thread; its refusal comes back on the console, as one line."""
    if not is_gm(request):
        return _forbidden(request)
    values = await read_form(request, largest=largest)
    where = site(request)
    try:
        said = await run_in_threadpool(action, where, values)
    except LedgerError as exc:  # worded from its code in the event's language where it has one
        said = in_language(exc, where.language()) or where.clean(str(exc))
        return await console(request, f"{words(where.language())['refused']}: {said}", 422)
    return await console(request, said or words(where.language())["done"])


def _create(where: Any, values: dict[str, str]) -> str:
    event = where.views.event()
    name = values.get("name", "").strip()
    names = [n.strip() for n in values.get("players", "").split(",") if n.strip()]
    stake = values.get("stake", "").strip() or "1"
    try:
        stakes = parse_stakes([stake], tuple(names))
    except TonkError as exc:  # TableInputError: said as the ledger's refusals are, its code kept
        raise LedgerError(str(exc)).refused_as(exc.refusal) from None
    event.add_table(name, seats=names, stakes=stakes, rules=_rules_of(where.folder, values, name or "table"),
                    first_dealer=values.get("first_dealer", "").strip() or None,
                    title=values.get("title", "").strip() or None)
    return ""


def _seat(where: Any, values: dict[str, str], table: str) -> str:
    event = where.views.event()
    name = values.get("name", "").strip()
    if values.get("action") == "leave":
        event.leave(table, name)
    elif values.get("action") == "move":
        event.move(name, table, values.get("target", ""))
    else:
        event.join(table, name)
    return ""


def _rules(where: Any, values: dict[str, str], table: str) -> str:
    event = where.views.event()
    event.change_rules(table, _rules_of(where.folder, values, table))
    return ""


def _correct(where: Any, values: dict[str, str], table: str) -> str:
    event = where.views.event()
    number_text = values.get("number", "")
    if not number_text.isdigit() or len(number_text) > 6:
        raise LedgerError("give the number of the hand to correct").coded("correct_number")
    number = int(number_text)
    reason = values.get("reason", "")
    with event.ledger(table) as led:
        if values.get("action") == "void":
            return str(void_hand(led, number, reason)["said"])
        hands = led.hands(number)
        if not hands:
            raise LedgerError(f"there is no hand {number}").coded("no_hand", number=number, hands=led.hand_count())
        hand = hands[0]
        rules = rules_at(led, number)
        entry, errors = settle_form(led, HandForm.of(values), event.language, rules.ruleset,
                                    [(n, hand["stakes"][n]) for n in hand["players"]], rules.digest)
        if entry is None:
            raise LedgerError("; ".join(errors.values()))
        return str(amend_hand(led, number, entry, reason)["said"])


def _import(where: Any, values: dict[str, str]) -> str:
    where.views.event().import_table(values.get("name", "").strip(), values.get("export", ""),
                                     title=values.get("title", "").strip() or None)
    return ""


async def create_table(request: Request) -> Response:
    return await _act(request, _create, largest=HOUSE_FORM_LIMIT)


async def seat(request: Request) -> Response:
    table = table_name(request)
    return await _act(request, lambda where, values: _seat(where, values, table))


async def rules(request: Request) -> Response:
    table = table_name(request)
    return await _act(request, lambda where, values: _rules(where, values, table), largest=HOUSE_FORM_LIMIT)


async def correct(request: Request) -> Response:
    table = table_name(request)
    return await _act(request, lambda where, values: _correct(where, values, table))


async def import_table(request: Request) -> Response:
    return await _act(request, _import, largest=IMPORT_LIMIT)


async def amend_page(request: Request) -> Response:
    if not is_gm(request):
        return _forbidden(request)
    table = table_name(request)
    where = site(request)
    number = request.query_params.get("number", "")

    def read() -> Any:
        event = where.views.event()
        with event.ledger(table, writable=False) as led:
            hands = led.hands(int(number)) if number.isdigit() and len(number) < 7 else []
        return event, hands

    event, hands = await run_in_threadpool(read)
    if not hands:
        return message(request, 404, words(event.language)["not_found"], back="/gm")
    return page(request, "amend.html", table=table, number=int(number), names=hands[0]["players"],
                values=FormValues(blank_form(0)), errors=FormValues(), title=words(event.language)["correct"],
                event_title=event.title, lang=event.language)


async def export(request: Request) -> Response:
    if not is_gm(request):
        return _forbidden(request)
    table = table_name(request)
    fmt = str(request.path_params["fmt"])
    if fmt not in ("json", "csv"):
        return message(request, 404, words(site(request).language())["not_found"])
    where = site(request)

    def read() -> str:
        with where.views.event().ledger(table, writable=False) as led:
            return export_json(led) if fmt == "json" else export_csv(led, byte_order_mark=True)

    body = await run_in_threadpool(read)
    safe = re.sub(r"[^a-z0-9_-]", "", table)
    return Response(body, media_type="application/json" if fmt == "json" else "text/csv; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{safe}.{fmt}"'})


ROUTES = [
    Route("/gm", console),
    Route("/gm/tables", create_table, methods=["POST"]),
    Route("/gm/t/{table}/seat", seat, methods=["POST"]),
    Route("/gm/t/{table}/rules", rules, methods=["POST"]),
    Route("/gm/t/{table}/correct", correct, methods=["POST"]),
    Route("/gm/t/{table}/amend", amend_page),
    Route("/gm/t/{table}/export.{fmt}", export),
    Route("/gm/import", import_table, methods=["POST"]),
]
