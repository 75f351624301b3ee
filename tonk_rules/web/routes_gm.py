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
from tonk_rules.event.evening_money import money_for_amend
from tonk_rules.event.house_rules import read_house
from tonk_rules.ledger.corrections import amend_hand, rules_at, void_hand
from tonk_rules.ledger.export import export_csv, export_json
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.table.stake_options import parse_stakes
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.web.forms import HandForm, one_line, values_of_hand
from tonk_rules.web.guard import FORM_LIMIT, HOUSE_FILE_LIMIT, HOUSE_FORM_LIMIT, IMPORT_LIMIT
from tonk_rules.web.keys import GM_COOKIE
from tonk_rules.web.money_form import money_form
from tonk_rules.web.page_labels import hand_words, undo_words, words
from tonk_rules.web.pages import is_gm, message, page, see_other, set_cookie, site
from tonk_rules.web.refusal_words import in_language
from tonk_rules.web.routes_read import FormValues, blank_form, table_name
from tonk_rules.web.routes_record import read_form, settle_form
from tonk_rules.web.rules_change import rules_change
from tonk_rules.web.unavailable import TableUnavailable, other_ledger


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
        # each table's rules select starts at the rules it plays (a house file's: none of the built-ins)
        current = {t.name: where.views.ledger(event, t.name).variant_ref for t in view.tables}
        return event, view, links, current

    event, view, links, current = await run_in_threadpool(read)
    money = await run_in_threadpool(money_form, event)
    return page(request, "gm.html", status, view=view, links=links, qrs={t: qr(u) for t, u in links.items()},
                event_url=where.base_url + "/", event_qr=qr(where.base_url + "/"), builtins=builtin_names(),
                current=current, notice=notice, title=words(event.language)["gm"], event_title=event.title,
                lang=event.language, builtin_titles=builtin_titles(event.language), money_form=money)


def builtin_titles(lang: str) -> dict[str, str]:
    """Each built-in's title in ``lang``, as the console's selects name them (the built-in's name is the value)."""
    return {name: load_variant(name).variant.title_in(lang) for name in builtin_names()}


def refusal_said(where: Any, exc: Exception) -> str:
    """A console action's refusal, in the event's language: from its code, or of the table whose ledger cannot
    be read (a move or a join looks at every table), else as it is (the folder's path left out)."""
    lang = where.language()
    return (in_language(exc, lang) or other_ledger(exc, lambda: where.views.event().tables_titled(), lang)
            or where.clean(str(exc)))


def _house_rules(folder: Any, text: str, label: str) -> StoredRules:
    """A house-rule file given as text, read as a file named after its table (so that a preview and the change
    it confirms read the same rules); the event keeps a copy in its folder once the rules are used."""
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


async def _act(request: Request, action: Any, *, largest: int = FORM_LIMIT, table: str | None = None) -> Response:
    """Run a console action on a worker thread; its refusal comes back on the console, as one line. An action
    at ``table`` takes the server's turn at that table (as a phone's hand does), and a table whose ledger
    another program holds locked is said busy within 2 s (503), while the other tables go on."""
    if not is_gm(request):
        return _forbidden(request)
    values = await read_form(request, largest=largest)
    where = site(request)

    def run() -> Any:
        if table is None:
            return action(where, values)
        event = where.views.event()
        event.ledger_path(table)  # an unknown table is refused before its turn is taken
        with where.views.turn(event, table):
            return action(where, values)

    try:
        said = await run_in_threadpool(run)
    except LedgerError as exc:  # worded from its code in the event's language where it has one
        said, status = _refusal(where, exc, table)
        return await console(request, f"{words(where.language())['refused']}: {said}", status)
    return await console(request, said or words(where.language())["done"])


async def act(request: Request, action: Any, *, largest: int = FORM_LIMIT) -> Response:
    """A console action of another module (the money's), run as every console action is."""
    return await _act(request, action, largest=largest)


def _refusal(where: Any, exc: LedgerError, table: str | None) -> tuple[str, int]:
    """A console action's refusal in the event's language, and its status: a busy table is named by its title
    and answered 503 (try again), anything else 422."""
    lang = where.language()
    code = exc.refusal.code if exc.refusal is not None else ""
    if table is not None and code in ("ledger_busy", "table_busy"):
        title = where.views.event().tables_titled().get(table, table)
        busy = TableUnavailable(f"{table}: table busy").coded("table_busy", table=title)
        return in_language(busy, lang) or where.clean(str(exc)), 503
    return refusal_said(where, exc), 422


def _create(where: Any, values: dict[str, str]) -> str:
    event = where.views.event()
    name = values.get("name", "").strip()
    names = [one_line(n) for n in values.get("players", "").split(",") if one_line(n)]
    stake = values.get("stake", "").strip() or "1"
    try:
        stakes = parse_stakes([stake], tuple(names))
    except TonkError as exc:  # TableInputError: said as the ledger's refusals are, its code kept
        raise LedgerError(str(exc)).refused_as(exc.refusal) from None
    event.add_table(name, seats=names, stakes=stakes, rules=_rules_of(where.folder, values, name or "table"),
                    first_dealer=one_line(values.get("first_dealer", "")) or None,
                    title=one_line(values.get("title", "")) or None)
    return ""


