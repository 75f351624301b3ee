"""Recording at a table: check (who pays whom, or the refusal beside its field), save, undo.

Saving goes through :func:`~tonk_rules.ledger.settled_entry.settle_entry` and :meth:`Ledger.record` as
``tonk event record`` does. Each form carries an idempotency key, kept in the hand's detail in the same
transaction as the hand: the same form sent twice (a double tap, a resend after the Wi-Fi dropped, even
across a restart of the server) records once. It also carries the number its hand would get: if another
phone recorded a hand at this table meanwhile, the form comes back as it was, with the request to check and
send again. A hand is acknowledged only after its transaction is committed to disk.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tonk_rules.errors import CardError, LedgerError, Refusal, SetupError, TableInputError
from tonk_rules.event.evening_money import PastDebtLimit, money_for_hand
from tonk_rules.ledger.corrections import corrections
from tonk_rules.ledger.money import Movement
from tonk_rules.ledger.session_ledger import AlreadyRecorded, HandEntry, Ledger
from tonk_rules.ledger.settled_entry import settle_entry
from tonk_rules.ledger.state_rows import hand_with_key
from tonk_rules.web.forms import FormError, HandForm, new_submission, options_of
from tonk_rules.web.guard import FORM_LIMIT
from tonk_rules.web.page_labels import undo_words, words
from tonk_rules.web.pages import is_gm, may_record, message, page, see_other, site
from tonk_rules.web.refusal_words import said, say
from tonk_rules.web.routes_read import FormValues, table_name, table_page


async def read_form(request: Request, *, largest: int = FORM_LIMIT) -> dict[str, str]:
    """The form's fields, its CSRF token checked (refused: PermissionError, answered 403)."""
    from tonk_rules.web.pages import session_of

    async with request.form(max_files=0, max_fields=120, max_part_size=largest) as form:
        values = {k: v for k, v in form.items() if isinstance(v, str)}
    if not site(request).keys.is_csrf(session_of(request), values.get("csrf")):
        raise PermissionError("csrf")
    values.pop("csrf", None)
    return values


def settle_form(led: Ledger, form: HandForm, lang: str, rules: Any = None,
                seated: list[tuple[str, int]] | None = None,
                digest: str | None = None) -> tuple[HandEntry | None, dict[str, str]]:
    """The form settled for the table as seated (or the given players and rules: a correction), or the
    refusal beside the field it is about, in ``lang`` (the event's language)."""
    seated = seated if seated is not None else led.seated()
    names = [n for n, _ in seated]
    try:
        options = options_of(form, names)
        settled = settle_entry(rules or led.rules, seated, options.hands, options.counts, options.tonks,
                               options.how, digest if rules is not None else led.stored_rules().digest)
    except FormError as exc:
        return None, {exc.field: said(exc, names, lang)[1]}
    except (TableInputError, SetupError, CardError) as exc:
        return None, dict([said(exc, names, lang)])
    if settled.entry is None:
        return None, {"how": say(Refusal("no_deal_tonk"), lang)}
    return settled.entry, {}


async def check(request: Request) -> Response:
    where = site(request)
    table = table_name(request)
    if not may_record(request, table):
        return message(request, 403, words(where.language())["forbidden"], back=f"/t/{table}")
    form = HandForm.of(await read_form(request))

    allow_iou = is_gm(request) and form.get("allow_iou") == "1"

    def run() -> Any:
        event = where.views.event()
        led = where.views.ledger(event, table)
        entry, errors = settle_form(led, form, event.language)
        if entry is not None:  # the economy's debt limit, said beside the field of each player it stops
            _, errors = economy_money(event, table, entry, led.seated(), allow_iou)
            entry = None if errors else entry
        return event, entry, errors, led.currency

    event, entry, errors, currency = await run_in_threadpool(run)
    if entry is None:
        return await table_page(request, values=form.values, errors=FormValues(errors), status=422)
    w = words(event.language)
    return page(request, "confirm.html", entry=entry, values=form.values, currency=currency,
                action=f"/t/{table}/record", back=f"/t/{table}/edit", heading=w["check"], title=w["check"],
                event_title=event.title, lang=event.language)


async def edit(request: Request) -> Response:
    where = site(request)
    table = table_name(request)
    if not may_record(request, table):  # the form is the table's helpers', as check and record are
        return message(request, 403, words(where.language())["forbidden"], back=f"/t/{table}")
    form = HandForm.of(await read_form(request))
    return await table_page(request, values=form.values)


def economy_money(event: Any, table: str, entry: HandEntry, seated: list[tuple[str, int]],
                  allow_iou: bool) -> tuple[list[Movement], dict[str, str]]:
    """What the event's economy moves with ``entry`` (nothing without one), or, for a hand that would take
    players past the debt limit, each refusal beside the count field of the player it stops, in the event's
    language: who, and by how much; the game master may allow an IOU where the economy lets them."""
    try:
        return money_for_hand(event, table, entry, allow_iou=allow_iou), {}
    except PastDebtLimit as refused:
        names = [n for n, _ in seated]
        code = "over_limit_iou" if refused.may_iou else "over_limit_leave"
        return [], {f"count_{names.index(name)}" if name in names else "how":
                    say(Refusal(code, "count", name, {"name": name, "count": amount}), event.language)
                    for name, amount in refused.over.items()}


