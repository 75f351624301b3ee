"""An open page when the server goes away (a real browser, Debian's chromium driven by Playwright): within 5 s
it says so in the event's language, in a banner read out by screen readers, and when a server answers again on
the same port the notice goes away and the page shows what changed meanwhile (a hand typed in a terminal).

Run with ``python -m pytest -m browser`` (needs ``apt-get install chromium`` and ``pip install '.[browser]'``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium_browser, shot  # noqa: F401 (a fixture: browser)
from webkit import free_port, make_event, start

from tonk_rules.ledger.settled_entry import settle_entry
from tonk_rules.table.settle import HowItEnded
from tonk_rules.web.page_labels import words

pytestmark = pytest.mark.browser


def test_an_open_page_says_the_server_is_gone_and_recovers(browser: Any, tmp_path: Path) -> None:
    event = make_event(tmp_path / "night", language="ru")
    port = free_port()
    server = start(event.folder, port)
    try:
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        assert page.locator("#gone").is_hidden()  # nothing said while the server answers
        assert "Раздач: 0" in page.inner_text("#live")

        server.kill()
        server.communicate()
        notice = page.wait_for_selector("#gone:not(:empty)", state="visible", timeout=5000)
        assert notice is not None
        said = notice.inner_text()
        assert said == words("ru")["gone"] and said.startswith("Нет связи с сервером")
        assert notice.get_attribute("role") == "status" and notice.get_attribute("aria-live")
        shot(page, "ru-360x740-server-gone")

        with event.ledger("t1") as led:  # a hand typed in a terminal while the server is down
            entry = settle_entry(led.rules, led.seated(), [], ["Ann=3", "Bob=19", "Cy=4"], [],
                                 HowItEnded("knock", "Ann"), led.stored_rules().digest).entry
            assert entry is not None
            led.record(entry)

        server = start(event.folder, port)  # the same folder, the same port
        page.wait_for_selector("#gone", state="hidden", timeout=5000)
        page.wait_for_function("document.getElementById('live').innerText.includes('Раздач: 1')", timeout=5000)
        assert page.inner_text("#gone") == ""
    finally:
        server.kill()
        server.communicate()
