"""Who may write what, checked on the server: every POST route of ``tonk serve`` tried with every role (no
secret, another table's link, the table's own link, the game master's console). A refused role gets a 4xx and
changes nothing on disk (every row of every ledger, the event file, the files of the folder); an allowed one
does what the route is for. A POST route missing from the table here fails the test."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from webkit import Phone, app_for, knock, make_event

from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.export import export_json
from tonk_rules.web.forms import new_submission

#: the routes that write nothing to the event, and why anyone may post to them
OPEN = {"/rules/{parent}": "the house-rule designer checks a form and writes nothing to the event"}

ROLES = ("nobody", "other_table", "table", "gm")

Form = Callable[[Phone, Event], dict[str, str]]


def _hand(event: Event) -> dict[str, str]:
    """A hand form as the table page gives it (built here: a phone without the link has no form)."""
    return {"submission": new_submission(), "expected": str(event.state("t1").hands + 1), **knock()}


def _last_event(event: Event, table: str) -> str:
    last = event.last_change(table)
    assert last is not None
    return str(last["event"])


def _digests(phone: Phone, event: Event) -> dict[str, str]:
    gm = Phone(phone.app).as_gm()
    preview = gm.post("/gm/t/t1/rules", {"variant": "russian-2001"}).text
    return {k: re.search(rf'name="{k}" value="([0-9a-f]+)"', preview)[1] for k in ("now", "then")}  # type: ignore[index]


def _export(tmp: Path) -> str:
    other = Event.create(tmp / "elsewhere", title="Other", currency="crowns")
    other.add_table("x", variant_ref="russian", seats=["Quin", "Rex"], stakes=[1, 1])
    with other.ledger("x") as led:
        return export_json(led)


ECONOMY = "format: tonk-economy/1\npurse: 30\nbank: {cut_percent: 10}\ndebt_limit: 0\nat_limit: iou\n"


def _with_economy(event: Event, form: dict[str, str]) -> dict[str, str]:
    """``form``, the event given an economy first (the money's forms need one)."""
    from tonk_rules.event.economy import economy_from_text
    from tonk_rules.event.evening_money import set_economy

    set_economy(event, economy_from_text("economy.yaml", ECONOMY))
    return form


#: route -> (the path tried, the form, who may, whether the allowed post changes the event)
WRITES: dict[str, tuple[str, Form, tuple[str, ...], bool]] = {
    "/t/{table}/check": ("/t/t1/check", lambda p, e: _hand(e), ("table", "gm"), False),
    "/t/{table}/edit": ("/t/t1/edit", lambda p, e: _hand(e), ("table", "gm"), False),
    "/t/{table}/record": ("/t/t1/record", lambda p, e: _hand(e), ("table", "gm"), True),
    "/t/{table}/undo": ("/t/t1/undo", lambda p, e: {"event": _last_event(e, "t1")}, ("table", "gm"), True),
    "/gm/tables": ("/gm/tables", lambda p, e: {"name": "t9", "players": "Xan,Yul", "variant": "russian"}, ("gm",),
                   True),
    "/gm/t/{table}/seat": ("/gm/t/t1/seat", lambda p, e: {"name": "Zed", "action": "join"}, ("gm",), True),
    "/gm/t/{table}/rules": ("/gm/t/t1/rules?confirm=1", lambda p, e: {"variant": "russian-2001", **_digests(p, e)},
                            ("gm",), True),
    "/gm/t/{table}/correct": ("/gm/t/t1/correct", lambda p, e: {"number": "1", "reason": "slip", "action": "void"},
                              ("gm",), True),
    "/gm/t/{table}/amend": ("/gm/t/t1/amend", lambda p, e: {"number": "1", "reason": "slip"}, ("gm",), False),
    "/gm/t/{table}/undo": ("/gm/t/t1/undo", lambda p, e: {"event": _last_event(e, "t1")}, ("gm",), True),
    "/gm/import": ("/gm/import", lambda p, e: {"name": "copy", "export": _export(e.folder.parent)}, ("gm",), True),
    # a table opened for play on phones: opened by the game master (in memory: its hands reach the ledger as
    # they are played); a seat's moves are its link's secret's, which no role here holds (tests/test_web_play.py)
    "/gm/play/{table}": ("/gm/play/t1", lambda p, e: {}, ("gm",), False),
    "/p/{table}/s/{token}/move": ("/p/t1/s/no-secret/move", lambda p, e: {"key": "1.0", "move": "knock"}, (), False),
    "/p/{table}/s/{token}/next": ("/p/t1/s/no-secret/next", lambda p, e: {"key": "1.0"}, (), False),
    "/gm/economy": ("/gm/economy", lambda p, e: {"economy": ECONOMY}, ("gm",), True),
    "/gm/money": ("/gm/money", lambda p, e: _with_economy(e, {"action": "issue", "name": "Ann", "amount": "5"}),
                  ("gm",), True),
}
#: the first step of a two-step write (a preview, a confirmation): allowed, it shows and writes nothing
PREVIEWS = [("/gm/t/t1/rules", {"variant": "russian-2001"}, ("gm",)), ("/t/t1/undo", {}, ("table", "gm")),
            ("/gm/t/t1/undo", {}, ("gm",))]


def on_disk(folder: Path) -> list[Any]:
    """Everything the event holds: its files, the event file, every row of every ledger."""
    held: list[Any] = [sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if not p.name.endswith(
        ("-wal", "-shm", ".lock")))]
    held.append((folder / "event.json").read_text(encoding="utf-8"))
    for ledger in sorted(folder.glob("*.sqlite")):
        with sqlite3.connect(f"file:{ledger}?mode=ro", uri=True) as db:
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
                held.append((ledger.name, name, db.execute(f"SELECT * FROM {name}").fetchall()))
    return held


