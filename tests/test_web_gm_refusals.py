"""The game master's console at a Russian event: every refusal of a console action is said in Russian from
its code (names and table names aside), and changes nothing."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from test_web_refusals import latin_words, make
from webkit import Phone, app_for

from tonk_rules.event.event_folder import Event

#: (case, path, form, the Russian words the notice says)
CASES = [
    ("a table that exists", "/gm/tables", {"name": "t1", "players": "Хромой,Шёпот", "variant": "russian"},
     "в событии уже есть стол «t1»"),
    ("a name no table can have", "/gm/tables", {"name": "Стол!", "players": "Хромой,Шёпот", "variant": "russian"},
     "имя стола — от 1 до 32 строчных латинских букв"),
    ("a player seated elsewhere", "/gm/tables", {"name": "t9", "players": "Гоблин,Шёпот", "variant": "russian"},
     "Гоблин уже сидит за столом t1: пересадите игрока"),
    ("no rules chosen", "/gm/tables", {"name": "t9", "players": "Хромой,Шёпот", "variant": ""},
     "выберите встроенные правила или дайте файл домашних правил"),
    ("a stake of 0", "/gm/tables", {"name": "t9", "players": "Хромой,Шёпот", "variant": "russian", "stake": "0"},
     "ставка — целое число не меньше 1"),
    ("a join while seated elsewhere", "/gm/t/t3/seat", {"name": "Гоблин", "action": "join"},
     "Гоблин уже сидит за столом t1: пересадите игрока"),
    ("a join at a full table", "/gm/t/t4/seat", {"name": "Хромой", "action": "join"},
     "в этот вариант играют не больше 2 игроков"),
    ("a move to the same table", "/gm/t/t1/seat", {"name": "Гоблин", "action": "move", "target": "t1"},
     "Гоблин уже за столом t1"),
    ("a move of someone not there", "/gm/t/t1/seat", {"name": "Хромой", "action": "move", "target": "t3"},
     "Хромой не сидит за столом t1 (за столом: Костоправ, Гоблин, Элмо)"),
    ("a leave below the fewest players", "/gm/t/t3/seat", {"name": "Душечка", "action": "leave"},
     "Душечка не может выйти из-за стола: за столом должно остаться не меньше 2 игроков"),
    ("a leave of someone not there", "/gm/t/t1/seat", {"name": "Хромой", "action": "leave"},
     "Хромой не сидит за этим столом (за столом: Костоправ, Гоблин, Элмо)"),
    ("one player", "/gm/tables", {"name": "t9", "players": "Хромой", "variant": "russian"},
     "в этот вариант играют от 2 до 10 игроков, а не 1"),
    ("a name twice", "/gm/tables", {"name": "t9", "players": "Хромой,Хромой", "variant": "russian"},
     "одно имя за столом дано дважды"),
    ("a first dealer not seated", "/gm/tables", {"name": "t9", "players": "Хромой,Шёпот", "variant": "russian",
                                                  "first_dealer": "Никто"},
     "первый сдающий «Никто» не за столом (за столом: Хромой, Шёпот)"),
    ("a join with no name", "/gm/t/t1/seat", {"name": "", "action": "join"}, "«» не может быть именем за столом"),
    ("a join of someone there", "/gm/t/t1/seat", {"name": "Элмо", "action": "join"}, "Элмо уже за этим столом"),
    ("a move to the same table from elsewhere", "/gm/t/t3/seat",
     {"name": "Костоправ", "action": "move", "target": "t3"}, "Костоправ не сидит за столом t3"),
    ("rules the table cannot seat", "/gm/t/t1/rules", {"variant": "classic-pc"},
     "стол в нынешнем составе не может играть по новым правилам: в них играют ровно 2 игрока, а за столом 3"),
    ("the rules the table plays", "/gm/t/t1/rules", {"variant": "russian"},
     "стол уже играет по этим правилам: менять нечего"),
    ("a correction without a number", "/gm/t/t1/correct", {"number": "пятая", "action": "void", "reason": "ошибка"},
     "укажите номер исправляемой раздачи"),
    ("a correction without a reason", "/gm/t/t1/correct", {"number": "1", "action": "void", "reason": ""},
     "укажите причину исправления"),
    ("a correction of a hand not played", "/gm/t/t1/correct", {"number": "5", "action": "void", "reason": "ошибка"},
     "раздачи 5 нет (всего раздач: 1)"),
]
NAMES = ("t1", "t3", "t4", "t9")


def _notice(text: str) -> str:
    found = re.search(r'<p class="notice" role="status">([^<]*)</p>', text)
    assert found, "no notice on the console"
    return html.unescape(found.group(1))


def _state(event: Event) -> list[object]:
    """Every table, its title, rules, seats, balances and hands: what a refused action must leave as it was."""
    return [(s.name, s.title, s.rules, s.seated, s.balances, s.hands) for s in Event.open(event.folder).states()]


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> tuple[Event, Phone]:
    """One Russian event, with one hand at t1, for every case (a refusal changes nothing, so each case finds it
    as made)."""
    event = make(tmp_path_factory.mktemp("gm"), "ru")
    app = app_for(event.folder)
    table = Phone(app).at_table("t1")
    knock = {"how": "knock", "player": "Костоправ", "count_0": "3", "count_1": "19", "count_2": "20"}
    assert table.post("/t/t1/record", {**table.hand_form("t1"), **knock}).status_code == 303
    return event, Phone(app).as_gm()


@pytest.mark.parametrize(("case", "path", "form", "said"), CASES, ids=[c[0] for c in CASES])
def test_a_refused_console_action_is_said_in_russian_and_changes_nothing(russian: tuple[Event, Phone], case: str,
                                                                        path: str, form: dict[str, str],
                                                                        said: str) -> None:
    event, gm = russian
    before = _state(event)
    page = gm.post(path, form)
    assert page.status_code == 422, case
    notice = _notice(page.text)
    assert notice.startswith("Отказ: ") and said in notice, notice
    assert latin_words(notice, NAMES) == [], notice
    assert _state(event) == before


def test_the_english_console_says_the_same_refusal_in_english(tmp_path: Path) -> None:
    event = make(tmp_path, "en")
    gm = Phone(app_for(event.folder)).as_gm()
    page = gm.post("/gm/t/t1/seat", {"name": "Kim", "action": "join"})
    assert page.status_code == 422
    assert _notice(page.text) == "Refused: Kim is already seated at table t4: move them instead"


def test_a_house_file_over_the_readers_limit_is_refused_in_words_not_a_bare_413(
        russian: tuple[Event, Phone]) -> None:
    """A house file a little over 64 KiB (the variant reader's limit), URL-encoded to about three times that:
    the console says why, in Russian; one under it, padded with comments, makes its table."""
    event, gm = russian
    before = _state(event)
    body = "extends: russian\ntitle: Длинные правила\n"
    big = body + "# комментарий, очень длинный\n" * 1300  # 52 bytes a line: about 66 KiB
    page = gm.post("/gm/tables", {"name": "t8", "players": "Хромой,Шёпот", "house": big})
    assert page.status_code == 422 and "файл домашних правил больше 64 КБ" in _notice(page.text)
    assert _state(event) == before
    fits = body + "# комментарий, очень длинный\n" * 1000  # about 51 KiB
    made = gm.post("/gm/tables", {"name": "t8", "players": "Хромой,Шёпот", "house": fits})
    assert made.status_code == 200 and "Готово." in made.text
    assert "t8" in Event.open(event.folder).table_names()
