"""The game master's actions at a Russian event as a game master sees them: an undo names what it takes back
and takes back only what is the asker's, a rules change shows what it changes before it is made, a correction
starts from the hand as it was, a move names tables by title and asks for a stake where one is needed, and a
reason or a name is one line wherever it is shown."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_web_refusals import make
from webkit import Phone, app_for

from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.corrections import correction_lines, corrections
from tonk_rules.web.forms import one_line

KNOCK = {"how": "out", "player": "Гоблин", "count_0": "12", "count_1": "0", "count_2": "20"}


def _notice(text: str) -> str:
    found = re.search(r'<p class="notice" role="status">([^<]*)</p>', text)
    assert found, text[-800:]
    return html.unescape(found.group(1))


def _h1(text: str) -> str:
    found = re.search(r"<h1>([^<]*)</h1>", text)
    assert found
    return html.unescape(found.group(1))


def _event_id(text: str) -> str:
    found = re.search(r'name="event" value="(\d+)"', text)
    assert found, text[-800:]
    return found.group(1)


@pytest.fixture
def night(tmp_path: Path) -> tuple[Event, Phone, Phone]:
    """A Russian event with one hand at t1 (Гоблин went out by discard), a phone at t1 and the console."""
    event = make(tmp_path, "ru")
    app = app_for(event.folder)
    phone = Phone(app).at_table("t1")
    assert phone.post("/t/t1/record", {**phone.hand_form("t1"), **KNOCK}).status_code == 303
    return event, phone, Phone(app).as_gm()


def test_the_phone_undoes_its_hand_after_a_confirmation_that_names_it(night: tuple[Event, Phone, Phone]) -> None:
    event, phone, _ = night
    asked = phone.post("/t/t1/undo", {})
    assert _h1(asked.text) == "Отменить раздачу 1: вышел сбросом, выиграл Гоблин?"
    assert event.state("t1").hands == 1
    done = phone.post("/t/t1/undo", {"event": _event_id(asked.text)})
    assert _notice(done.text) == "Отменено: раздача 1: вышел сбросом, выиграл Гоблин."
    assert event.state("t1").hands == 0


def test_the_phone_never_takes_back_the_game_masters_change(night: tuple[Event, Phone, Phone]) -> None:
    event, phone, gm = night
    gm.post("/gm/t/t1/seat", {"name": "Шёпот", "action": "join"})
    before = [(s.seated, s.hands) for s in event.states()]
    for form in ({}, {"event": "999"}):
        refused = phone.post("/t/t1/undo", form)
        assert refused.status_code == 409
        assert _notice(refused.text) == ("Последнее изменение за этим столом сделал мастер (посадка за стол: Шёпот): "
                                         "отменить его можно только в пульте мастера.")
    assert [(s.seated, s.hands) for s in event.states()] == before


def test_the_phone_never_takes_back_a_hand_the_game_master_corrected(night: tuple[Event, Phone, Phone]) -> None:
    event, phone, gm = night
    gm.post("/gm/t/t1/correct", {"number": "1", "action": "void", "reason": "записана по ошибке"})
    refused = phone.post("/t/t1/undo", {})
    assert refused.status_code == 409
    assert _notice(refused.text) == ("Последнее изменение за этим столом сделал мастер (исправление раздачи 1): "
                                     "отменить его можно только в пульте мастера.")
    assert event.state("t1").hands == 1


def test_the_console_takes_back_a_move_whole_naming_the_tables_by_title(night: tuple[Event, Phone, Phone]) -> None:
    event, phone, gm = night
    t2_helper = Phone(phone.app).at_table("t3")
    t2_helper.get("/t/t3")  # its form, and the token its forms carry
    moved = gm.post("/gm/t/t1/seat", {"name": "Элмо", "action": "move", "target": "t3"})
    assert _notice(moved.text) == "Готово."
    assert t2_helper.post("/t/t3/undo", {}).status_code == 409  # the table's phone: not its change
    asked = gm.post("/gm/t/t3/undo", {})
    assert _h1(asked.text) == "Отменить пересадку: Элмо, «t1» → «t3»?"
    done = gm.post("/gm/t/t3/undo", {"event": _event_id(asked.text)})
    assert _notice(done.text) == "Отменено: пересадка: Элмо, «t1» → «t3»."
    assert [n for n, _ in event.state("t1").seated] == ["Костоправ", "Гоблин", "Элмо"]
    assert "Элмо" not in [n for n, _ in event.state("t3").seated]


def test_a_stale_confirmation_takes_back_nothing(night: tuple[Event, Phone, Phone]) -> None:
    event, phone, gm = night
    asked = phone.post("/t/t1/undo", {})
    assert phone.post("/t/t1/record", {**phone.hand_form("t1"), **KNOCK}).status_code == 303  # another hand
    stale = phone.post("/t/t1/undo", {"event": _event_id(asked.text)})
    assert stale.status_code == 409 and "ничего не отменено" in _notice(stale.text)
    assert event.state("t1").hands == 2


def test_a_rules_change_starts_at_the_current_rules_and_shows_what_it_changes(
        night: tuple[Event, Phone, Phone]) -> None:
    event, _, gm = night
    console = gm.get("/gm").text
    t1 = console[console.index('id="table-t1"'):console.index('id="table-t3"')]
    assert re.search(r'<option value="russian" selected>Русские правила \(ролевая группа «Чёрный отряд», '
                     r'Новосибирск\) \(сейчас\)</option>', t1)
    t3 = console[console.index('id="table-t3"'):console.index('id="table-t4"')]
    assert re.search(r'<option value="" selected>Our house \(сейчас\)</option>', t3)
    preview = gm.post("/gm/t/t1/rules", {"variant": "russian-2001"})
    assert preview.status_code == 200 and _h1(preview.text).startswith("Сменить правила стола «t1» на «")
    now = re.findall(r"<li>([^<]*)</li>", preview.text[preview.text.index('class="now"'):
                                                         preview.text.index('class="then"')])
    assert any("туз" in line.lower() for line in now), now  # the ace, which russian-2001 plays high or low
    assert event.state("t1").rules == "Русские правила (ролевая группа «Чёрный отряд», Новосибирск)"
    digests = {k: re.search(rf'name="{k}" value="([0-9a-f]+)"', preview.text)[1]  # type: ignore[index]
               for k in ("now", "then")}
    stale = gm.post("/gm/t/t1/rules?confirm=1", {"variant": "pagat", **digests})  # not the rules previewed
    assert stale.status_code == 422 and "после предпросмотра" in _notice(stale.text)
    done = gm.post("/gm/t/t1/rules?confirm=1", {"variant": "russian-2001", **digests})
    assert _notice(done.text) == "Готово." and "2001" in event.state("t1").rules


def test_a_house_file_is_kept_only_once_its_change_is_confirmed(night: tuple[Event, Phone, Phone]) -> None:
    event, _, gm = night
    house = "extends: russian\ntitle: Ночные правила\nknocking:\n  max_count: 5\n"
    preview = gm.post("/gm/t/t1/rules", {"variant": "", "house": house})
    assert preview.status_code == 200 and "Ночные правила" in _h1(preview.text)
    assert not (event.folder / "houses").exists()
    digests = {k: re.search(rf'name="{k}" value="([0-9a-f]+)"', preview.text)[1]  # type: ignore[index]
               for k in ("now", "then")}
    sent = html.unescape(re.search(r'<textarea name="house" hidden>([^<]*)</textarea>', preview.text)[1])  # type: ignore[index]
    done = gm.post("/gm/t/t1/rules?confirm=1", {"variant": "", "house": sent, **digests})
    assert _notice(done.text) == "Готово." and event.state("t1").rules == "Ночные правила"
    assert len(list((event.folder / "houses").iterdir())) == 1


def test_a_correction_starts_from_the_hand_and_keeps_its_reason(night: tuple[Event, Phone, Phone]) -> None:
    event, _, gm = night
    amend = gm.post("/gm/t/t1/amend", {"number": "1", "reason": "перепутали очки"})
    assert amend.status_code == 200 and _h1(amend.text) == "Исправить раздачу 1"
    was = amend.text[amend.text.index('class="card was"'):amend.text.index("</section>")]
    assert "вышел сбросом, выиграл Гоблин" in was and "Костоправ → Гоблин" in was
    for field, value in (("count_0", "12"), ("count_2", "20"), ("reason", "перепутали очки")):
        assert re.search(rf'name="{field}"[^>]*value="{value}"', amend.text), field
    assert '<option selected>Гоблин</option>' in amend.text and 'value="out" checked' in amend.text
    refused = gm.post("/gm/t/t1/correct", {"number": "1", "action": "amend", "reason": "перепутали очки",
                                           **{**KNOCK, "count_2": "много"}})
    assert refused.status_code == 422 and _h1(refused.text) == "Исправить раздачу 1"  # the page again, as typed
    assert "Элмо: очки — целое число, а не «много»" in html.unescape(refused.text)
    assert re.search(r'name="reason"[^>]*value="перепутали очки"', refused.text)
    assert event.state("t1").balances["Гоблин"] == 2
    fixed = gm.post("/gm/t/t1/correct", {"number": "1", "action": "amend", "reason": "перепутали очки",
                                         **{**KNOCK, "player": "Элмо", "count_2": "0", "count_1": "5"}})
    assert _notice(fixed.text) == ("Исправлена раздача 1: было — вышел сбросом, выиграл Гоблин; стало — вышел "
                                   "сбросом, выиграл Элмо.")
    assert event.state("t1").balances["Элмо"] == 2


def test_a_move_names_the_table_by_title_and_asks_a_stake_where_one_is_needed(tmp_path: Path) -> None:
    event = Event.create(tmp_path / "night", title="Вечер", language="ru", currency="кр")
    event.add_table("t1", variant_ref="russian", seats=["Гоблин", "Элмо", "Ворон"], stakes=[1, 1, 1],
                    title="Первый стол")
    event.add_table("t2", variant_ref="russian-2001", seats=["Душечка", "Молчун"], stakes=[2, 3],
                    title="Стол у окна")
    gm = Phone(app_for(event.folder)).as_gm()
    assert '<option value="t2">Стол у окна</option>' in gm.get("/gm").text
    refused = gm.post("/gm/t/t1/seat", {"name": "Элмо", "action": "move", "target": "t2"})
    assert refused.status_code == 422
    assert _notice(refused.text) == "Отказ: за столом «Стол у окна» у каждого своя ставка: укажите ставку (Элмо)"
    assert "Элмо" in [n for n, _ in event.state("t1").seated]
    moved = gm.post("/gm/t/t1/seat", {"name": "Элмо", "action": "move", "target": "t2", "stake": "5"})
    assert _notice(moved.text) == "Готово."
    assert event.state("t2").seated == [("Душечка", 2), ("Молчун", 3), ("Элмо", 5)]


def test_a_reason_typed_with_a_line_break_is_one_line_in_the_history(night: tuple[Event, Phone, Phone]) -> None:
    event, _, gm = night
    voided = gm.post("/gm/t/t1/correct", {"number": "1", "action": "void",
                                          "reason": "ошибка\n  -- 2026-01-01: hand 9 voided (forged)\r\nещё"})
    assert voided.status_code == 200
    with event.ledger("t1") as led:
        assert corrections(led)[0]["reason"] == "ошибка -- 2026-01-01: hand 9 voided (forged) ещё"
        assert len(correction_lines(led)) == 1 and "\n" not in correction_lines(led)[0]


@settings(max_examples=examples(300), deadline=None)
@given(st.text())
def test_one_line_is_one_line_and_keeps_every_printable_character(text: str) -> None:
    line = one_line(text)
    assert len(line.splitlines()) <= 1 and line == line.strip() and "  " not in line
    assert one_line(line) == line
    assert [c for c in line if not c.isspace()] == [c for c in text if c.isprintable() and not c.isspace()]
