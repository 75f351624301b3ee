"""``tonk event …`` prints its own lines in the event's language: a Russian event's output holds no English
word but the names, ids and files given to it; an English event's output reads in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablekit import run

#: What a Russian event's own lines may hold in Latin letters: the table ids, the variant given, the
#: command it names.
GIVEN = {"t1", "t2", "russian", "tonk", "event", "add-table"}


def _english_words(text: str, folder: str) -> list[str]:
    text = text.replace(folder, " ")
    return [w for w in re.findall(r"[A-Za-z][A-Za-z0-9-]*", text) if w not in GIVEN]


def _event(tmp_path: Path, lang: str, names: tuple[str, ...]) -> tuple[str, list[str]]:
    folder = str(tmp_path / f"ev-{lang}")
    a, b, c, d, e = names
    steps = [
        ("event", "create", folder, "--title", "Ночь" if lang == "ru" else "Night", "--language", lang,
         "--currency", "крона"),
        ("event", "tables", folder),
        ("event", "add-table", folder, "t1", "--variant", "russian", "--players", f"{a},{b}", "--stake", "1",
         "--title", "Первый" if lang == "ru" else "First"),
        ("event", "add-table", folder, "t2", "--variant", "russian", "--players", f"{c},{d}", "--stake", "1"),
        ("event", "join", folder, "t1", e),
        ("event", "move", folder, e, "t1", "t2"),
        ("event", "leave", folder, "t2", d),
        ("event", "tables", folder),
        ("event", "standings", folder),
    ]
    outputs = []
    for step in steps:
        proc = run(*step)
        assert proc.returncode == 0, (step, proc.stderr)
        outputs.append(proc.stdout + proc.stderr)
    return folder, outputs


def test_a_russian_events_own_lines_are_russian(tmp_path: Path) -> None:
    folder, outputs = _event(tmp_path, "ru", ("Аня", "Боря", "Вова", "Галя", "Дима"))
    for out in outputs:
        assert _english_words(out, folder) == [], out
    text = "".join(outputs)
    assert "Столов пока нет." in text and "0 раздач" in text and "стол «Первый» (t1)" in text
    assert "за столом «Первый»" in text and "валюта: крона" in text and "ни за каким столом" in text


def test_an_english_events_lines_stay_english(tmp_path: Path) -> None:
    folder, outputs = _event(tmp_path, "en", ("Ann", "Bob", "Cy", "Di", "Ed"))
    text = "".join(outputs)
    assert "created the event Night" in text and "No tables yet." in text
    assert "next dealer: Ann; 0 hands" in text and "(at First)" in text
    assert "(not seated)" in text and "currency: крона" in text


@pytest.mark.parametrize(("n", "said"), [(1, "1 раздача"), (3, "3 раздачи"), (5, "5 раздач"), (21, "21 раздача")])
def test_the_hands_agree_with_their_number(n: int, said: str) -> None:
    from tonk_rules.cli.event_lines import line

    assert line("hands", "ru", n=n) == said


@pytest.mark.parametrize(("lang", "names", "said"), [
    ("ru", ("Аня", "Боря", "Вова", "Галя", "Дима"), "ошибка: Аня уже за этим столом"),
    ("en", ("Ann", "Bob", "Cy", "Di", "Ed"), "error: Ann is already at the table")])
def test_a_refusal_is_said_in_the_events_language(tmp_path: Path, lang: str, names: tuple[str, ...],
                                                  said: str) -> None:
    folder, _ = _event(tmp_path, lang, names)
    refused = run("event", "join", folder, "t1", names[0])
    assert refused.returncode == 1 and said in refused.stderr, refused.stderr


def test_a_misuse_of_correct_is_said_in_the_events_language(tmp_path: Path) -> None:
    folder, _ = _event(tmp_path, "ru", ("Аня", "Боря", "Вова", "Галя", "Дима"))
    refused = run("event", "correct", folder, "t1", "4", "--out", "Аня", "--reason", "ошибка")
    assert refused.returncode == 2 and "ошибка: раздачи № 4 нет (раздач пока нет)" in refused.stderr, refused.stderr
    assert _english_words(refused.stderr, folder) == []


@pytest.mark.parametrize(("options", "said"), [
    (("--count", "Аня=3", "--knock", "Аня"), "ошибка: --knock: выплату решают очки каждого игрока"),
    (("--count", "Аня=x", "--count", "Боря=4", "--knock", "Аня"), "ошибка: --count 'Аня=x': очки — целое число"),
    (("--count", "Аня=3", "--count", "Боря=4", "--knock", "Nobody"), "ошибка: --knock Nobody: не за столом"),
    (("--hand", "Аня=AS,ZZ", "--count", "Боря=4", "--knock", "Аня"), "ошибка: --hand Аня: нет такой карты: «ZZ»"),
])
def test_a_hand_recorded_wrong_is_refused_in_the_events_language(tmp_path: Path, options: tuple[str, ...],
                                                                said: str) -> None:
    folder, _ = _event(tmp_path, "ru", ("Аня", "Боря", "Вова", "Галя", "Дима"))
    refused = run("event", "record", folder, "t1", *options)
    assert refused.returncode == 2 and said in refused.stderr, refused.stderr
    said_back = re.sub(r"\(или [^)]*\)", " ", refused.stderr)  # the card codes a Russian user may also type
    for typed in (*options, "ZZ"):  # what was typed, said back, is not an English word
        said_back = said_back.replace(typed, " ")
    assert _english_words(said_back, folder) == [], refused.stderr


@pytest.mark.parametrize(("options", "said"), [
    (("--count", "Аня=3", "--knock", "Аня", "--knock", "Боря"), "ошибка: --knock дан 2 раза (Аня, Боря)"),
    (("--count", "Аня=3",), "ошибка: укажите, чем кончилась раздача"),
    (("--count", "Аня=3", "--knock", "Аня", "--stock-out"), "(а не --knock и --stock-out)"),
    (("--count", "Аня=3", "--knock", "Аня", "--no-discard"), "ошибка: --no-discard и --new-spread бывают только"),
    (("--count", "Аня=3", "--out", "Аня", "--new-spread"), "ошибка: --new-spread — это выход без сброса"),
])
def test_how_a_hand_ended_misused_is_said_in_the_events_language(tmp_path: Path, options: tuple[str, ...],
                                                                 said: str) -> None:
    folder, _ = _event(tmp_path, "ru", ("Аня", "Боря", "Вова", "Галя", "Дима"))
    refused = run("event", "record", folder, "t1", *options)
    assert refused.returncode == 2 and said in refused.stderr, refused.stderr
    said_back = refused.stderr
    for typed in options:
        said_back = said_back.replace(typed, " ")
    said_back = re.sub(r"--[a-z-]+", " ", said_back)  # the options' names are the same in every language
    assert _english_words(said_back, folder) == [], refused.stderr
