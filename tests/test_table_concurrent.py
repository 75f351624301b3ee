"""A ledger under concurrent use: two terminals (or many) recording and undoing at once.

Every read-modify-write is one BEGIN IMMEDIATE transaction, so whatever the interleaving the hands are
numbered 1, 2, 3, …, each hand is dealt by the dealer the previous one passed the deal to, an undo takes back
exactly one event, and a ledger held busy too long gets one line, never an internal error.
"""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from tablekit import ROOT, run

from tonk_rules.errors import LedgerError
from tonk_rules.ledger import db as ledger_db
from tonk_rules.ledger.session_ledger import HandEntry, Ledger

SEATS = ("Ann", "Bob", "Cy", "Di")


def knock(winner: str) -> HandEntry:
    return HandEntry("settled", "knock_won", SEATS, (1,) * 4, tuple(5 if n == winner else 20 for n in SEATS),
                     (winner,), winner, tuple((n, winner, 1) for n in SEATS if n != winner))


def assert_consistent(path: Path, first_dealer: str) -> list[dict]:
    """Numbers contiguous, the dealer chain unbroken (russian: the deal passes left), the nets summing to 0."""
    with Ledger.open(path) as led:
        hands = led.hands()
        assert [h["number"] for h in hands] == list(range(1, len(hands) + 1))
        dealer = first_dealer
        for hand in hands:
            assert hand["dealer"] == dealer, hand
            dealer = SEATS[(SEATS.index(dealer) + 1) % len(SEATS)]
            assert hand["next_dealer"] == dealer
        assert led.next_dealer() == dealer
        assert sum(led.balances().values()) == 0
        standing = [e for e in led.events() if e["kind"] == "hand" and e["undone_by"] is None]
        assert len(standing) == len(hands)
        return hands


def test_many_threads_record_and_undo_at_once(tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite"
    Ledger.create(path, variant_ref="russian", seats=list(SEATS), stakes=[1] * 4, currency="c",
                  first_dealer="Ann").close()
    problems: list[BaseException] = []
    done = {"record": 0, "undo": 0}
    lock = threading.Lock()

    def terminal(seed: int) -> None:
        rng = random.Random(seed)
        try:
            with Ledger.open(path) as led:
                for _ in range(12):
                    if rng.random() < 0.3:
                        try:
                            led.undo()
                        except LedgerError as exc:
                            assert "nothing to undo" in str(exc)
                            continue
                        kind = "undo"
                    else:
                        led.record(knock(rng.choice(SEATS)))
                        kind = "record"
                    with lock:
                        done[kind] += 1
        except BaseException as exc:  # reported from the main thread
            problems.append(exc)

    threads = [threading.Thread(target=terminal, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not problems, problems
    hands = assert_consistent(path, "Ann")
    assert len(hands) == done["record"] - done["undo"] and done["record"] > 40


@pytest.mark.slow  # starts twelve processes at once
def test_many_commands_at_once_get_no_internal_error(tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    Ledger.create(path, variant_ref="russian", seats=list(SEATS), stakes=[1] * 4, currency="c",
                  first_dealer="Ann").close()
    commands = []
    for i in range(12):
        if i % 4 == 3:
            commands.append(["session", "undo", str(path)])
        else:
            winner = SEATS[i % 4]
            commands.append(["session", "record", str(path), "--knock", winner,
                             *[f"--count={n}={3 if n == winner else 30}" for n in SEATS]])
    procs = [subprocess.Popen([sys.executable, "-m", "tonk_rules", *c], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for c in commands]
    results = [(p.returncode, out, err) for p in procs for out, err in [p.communicate()]]
    for code, _, err in results:
        assert "internal error" not in err and "Traceback" not in err, err
        assert code == 0 or (code == 1 and "nothing to undo" in err and err.count("\n") == 1), err
    recorded = sum(1 for (code, out, _), c in zip(results, commands, strict=True) if c[1] == "record" and code == 0)
    undone = sum(1 for (code, out, _), c in zip(results, commands, strict=True) if c[1] == "undo" and code == 0)
    assert recorded == 9 and all("Undid hand" in out for (code, out, _), c in zip(results, commands, strict=True)
                                 if c[1] == "undo" and code == 0)
    assert len(assert_consistent(path, "Ann")) == recorded - undone


def test_a_ledger_held_busy_too_long_says_so_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "held.sqlite"
    Ledger.create(path, variant_ref="russian", seats=list(SEATS), stakes=[1] * 4, currency="c").close()
    monkeypatch.setattr(ledger_db, "BUSY_TIMEOUT_S", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another terminal in the middle of a long write
    try:
        for command in (["record", "--knock", "Ann", *[f"--count={n}=9" for n in SEATS]], ["undo"],
                        ["join", "Ed"], ["leave", "Di"], ["rules", "pagat"]):
            proc = run("session", command[0], str(path), *command[1:])
            assert proc.returncode == 1, (command, proc.stderr)
            assert proc.stderr.count("\n") == 1 and "the ledger is busy" in proc.stderr, proc.stderr
        assert run("session", "balances", str(path)).returncode == 0  # reading never waits for a writer
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Ledger.open(path) as led:
        assert led.events() == [] and led.hand_count() == 0
