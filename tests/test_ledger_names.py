"""One name per person: names are kept and looked up in NFC, and two names that read as one (look-alike
letters of different alphabets, case, invisible characters) are refused at create, join and import, naming
both — so nobody "pays" themselves under a second spelling."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import run

from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.table.names import LOOK_ALIKES, skeleton, why_clash

CYRILLIC_A = "\u0410"  # А
DECOMPOSED_ELMO = unicodedata.normalize("NFD", "Élmo")


def _create(path: Path, players: str) -> object:
    return run("session", "create", str(path), "--variant", "russian", "--players", players, "--currency", "c")


@pytest.mark.parametrize("players, why", [(f"Ann,{CYRILLIC_A}nn,Bob", "Cyrillic А for Latin A"),
                                          ("Ann,ann,Bob", "case"),
                                          ("Ann,An\u3164n,Bob", "invisible characters"),
                                          ("Ann,Ａｎｎ,Bob", "full-width")])
def test_create_refuses_two_names_that_read_as_one(tmp_path: Path, players: str, why: str) -> None:
    path = tmp_path / "t.sqlite"
    proc = _create(path, players)
    assert proc.returncode == 2, proc.stderr  # type: ignore[attr-defined]
    err = proc.stderr  # type: ignore[attr-defined]
    first, second = players.split(",")[:2]
    assert f"{second!r} and {first!r} read as one name" in err and why in err, err
    assert not path.exists()


def test_settle_and_play_refuse_them_too() -> None:
    proc = run("settle", "russian", "--players", f"Ann,{CYRILLIC_A}nn", "--count", "Ann=3", "--count",
               f"{CYRILLIC_A}nn=20", "--knock", "Ann")
    assert proc.returncode == 2 and "read as one name" in proc.stderr, proc.stderr
    proc = run("play", "russian", "--players", f"Ann,{CYRILLIC_A}nn=bot:greedy", "--seed", "1", stdin="q\n")
    assert proc.returncode == 2 and "read as one name" in proc.stderr, proc.stderr


def test_join_refuses_a_look_alike_of_anyone_who_sat_at_the_table(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    assert _create(path, "Ann,Bob,Cy").returncode == 0  # type: ignore[attr-defined]
    assert run("session", "leave", str(path), "Cy").returncode == 0
    for name, other in ((f"{CYRILLIC_A}nn", "Ann"), ("BOB", "Bob"), ("С\u0443", "Cy")):  # Cy left: still a person
        proc = run("session", "join", str(path), name)
        assert proc.returncode == 1 and f"{name!r} and {other!r} read as one name" in proc.stderr, proc.stderr
    with Ledger.open(path) as led:
        assert [p["name"] for p in led.players()] == ["Ann", "Bob", "Cy"]
    assert run("session", "join", str(path), "Cy").returncode == 0  # the same person comes back


def test_a_name_typed_decomposed_is_the_seat(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    assert _create(path, "Élmo,Йозеф,Bob").returncode == 0  # type: ignore[attr-defined]
    decomposed_j = unicodedata.normalize("NFD", "Йозеф")
    assert decomposed_j != "Йозеф"
    proc = run("session", "record", str(path), "--count", f"{DECOMPOSED_ELMO}=3", "--count", f"{decomposed_j}=20",
               "--count", "Bob=25", "--knock", DECOMPOSED_ELMO)
    assert proc.returncode == 0, proc.stderr
    again = run("session", "join", str(path), DECOMPOSED_ELMO)
    assert again.returncode == 1 and "Élmo is already at the table" in again.stderr
    assert run("session", "leave", str(path), decomposed_j).returncode == 0
    with Ledger.open(path) as led:
        assert led.balances()["Élmo"] > 0 and [n for n, _ in led.seated()] == ["Élmo", "Bob"]


def test_a_decomposed_name_is_kept_composed(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    assert _create(path, f"{DECOMPOSED_ELMO},Bob").returncode == 0  # type: ignore[attr-defined]
    with Ledger.open(path) as led:
        assert [n for n, _ in led.seated()] == ["Élmo", "Bob"]


def test_import_refuses_an_export_that_seats_a_look_alike(tmp_path: Path) -> None:
    path, export = tmp_path / "t.sqlite", tmp_path / "t.json"
    assert _create(path, "Ann,Bob").returncode == 0  # type: ignore[attr-defined]
    assert run("session", "join", str(path), "Cy").returncode == 0
    assert run("session", "export", str(path), "--format", "json", "--out", str(export)).returncode == 0
    data = json.loads(export.read_text(encoding="utf-8"))
    text = json.dumps(data, ensure_ascii=False).replace('"Cy"', f'"{CYRILLIC_A}nn"')
    export.write_text(text, encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "copy.sqlite"), str(export))
    assert proc.returncode == 1 and f"'{CYRILLIC_A}nn' and 'Ann' read as one name" in proc.stderr, proc.stderr
    assert not (tmp_path / "copy.sqlite").exists()


LATIN_WITH_LOOK_ALIKES = sorted({v for v in LOOK_ALIKES.values() if v.isascii()})


@settings(max_examples=examples(100))
@given(st.text(alphabet=LATIN_WITH_LOOK_ALIKES, min_size=1, max_size=12), st.data())
def test_any_look_alike_swap_is_refused_and_distinct_latin_names_are_not(name: str, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(name) - 1))
    swaps = [k for k, v in LOOK_ALIKES.items() if v == name[i]]
    swapped = name[:i] + data.draw(st.sampled_from(swaps)) + name[i + 1:]
    assert skeleton(swapped) == skeleton(name) and why_clash(swapped, [name]) is not None
    other = data.draw(st.text(alphabet="abcdefgh", min_size=1, max_size=12))
    assert (why_clash(other, [name]) is None) == (other.casefold() != name.casefold() or other == name)


def test_a_name_an_earlier_version_kept_decomposed_is_still_found(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite"
    assert _create(path, "Ann,Bob").returncode == 0  # type: ignore[attr-defined]
    db = sqlite3.connect(path)
    db.execute("UPDATE players SET name = ? WHERE name = 'Bob'", (DECOMPOSED_ELMO,))  # as kept before NFC
    db.commit()
    db.close()
    proc = run("session", "record", str(path), "--count", "Ann=3", "--count", "Élmo=20", "--knock", "Ann")
    assert proc.returncode == 0, proc.stderr
    again = run("session", "join", str(path), "Élmo")
    assert again.returncode == 1 and "already at the table" in again.stderr
    with Ledger.open(path) as led:
        assert led.hand_count() == 1 and led.balances()[DECOMPOSED_ELMO] < 0


def test_a_session_is_announced_by_its_own_title_and_then_its_rules(tmp_path: Path) -> None:
    titled = run("session", "create", str(tmp_path / "t.sqlite"), "--variant", "russian", "--players", "Ann,Bob",
                 "--currency", "c", "--title", "Friday at the Crow")
    untitled = run("session", "create", str(tmp_path / "u.sqlite"), "--variant", "russian", "--players", "Ann,Bob",
                   "--currency", "c")
    assert titled.returncode == 0 and untitled.returncode == 0, titled.stderr
    first = titled.stdout.splitlines()[0]
    assert "«Friday at the Crow», playing " in first
    assert "«" not in untitled.stdout.splitlines()[0] and ": playing " in untitled.stdout.splitlines()[0]
