"""The event server in a real browser (Debian's chromium, driven by Playwright): a hand recorded on one
phone-sized page appears on another within 2 s, in English and Russian, at 360×740 and 1280×800.

Screenshots are kept under test-output/browser/. Run with ``python -m pytest -m browser`` (needs
``apt-get install chromium`` and ``pip install '.[browser]'``); .ci/run does both.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium_browser, fits_the_width, shot  # noqa: F401 (a fixture: browser)
from webkit import free_port, make_event, start

from tonk_rules.web.keys import Keys

pytestmark = pytest.mark.browser
SIZES = [(360, 740), (1280, 800)]
SAID = {"en": {"pays": "pays", "recorded": "Recorded as hand 1", "standings": "Standings"},
        "ru": {"pays": "→", "recorded": "Записана раздача 1", "standings": "Итоги"}}





@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=["phone", "laptop"])
def test_a_hand_recorded_on_one_page_appears_on_another(browser: Any, tmp_path: Path, lang: str,
                                                        size: tuple[int, int]) -> None:
    width, height = size
    tag = f"{lang}-{width}x{height}"
    event = make_event(tmp_path / "night", language=lang)
    port = free_port()
    server = start(event.folder, port)
    try:
        base = f"http://127.0.0.1:{port}"
        token = Keys.load_or_create(event.folder).table_token("t1")
        helper = browser.new_context(viewport={"width": width, "height": height}).new_page()
        reader = browser.new_context(viewport={"width": width, "height": height}).new_page()
        reader.goto(f"{base}/t/t1")
        helper.goto(f"{base}/t/t1?key={token}")
        assert fits_the_width(helper, width) and fits_the_width(reader, width)
        heights = helper.eval_on_selector_all("button, input[type=text], select",
                                              "els => els.map(e => e.getBoundingClientRect().height)")
        assert min(heights) >= 44  # touch targets a thumb can hit

        helper.check("input[name=how][value=knock]")
        helper.select_option("select[name=player]", "Ann")
        helper.fill("input[name=count_0]", "99")
        helper.fill("input[name=count_1]", "19")
        helper.fill("input[name=count_2]", "4")
        helper.click("form.hand button.primary")
        refusal = helper.locator(".refusal").first
        assert "60" in refusal.inner_text()  # the Ruleset's refusal, beside Ann's count
        assert helper.input_value("input[name=count_1]") == "19"  # the form is kept
        shot(helper, f"{tag}-refusal")

        helper.fill("input[name=count_0]", "3")
        helper.click("form.hand button.primary")
        assert SAID[lang]["pays"] in helper.locator(".confirm").inner_text()
        shot(helper, f"{tag}-confirm")
        helper.click("button.primary")
        helper.wait_for_url(re.compile(r".*/t/t1\?done=1$"))
        saved = time.monotonic()
        assert SAID[lang]["recorded"] in helper.locator(".notice").inner_text()

        reader.wait_for_selector("li.hand-1", timeout=2000)  # the other phone, untouched, sees it
        assert time.monotonic() - saved <= 2.5
        assert "+2" in reader.locator("#live").inner_text()
        shot(helper, f"{tag}-helper")
        shot(reader, f"{tag}-reader")

        reader.goto(f"{base}/")
        assert SAID[lang]["standings"] in reader.inner_text("main") and fits_the_width(reader, width)
        shot(reader, f"{tag}-event")
    finally:
        server.kill()
        server.communicate()


def test_the_rules_sheet_reflows_on_a_phone_and_prints_on_a4(browser: Any, tmp_path: Path) -> None:
    event = make_event(tmp_path / "night", language="ru")
    port = free_port()
    server = start(event.folder, port)
    try:
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(f"http://127.0.0.1:{port}/t/t1/sheet")
        assert fits_the_width(page, 360)
        assert page.evaluate("getComputedStyle(document.querySelector('.blocks')).columnCount") in ("auto", "1")
        shot(page, "ru-360x740-sheet")
        pdf = page.pdf(format="A4")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert 1 <= pages <= 2
    finally:
        server.kill()
        server.communicate()
