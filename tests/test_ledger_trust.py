"""A ledger is never called damaged when it is not: a full disk, no permission, a file that is no ledger and a
real integrity failure each get their own line and exit status, and no failing command changes the file.

Tests run as root here, where permission bits do not stop a write: the read-only case is made real at the
SQLite layer instead (the write connection opened ``mode=ro``, so SQLite itself refuses the write, as it
does for a file or folder the user may not write); a full disk is SQLite's ``max_page_count`` on the write
connection (SQLite's own "database or disk is full"). As an ordinary user the chmod test runs too.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from tablekit import run

from tonk_rules.ledger import db as ledger_db
from tonk_rules.ledger.export import export_json
from tonk_rules.ledger.session_ledger import Ledger

RECORD = ("record", "--count", "Ann=3", "--count", "Bob=19", "--knock", "Ann")


def _create(path: Path) -> None:
    proc = run("session", "create", str(path), "--variant", "pagat", "--players", "Ann,Bob", "--stake", "2",
               "--currency", "chips")
    assert proc.returncode == 0, proc.stderr


def _state(path: Path) -> str:
    with Ledger.open(path, writable=False) as led:
        return export_json(led)


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "night.sqlite"
    _create(path)
    for _ in range(2):
        assert run("session", *RECORD[:1], str(path), *RECORD[1:]).returncode == 0
    return path


def _record(path: Path) -> object:
    return run("session", "record", str(path), *RECORD[1:])


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every write connection may not grow the file by one page: SQLite says the disk is full."""
    connect = ledger_db._connect

    def capped(path: Path, mode: str) -> sqlite3.Connection:
        db = connect(path, mode)
        if mode == "rw":
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(ledger_db, "_connect", capped)
    yield


def test_a_full_disk_is_said_so_and_loses_nothing(ledger: Path, full_disk: None) -> None:
    before = _state(ledger)
    for _ in range(200):  # until a hand needs a page more than the file has
        proc = _record(ledger)
        if proc.returncode != 0:  # type: ignore[attr-defined]
            break
        before = _state(ledger)
    assert proc.returncode == 4, proc.stderr  # type: ignore[attr-defined]
    err = proc.stderr  # type: ignore[attr-defined]
    assert err.count("\n") == 1 and "the disk is full" in err and "free some space" in err
    assert "damaged" not in err and "restore" not in err
    assert _state(ledger) == before  # the refused hand is not there, every earlier one is


