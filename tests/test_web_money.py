"""The evening's money in the browser, as a Russian game master and a table's phone see it: a hand past the
debt limit refused beside the field of the player it stops (who, by how much), an IOU only the game master
allows, a player who is out shown so, purses, the bank and open IOUs on the event page, and the console's
economy, money, buy-ins and settlements — each undone from the console, every word in the event's language."""

from __future__ import annotations

import html
import re
from pathlib import Path

from test_web_refusals import latin_words
from webkit import Phone, app_for

from tonk_rules.event.evening_money import evening, issue_purse
from tonk_rules.event.event_folder import Event

ECONOMY = ("format: tonk-economy/1\npurse: 30\npurses: {Гоблин: 0}\nbank: {cut_percent: 10}\ndebt_limit: 0\n"
           "at_limit: iou\nbuy_in: 30\n")
HAND = {"how": "knock", "player": "Костоправ", "count_0": "3", "count_1": "19", "count_2": "4"}
NAMES = ("Костоправ", "Гоблин", "Элмо", "Стол")


def _notice(text: str) -> str:
    found = re.search(r'<p class="notice" role="status">([^<]*)</p>', text)
    assert found, text[-800:]
    return html.unescape(found.group(1))


def _money_block(text: str) -> str:
    start = text.index('<h2 id="money">')
    end = text.index("</ul>", start) if "</ul>" in text[start:] else len(text)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text[start:end])).split())


def _event(tmp_path: Path) -> tuple[Event, Phone, Phone]:
    event = Event.create(tmp_path / "vecher", title="Вечер", language="ru", currency="крона")
    event.add_table("t1", variant_ref="russian", seats=["Костоправ", "Гоблин", "Элмо"], stakes=[1, 1, 1],
                    title="Стол 1")
    app = app_for(event.folder)
    gm = Phone(app).as_gm()
    assert _notice(gm.post("/gm/economy", {"economy": ECONOMY}).text) == "Экономика задана."
    return event, Phone(app).at_table("t1"), gm


def test_a_hand_past_the_debt_limit_is_refused_beside_the_players_field(tmp_path: Path) -> None:
    event, phone, gm = _event(tmp_path)
    form = {**phone.hand_form("t1"), **HAND}
    assert 'name="allow_iou"' not in phone.get("/t/t1").text  # a phone cannot allow an IOU
    for path in ("/t/t1/check", "/t/t1/record"):
        refused = phone.post(path, {**form, "allow_iou": "1"})  # nor send the box itself
        assert refused.status_code == 422
        seat = re.search(r"<legend>Гоблин</legend>.*?</fieldset>", refused.text, re.S)
        assert seat and "Гоблин: раздача выводит за предел долга, не хватает 1; мастер может разрешить долговую " \
                        "расписку" in html.unescape(seat.group(0))
    assert event.state("t1").hands == 0
    assert 'name="allow_iou"' in gm.get("/t/t1").text  # the game master's own page has the box
    allowed = gm.post("/t/t1/record", {**gm.hand_form("t1"), **HAND, "allow_iou": "1"})
    assert allowed.status_code == 303
    money = evening(event)
    assert money.ious == {("Гоблин", "Костоправ"): 1} and money.purses["Гоблин"] == 0


def test_the_event_page_shows_purses_the_bank_ious_and_who_is_out(tmp_path: Path) -> None:
    event, phone, gm = _event(tmp_path)
    gm.post("/t/t1/record", {**gm.hand_form("t1"), **HAND, "allow_iou": "1"})
    block = _money_block(phone.get("/").text)
    assert "Деньги вечера" in block and "Кошелёк" in block and "выбыл" in block and "Гоблин → Костоправ: 1" in block
    assert "доля заведения: 10 % каждой выплаты" in block and "Банк: 0" in block
    assert latin_words(block, NAMES) == [], block
    live = phone.get("/live/event").text
    assert "Открытые расписки" in live
    table = phone.get("/t/t1").text
    assert re.search(r'<tr class="out"><td>Гоблин <strong>\(выбыл\)</strong></td>', table), table[-1500:]
    assert "<th>Кошелёк</th>" in table
    standings = phone.get("/standings.json").json()["money"]
    assert standings["out"] == ["Гоблин"] and standings["ious"] == [{"debtor": "Гоблин", "creditor": "Костоправ",
                                                                    "amount": 1}]


