"""A variant's title and description in Russian (``title_ru``, ``description_ru``): every built-in has them, a
house file may give its own and never inherits its parent's, they are names (not rules: the digest stays), and a
Russian event's pages, sheets and ``tonk event`` lines name the rules by them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tablekit import run
from webkit import Phone, app_for

from tonk_rules.errors import VariantError
from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.variant.loader import builtin_names, load_variant

LATIN = re.compile(r"[A-Za-z]")
RUSSIAN = "Русские правила (ролевая группа «Чёрный отряд», Новосибирск)"


@pytest.mark.parametrize("name", builtin_names())
def test_every_builtin_has_a_russian_title_and_description_with_no_latin_letter(name: str) -> None:
    variant = load_variant(name).variant
    assert variant.title_ru and variant.description_ru
    assert not LATIN.search(variant.title_ru + variant.description_ru), (variant.title_ru, variant.description_ru)
    assert variant.title_in("ru") == variant.title_ru and variant.title_in("en") == variant.title


def _house(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_file_with_its_own_title_never_shows_its_parents_russian_title(tmp_path: Path) -> None:
    own = load_variant(_house(tmp_path, "h.yaml", "extends: russian\ntitle: Our house\n")).variant
    assert own.title_in("ru") == "Our house" and own.title_ru is None
    # its description is made for it, naming the file (the parent's would describe the parent)
    assert own.description_in("ru").startswith("Домашние правила из файла h.yaml на основе правил")
    given = load_variant(_house(tmp_path, "g.yaml", "extends: russian\ntitle: Our house\ntitle_ru: Наш дом\n"))
    assert given.variant.title_in("ru") == "Наш дом" and given.variant.title_in("en") == "Our house"


def test_a_house_file_without_a_title_is_named_after_itself_in_russian_too(tmp_path: Path) -> None:
    variant = load_variant(_house(tmp_path, "barracks.yaml", "extends: russian\nknocking: {max_count: 9}\n")).variant
    assert variant.title_in("ru") == f"barracks, на основе правил «{RUSSIAN}»"
    assert variant.title_in("en").startswith("barracks, based on Russian rules")
    child = load_variant(_house(tmp_path, "child.yaml", "extends: russian-2001\n")).variant
    assert "перевод 2001 года" in child.title_in("ru")


def test_the_russian_words_are_names_not_rules(tmp_path: Path) -> None:
    plain = load_variant(_house(tmp_path, "a.yaml", "extends: russian\ntitle: A\n"))
    named = load_variant(_house(tmp_path, "b.yaml", "extends: russian\ntitle: A\ntitle_ru: Б\ndescription_ru: В\n"))
    assert plain.digest == named.digest == load_variant("russian").digest


@pytest.mark.parametrize(("text", "said"), [
    ("extends: russian\ntitle_ru: ''\n", "must not be empty (at title_ru)"),
    ("extends: russian\ntitle_rus: Наш\n", "did you mean 'title_ru'?"),
])
def test_a_bad_russian_title_is_refused_at_its_line(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(VariantError) as caught:
        load_variant(_house(tmp_path, "bad.yaml", text))
    assert said in str(caught.value) and "bad.yaml:2:" in str(caught.value)


def test_rules_stored_before_russian_titles_read_with_the_builtins_russian_title() -> None:
    stored = StoredRules.of(load_variant("russian"), "russian")
    data = stored.data()
    old = {k: v for k, v in data.items() if k not in ("title_ru", "description_ru")}
    again = StoredRules.from_json(json.dumps(old), "russian", stored.digest)
    assert again.title_in("ru") == RUSSIAN and again.digest == stored.digest
    # a copy retitled by hand is not the built-in's: it keeps its own (English) title
    renamed = StoredRules.from_json(json.dumps({**old, "title": "Ours"}), "russian", stored.digest)
    assert renamed.title_in("ru") == "Ours"


def test_a_house_table_stores_no_empty_russian_title(tmp_path: Path) -> None:
    loaded = load_variant(_house(tmp_path, "h.yaml", "extends: russian\ntitle: Our house\n"))
    assert "title_ru" not in StoredRules.of(loaded, "h.yaml").data()


def test_a_russian_events_pages_sheets_and_lines_name_the_rules_in_russian(tmp_path: Path) -> None:
    event = Event.create(tmp_path / "night", title="Вечер", language="ru", currency="крона")
    event.add_table("t1", variant_ref="russian", seats=["Гоблин", "Элмо"], stakes=[1, 1])
    event.add_table("t2", variant_ref="pagat", seats=["Ворон", "Молчун"], stakes=[1, 1])
    gm = Phone(app_for(event.folder)).as_gm()
    pagat = load_variant("pagat").variant.title_ru
    for url, shown in [("/", RUSSIAN), ("/", pagat), ("/t/t1", RUSSIAN), ("/gm", RUSSIAN), ("/t/t2/sheet", pagat),
                       ("/t/t1/sheet", f"Тонк — правила: {RUSSIAN}")]:
        text = gm.get(url).text.replace("&#34;", '"').replace("&#39;", "'")
        assert shown in text, url
        assert "Russian rules" not in text and "Pagat /" not in text, url
    preview = gm.post("/gm/t/t2/rules", {"variant": "pagat-no-upcard"}).text
    assert "Правила Пагата без открытой карты" in preview and "no upcard" not in preview
    tables = run("event", "tables", str(event.folder))
    assert f"правила: {RUSSIAN}" in tables.stdout and f"правила: {pagat}" in tables.stdout


def test_an_english_events_pages_keep_the_english_titles(tmp_path: Path) -> None:
    event = Event.create(tmp_path / "night", title="Night", language="en", currency="chips")
    event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob"], stakes=[1, 1])
    gm = Phone(app_for(event.folder)).as_gm()
    for url in ("/", "/t/t1", "/gm", "/t/t1/sheet"):
        text = gm.get(url).text.replace("&#34;", '"')
        assert 'Russian rules (JNM "Black Company" LARP, Novosibirsk)' in text and RUSSIAN not in text, url


def test_a_file_from_tonk_new_is_titled_in_russian_on_a_russian_event(tmp_path: Path) -> None:
    # tonk new wrote an English title alone: every house table of a Russian event was named in English
    made = run("new", str(tmp_path / "kazarma.yaml"), "--extends", "russian")
    assert made.returncode == 0, made.stderr
    variant = load_variant(tmp_path / "kazarma.yaml").variant
    assert variant.title_in("ru") == f"kazarma, на основе правил «{RUSSIAN}»"
    assert not LATIN.search(variant.title_in("ru").replace("kazarma", ""))
    assert variant.title_in("en") == 'kazarma, based on Russian rules (JNM "Black Company" LARP, Novosibirsk)'
    titled = run("new", str(tmp_path / "own.yaml"), "--extends", "russian", "--title", "Our house")
    assert titled.returncode == 0, titled.stderr  # a title given is the file's own, in every language
    assert load_variant(tmp_path / "own.yaml").variant.title_in("ru") == "Our house"
