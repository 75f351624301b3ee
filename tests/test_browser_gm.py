"""The game master's evening in a real browser at 360 px, in Russian (Debian's chromium, driven by Playwright):
a hand recorded on a phone is undone from that phone after a confirmation that names it; from the console a
player is moved to a table named by its title, and a table's rules are changed after a preview of what
changes. Screenshots are kept under test-output/browser/ (``gm-ru-360-*``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium_browser, fits_the_width, shot  # noqa: F401 (a fixture: browser)
from webkit import free_port, start

from tonk_rules.event.event_folder import Event
from tonk_rules.web.keys import Keys

pytestmark = pytest.mark.browser
WIDTH = 360


def test_a_game_masters_evening_at_360_px_in_russian(browser: Any, tmp_path: Path) -> None:
    event = Event.create(tmp_path / "night", title="Зимний вечер", language="ru", currency="крона")
    event.add_table("t1", variant_ref="russian", seats=["Костоправ", "Гоблин", "Ворон"], stakes=[1, 1, 1],
                    title="Первый стол")
    event.add_table("t2", variant_ref="russian", seats=["Душечка", "Молчун"], stakes=[1, 1], title="Стол у окна")
    port = free_port()
    server = start(event.folder, port)
    try:
        base = f"http://127.0.0.1:{port}"
        keys = Keys.load_or_create(event.folder)
        phone = browser.new_context(viewport={"width": WIDTH, "height": 740}).new_page()
        phone.goto(f"{base}/t/t1?key={keys.table_token('t1')}")
        phone.check("input[name=how][value=out]")
        phone.select_option("select[name=player]", "Ворон")
        phone.fill("input[name=count_0]", "12")
        phone.fill("input[name=count_1]", "20")
        phone.click("form.hand button.primary")
        phone.click("button.primary")  # «Сохранить раздачу»
        phone.wait_for_url(re.compile(r".*/t/t1\?done=1$"))

        phone.click("form.undo button")
        question = phone.inner_text("h1")
        assert question == "Отменить раздачу 1: вышел сбросом, выиграл Ворон?"
        assert phone.inner_text("header .home") == "Зимний вечер"
        assert fits_the_width(phone, WIDTH)
        shot(phone, "gm-ru-360-undo-confirm")
        assert event.state("t1").hands == 1  # asked, not done
        phone.click("form.undo-confirm button.primary")
        assert "Отменено: раздача 1: вышел сбросом, выиграл Ворон." in phone.inner_text(".notice")
        assert event.state("t1").hands == 0
        shot(phone, "gm-ru-360-undone")

        console = browser.new_context(viewport={"width": WIDTH, "height": 740}).new_page()
        console.goto(f"{base}/gm?key={keys.gm}")
        section = console.locator("#table-t1")
        section.locator("form.seat input[name=name]").fill("Гоблин")
        assert section.locator("select[name=target] option").all_inner_texts() == ["Стол у окна"]
        section.locator("form.seat button[value=move]").click()
        assert console.inner_text(".notice") == "Готово."
        assert [n for n, _ in event.state("t2").seated] == ["Душечка", "Молчун", "Гоблин"]

        section = console.locator("#table-t1")
        chosen = section.locator("form.rules select[name=variant] option:checked").inner_text()
        # the select starts at the table's rules, named by their Russian title
        assert chosen == "Русские правила (ролевая группа «Чёрный отряд», Новосибирск) (сейчас)"
        section.locator("form.rules select[name=variant]").select_option("russian-2001")
        section.locator("form.rules button").click()
        assert console.inner_text("h1").startswith("Сменить правила стола «Первый стол» на «")
        assert console.locator("ul.then li").count() > 0 and fits_the_width(console, WIDTH)
        shot(console, "gm-ru-360-rules-preview")
        assert "2001" not in event.state("t1").rules  # previewed, not changed
        console.click("button.primary")  # «Да, сменить правила»
        assert console.inner_text(".notice") == "Готово."
        assert "2001" in event.state("t1").rules
        shot(console, "gm-ru-360-console")
        assert fits_the_width(console, WIDTH)
    finally:
        server.kill()
        server.communicate()