def test_after_freeing_the_disk_every_hand_is_there(ledger: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    connect = ledger_db._connect
    with monkeypatch.context() as patch:
        def capped(path: Path, mode: str) -> sqlite3.Connection:
            db = connect(path, mode)
            if mode == "rw":
                db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
            return db

        patch.setattr(ledger_db, "_connect", capped)
        codes = [_record(ledger).returncode for _ in range(60)]  # type: ignore[attr-defined]
    recorded = 2 + codes.count(0)
    assert 4 in codes
    proc = _record(ledger)
    assert proc.returncode == 0 and f"Recorded as hand {recorded + 1}." in proc.stdout  # type: ignore[attr-defined]


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The write connection is SQLite's read-only one: SQLite refuses every write, as for a read-only file."""
    connect = ledger_db._connect
    monkeypatch.setattr(ledger_db, "_connect", lambda path, mode: connect(path, "ro"))


@pytest.mark.parametrize("command", [RECORD, ("join", "Cy"), ("undo",), ("rules", "russian")])
def test_a_read_only_ledger_is_said_so_and_left_as_it_was(ledger: Path, read_only: None,
                                                          command: tuple[str, ...]) -> None:
    before = _state(ledger)
    proc = run("session", command[0], str(ledger), *command[1:])
    assert proc.returncode == 5, proc.stderr
    assert proc.stderr.count("\n") == 1 and "cannot write to the ledger" in proc.stderr, proc.stderr
    assert "damaged" not in proc.stderr and "restore" not in proc.stderr
    assert _state(ledger) == before


def test_the_reading_commands_work_on_a_read_only_ledger(ledger: Path, read_only: None) -> None:
    for command in (("balances",), ("history",), ("export", "--format", "json"), ("rules",)):
        proc = run("session", command[0], str(ledger), *command[1:])
        assert proc.returncode == 0, (command, proc.stderr)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only folder: the SQLite-layer tests cover it")
def test_a_folder_the_user_may_not_write(ledger: Path) -> None:  # pragma: no cover - ordinary users only
    folder = ledger.parent
    folder.chmod(0o555)
    try:
        proc = _record(ledger)
        assert proc.returncode == 5 and "does not let this user create files" in proc.stderr  # type: ignore[attr-defined]
        assert run("session", "balances", str(ledger)).returncode == 0
    finally:
        folder.chmod(0o755)


def test_play_session_on_a_read_only_ledger_is_refused_before_the_hand(ledger: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_rules.ledger import health as ledger_health

    monkeypatch.setattr(ledger_health, "why_not_writable", lambda path: "the file is read-only for this user")
    proc = run("play", "pagat", "--players", "Ann,bot:greedy", "--seed", "1", "--session", str(ledger),
               stdin="knock\nn\n")
    assert proc.returncode == 5, proc.stderr
    assert "the file is read-only for this user" in proc.stderr and "Tonk:" not in proc.stdout


def test_an_sqlite_file_that_is_not_a_ledger(tmp_path: Path) -> None:
    other = tmp_path / "photos.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE meta (key TEXT, value TEXT)")  # even one with a table of the same name
    db.commit()
    db.close()
    before = other.read_bytes()
    for command in (("balances",), RECORD, ("export",)):
        proc = run("session", command[0], str(other), *command[1:])
        assert proc.returncode == 6, proc.stderr
        assert proc.stderr == f"error: {other}: not a tonk session ledger (an SQLite database of something else)\n"
    assert other.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["photos.sqlite"]


DAMAGE = {
    "text amount": "UPDATE payments SET amount = 'lots' WHERE rowid = 1",
    "unknown payee": "UPDATE payments SET receiver = 'Zed' WHERE rowid = 1",
    "bad hand JSON": "UPDATE hands SET counts = '{not json' WHERE number = 1",
    "a gap in the hand numbers": "UPDATE hands SET number = 7 WHERE number = 2",
    "players table dropped": "DROP TABLE players",
    "events table dropped": "DROP TABLE events",
    "format marker lost": "DELETE FROM meta WHERE key = 'format'",
    "next dealer unknown": "UPDATE meta SET value = 'Zed' WHERE key = 'next_dealer'",
    "stake as text": "UPDATE players SET stake = 'two' WHERE name = 'Ann'",
    "seats not a list": "UPDATE hands SET seats = '\"Ann\"' WHERE number = 1",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_ledger_is_one_line_exit_1_and_never_changed(ledger: Path, damage: str) -> None:
    db = sqlite3.connect(ledger)
    db.execute("PRAGMA foreign_keys = OFF")
    db.execute(DAMAGE[damage])
    db.commit()
    db.close()
    before = ledger.read_bytes()
    for command in (("balances",), ("history",), ("export", "--format", "json"), ("undo",), RECORD,
                    ("join", "Cy")):
        proc = run("session", command[0], str(ledger), *command[1:])
        assert proc.returncode == 1, (command, proc.stderr)
        assert proc.stderr.count("\n") == 1 and "the ledger file is damaged" in proc.stderr, proc.stderr
        assert ledger.read_bytes() == before
    assert sorted(p.name for p in ledger.parent.iterdir()) == ["night.sqlite"]


def test_a_copy_of_a_healthy_ledger_is_not_called_damaged(ledger: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.sqlite"
    shutil.copyfile(ledger, copy)
    assert run("session", "balances", str(copy)).returncode == 0


def test_sqlite_unable_to_open_on_a_full_disk_is_said_to_be_the_disk(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from collections import namedtuple

    from tonk_rules.ledger import health as ledger_health

    cannot = sqlite3.OperationalError("unable to open database file")
    cannot.sqlite_errorcode = 14  # type: ignore[attr-defined]
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(ledger_health.shutil, "disk_usage", lambda _: usage(10**9, 10**9, 0))
    said = ledger_health.explain(tmp_path / "t.sqlite", cannot)
    assert type(said).__name__ == "LedgerDiskFullError" and said.exit_status == 4