def phone_as(app: Any, role: str) -> Phone:
    phone = Phone(app)
    if role == "gm":
        return phone.as_gm()
    if role == "table":
        phone.at_table("t1")
    elif role == "other_table":
        phone.at_table("t2")
    phone.get("/")  # a session, and its CSRF token: a refusal must not be only the token's
    phone.csrf = phone.keys.csrf_token(phone.client.cookies["tonk_s"])
    return phone


@pytest.fixture
def event(tmp_path: Path) -> Event:
    """The test event with one hand at t1 (so that an undo and a correction have something to take)."""
    made = make_event(tmp_path / "night")
    with made.ledger("t1") as led:
        from tonk_rules.ledger.settled_entry import settle_entry
        from tonk_rules.table.settle import HowItEnded

        entry = settle_entry(led.rules, led.seated(), [], ["Ann=3", "Bob=19", "Cy=4"], [], HowItEnded("knock", "Ann"),
                             led.stored_rules().digest).entry
        assert entry is not None
        led.record(entry)
    return made


def test_every_post_route_is_in_the_table(event: Event) -> None:
    app = app_for(event.folder)
    posts = {route.path for route in app.app.routes if "POST" in (getattr(route, "methods", None) or ())}
    assert posts == set(WRITES) | set(OPEN), "a POST route without its roles here"


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", sorted(WRITES))
def test_every_write_with_every_role(event: Event, route: str, role: str) -> None:
    path, form, allowed, writes = WRITES[route]
    app = app_for(event.folder)
    phone = phone_as(app, role)
    values = form(phone, event)
    before = on_disk(event.folder)
    answer = phone.post(path, values)
    if role in allowed:
        assert answer.status_code < 400, (route, role, answer.text[-400:])
        assert (on_disk(event.folder) != before) == writes, (route, role)
    else:
        assert 400 <= answer.status_code < 500, (route, role, answer.status_code)
        assert on_disk(event.folder) == before, (route, role)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("path", "form", "allowed"), PREVIEWS, ids=[p[0] for p in PREVIEWS])
def test_the_first_step_of_a_two_step_write_writes_nothing(event: Event, path: str, form: dict[str, str],
                                                           allowed: tuple[str, ...], role: str) -> None:
    phone = phone_as(app_for(event.folder), role)
    before = on_disk(event.folder)
    answer = phone.post(path, form)
    assert (answer.status_code == 200) if role in allowed else (400 <= answer.status_code < 500), (path, role)
    assert on_disk(event.folder) == before
