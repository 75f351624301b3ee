"""The house-rule form of ``tonk serve``: every rule a field, ``tonk check``'s messages beside their fields,
the rules sheet and the diff with the parent, and a download that ``tonk check`` accepts."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from webkit import Phone, app_for, make_event

from tests.test_cli import tonk
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.provenance import value_paths

FIELD = re.compile(r'<(?:input type="text"|select) name="([\w.]+)"')


@pytest.fixture
def phone(tmp_path: Path) -> Phone:
    return Phone(app_for(make_event(tmp_path / "night").folder))


def form_of(page: str) -> dict[str, str]:
    """What the browser sends for the page's form as shown: each field's current value."""
    values: dict[str, str] = {}
    for m in re.finditer(r'<input type="text" name="([\w.]+)" value="([^"]*)"', page):
        values[m.group(1)] = html.unescape(m.group(2))
    for m in re.finditer(r'<select name="([\w.]+)">(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', m.group(2))
        assert chosen, m.group(1)
        values[m.group(1)] = html.unescape(chosen.group(1))
    return values


def test_every_rule_is_a_field_with_its_choices_the_parents_value_and_its_source(phone: Phone) -> None:
    page = phone.get("/rules/russian")
    assert page.status_code == 200
    names = FIELD.findall(page.text)
    assert [n for n in names if n != "title"] == list(value_paths())  # all 40 dimensions, in the model's order
    assert '<option value="&#34;next&#34;"' in page.text or "next" in page.text
    assert "Тонк – это оказавшаяся сразу" in page.text  # the source's quotation beside its value
    assert phone.get("/rules").status_code == 200 and all(n in phone.get("/rules").text for n in builtin_names())
    assert phone.get("/rules/../etc").status_code == 404 and phone.get("/rules/nope").status_code == 404


@pytest.mark.parametrize("parent", builtin_names())
def test_the_form_as_shown_downloads_a_file_that_tonk_check_accepts(phone: Phone, parent: str,
                                                                     tmp_path: Path) -> None:
    values = form_of(phone.get(f"/rules/{parent}").text)
    got = phone.post(f"/rules/{parent}", {**values, "action": "download"})
    assert got.status_code == 200 and "attachment" in got.headers["content-disposition"]
    path = tmp_path / "house.yaml"
    path.write_bytes(got.content)
    assert tonk("check", str(path)).returncode == 0
    assert load_variant(path).digest == load_variant(parent).digest  # unchanged: the parent's rules


def test_a_change_shows_the_sheet_and_the_diff_and_round_trips(phone: Phone, tmp_path: Path) -> None:
    values = {**form_of(phone.get("/rules/russian").text), "deal_check.at_most": "13",
              "hitting.books": '"anyone"'}
    checked = phone.post("/rules/russian", {**values, "action": "check"})
    assert checked.status_code == 200 and "tonk check</code> accepts it" in checked.text
    assert "<code>deal_check.at_most</code></td><td>15</td><td>13</td>" in checked.text
    assert "The rules sheet" in checked.text
    got = phone.post("/rules/russian", {**values, "action": "download"})
    path = tmp_path / "ours.yaml"
    path.write_bytes(got.content)
    loaded = load_variant(path)
    assert loaded.variant.deal_check.at_most == 13 and loaded.variant.hitting.books.value == "anyone"
    assert tonk("diff", str(path), "russian").stdout.count("set by this file") == 2


def test_a_bad_value_gets_tonk_checks_message_beside_its_field_and_no_download(phone: Phone) -> None:
    values: dict[str, Any] = {**form_of(phone.get("/rules/russian").text), "deal_check.at_most": "99"}
    checked = phone.post("/rules/russian", {**values, "action": "download"})
    assert checked.status_code == 400 and "attachment" not in checked.headers.get("content-disposition", "")
    assert "deal_check.at_most (99) is outside" in html.unescape(checked.text)
    injected = phone.post("/rules/russian", {**values, "deal_check.at_most": "13\nknocking: {}", "action": "check"})
    assert injected.status_code == 400 and "on one line" in injected.text
    assert phone.post("/rules/russian", values, csrf=False).status_code == 403


def test_what_it_changes_in_play_is_played_on_the_server_with_its_progress_then_its_findings(
        phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from tonk_rules.web import design_play
    monkeypatch.setattr(design_play, "PLAY_HANDS", 4000)  # the same check, sized for a test
    values = {**form_of(phone.get("/rules/russian").text), "deal_check.at_most": "11"}
    started = phone.post("/rules/russian", {**values, "action": "play"})
    assert started.status_code == 200
    key = re.search(r'data-src="/rules/play/([\w-]+)"', started.text)
    assert key, started.text
    assert "<progress" in started.text or "What it changes in play" in started.text
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        live = phone.get(f"/rules/play/{key.group(1)}")
        if "What it changes in play" in live.text or "could not play" in live.text:
            break
        time.sleep(0.5)
    said = html.unescape(live.text)
    assert "What it changes in play" in said, said
    assert "ends: deal_tonk: " in said and "in russian" in said and "with yours" in said  # fewer deal tonks
    assert "4,000 hands each" in said and "paired per deal" in said
    assert phone.get("/rules/play/unknown").status_code == 200  # an old page's fragment says it is gone


def test_a_russian_events_designer_speaks_russian_and_a_phone_may_choose_english(tmp_path: Path) -> None:
    from tonk_rules.words.descriptions_ru import DESCRIPTIONS_RU

    assert set(DESCRIPTIONS_RU) == set(value_paths())  # every field has its Russian description
    phone = Phone(app_for(make_event(tmp_path / "night", "ru").folder))
    index = phone.get("/rules")
    assert index.status_code == 200 and "<h1>Домашние правила</h1>" in index.text and 'lang="ru"' in index.text
    assert "Русские правила (ролевая группа «Чёрный отряд», Новосибирск)" in html.unescape(index.text)
    form = phone.get("/rules/russian")
    said = html.unescape(form.text)
    assert ">Проверить</button>" in said and "Скачать файл домашних правил" in said and "Check" not in said
    assert "Открыться можно только с суммой очков не больше этой" in said  # knocking.max_count's description
    assert "да (true) (как в исходном)" in said  # a flag, in words and as typed
    checked = phone.post("/rules/russian", {**form_of(form.text), "knocking.max_count": "7", "action": "check"})
    assert checked.status_code == 200 and "Файл домашних правил годен" in checked.text
    assert "Отличия от «russian»" in html.unescape(checked.text) and "Открыться можно только с суммой 7" in (
        checked.text)
    refused = phone.post("/rules/russian", {**form_of(form.text), "deal.hand_size": "x", "action": "check"})
    assert refused.status_code == 400 and "пока не годен" in refused.text and "house.yaml:" in refused.text
    assert "tonk-form-" not in refused.text  # the temporary file's folder is not the page's business
    assert "такого встроенного варианта нет" in phone.get("/rules/nope").text
    # a phone may read it in English: asked once, kept for the pages after
    english = phone.get("/rules?lang=en")
    assert "<h1>House rules</h1>" in english.text and "tonk_lang=en" in english.headers["set-cookie"]
    assert ">Check</button>" in phone.get("/rules/russian").text
    assert "<h1>Домашние правила</h1>" in phone.get("/rules?lang=ru").text
    unknown = phone.get("/rules?lang=fr")
    assert unknown.status_code == 400 and "lang=en" in unknown.text and "Traceback" not in unknown.text


def test_the_play_check_says_its_findings_in_the_pages_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_rules.ruleset.compile import load_ruleset
    from tonk_rules.web import design_play

    monkeypatch.setattr(design_play, "PLAY_HANDS", 300)
    russian, pagat = load_ruleset("russian"), load_ruleset("pagat")
    ru = design_play.play_findings("russian", russian, pagat, 3, None, "ru")
    assert ru[-1].startswith("По 300 сдач, 3 игрока, на каждом месте") and "п.\xa0п." in ru[-1]
    assert any(line.startswith("конец сдачи: Тонк на раздаче: ") and "с вашими правилами" in line for line in ru)
    assert not any(re.search(r"\d\.\d", line) for line in ru)  # decimal commas
    en = design_play.play_findings("russian", russian, pagat, 3, None, "en")
    assert en[-1].startswith("300 hands each, 3 players")
    same = design_play.play_findings("russian", russian, russian, 3, None, "ru")
    assert same == ["Ваши правила играются точно как «russian» на каждой из этих 300 раздач: с игроками по "
                    "умолчанию изменение ни разу не применилось."]
