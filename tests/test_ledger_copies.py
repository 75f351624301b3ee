"""One file is the whole event: a plain copy of the ledger file, taken during a sitting or after any command,
holds every acknowledged hand; `tonk session backup` copies it consistently; and no output (`--out`,
`--record`, a backup) ever replaces the ledger, a variant file or any file the command reads, not even with
`--force`."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from tablekit import run

from tonk_rules.ledger.export import export_json
from tonk_rules.ledger.session_ledger import Ledger


def _copy_alone(ledger: Path, folder: Path) -> Path:
    """The ledger file copied without anything beside it (no -wal): what `cp ledger.sqlite usb/` takes."""
    folder.mkdir(exist_ok=True)
    copy = folder / f"copy-{len(list(folder.iterdir()))}.sqlite"
    shutil.copyfile(ledger, copy)
    return copy


def _export(path: Path) -> Any:
    with Ledger.open(path, writable=False) as led:
        data = export_json(led)
    return data


def test_a_copy_taken_during_a_sitting_holds_every_hand_played(tmp_path: Path) -> None:
    from tonk_rules.cli.terminal_play import ANOTHER, run_terminal_game

    ledger = tmp_path / "s.sqlite"
    Ledger.create(ledger, variant_ref="pagat", seats=["Ann", "Greedy-2"], stakes=[2, 2], currency="chips",
                  first_dealer="Greedy-2").close()
    copies: list[int] = []
    answers = iter(["y", "y", "n"])

    def ask(prompt: str) -> str:
        if prompt == ANOTHER:  # the sitting's connection is open: the copy is taken from under it
            with Ledger.open(_copy_alone(ledger, tmp_path / "usb")) as copy:
                copies.append(copy.hand_count())
            return next(answers)
        return "1"

    said: list[str] = []
    run_terminal_game(variant="pagat", players="Ann,bot:greedy", seed=5, dealer=None, stakes=[], style=None,
                      record_file=None, ledger_path=str(ledger), echo=said.append, misuse=ValueError, ask=ask)
    assert copies == [1, 2, 3]


def test_a_copy_after_each_command_is_the_ledger(tmp_path: Path) -> None:
    ledger = tmp_path / "night.sqlite"
    steps = [("create", "--variant", "pagat", "--players", "Ann,Bob", "--currency", "chips"),
             ("record", "--count", "Ann=3", "--count", "Bob=19", "--knock", "Ann"),
             ("join", "Cy"),
             ("record", "--out", "Cy"),
             ("rules", "russian"),
             ("undo",),
             ("leave", "Cy"),
             ("record", "--count", "Ann=20", "--count", "Bob=2", "--knock", "Bob")]
    for step in steps:
        proc = run("session", step[0], str(ledger), *step[1:])
        assert proc.returncode == 0, (step, proc.stderr)
        assert _export(_copy_alone(ledger, tmp_path / "usb")) == _export(ledger), step


def test_a_copy_of_a_ledger_held_open_by_the_api_holds_every_hand(tmp_path: Path) -> None:
    from tonk_rules.ledger.session_ledger import HandEntry

    path = tmp_path / "api.sqlite"
    led = Ledger.create(path, variant_ref="pagat", seats=["Ann", "Bob"], stakes=[1, 1], currency="chips")
    for _ in range(2):
        led.record(HandEntry("settled", "knock_won", ("Ann", "Bob"), (1, 1), (3, 19), ("Ann",), "Ann",
                             (("Bob", "Ann", 1),)))
    with Ledger.open(_copy_alone(path, tmp_path / "usb")) as copy:
        assert copy.hand_count() == 2 and copy.balances() == {"Ann": 2, "Bob": -2}
    led.close()


def test_backup_copies_the_ledger_during_a_sitting(tmp_path: Path) -> None:
    from tonk_rules.ledger.session_ledger import HandEntry

    path = tmp_path / "night.sqlite"
    led = Ledger.create(path, variant_ref="pagat", seats=["Ann", "Bob"], stakes=[1, 1], currency="chips")
    led.record(HandEntry("settled", "knock_won", ("Ann", "Bob"), (1, 1), (3, 19), ("Ann",), "Ann",
                         (("Bob", "Ann", 1),)))
    dest = tmp_path / "usb" / "night-22h.sqlite"
    dest.parent.mkdir()
    proc = run("session", "backup", str(path), str(dest))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"backed up {path} to {dest}: 1 hand(s)\n"
    assert _export(dest) == export_json(led)
    assert sorted(p.name for p in dest.parent.iterdir()) == ["night-22h.sqlite"]  # one file, nothing beside it
    again = run("session", "backup", str(path), str(dest))
    assert again.returncode == 2 and "already exists" in again.stderr
    assert run("session", "backup", str(path), str(dest), "--force").returncode == 0
    led.close()


def test_backup_of_a_damaged_ledger_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bad.sqlite"
    path.write_bytes(b"SQLite format 3\x00" + b"\xee" * 5000)
    proc = run("session", "backup", str(path), str(tmp_path / "copy.sqlite"))
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.sqlite"]


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "ow.sqlite"
    proc = run("session", "create", str(path), "--variant", "pagat", "--players", "Ann,Bob", "--currency", "c")
    assert proc.returncode == 0, proc.stderr
    return path


def _same_ledger_names(path: Path) -> list[str]:
    os.symlink(path, path.with_name("link.sqlite"))
    os.link(path, path.with_name("hard.sqlite"))
    return [str(path), f"{path.parent}/./{path.name}", str(path.with_name("link.sqlite")),
            str(path.with_name("hard.sqlite")), f"{path}-wal"]


def test_export_never_replaces_the_ledger(night: Path) -> None:
    before = _export(night)
    for out in _same_ledger_names(night):
        proc = run("session", "export", str(night), "--out", out, "--force")
        assert proc.returncode == 2, (out, proc.stderr)
        assert "is the ledger" in proc.stderr and "not even with --force" in proc.stderr
    assert _export(night) == before


def test_backup_never_replaces_the_ledger(night: Path) -> None:
    for out in _same_ledger_names(night):
        proc = run("session", "backup", str(night), out, "--force")
        assert proc.returncode == 2 and "is the ledger" in proc.stderr, (out, proc.stderr)
    assert json.loads(_export(night))["hands"] == []


def test_rules_sheet_never_replaces_the_variant_or_its_parent(tmp_path: Path) -> None:
    parent, house = tmp_path / "parent.yaml", tmp_path / "house.yaml"
    parent.write_text("extends: russian\ntitle: Parent\n", encoding="utf-8")
    house.write_text("extends: parent.yaml\ntitle: House\n", encoding="utf-8")
    for out, what in ((house, "the variant file"), (parent, "a variant file it extends")):
        text = out.read_text(encoding="utf-8")
        proc = run("rules", str(house), "--out", str(out), "--force")
        assert proc.returncode == 2 and what in proc.stderr, proc.stderr
        assert out.read_text(encoding="utf-8") == text


def test_play_record_never_replaces_the_ledger_or_the_variant(night: Path, tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: pagat\ntitle: House\n", encoding="utf-8")
    for variant, record, session in ((str(house), house, []), ("pagat", night, ["--session", str(night)])):
        before = record.read_bytes()
        proc = run("play", variant, "--players", "Ann,Bob=bot:greedy", "--seed", "1", "--record", str(record),
                   "--force", *session, stdin="1\n" * 50)
        assert proc.returncode == 2 and "not even with --force" in proc.stderr, proc.stderr
        assert record.read_bytes() == before