def find_submission(led: Ledger, key: str) -> int | None:
    return hand_with_key(led.db, key)


async def record(request: Request) -> Response:
    where = site(request)
    table = table_name(request)
    if not may_record(request, table):
        return message(request, 403, words(where.language())["forbidden"], back=f"/t/{table}")
    form = HandForm.of(await read_form(request))
    if not form.submission or form.expected() is None:
        return message(request, 400, words(where.language())["expired"], back=f"/t/{table}")
    allow_iou = is_gm(request) and form.get("allow_iou") == "1"  # the game master's to allow, never a phone's

    def run() -> tuple[str, Any]:
        event = where.views.event()
        with where.views.turn(event, table):
            led = where.views.ledger(event, table)
            done = find_submission(led, form.submission)
            if done is not None:
                return "already", done
            entry, errors = settle_form(led, form, event.language)
            if entry is None:
                return "refused", errors
            money, errors = economy_money(event, table, entry, led.seated(), allow_iou)
            if errors:
                return "refused", errors
            if led.hand_count() + 1 != form.expected():
                return "retry", None
            entry = replace(entry, detail={**entry.detail, "submission": form.submission})
            try:  # checked again inside the ledger's write transaction: a terminal may write between
                return "recorded", led.record(entry, expected=form.expected(), money=money)
            except AlreadyRecorded as twice:
                return "already", twice.number
            except LedgerError as exc:
                if exc.refusal is not None and exc.refusal.code == "hand_moved_on":
                    return "retry", None
                raise

    outcome, value = await run_in_threadpool(run)
    w = words(where.language())
    if outcome == "refused":
        return await table_page(request, values=form.values, errors=FormValues(value), status=422)
    if outcome == "retry":
        fresh = {**form.values, "expected": ""}
        return await table_page(request, values=_retry_values(fresh), notice=w["retry"], status=409)
    return see_other(f"/t/{table}?done={value}")


def _retry_values(values: dict[str, str]) -> dict[str, str]:
    """The form as sent, to be sent again as the next hand (a new key: it is a new submission)."""
    return {**{k: v for k, v in values.items() if k not in ("submission", "expected")}, "submission": new_submission()}


async def undo(request: Request) -> Response:
    """A table's undo: its last hand only, after a confirmation that names it (the game master's changes are
    taken back from the console). Without ``event`` the confirmation is shown; with it, that very event is
    taken back, or nothing if the table moved on meanwhile."""
    where = site(request)
    table = table_name(request)
    if not may_record(request, table):
        return message(request, 403, words(where.language())["forbidden"], back=f"/t/{table}")
    chosen = (await read_form(request)).get("event", "")

    def run() -> tuple[str, Any]:
        event = where.views.event()
        lang = event.language
        with where.views.turn(event, table):
            led = where.views.ledger(event, table)
            last = led.last_event()
            if last is None:
                return "nothing", None
            if last["kind"] == "correct":  # the game master's correction, an event of its own
                return "not_yours", undo_words(lang, {**last, "kind": "correction"}, "said")
            if last["kind"] != "hand":
                return "not_yours", undo_words(lang, last, "said", event.tables_titled())
            if any(fix["event"] == last["event"] for fix in corrections(led)):  # the game master corrected it
                return "not_yours", undo_words(lang, {**last, "kind": "correction"}, "said")
            if not chosen:
                return "ask", (undo_words(lang, last, "ask"), last["event"], event.title)
            if not chosen.isdigit() or len(chosen) > 12 or int(chosen) != last["event"]:
                return "moved_on", None
            led.undo(event=last["event"], kinds=("hand",))
            return "done", undo_words(lang, last, "said")

    outcome, value = await run_in_threadpool(run)
    w = words(where.language())
    if outcome == "ask":
        question, event_id, event_title = value
        return page(request, "undo_confirm.html", question=question, event_id=event_id, action=f"/t/{table}/undo",
                    back=f"/t/{table}", title=w["undo"].rstrip("…"), event_title=event_title)
    if outcome == "nothing":
        return await table_page(request, notice=w["nothing_to_undo"], status=409)
    if outcome == "not_yours":
        return await table_page(request, notice=w["not_yours"].format(what=value), status=409)
    if outcome == "moved_on":
        return await table_page(request, notice=w["moved_on"], status=409)
    return await table_page(request, notice=f"{w['undone']} {value}.")


ROUTES = [
    Route("/t/{table}/check", check, methods=["POST"]),
    Route("/t/{table}/edit", edit, methods=["POST"]),
    Route("/t/{table}/record", record, methods=["POST"]),
    Route("/t/{table}/undo", undo, methods=["POST"]),
]
