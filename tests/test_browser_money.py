"""The evening's money in a real browser at 360 px, in Russian (Debian's chromium, driven by Playwright): a hand
that would take a player past the debt limit is refused on the phone beside that player's count, saying who and
by how much; the game master allows the IOU from their own page; the event page shows the purses, the bank, the
open IOU and who is out. Screenshots are kept under test-output/browser/ (``money-ru-360-*``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium_browser, fits_the_width, shot  # noqa: F401 (a fixture: browser)
from webkit import free_port, start

from tonk_rules.event.economy import economy_from_text
from tonk_rules.event.evening_money import evening, set_economy
from tonk_rules.event.event_folder import Event
from tonk_rules.web.keys import Keys

pytestmark = pytest.mark.browser
WIDTH = 360
ECONOMY = ("format: tonk-economy/1\npurse: 30\npurses: {Гоблин: 0}\nbank: {cut_percent: 10}\ndebt_limit: 0\n"
           "at_limit: iou\nbuy_in: 30\n")


def _knock(page: Any) -> None:
    page.check("input[name=how][value=knock]")
    page.select_option("select[name=player]", "Костоправ")
    for i, count in enumerate(("3", "19", "4")):
        page.fill(f"input[name=count_{i}]", count)


def test_a_debt_limit_refusal_beside_the_field_on_a_phone(browser: Any, tmp_path: Path) -> None:
    event = Event.create(tmp_path / "night", title="Зимний вечер", language="ru", currency="крона")
    event.add_table("t1", variant_ref="russian", seats=["Костоправ", "Гоблин", "Ворон"], stakes=[1, 1, 1],
                    title="Первый стол")
    set_economy(event, economy_from_text("economy.yaml", ECONOMY))
    port = free_port()
    server = start(event.folder, port)
    try:
        base = f"http://127.0.0.1:{port}"
        keys = Keys.load_or_create(event.folder)
        phone = browser.new_context(viewport={"width": WIDTH, "height": 740}).new_page()
        phone.goto(f"{base}/t/t1?key={keys.table_token('t1')}")
        assert phone.locator("input[name=allow_iou]").count() == 0  # not a phone's to allow
        _knock(phone)
        phone.click("form.hand button.primary")
        seat = phone.locator("fieldset.seat", has=phone.locator("legend", has_text="Гоблин"))
        assert seat.locator(".refusal").inner_text() == ("Гоблин: раздача выводит за предел долга, не хватает 1; "
                                                         "мастер может разрешить долговую расписку")
        assert phone.input_value("input[name=count_1]") == "19"  # the form kept as typed
        assert fits_the_width(phone, WIDTH)
        shot(phone, "money-ru-360-refused")
        assert event.state("t1").hands == 0

        master = browser.new_context(viewport={"width": WIDTH, "height": 740}).new_page()
        master.goto(f"{base}/gm?key={keys.gm}")
        master.goto(f"{base}/t/t1")
        _knock(master)
        master.check("input[name=allow_iou]")
        master.click("form.hand button.primary")
        master.click("button.primary")  # «Сохранить раздачу»
        master.wait_for_url(re.compile(r".*/t/t1\?done=1$"))
        assert evening(event).ious == {("Гоблин", "Костоправ"): 1}

        phone.goto(f"{base}/")
        money = phone.inner_text("#live")
        assert "Гоблин → Костоправ: 1" in money and "выбыл" in money and "Деньги вечера" in money
        assert fits_the_width(phone, WIDTH)
        shot(phone, "money-ru-360-event")
    finally:
        server.kill()
        server.communicate()
