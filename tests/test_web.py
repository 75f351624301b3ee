"""``tonk serve``: every route through Starlette's TestClient, as the phones and the laptop use them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tablekit import run
from webkit import Phone, app_for, knock, make_event

from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.session_ledger import Ledger


@pytest.fixture
def event(tmp_path: Path) -> Event:
    return make_event(tmp_path / "night")


@pytest.fixture
def app(event: Event) -> Any:
    return app_for(event.folder)


def digests(preview: str) -> dict[str, str]:
    """The rules a preview of a change showed, as its confirmation sends them back."""
    return {k: re.search(rf'name="{k}" value="([0-9a-f]+)"', preview)[1] for k in ("now", "then")}  # type: ignore[index]


def hands_at(event: Event, table: str) -> list[dict[str, Any]]:
    with Ledger.open(event.ledger_path(table)) as led:
        return led.hands()


def test_anyone_reads_the_event_tables_standings_and_sheets(app: Any) -> None:
    phone = Phone(app)
    page = phone.get("/")
    assert page.status_code == 200
    assert "Winter night" in page.text and "Standings" in page.text and "Next dealer" in page.text
    table = phone.get("/t/t1")
    assert table.status_code == 200 and "Ann" in table.text and "Read only" in table.text
    assert 'action="/t/t1/check"' not in table.text  # no form without the table's link
    sheet = phone.get("/t/t2/sheet")
    assert sheet.status_code == 200 and "Pagat" in sheet.text and "/static/sheet.css" in sheet.text
    data = phone.get("/standings.json").json()
    assert [t["name"] for t in data["tables"]] == ["t1", "t2"] and data["tables"][0]["next_dealer"] == "Ann"
    for name in ("live.js", "style.css", "sheet.css"):
        assert phone.get(f"/static/{name}").status_code == 200
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"


def test_pages_speak_the_events_language(tmp_path: Path) -> None:
    event = make_event(tmp_path / "ru", language="ru")
    phone = Phone(app_for(event.folder))
    assert "Итоги" in phone.get("/").text
    assert "Сдаёт следующим" in phone.at_table("t1").get("/t/t1").text
    assert "Правила" in phone.get("/t/t1/sheet").text or "правила" in phone.get("/t/t1/sheet").text


def test_a_helper_records_a_hand_after_seeing_who_pays_whom(app: Any, event: Event) -> None:
    phone = Phone(app).at_table("t1")
    form = {**phone.hand_form("t1"), **knock()}
    checked = phone.post("/t/t1/check", form)
    assert checked.status_code == 200
    assert "Bob</strong> pays <strong>Ann" in checked.text and "Save this hand" in checked.text
    assert hands_at(event, "t1") == []  # nothing is saved before the confirmation
    saved = phone.post("/t/t1/record", form)
    assert saved.status_code == 303 and saved.headers["location"] == "/t/t1?done=1"
    assert phone.get("/t/t1?done=1").text.count("Recorded as hand 1") == 1
    assert [h["winners"] for h in hands_at(event, "t1")] == [["Ann"]]
    again = phone.post("/t/t1/record", form)  # a double tap, or a resend after the Wi-Fi dropped
    assert again.status_code == 303 and again.headers["location"] == "/t/t1?done=1"
    assert len(hands_at(event, "t1")) == 1


def test_a_refusal_shows_beside_its_field_and_the_form_is_kept(app: Any, event: Event) -> None:
    phone = Phone(app).at_table("t1")
    form = {**phone.hand_form("t1"), **knock(ann=99)}
    refused = phone.post("/t/t1/check", form)
    assert refused.status_code == 422
    text = refused.text
    at = text.index('class="refusal"')
    assert text.index('name="count_0"') < at < text.index('name="cards_0"')  # beside Ann's count: the reason
    assert "counts more than 60" in text[at:at + 300] and "--count" not in text[at:at + 300]
    assert 'name="count_0" value="99"' in text and form["submission"] in text
    bad = phone.post("/t/t1/check", {**form, "count_1": "many"})
    assert bad.status_code == 422 and "whole number" in bad.text
    assert hands_at(event, "t1") == []


def test_two_phones_at_once_the_second_is_told_to_retry_with_its_form_kept(app: Any, event: Event) -> None:
    first, second = Phone(app).at_table("t1"), Phone(app).at_table("t1")
    form_one = {**first.hand_form("t1"), **knock()}
    form_two = {**second.hand_form("t1"), **knock(who="Cy", cy=2)}
    assert first.post("/t/t1/record", form_one).status_code == 303
    retry = second.post("/t/t1/record", form_two)
    assert retry.status_code == 409 and "Another phone has just recorded" in retry.text
    assert 'name="count_2" value="2"' in retry.text and 'name="expected" value="2"' in retry.text
    resent = {**second.hand_form("t1"), **knock(who="Cy", cy=2)}
    assert second.post("/t/t1/record", resent).headers["location"] == "/t/t1?done=2"
    assert [h["winners"] for h in hands_at(event, "t1")] == [["Ann"], ["Cy"]]


def test_who_may_do_what(app: Any, event: Event) -> None:
    anyone, helper = Phone(app), Phone(app).at_table("t1")
    assert anyone.post("/t/t1/check", knock()).status_code == 403
    blind = {"submission": "k" * 24, "expected": "1", "how": "out", "player": "Dee"}
    assert helper.post("/t/t2/record", blind).status_code == 403
    assert helper.get("/gm").status_code == 403
    assert helper.post("/gm/tables", {"name": "t3", "players": "X,Y", "variant": "russian"}).status_code == 403
    assert helper.post("/gm/t/t1/correct", {"number": "1", "reason": "x", "action": "void"}).status_code == 403
    assert helper.get("/gm/t/t1/export.json").status_code == 403
    wrong = Phone(app)
    assert wrong.get("/gm?key=guess").status_code == 303 and wrong.get("/gm").status_code == 403
    stranger = Phone(app)
    assert stranger.get("/t/t1?key=forged").status_code == 303
    assert "Read only" in stranger.get("/t/t1").text
    assert event.table_names() == ["t1", "t2"] and hands_at(event, "t2") == []


def test_every_form_needs_its_csrf_token(app: Any, event: Event) -> None:
    gm = Phone(app).as_gm()
    assert gm.post("/gm/tables", {"name": "t3", "players": "X,Y", "variant": "russian"}, csrf=False).status_code == 403
    gm.csrf = "forged"
    assert gm.post("/gm/tables", {"name": "t3", "players": "X,Y", "variant": "russian"}).status_code == 403
    other = Phone(app)  # a token of another session is no token of this one
    other.get("/")
    gm.csrf = other.csrf
    assert gm.post("/gm/tables", {"name": "t3", "players": "X,Y", "variant": "russian"}).status_code == 403
    assert Event.open(event.folder).table_names() == ["t1", "t2"]


def test_names_are_escaped_everywhere(app: Any, event: Event) -> None:
    event.join("t2", "<script>alert(1)</script>")
    phone = Phone(app).as_gm()
    for url in ("/", "/t/t2", "/gm", "/live/event", "/live/t/t2"):
        text = phone.get(url).text
        assert "<script>alert" not in text, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, url


def test_size_and_rate_limits(event: Event) -> None:
    phone = Phone(app_for(event.folder)).at_table("t1")
    big = phone.client.post("/t/t1/check", data={"csrf": phone.csrf, "count_0": "1" * 70_000})
    assert big.status_code == 413 and "more than a form may send" in big.text
    slow = Phone(app_for(event.folder, reads=(1.0, 3.0)))
    codes = [slow.get("/").status_code for _ in range(6)]
    assert codes[:3] == [200, 200, 200] and codes[-1] == 429


def test_nothing_outside_the_event_and_no_trace(app: Any, event: Event, monkeypatch: pytest.MonkeyPatch) -> None:
    phone = Phone(app).as_gm()
    for url in ("/t/..%2F..%2Fetc%2Fpasswd", "/t/T1", "/t/nope", "/static/..%2F..%2Fkeys.py", "/static/app.py",
                "/gm/t/nope/export.json", "/gm/t/t1/export.yaml", "/.tonk-serve-keys.json", "/t1.sqlite"):
        response = phone.get(url)
        assert response.status_code == 404, url
        assert phone.keys.gm not in response.text and "sqlite" not in response.text.lower()
    from tonk_rules.web import views

    def broken(*_: Any) -> Any:
        raise RuntimeError(f"boom in {event.folder}/t1.sqlite")

    monkeypatch.setattr(views.Views, "table", broken)
    failed = phone.get("/t/t1")
    assert failed.status_code == 500 and "nothing was changed" in failed.text
    assert "boom" not in failed.text and "Traceback" not in failed.text and str(event.folder) not in failed.text


def test_the_game_master_runs_the_evening(app: Any, event: Event, tmp_path: Path) -> None:
    gm = Phone(app).as_gm()
    console = gm.get("/gm")
    assert console.status_code == 200 and "data:image/svg+xml" in console.text
    assert f"/t/t1?key={gm.keys.table_token('t1')}" in console.text
    made = gm.post("/gm/tables", {"name": "t3", "title": "Третий", "players": "Gus,Hal", "variant": "classic-pc"})
    assert made.status_code == 200 and "Done." in made.text
    house = "extends: russian\ntitle: Our house\nknocking:\n  max_count: 7\n"
    made = gm.post("/gm/tables", {"name": "t4", "players": "Ivy,Jo", "house": house})
    assert "Done." in made.text, made.text[-800:]
    with Ledger.open(event.folder / "t4.sqlite") as led:
        assert led.stored_rules().title == "Our house"
    bad = gm.post("/gm/tables", {"name": "t5", "players": "Kit,Lu",
                                 "house": "extends: russian\nknocking: {max_count: zebra-value}\n"})
    assert bad.status_code == 422 and "Refused" in bad.text and "zebra-value" not in bad.text
    assert gm.post("/gm/t/t1/seat", {"name": "Zed", "action": "join"}).status_code == 200
    assert "Done." in gm.post("/gm/t/t1/seat", {"name": "Zed", "action": "move", "target": "t2"}).text
    preview = gm.post("/gm/t/t1/rules", {"variant": "russian-2001"})
    assert preview.status_code == 200 and "Change the rules of t1 to" in preview.text
    assert "Done." in gm.post("/gm/t/t1/rules?confirm=1", {"variant": "russian-2001", **digests(preview.text)}).text
    assert "Zed" in [n for n, _ in Event.open(event.folder).state("t2").seated]
    helper = Phone(app).at_table("t1")
    helper.post("/t/t1/record", {**helper.hand_form("t1"), **knock()})
    helper.post("/t/t1/record", {**helper.hand_form("t1"), **knock()})
    voided = gm.post("/gm/t/t1/correct", {"number": "1", "reason": "by mistake", "action": "void"})
    assert "Voided hand 1: knock won, won by Ann." in voided.text
    amend = gm.post("/gm/t/t1/amend", {"number": "2", "reason": "Cy went out"})
    assert amend.status_code == 200 and 'name="count_0" value="3"' in amend.text
    assert 'name="reason" maxlength="200" value="Cy went out"' in amend.text
    amended = gm.post("/gm/t/t1/correct", {"number": "2", "reason": "Cy went out", "action": "amend", "how": "out",
                                           "player": "Cy"})
    assert "Amended hand 2: it was knock won, won by Ann; now out by discard, won by Cy." in amended.text
    history = gm.get("/t/t1").text
    assert "by mistake" in history and "Cy went out" in history
    exported = gm.get("/gm/t/t1/export.json")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    assert "hand,kind,ending" in gm.get("/gm/t/t1/export.csv").text
    clash = gm.post("/gm/import", {"name": "copy", "export": exported.text})
    assert clash.status_code == 422 and "already seated at table t1" in clash.text
    with Ledger.open(event.ledger_path("t1")) as led:
        for name in ("Ann", "Bob"):
            led.leave(name) if name != "Ann" else None
    doctored = json.loads(exported.text)
    doctored["balances"]["Ann"] += 5
    refused = gm.post("/gm/import", {"name": "copy", "export": json.dumps(doctored)})
    assert refused.status_code == 422 and "edited or damaged" in refused.text
    assert "copy" not in Event.open(event.folder).table_names()


def test_live_updates_see_hands_from_the_server_and_from_the_cli(app: Any, event: Event) -> None:
    phone = Phone(app)
    page = phone.get("/t/t1").text
    version = page.split('data-v="')[1].split('"')[0]
    assert phone.get(f"/live/t/t1?v={version}").status_code == 204
    recorded = run("event", "record", str(event.folder), "t1", "--out", "Bob")
    assert recorded.returncode == 0, recorded.stderr
    fresh = phone.get(f"/live/t/t1?v={version}")
    assert fresh.status_code == 200 and "#1" in fresh.text and fresh.headers["x-version"] != version
    event_version = phone.get("/").text.split('data-v="')[1].split('"')[0]
    assert phone.get(f"/live/event?v={event_version}").status_code == 204
    helper = Phone(app).at_table("t2")
    helper.post("/t/t2/record", {**helper.hand_form("t2"), "how": "out", "player": "Eve"})
    assert '<td>Eve</td><td class="num">+2</td>' in phone.get(f"/live/event?v={event_version}").text


def test_undo_from_the_table_takes_back_only_what_the_page_showed(app: Any, event: Event) -> None:
    helper = Phone(app).at_table("t1")
    helper.post("/t/t1/record", {**helper.hand_form("t1"), **knock()})
    asked = helper.post("/t/t1/undo", {})
    assert asked.status_code == 200 and "Undo hand 1: knock won, won by Ann?" in asked.text
    assert len(hands_at(event, "t1")) == 1  # nothing is taken back before the confirmation
    shown = re.search(r'name="event" value="(\d+)"', asked.text)
    assert shown
    assert "Undone: hand 1: knock won, won by Ann." in helper.post("/t/t1/undo", {"event": shown[1]}).text
    assert hands_at(event, "t1") == []
    stale = helper.post("/t/t1/undo", {"event": shown[1]})  # confirmed twice: nothing more is taken back
    assert stale.status_code == 409


def test_serve_refuses_a_folder_without_an_event(tmp_path: Path) -> None:
    done = run("serve", str(tmp_path))
    assert done.returncode == 1 and "not an event folder" in done.stderr


def test_change_it_brings_the_form_back_as_typed(app: Any, event: Event) -> None:
    phone = Phone(app).at_table("t1")
    form = {**phone.hand_form("t1"), **knock(bob=21)}
    back = phone.post("/t/t1/edit", form)
    assert back.status_code == 200 and 'name="count_1" value="21"' in back.text
    assert f'value="{form["submission"]}"' in back.text  # the same submission: saving it later records once
    assert hands_at(event, "t1") == []


def test_an_export_imports_as_a_new_table(app: Any, event: Event, tmp_path: Path) -> None:
    from tonk_rules.ledger.export import export_json

    other = Event.create(tmp_path / "elsewhere", title="Other", currency="crowns")
    other.add_table("x", variant_ref="russian", seats=["Quin", "Rex"], stakes=[1, 1])
    assert run("event", "record", str(other.folder), "x", "--out", "Rex").returncode == 0
    with other.ledger("x") as led:
        text = export_json(led)
    gm = Phone(app).as_gm()
    done = gm.post("/gm/import", {"name": "imported", "title": "From elsewhere", "export": text})
    assert done.status_code == 200 and "Done." in done.text
    standings = gm.get("/standings.json").json()
    assert {r["name"]: r["total"] for r in standings["standings"]}["Rex"] == 1
    assert "From elsewhere" in gm.get("/").text