def test_the_console_hands_out_sells_buy_ins_settles_and_undoes(tmp_path: Path) -> None:
    event, phone, gm = _event(tmp_path)
    gm.post("/t/t1/record", {**gm.hand_form("t1"), **HAND, "allow_iou": "1"})
    console = gm.get("/gm").text
    section = html.unescape(re.sub(r"<[^>]+>", " ", console[console.index('id="money">') + len('id="money">'):]))
    assert "Выдать деньги" in section and "Докупка (30)" in section and "Погасить расписку" in section
    assert latin_words(section, NAMES) == [], section  # the economy's file is a placeholder, never page text
    assert _notice(gm.post("/gm/money", {"action": "issue", "name": "Гоблин", "amount": "5"}).text) == \
        "выданы деньги: Гоблин, 5"
    assert _notice(gm.post("/gm/money", {"action": "settle", "iou": "0", "amount": "1"}).text) == \
        "долг возвращён: Гоблин → Костоправ, 1"
    assert evening(event).ious == {} and evening(event).purses["Гоблин"] == 4
    assert _notice(gm.post("/gm/money", {"action": "buy_in", "name": "Гоблин"}).text) == "докупка: Гоблин, 30"
    asked = gm.post("/gm/t/t1/undo", {})
    assert "Отменить: докупка: Гоблин, 30?" in html.unescape(asked.text)
    event_id = re.search(r'name="event" value="(\d+)"', asked.text)
    assert event_id
    done = gm.post("/gm/t/t1/undo", {"event": event_id.group(1)})
    assert _notice(done.text) == "Отменено: докупка: Гоблин, 30."
    assert evening(event).purses["Гоблин"] == 4 and evening(event).buy_ins == {}
    refused = gm.post("/gm/money", {"action": "issue", "name": "Гоблин", "amount": "abc"})
    assert refused.status_code == 422 and _notice(refused.text) == "Отказ: сумма — целое число от 1 до 1 000 000"
    bad = gm.post("/gm/economy", {"economy": "format: tonk-economy/1\npurse: 30\ndebt_limit: lots\n"})
    # located by its line and key, in the event's language (the old notice was the English checker's line)
    assert bad.status_code == 422 and "строка 3: значение debt_limit не подходит" in _notice(bad.text)
    phone.get("/t/t1")
    refused = phone.post("/t/t1/undo", {})  # the phone never takes back the game master's money
    assert refused.status_code == 409, refused.text[-500:]
    assert "сделал мастер (долг возвращён: Гоблин → Костоправ, 1)" in _notice(refused.text)


def test_an_english_event_says_its_money_in_english(tmp_path: Path) -> None:
    event = Event.create(tmp_path / "night", title="Night", language="en", currency="crowns")
    event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    app = app_for(event.folder)
    gm = Phone(app).as_gm()
    assert _notice(gm.post("/gm/economy", {"economy": ECONOMY.replace("Гоблин", "Bob")}).text) == "The economy is set."
    phone = Phone(app).at_table("t1")
    refused = phone.post("/t/t1/check", {**phone.hand_form("t1"), "how": "knock", "player": "Ann", "count_0": "3",
                                         "count_1": "19", "count_2": "4"})
    assert "Bob: this hand takes them 1 past the debt limit; the game master may allow an IOU" in \
        html.unescape(refused.text)
    block = _money_block(phone.get("/").text)
    assert "The evening's money" in block and "Purse" in block and "out" in block and "No open IOUs." in block
    assert "house cut: 10% of every payment · debt limit: 0 · at the limit the game master may allow an IOU" in block
    assert "Bank: 0 · Handed out: 60 · 0 buy-ins" in block


def test_a_player_moved_away_shows_the_purse_they_have_now_on_the_first_tables_page(tmp_path: Path) -> None:
    event, phone, gm = _event(tmp_path)
    event.add_table("t2", variant_ref="russian", seats=["Ворон", "Шёпот"], stakes=[1, 1], title="Стол 2")
    gm.post("/t/t1/record", {**gm.hand_form("t1"), **HAND, "allow_iou": "1"})
    event.move("Элмо", "t1", "t2")
    before = phone.get("/t/t1")
    purse = evening(event).purses["Элмо"]
    assert re.search(rf"<td>Элмо .*?</td><td class=\"num\">[^<]*</td><td class=\"num\">{purse}</td>", before.text)
    seen = phone.get("/live/t/t1").headers["X-Version"]
    assert phone.get("/live/t/t1", params={"v": seen}).status_code == 204
    issue_purse(event, "Элмо", 7)  # at t2, where Элмо sits now: t1's ledger does not change
    after = phone.get("/t/t1")
    assert re.search(rf"<td>Элмо .*?</td><td class=\"num\">[^<]*</td><td class=\"num\">{purse + 7}</td>", after.text)
    assert phone.get("/live/t/t1", params={"v": seen}).status_code == 200  # the live update brings it too
