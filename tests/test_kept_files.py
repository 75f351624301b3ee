"""Files that stay where they belong (issue 38, item 8): no ``--force`` replaces a ledger or an event file
(recognised by their content, whatever their name), a forced backup replaces only an older copy of the same
ledger, the CSV export never hands a spreadsheet a formula, and ``--vary`` refuses a control character."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.tablekit import run
from tonk_rules.ledger.export import export_csv
from tonk_rules.ledger.session_ledger import HandEntry, Ledger


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "night.sqlite"
    proc = run("session", "create", str(path), "--variant", "pagat", "--players", "Ann,Bob", "--currency", "c")
    assert proc.returncode == 0, proc.stderr
    recorded = run("session", "record", str(path), "--knock", "Ann", "--hand", "Ann=2C 3C 4C",
                   "--hand", "Bob=KS QS JS 10S 9S")
    assert recorded.returncode == 0, recorded.stderr
    return path


def _refused_unchanged(target: Path, *args: str, stdin: str = "") -> str:
    before = target.read_bytes()
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert target.read_bytes() == before
    return proc.stderr


def test_rules_out_force_never_replaces_a_ledger_whatever_its_name(night: Path, tmp_path: Path) -> None:
    disguised = tmp_path / "sheet.md"
    shutil.copy(night, disguised)
    for target in (night, disguised):
        said = _refused_unchanged(target, "rules", "russian", "--out", str(target), "--force")
        assert "is a session ledger" in said and "not even with --force" in said


def test_play_record_force_never_replaces_a_ledger(night: Path) -> None:
    said = _refused_unchanged(night, "play", "pagat", "--players", "Ann,Bob=bot:greedy", "--seed", "1",
                              "--record", str(night), "--force", stdin="1\n" * 50)
    assert "is a session ledger" in said


def test_no_force_replaces_an_event_file(tmp_path: Path) -> None:
    folder = tmp_path / "ev"
    assert run("event", "create", str(folder), "--title", "T", "--currency", "c").returncode == 0
    renamed = tmp_path / "notes.txt"
    shutil.copy(folder / "event.json", renamed)
    for target in (folder / "event.json", renamed):
        said = _refused_unchanged(target, "rules", "russian", "--out", str(target), "--force")
        assert "is an event file" in said


def test_no_force_replaces_the_log_beside_a_ledger(night: Path) -> None:
    led = Ledger.open(night)  # an open ledger may keep hands in its -wal
    try:
        wal = Path(f"{night}-wal")
        wal.write_bytes(wal.read_bytes() if wal.exists() else b"")
        said = _refused_unchanged(wal, "rules", "russian", "--out", str(wal), "--force")
        assert "wal file of a session ledger" in said
    finally:
        led.close()


def test_other_files_are_still_replaced_with_force(tmp_path: Path) -> None:
    target = tmp_path / "old.db"
    target.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)  # an SQLite file, but no ledger
    assert run("rules", "russian", "--out", str(target), "--force").returncode == 0
    assert target.read_text(encoding="utf-8").startswith("# Tonk")


def test_a_forced_backup_replaces_only_an_older_copy_of_the_same_ledger(night: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.sqlite"
    assert run("session", "backup", str(night), str(copy)).returncode == 0
    assert run("session", "record", str(night), "--knock", "Bob", "--hand", "Bob=2C 3C 4C",
               "--hand", "Ann=KS QS JS 10S 9S").returncode == 0
    assert run("session", "backup", str(night), str(copy), "--force").returncode == 0  # the same evening, later
    with Ledger.open(copy, writable=False) as led:
        assert led.hand_count() == 2
    other = tmp_path / "other.sqlite"
    assert run("session", "create", str(other), "--variant", "pagat", "--players", "Cy,Di",
               "--currency", "c").returncode == 0
    said = _refused_unchanged(copy, "session", "backup", str(other), str(copy), "--force")
    assert "is a session ledger" in said
    # nor does the newer copy go back to an older state: an older ledger never replaces a newer copy
    older = tmp_path / "older.sqlite"
    shutil.copy(copy, older)
    with Ledger.open(older) as led:
        led.undo()
    _refused_unchanged(copy, "session", "backup", str(older), str(copy), "--force")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.sampled_from(["+", "-", "@", "A", "Я"]),
       rest=st.text(st.characters(whitelist_categories=("L", "N", "P", "S"), blacklist_characters="=,:"), max_size=12),
       currency=st.sampled_from(["=1+1", "крона", "@SUM(A1)", "-c"]))
def test_a_csv_cell_never_starts_a_formula_and_numbers_stay_numbers(tmp_path_factory: pytest.TempPathFactory,
                                                                    start: str, rest: str, currency: str) -> None:
    name = start + rest
    assume(name.casefold() != "bob")
    path = tmp_path_factory.mktemp("csv") / "l.sqlite"
    with Ledger.create(path, variant_ref="pagat", seats=[name, "Bob"], stakes=[1, 1], currency=currency) as led:
        name = led.seated()[0][0]  # as the ledger keeps it (NFC)
        led.record(HandEntry("settled", "knock_won", (name, "Bob"), (1, 1), (19, 3), ("Bob",), "Bob",
                             ((name, "Bob", 1),)))
        rows = list(csv.DictReader(io.StringIO(export_csv(led))))
    for row in rows:
        for column, cell in row.items():
            if column != "net":
                assert not cell.startswith(FORMULA_STARTS), (column, cell)
    # the net column stays numbers (a loss is a negative number, not a neutralised text)
    assert {row["player"]: int(row["net"]) for row in rows} == {("'" + name if name.startswith(FORMULA_STARTS)
                                                                 else name): -1, "Bob": 1}


def test_csv_export_of_a_formula_name_reads_as_text(tmp_path: Path) -> None:
    path = tmp_path / "f.sqlite"
    names = ["+cmd|' /C calc'!A0", "@SUM(1+1)"]
    with Ledger.create(path, variant_ref="pagat", seats=names, stakes=[1, 1], currency="=2+2") as led:
        led.record(HandEntry("settled", "knock_won", tuple(names), (1, 1), (3, 19), (names[0],), names[0],
                             ((names[1], names[0], 1),)))
        rows = list(csv.reader(io.StringIO(export_csv(led))))
    assert rows[1][4] == "'+cmd|' /C calc'!A0" and rows[1][7] == "1" and rows[1][9] == "'=2+2"
    assert rows[2][4] == "'@SUM(1+1)" and rows[2][7] == "-1"


@pytest.mark.parametrize("option", ["--vary", "--with"])
def test_sweep_refuses_a_control_character_in_its_options(option: str) -> None:
    args = ["sweep", "russian", "--vary", "deal_check.at_most=13,15", "--hands", "10"]
    if option == "--vary":
        args[3] = "deal_check.at_most=13,15\n17"
    else:
        args += ["--with", "dealer.after_void=next\rstock_exhaustion.when_empty=x"]
    proc = run(*args)
    assert proc.returncode == 2 and "control character" in proc.stderr and option in proc.stderr, proc.stderr
    assert proc.stdout == ""


@pytest.mark.parametrize("name", ["../../x", "/tmp/x", "a/b", "t\n1"])
def test_event_add_table_refuses_a_name_that_is_no_tables_and_writes_nothing(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "ev"
    assert run("event", "create", str(folder), "--title", "T", "--currency", "c").returncode == 0
    house = tmp_path / "house.yaml"
    house.write_text("extends: russian\ntitle: House\n", encoding="utf-8")
    before = {str(p): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    proc = run("event", "add-table", str(folder), name, "--variant", str(house), "--players", "Ann,Bob")
    assert proc.returncode == 1 and "a table's name is 1 to 32 lower-case letters" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert {str(p): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    assert not (folder / f"{name}.sqlite").resolve().exists()  # nor where the name points, outside the folder


def test_event_sheet_of_a_house_file_names_it_without_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ev"
    assert run("event", "create", str(folder), "--title", "T", "--language", "ru", "--currency", "c").returncode == 0
    house = tmp_path / "gm" / "barracks.yaml"
    house.parent.mkdir()
    house.write_text("extends: russian\ntitle: Казарма\nknocking: {max_count: 9}\n", encoding="utf-8")
    assert run("event", "add-table", str(folder), "t1", "--variant", str(house), "--players", "Ann,Bob").returncode == 0
    sheet = run("event", "sheet", str(folder), "t1").stdout
    assert str(tmp_path) not in sheet
    assert sheet.splitlines()[2:4] == ["Вариант: barracks.yaml",
                                       "*Основано на «russian»; правила, помеченные ★, отличаются от него.*"]
    assert [line for line in sheet.splitlines() if line.startswith("- ★")] == [
        line for line in run("rules", str(house), "--lang", "ru").stdout.splitlines() if line.startswith("- ★")]