def _stake(event: Any, table: str, name: str, text: str) -> int | None:
    """The stake typed for ``name`` sitting down at ``table`` (None: the table's usual stake), refused where the
    table plays a stake per player and none is given: it is not guessed."""
    if not name:
        return None  # the join refuses the name itself
    if text.strip():
        try:
            return parse_stakes([text], (name,))[0]
        except TonkError as exc:
            raise LedgerError(str(exc)).refused_as(exc.refusal) from None
    with event.ledger(table, writable=False) as led:
        if led.rules.per_player_stakes:
            raise LedgerError(f"table {table} plays a stake per player: give {name}'s stake").coded(
                "stake_needed", "stake", None, name=name, table=event.tables_titled().get(table, table))
    return None


def _seat(where: Any, values: dict[str, str], table: str) -> str:
    event = where.views.event()
    name = one_line(values.get("name", ""))
    if values.get("action") == "leave":
        event.leave(table, name)
    elif values.get("action") == "move":
        target = values.get("target", "")
        event.ledger_path(target)  # an unknown table is refused before anything else
        event.move(name, table, target, stake=_stake(event, target, name, values.get("stake", "")))
    else:
        event.join(table, name, stake=_stake(event, table, name, values.get("stake", "")))
    return ""


def _rules(where: Any, values: dict[str, str], table: str) -> str:
    """The change confirmed on its preview: refused unless the table still plays the rules the preview showed
    and the rules chosen are still the ones shown (a house file is read again: the same text, the same rules)."""
    event = where.views.event()
    new = _rules_of(where.folder, values, table)
    if values.get("then") != new.digest:
        raise LedgerError("the table's rules changed since the preview: look again").coded("rules_moved_on")
    # the table's current rules checked again with its ledger open for writing; a house file is kept in the event
    # folder only once the change is made
    event.change_rules(table, new, playing=values.get("now", ""))
    return ""


def _number(values: dict[str, str]) -> int:
    text = values.get("number", "").strip()
    if not text.isdigit() or len(text) > 6:
        raise LedgerError("give the number of the hand to correct").coded("correct_number")
    return int(text)


class AmendRefused(Exception):
    """The amended hand as typed cannot be settled: its form comes back with each refusal beside its field."""

    def __init__(self, hand: dict[str, Any], errors: dict[str, str], values: dict[str, str]) -> None:
        super().__init__("the amended hand is refused")
        self.hand, self.errors, self.values = hand, errors, values


def _correct(where: Any, values: dict[str, str], table: str) -> str:
    event = where.views.event()
    lang = event.language
    w = words(lang)
    number = _number(values)
    reason = one_line(values.get("reason", ""))
    with event.ledger(table) as led:
        if values.get("action") == "void":
            was = led.hands(number)
            void_hand(led, number, reason)  # refused if there is no such hand: ``was`` then holds nothing
            return w["voided_hand"].format(number=number, what=hand_words(lang, was[0]))
        hands = led.hands(number)
        if not hands:
            raise LedgerError(f"there is no hand {number}").coded("no_hand", number=number, hands=led.hand_count())
        hand = hands[0]
        rules = rules_at(led, number)
        entry, errors = settle_form(led, HandForm.of(values), lang, rules.ruleset,
                                    [(n, hand["stakes"][n]) for n in hand["players"]], rules.digest)
        if entry is None:
            raise AmendRefused(hand, errors, {**values, "reason": reason})
        # under an economy, what the hand moved is given back and the amended hand's movements made (the game
        # master corrects: an IOU is theirs to allow, where the economy lets them)
        money = money_for_amend(event, table, number, entry, allow_iou=True)
        amend_hand(led, number, entry, reason, money=money)
        return w["amended_hand"].format(number=number, was=hand_words(lang, hand),
                                        now=hand_words(lang, led.hands(number)[0]))


def _import(where: Any, values: dict[str, str]) -> str:
    where.views.event().import_table(values.get("name", "").strip(), values.get("export", ""),
                                     title=one_line(values.get("title", "")) or None)
    return ""


async def create_table(request: Request) -> Response:
    return await _act(request, _create, largest=HOUSE_FORM_LIMIT)


async def seat(request: Request) -> Response:
    table = table_name(request)
    return await _act(request, lambda where, values: _seat(where, values, table), table=table)


