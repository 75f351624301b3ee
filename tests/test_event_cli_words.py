"""Every ``tonk event`` message of a Russian event in Russian (issue 38, item 3): an evening run from the command
line — tables made, hands recorded (a knock, a catch, no tonk on the deal), a join, a move, corrections, the
history with an undone join, the standings — and its refusals (a built-in mistyped, a house file with a typo, a
damaged ledger) print no English word but the names, ids, files and commands given; the history's times are on
the local clock. An English event's lines stay English."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from tablekit import run

from tonk_rules.ledger.session_ledger import Ledger

#: what a Russian event's lines may hold in Latin letters: the table ids, the variants and files given, the
#: command a line names, the rule keys a house file typed (and the key a "did you mean" offers)
GIVEN = {"t1", "t2", "russian", "russan", "tonk", "event", "add-table", "knockin", "knocking", "typo", "yaml",
         "void", "sqlite", "max_count"}


def _english(text: str, folder: Path) -> list[str]:
    text = text.replace(str(folder), " ").replace(str(folder.parent), " ")
    return [w for w in re.findall(r"[A-Za-z][A-Za-z0-9_-]*", text) if w not in GIVEN]


def _evening(folder: Path, lang: str, names: tuple[str, ...]) -> list[tuple[tuple[str, ...], int, str]]:
    a, b, c, d, e = names
    f = str(folder)
    (folder.parent / "typo.yaml").write_text("extends: russian\nknockin:\n  max_count: 7\n", encoding="utf-8")
    steps: list[tuple[str, ...]] = [
        ("event", "create", f, "--title", "Ночь", "--language", lang, "--currency", "крона"),
        ("event", "add-table", f, "t1", "--variant", "russian", "--players", f"{a},{b}", "--stake", "1"),
        ("event", "add-table", f, "t2", "--variant", "russian", "--players", f"{c},{d}", "--stake", "1"),
        ("event", "add-table", f, "t9", "--variant", "russan", "--players", f"{c},{d}", "--stake", "1"),
        ("event", "add-table", f, "t9", "--variant", str(folder.parent / "typo.yaml"), "--players", f"{c},{d}"),
        ("event", "record", f, "t1", "--count", f"{a}=3", "--count", f"{b}=19", "--knock", a),
        ("event", "record", f, "t1", "--count", f"{a}=3", "--count", f"{b}=19", "--knock", b),
        ("event", "record", f, "t1", "--hand", f"{a}=2S 3S 4S 5S 6S", "--hand", f"{b}=2H 3H 4H 5H 6H", "--deal"),
        ("event", "record", f, "t1", "--count", f"{a}=3", "--count", f"{b}=0", "--out", b),
        ("event", "join", f, "t1", e),
        ("event", "move", f, e, "t1", "t2"),
        ("event", "correct", f, "t1", "1", "--void", "--reason", "ошибка"),
        ("event", "correct", f, "t1", "2", "--count", f"{a}=3", "--count", f"{b}=19", "--knock", a, "--reason",
         "опечатка"),
        ("event", "history", f, "t1"),
        ("event", "history", f, "t2"),
        ("event", "standings", f),
        ("event", "tables", f),
    ]
    done = []
    for step in steps:
        proc = run(*step)
        done.append((step, proc.returncode, proc.stdout + proc.stderr))
    return done


@pytest.fixture
def russian(tmp_path: Path) -> tuple[Path, list[tuple[tuple[str, ...], int, str]]]:
    folder = tmp_path / "ev"
    return folder, _evening(folder, "ru", ("Аня", "Боря", "Вова", "Галя", "Дима"))


def test_every_line_of_a_russian_evening_is_russian(russian: tuple[Path, list[tuple[tuple[str, ...], int, str]]]
                                                    ) -> None:
    folder, done = russian
    for step, _, out in done:
        assert _english(out, folder) == [], (step, out)
    said = {" ".join(step[1:3] if step[1] != "add-table" else step[1:5]): (code, out) for step, code, out in done}
    assert said["add-table " + str(folder) + " t9 --variant"][0] == 1
    text = "".join(out for _, _, out in done)
    for expected in ("нет встроенных правил «russan»; может быть, имелось в виду «russian»?",
                     "typo.yaml:2:1: неизвестный ключ «knockin»; может быть, имелось в виду «knocking»?",
                     "Исход: открывшийся выиграл; выиграл Аня", "Боря → Аня: 1 (крона)",
                     "Тонка на раздаче нет: никто не платит, играйте раздачу.", "Раздача №1 аннулирована.",
                     "№2 (записана), сдавал Аня: открывшийся выиграл, выиграл Аня: Боря → Аня: 1",
                     "  -- посадка за стол: Дима", "раздача №1 аннулирована (причина: ошибка)"):
        assert expected in text, expected
    assert not re.search(r"\d{4}-\d\d-\d\dT", text)  # no raw ISO time: the local clock's
    assert re.search(r"-- \d\d\.\d\d\.\d{4} \d\d:\d\d: раздача №1", text)


def test_an_undo_in_the_history_says_what_it_took_back(russian: tuple[Path, list[Any]]) -> None:
    folder, _ = russian
    with Ledger.open(folder / "t2.sqlite") as led:
        led.undo()  # the move's join at t2
    out = run("event", "history", str(folder), "t2").stdout
    assert "  -- посадка за стол: Дима (отменено)" in out and "  -- отмена: посадка за стол: Дима" in out, out


def test_a_damaged_ledger_is_refused_in_russian(russian: tuple[Path, list[Any]]) -> None:
    folder, _ = russian
    ledger = folder / "t1.sqlite"
    shutil.copy(ledger, folder.parent / "t1.copy")
    ledger.write_bytes(ledger.read_bytes()[:3000])
    for step in (("event", "history", str(folder), "t1"), ("event", "tables", str(folder))):
        proc = run(*step)
        assert proc.returncode == 1 and "файл журнала стола повреждён" in proc.stderr, proc.stderr
        assert _english(proc.stderr, folder) == [], proc.stderr


def test_an_english_evening_keeps_its_english_lines(tmp_path: Path) -> None:
    folder = tmp_path / "ev"
    done = _evening(folder, "en", ("Ann", "Bob", "Cy", "Di", "Ed"))
    text = "".join(out for _, _, out in done)
    assert "Ending: knock won; winner(s): Ann" in text and "Bob pays Ann 1 (крона)" in text
    assert "#2 settled, dealt by Ann: knock won, won by Ann: Bob -> Ann 1" in text
    assert "unknown variant 'russan'; did you mean 'russian'?" in text
    assert not re.search(r"[А-Яа-яЁё]", text.replace("крона", "").replace("Ночь", "").replace("ошибка", "")
                         .replace("опечатка", ""))


def test_tonk_session_on_a_russian_events_table_says_its_hands_in_russian(
        russian: tuple[Path, list[Any]], tmp_path: Path) -> None:
    folder, _ = russian
    ledger = str(folder / "t1.sqlite")
    recorded = run("session", "record", ledger, "--count", "Аня=3", "--count", "Боря=19", "--knock", "Аня")
    assert recorded.returncode == 0 and "Исход: открывшийся выиграл; выиграл Аня" in recorded.stdout
    assert "Записана раздача №" in recorded.stdout and "Следующим сдаёт:" in recorded.stdout
    history = run("session", "history", ledger).stdout
    assert "(валюта: крона):" in history and "Исправления:" in history
    for out in (recorded.stdout, history):
        assert _english(out, folder) == [], out
    # a ledger of its own (no event around it) speaks as it always has
    alone = str(tmp_path / "alone.sqlite")
    assert run("session", "create", alone, "--variant", "russian", "--players", "Аня,Боря", "--stake", "1",
               "--currency", "крона").returncode == 0
    plain = run("session", "record", alone, "--count", "Аня=3", "--count", "Боря=19", "--knock", "Аня").stdout
    assert "Ending: knock won; winner(s): Аня" in plain and "Recorded as hand 1." in plain


def test_tonk_session_undo_join_and_leave_on_a_russian_events_table_say_it_in_russian(
        russian: tuple[Path, list[Any]]) -> None:
    folder, _ = russian
    ledger = str(folder / "t1.sqlite")
    joined = run("session", "join", ledger, "Женя")
    undone = run("session", "undo", ledger)
    assert run("session", "join", ledger, "Женя").returncode == 0
    left = run("session", "leave", ledger, "Женя")
    assert "За столом (ставка): Аня (1), Боря (1), Женя (1)" in joined.stdout, joined.stdout
    assert "Отменено: посадка за стол: Женя." in undone.stdout, undone.stdout
    assert left.returncode == 0 and "Следующим сдаёт:" in left.stdout, left.stdout + left.stderr
    for out in (joined.stdout, undone.stdout, left.stdout + left.stderr):
        assert _english(out, folder) == [], out


@pytest.mark.parametrize(("command", "said"), [
    (("session", "leave", "{ledger}", "Аня"), "Аня не может выйти из-за стола: за столом должно остаться не меньше 2"),
    (("session", "record", "{ledger}", "--count", "Аня=many", "--knock", "Аня"),
     "--count 'Аня=many': очки — целое число от 0 до"),
    (("event", "record", "{folder}", "t1", "--hand", "Аня=2S 2S", "--count", "Боря=3", "--knock", "Аня"),
     "--hand Аня: карта 2п дана дважды в одной руке"),
])
def test_a_refusal_of_a_russian_events_table_is_russian_from_either_command(
        russian: tuple[Path, list[Any]], command: tuple[str, ...], said: str) -> None:
    folder, _ = russian
    args = [a.format(ledger=folder / "t1.sqlite", folder=folder) for a in command]
    proc = run(*args)
    assert proc.returncode != 0 and said in proc.stderr and proc.stderr.startswith("ошибка:"), proc.stderr
    typed = proc.stderr.replace("--count", "").replace("--hand", "").replace("many", "")  # as the user typed it
    assert _english(typed, folder) == [], proc.stderr
