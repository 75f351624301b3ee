"""The notice an open page shows when the server stops answering: its words travel with the page, in the
event's language (live.js only shows them), on every page that refreshes itself."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from webkit import Phone, app_for, make_event

from tonk_rules.web.page_labels import WORDS

GONE = re.compile(r'<p id="gone" class="gone" role="status" aria-live="polite" data-said="([^"]*)"></p>')


@pytest.mark.parametrize(("lang", "start"), [("ru", "Нет связи с сервером…"), ("en", "No connection to the server…")])
def test_the_pages_carry_the_notice_in_the_events_language(tmp_path: Path, lang: str, start: str) -> None:
    event = make_event(tmp_path / "night", language=lang)
    phone = Phone(app_for(event.folder))
    for url in ("/", "/t/t1"):
        page = phone.get(url)
        assert page.status_code == 200
        found = GONE.search(page.text)
        assert found, url
        said = html.unescape(found.group(1))
        assert said == WORDS[lang]["gone"] and said.startswith(start)


def test_the_script_shows_the_pages_words_and_asks_again_within_two_seconds(tmp_path: Path) -> None:
    phone = Phone(app_for(make_event(tmp_path / "night").folder))
    script = phone.get("/static/live.js").text
    assert 'getAttribute("data-said")' in script  # the page's words, none of its own
    assert all(said[:12] not in script for said in (WORDS["en"]["gone"], WORDS["ru"]["gone"]))
    assert "req.timeout = 3000" in script  # no answer in 3 s is an answer
    waits = [int(ms) for ms in re.findall(r"setTimeout\(tick, (\d+)\)", script)]
    assert waits and max(waits) <= 2000
