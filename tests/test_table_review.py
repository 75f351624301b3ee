"""Issue 10 review defects of the table tools: each test is what a user sees."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tablekit import run

from tonk_rules.table.table_setup import MAX_STAKE


def _create(path: Path, *extra: str, stake: str = "2") -> tuple[int, str]:
    proc = run("session", "create", str(path), "--variant", "pagat", "--players", "Ann,Bob",
               "--stake", stake, "--currency", "chips", *extra)
    return proc.returncode, proc.stderr


@pytest.mark.parametrize("stake", ["99999999999999999999999", "9223372036854775807", str(MAX_STAKE + 1)])
def test_huge_stake_refused_and_no_file_left(tmp_path: Path, stake: str) -> None:
    code, err = _create(tmp_path / "big.sqlite", stake=stake)
    assert code == 2 and f"at most {MAX_STAKE:,}" in err
    assert list(tmp_path.iterdir()) == []
    code, _ = _create(tmp_path / "big.sqlite")  # the name is still free
    assert code == 0


def test_settle_refuses_huge_stake() -> None:
    proc = run("settle", "pagat", "--hand", "A=3H", "--hand", "B=5H 9S", "--knock", "A", "--stake", "2000000")
    assert proc.returncode == 2 and "at most 1,000,000" in proc.stderr
    assert run("settle", "pagat", "--hand", "A=3H", "--hand", "B=5H 9S", "--knock", "A",
               "--stake", str(MAX_STAKE)).returncode == 0


def test_session_file_huge_stake_located(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text("format: tonk-session/1\nvariant: pagat\ncurrency: c\nstakes: 5000000\n"
                                     "seats: [Ann, Bob]\n", encoding="utf-8")
    proc = run("session", "create", str(tmp_path / "t.sqlite"), "--from", str(tmp_path / "s.yaml"))
    assert proc.returncode == 1 and "s.yaml:4:" in proc.stderr and "at most" in proc.stderr
    assert not (tmp_path / "t.sqlite").exists()


def test_create_over_existing_file_is_misuse_either_way(tmp_path: Path) -> None:
    target = tmp_path / "t.sqlite"
    target.write_text("keep me", encoding="utf-8")
    (tmp_path / "s.yaml").write_text("format: tonk-session/1\nvariant: pagat\ncurrency: c\nstakes: 1\n"
                                     "seats: [Ann, Bob]\n", encoding="utf-8")
    assert _create(target)[0] == 2
    proc = run("session", "create", str(target), "--from", str(tmp_path / "s.yaml"))
    assert proc.returncode == 2 and "already exists" in proc.stderr
    assert target.read_text(encoding="utf-8") == "keep me"


def test_empty_currency_says_so(tmp_path: Path) -> None:
    proc = run("session", "create", str(tmp_path / "t.sqlite"), "--variant", "pagat", "--players", "Ann,Bob",
               "--currency", "")
    assert proc.returncode == 2 and "--currency is empty" in proc.stderr and "give --from" not in proc.stderr


@pytest.mark.parametrize("name", ["Ann\x07", "X\x1b[31m", "Tab\tby"])
def test_control_characters_in_names_refused(tmp_path: Path, name: str) -> None:
    proc = run("session", "create", str(tmp_path / "t.sqlite"), "--variant", "pagat", "--players", f"{name},Bob",
               "--currency", "c")
    assert proc.returncode == 2 and "control characters" in proc.stderr
    assert _create(tmp_path / "u.sqlite")[0] == 0
    proc = run("session", "join", str(tmp_path / "u.sqlite"), name)
    assert proc.returncode == 2 and "control characters" in proc.stderr


def test_leave_below_minimum_refused(tmp_path: Path) -> None:
    ledger = tmp_path / "t.sqlite"
    assert _create(ledger)[0] == 0
    proc = run("session", "leave", str(ledger), "Ann")
    assert proc.returncode == 1 and "at least 2 players" in proc.stderr
    assert "left the table" not in run("session", "balances", str(ledger)).stdout
    assert run("session", "join", str(ledger), "Cy").returncode == 0
    assert run("session", "leave", str(ledger), "Ann").returncode == 0


def test_import_reads_safely(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = run("session", "import", str(tmp_path / "a.sqlite"), str(fifo))
    assert proc.returncode == 1 and "FIFO" in proc.stderr
    proc = run("session", "import", str(tmp_path / "a.sqlite"), "/dev/zero")
    assert proc.returncode == 1 and "is a device" in proc.stderr
    assert not (tmp_path / "a.sqlite").exists()


def test_import_errors_name_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{x", encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "a.sqlite"), str(tmp_path / "bad.json"))
    assert proc.returncode == 1 and "bad.json" in proc.stderr and "not JSON" in proc.stderr
    assert "JSONDecodeError" not in proc.stderr
    (tmp_path / "part.json").write_text('{"format": "tonk-ledger-export/1"}', encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "a.sqlite"), str(tmp_path / "part.json"))
    assert proc.returncode == 1 and "part.json" in proc.stderr and "KeyError" not in proc.stderr
    assert not (tmp_path / "a.sqlite").exists()


def test_record_path_checked_before_play(tmp_path: Path) -> None:
    proc = run("play", "pagat", "--players", "Ann,bot:greedy", "--seed", "1",
               "--record", str(tmp_path / "nodir" / "x.yaml"), stdin="1\n")
    assert proc.returncode == 2 and "does not exist" in proc.stderr
    assert "Your hand" not in proc.stdout  # refused before the deal


def test_negative_seed_refused() -> None:
    proc = run("play", "pagat", "--players", "Ann,bot:greedy", "--seed", "-1")
    assert proc.returncode == 2 and "--seed" in proc.stderr


def test_record_not_overwritten_without_force(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    record.write_text("keep\n", encoding="utf-8")
    proc = run("play", "pagat", "--players", "Ann,bot:greedy", "--seed", "1", "--record", str(record), stdin="1\n")
    assert proc.returncode == 2 and "already exists; give --force" in proc.stderr
    assert record.read_text(encoding="utf-8") == "keep\n"


def test_export_not_overwritten_without_force(tmp_path: Path) -> None:
    ledger, target = tmp_path / "t.sqlite", tmp_path / "table2.yaml"
    assert _create(ledger)[0] == 0
    target.write_text("format: tonk-session/1\n", encoding="utf-8")
    proc = run("session", "export", str(ledger), "--format", "csv", "--out", str(target))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and "--force" in proc.stderr
    assert target.read_text(encoding="utf-8") == "format: tonk-session/1\n"
    assert run("session", "export", str(ledger), "--format", "csv", "--out", str(target), "--force").returncode == 0
    assert target.read_text(encoding="utf-8").startswith("hand,kind,ending")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_rules_sheet_not_overwritten_without_force(tmp_path: Path) -> None:
    sheet = tmp_path / "rules.md"
    sheet.write_text("mine\n", encoding="utf-8")
    assert run("rules", "pagat", "--out", str(sheet)).returncode == 2
    assert sheet.read_text(encoding="utf-8") == "mine\n"
    assert run("rules", "pagat", "--out", str(sheet), "--force").returncode == 0
    assert sheet.read_text(encoding="utf-8") != "mine\n"


def test_new_spread_without_no_discard_refused() -> None:
    proc = run("settle", "pagat-spread-bonus", "--hand", "A=", "--hand", "B=5H", "--out", "A", "--new-spread")
    assert proc.returncode == 2 and "--no-discard" in proc.stderr
    proc = run("settle", "pagat-spread-bonus", "--hand", "A=", "--hand", "B=5H", "--out", "A", "--no-discard",
               "--new-spread")
    assert proc.returncode == 0


def test_damaged_ledger_leaves_no_stray_files(tmp_path: Path) -> None:
    ledger = tmp_path / "d.sqlite"
    assert _create(ledger)[0] == 0
    data = bytearray(ledger.read_bytes())
    for offset in range(4096, len(data), 4096):  # every page after the first: the tables themselves
        data[offset:offset + 8] = b"\xee" * 8
    ledger.write_bytes(bytes(data))
    proc = run("session", "balances", str(ledger))
    assert proc.returncode == 1 and "the ledger file is damaged" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.sqlite"]
    assert ledger.read_bytes() == bytes(data)


def test_a_ledger_keeps_its_rules_when_the_house_file_moves(tmp_path: Path) -> None:
    house, ledger = tmp_path / "house.yaml", tmp_path / "t.sqlite"
    house.write_text("extends: russian\ntitle: Our table\ndescription: house rules\n", encoding="utf-8")
    proc = run("session", "create", str(ledger), "--variant", str(house), "--players", "A,B", "--currency", "c")
    assert proc.returncode == 0, proc.stderr
    house.rename(tmp_path / "moved.yaml")
    proc = run("session", "balances", str(ledger))
    assert proc.returncode == 0 and "under Our table" in proc.stdout, proc.stderr


def test_play_lines_fit_80_columns_and_use_the_chosen_notation() -> None:
    proc = run("play", "russian", "--players", "Ann,bot:greedy", "--seed", "3", "--cards", "russian",
               stdin="3\ndiscard 9S\nfoo\nhelp\nquit\n")
    lines = proc.stdout.replace("Your move (number or move, 'help'): ", "\n").splitlines()
    assert lines and max(len(line) for line in lines) <= 80
    refusal = next(line for line in lines if "not allowed" in line)
    assert "9п was taken from the discard pile" in refusal and "9S" not in proc.stdout
    assert "'foo' is not a move or a card" in proc.stdout and "unknown card 'foo'" not in proc.stdout


def test_record_shown_when_its_folder_vanishes_during_the_hand(tmp_path: Path) -> None:
    from tonk_rules.cli.terminal_play import run_terminal_game

    folder = tmp_path / "records"
    folder.mkdir()
    said: list[str] = []

    def ask(_: str) -> str:
        if folder.exists():
            folder.rmdir()
        return "knock"

    hand = run_terminal_game(variant="pagat", players="Ann,bot:greedy", seed=1, dealer=None, stakes=[], style=None,
                             record_file=str(folder / "h.yaml"), ledger_path=None, echo=said.append,
                             misuse=ValueError, ask=ask)
    assert hand is not None and hand.over
    text = "\n".join(said)
    assert "the hand record follows" in text and "format: tonk-hand/1" in text


def test_join_refuses_huge_stake(tmp_path: Path) -> None:
    ledger = tmp_path / "t.sqlite"
    assert _create(ledger)[0] == 0
    proc = run("session", "join", str(ledger), "Cy", "--stake", "99999999999999999999999")
    assert proc.returncode == 2 and "at most 1,000,000" in proc.stderr
    assert "Cy" not in run("session", "balances", str(ledger)).stdout


def test_a_damaged_ledger_is_said_so_in_one_plain_line(tmp_path: Path) -> None:
    """SQLite's own integrity report (pages, cells, newlines) is not shown: one line says what happened."""
    ledger = tmp_path / "d.sqlite"
    assert _create(ledger)[0] == 0
    data = bytearray(ledger.read_bytes())
    for offset in range(4096, len(data), 4096):
        data[offset:offset + 8] = b"\xee" * 8
    ledger.write_bytes(bytes(data))
    proc = run("session", "balances", str(ledger))
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr == (f"error: {ledger}: the ledger file is damaged (SQLite's integrity check failed); "
                           "nothing was changed; restore it from a copy or an export\n")