async def rules(request: Request) -> Response:
    """A change of rules: first what it changes (nothing written), then, confirmed, the change."""
    table = table_name(request)
    if not is_gm(request):
        return _forbidden(request)
    if "confirm" in request.query_params:
        return await _act(request, lambda where, values: _rules(where, values, table), largest=HOUSE_FORM_LIMIT,
                          table=table)
    values = await read_form(request, largest=HOUSE_FORM_LIMIT)
    where = site(request)

    def preview() -> Any:
        event = where.views.event()
        titles = event.tables_titled()
        new = _rules_of(where.folder, values, table)
        with event.ledger(table, writable=False) as led:
            now = led.stored_rules()
            led.rules_change(new)  # refused now as the change would be: the same rules, or seats they cannot take
        return event, titles, now, new

    try:
        event, titles, now, new = await run_in_threadpool(preview)
    except LedgerError as exc:
        said = refusal_said(where, exc)
        return await console(request, f"{words(where.language())['refused']}: {said}", 422)
    lang = event.language
    w = words(lang)
    return page(request, "rules_preview.html", table=table, change=rules_change(now, new, lang),
                question=w["rules_preview"].format(table=titles.get(table, table), title=new.title_in(lang)),
                now=now, new=new, variant=values.get("variant", ""), house=values.get("house", ""),
                title=w["rules"], event_title=event.title, lang=lang)


async def undo(request: Request) -> Response:
    """The game master's undo at a table: the last change there, whatever it is (a move is taken back whole),
    after a confirmation that names it."""
    table = table_name(request)
    if not is_gm(request):
        return _forbidden(request)
    values = await read_form(request)
    where = site(request)
    chosen = values.get("event", "")

    def run() -> tuple[str, Any]:
        event = where.views.event()
        titles = event.tables_titled()
        last = event.last_change(table)
        if last is None:
            return "nothing", None
        if not chosen:
            return "ask", (undo_words(event.language, last, "ask", titles), last["event"], event.title)
        if not chosen.isdigit() or int(chosen) != last["event"]:
            return "moved_on", None
        with where.views.turn(event, table):
            event.undo(table, last["event"])
        return "done", undo_words(event.language, last, "said", titles)

    try:
        outcome, text = await run_in_threadpool(run)
    except LedgerError as exc:
        said, status = _refusal(where, exc, table)
        return await console(request, f"{words(where.language())['refused']}: {said}", 409 if status == 422 else status)
    w = words(where.language())
    if outcome == "ask":
        question, event_id, event_title = text
        return page(request, "undo_confirm.html", question=question, event_id=event_id, action=f"/gm/t/{table}/undo",
                    back=f"/gm#table-{table}", title=w["undo_gm"].rstrip("…"), event_title=event_title)
    if outcome == "nothing":
        return await console(request, w["nothing_to_undo"], 409)
    if outcome == "moved_on":
        return await console(request, w["moved_on"], 409)
    return await console(request, f"{w['undone']} {text}.")


async def correct(request: Request) -> Response:
    """A void, or an amend from the amend page (refused: the page again, each refusal beside its field, the
    hand and the reason as typed)."""
    table = table_name(request)
    try:
        return await _act(request, lambda where, values: _correct(where, values, table), table=table)
    except AmendRefused as refused:
        where = site(request)
        event = await run_in_threadpool(where.views.event)
        w = words(event.language)
        hand = refused.hand
        return page(request, "amend.html", 422, table=table, number=hand["number"], names=hand["players"],
                    hand=hand, values=FormValues(refused.values), errors=FormValues(refused.errors),
                    heading=w["amend_heading"].format(number=hand["number"]), title=w["correct"],
                    event_title=event.title, lang=event.language)


async def import_table(request: Request) -> Response:
    return await _act(request, _import, largest=IMPORT_LIMIT)


async def amend_page(request: Request) -> Response:
    """The hand to amend, filled in as it was recorded and shown as it stands, with the reason typed on the
    console kept (a POST from the console: the CSRF token travels in the body, never in an address)."""
    if not is_gm(request):
        return _forbidden(request)
    table = table_name(request)
    where = site(request)
    values = await read_form(request)

    def read() -> Any:
        event = where.views.event()
        number = _number(values)
        with event.ledger(table, writable=False) as led:
            hands = led.hands(number)
            if not hands:
                raise LedgerError(f"there is no hand {number}").coded("no_hand", number=number,
                                                                        hands=led.hand_count())
        return event, hands[0]

    try:
        event, hand = await run_in_threadpool(read)
    except LedgerError as exc:
        said = refusal_said(where, exc)
        return await console(request, f"{words(where.language())['refused']}: {said}", 422)
    w = words(event.language)
    filled = {**blank_form(0), **values_of_hand(hand), "reason": one_line(values.get("reason", ""))}
    return page(request, "amend.html", table=table, number=hand["number"], names=hand["players"], hand=hand,
                values=FormValues(filled), errors=FormValues(),
                heading=w["amend_heading"].format(number=hand["number"]),
                title=w["correct"], event_title=event.title, lang=event.language)


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
    Route("/gm/t/{table}/amend", amend_page, methods=["POST"]),
    Route("/gm/t/{table}/undo", undo, methods=["POST"]),
    Route("/gm/t/{table}/export.{fmt}", export),
    Route("/gm/import", import_table, methods=["POST"]),
]
