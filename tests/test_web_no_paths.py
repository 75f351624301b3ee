"""No path a phone can see, and no file outside the event folder (issue 38, items 4 and 8): every page of a served
event with house-file tables (one made from a file of the game master's machine, one pasted on the console)
is fetched, and none shows a folder of the machine; a house table's sheet is ``tonk rules``' sheet (★ on the
house's own rules, «Основано на «russian»»); the console's new-table form refuses a name that is no table's
before writing anything, and a refused creation leaves nothing behind."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from webkit import Phone, app_for

from tonk_rules.errors import LedgerError
from tonk_rules.event.event_folder import Event
from tonk_rules.event.table_names import checked_table_name

HOUSE = "extends: russian\ntitle: Казарма\nknocking: {max_count: 9}\n"


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and p.name != ".event.lock"}


@pytest.fixture
def served(tmp_path: Path) -> tuple[Event, Phone, Path]:
    gm_home = tmp_path / "home" / "gm" / "evenings"
    gm_home.mkdir(parents=True)
    (gm_home / "barracks.yaml").write_text(HOUSE, encoding="utf-8")
    event = Event.create(tmp_path / "night", title="Вечер", language="ru", currency="крона")
    event.add_table("t1", variant_ref="russian", seats=["Костоправ", "Гоблин"], stakes=[1, 1])
    event.add_table("t2", variant_ref=str(gm_home / "barracks.yaml"), seats=["Элмо", "Душечка"], stakes=[1, 1])
    gm = Phone(app_for(event.folder)).as_gm()
    made = gm.post("/gm/tables", {"name": "t3", "players": "Ворон,Шёпот", "house": HOUSE.replace("9", "7")})
    assert made.status_code == 200, made.text
    return event, gm, gm_home


def _paths_in(text: str, event: Event, gm_home: Path) -> list[str]:
    shown = html.unescape(text)
    machine = [str(event.folder.resolve()), str(event.folder), str(gm_home), str(Path.home()), "/tmp/"]
    return [path for path in machine if path in shown]


def test_no_page_of_the_event_shows_a_path_of_the_machine(served: tuple[Event, Phone, Path]) -> None:
    event, gm, gm_home = served
    table = Phone(gm.app).at_table("t2")
    knock = {"how": "knock", "player": "Элмо", "count_0": "3", "count_1": "19"}
    assert table.post("/t/t2/record", {**table.hand_form("t2"), **knock}).status_code == 303
    pages = ["/", "/standings.json", "/live/event", "/gm", "/rules", "/rules/russian"]
    for name in ("t1", "t2", "t3"):
        pages += [f"/t/{name}", f"/t/{name}/sheet", f"/live/t/{name}", f"/gm/t/{name}/export.json",
                  f"/gm/t/{name}/export.csv"]
    for url in pages:
        for phone in (gm, table):
            response = phone.get(url)
            assert response.status_code in (200, 403), (url, response.status_code)
            assert _paths_in(response.text, event, gm_home) == [], (url, response.text[:2000])
    amend = gm.post("/gm/t/t2/amend", {"number": "1", "reason": "проверка"})  # the correction's page (a POST)
    assert amend.status_code == 200 and _paths_in(amend.text, event, gm_home) == []
    # a refused house file, and a rules change to another one, say nothing of the folder either
    broken = gm.post("/gm/tables", {"name": "t4", "players": "Ворон2,Шёпот2", "house": "extends: nowhere.yaml\n"})
    assert broken.status_code == 422 and _paths_in(broken.text, event, gm_home) == [], broken.text
    preview, changed = _change_rules(gm, "t1", {"house": HOUSE.replace("9", "11")})
    assert changed.status_code in (200, 303) and _paths_in(preview.text, event, gm_home) == []
    assert _paths_in(changed.text, event, gm_home) == []
    for url in ("/gm", "/t/t1", "/t/t1/sheet", "/gm/t/t1/export.json"):
        assert _paths_in(gm.get(url).text, event, gm_home) == [], url


def _change_rules(gm: Phone, table: str, values: dict[str, str]) -> tuple[Any, Any]:
    """A rules change as the console makes it: the preview (nothing written), then the change it confirms."""
    preview = gm.post(f"/gm/t/{table}/rules", values)
    assert preview.status_code == 200, preview.text
    digests = {k: re.search(rf'name="{k}" value="([0-9a-f]+)"', preview.text)[1]  # type: ignore[index]
               for k in ("now", "then")}
    return preview, gm.post(f"/gm/t/{table}/rules?confirm=1", {**values, **digests})


def _sheet_intro(gm: Phone, table: str) -> tuple[list[str], list[str]]:
    page = gm.get(f"/t/{table}/sheet").text
    intro = [html.unescape(p) for p in re.findall(r'<p class="intro">([^<]*)</p>', page)]
    marked = [html.unescape(li) for li in re.findall(r'<li class="differs">(.*?)</li>', page)]
    return intro, marked


def test_a_house_tables_sheet_is_the_rules_sheet_with_its_marks(served: tuple[Event, Phone, Path]) -> None:
    _, gm, _ = served
    for table, named, knock in (("t2", "barracks.yaml", "9"), ("t3", "t3-", "7")):
        intro, marked = _sheet_intro(gm, table)
        assert intro[0].startswith(f"Вариант: {named}") and "/" not in intro[0], intro
        assert intro[1].startswith("Основано на «russian»; правила, помеченные ★"), intro
        assert len(marked) == 1 and knock in marked[0], marked  # the one rule the house changed
    intro, marked = _sheet_intro(gm, "t1")
    assert intro == ["Вариант: russian"] and marked == []


@pytest.mark.parametrize("name", ["../../x", "/tmp/abs", "a/b", "t\n1", "..", "T1", "x" * 40])
def test_a_table_name_that_is_no_tables_is_refused_before_any_file_is_written(
        served: tuple[Event, Phone, Path], tmp_path: Path, name: str) -> None:
    event, gm, _ = served
    before = _tree(tmp_path)
    page = gm.post("/gm/tables", {"name": name, "players": "Ворон2,Шёпот2", "house": HOUSE})
    assert page.status_code == 422
    assert "имя стола — от 1 до 32 строчных латинских букв" in html.unescape(page.text)
    assert _tree(tmp_path) == before  # nothing inside the event folder, nothing beside or above it
    assert not Path("/tmp/abs").exists() or "/tmp/abs" not in name


def test_a_refused_creation_leaves_no_house_file_behind(served: tuple[Event, Phone, Path], tmp_path: Path) -> None:
    event, gm, _ = served
    before = _tree(tmp_path)
    page = gm.post("/gm/tables", {"name": "t5", "players": "Гоблин,Шёпот2", "house": HOUSE})  # Гоблин is at t1
    assert page.status_code == 422 and "Гоблин уже сидит за столом t1" in html.unescape(page.text)
    assert _tree(tmp_path) == before
    kept = sorted(p.name for p in (event.folder / "houses").iterdir())
    assert len(kept) == 1 and kept[0].startswith("t3-")  # the one pasted file a table was made with


@given(st.text(max_size=40) | st.sampled_from(["..", ".", "../x", "/etc/x", "a\\b", "x\x00", "t1/", "ｔ1"]))
def test_a_name_the_check_lets_through_names_a_file_inside_the_folder(name: str) -> None:
    """The invariant the check keeps: a table's ledger, and its temporary and house files, are in the folder."""
    folder = Path("/srv/event")
    try:
        checked_table_name(name)
    except LedgerError as refused:
        assert refused.refusal is not None and refused.refusal.code == "bad_table_name"
        return
    for made in (f"{name}.sqlite", f".{name}.creating.sqlite", f"houses/{name}-0123abcd.yaml"):
        assert (folder / made).resolve().parent in (folder, folder / "houses"), made
        assert "\\" not in made and not name.startswith(".")


def test_a_rules_change_to_a_house_file_gets_its_marks_and_a_refused_one_leaves_nothing(
        served: tuple[Event, Phone, Path]) -> None:
    event, gm, _ = served
    house = HOUSE.replace("9", "11")
    assert _change_rules(gm, "t1", {"house": house})[1].status_code in (200, 303)
    intro, marked = _sheet_intro(gm, "t1")
    assert intro[0].startswith("Вариант: t1-") and intro[1].startswith("Основано на «russian»")
    assert len(marked) == 1 and "11" in marked[0]
    before = (event.folder / "event.json").read_bytes(), sorted((event.folder / "houses").iterdir())
    refused = gm.post("/gm/t/t2/rules", {"house": HOUSE.replace("9", "5") + "players: {min: 3}\n"})  # 2 seated
    assert refused.status_code == 422 and "стол в нынешнем составе не может играть" in html.unescape(refused.text)
    again = gm.post("/gm/t/t1/rules", {"house": house})  # the rules it plays: refused
    assert again.status_code == 422
    assert ((event.folder / "event.json").read_bytes(), sorted((event.folder / "houses").iterdir())) == before
