"""Table creation and moves survive a kill at any step (issue 38, item 7), and a table's files stay in the event
folder under names of their own (item 8): each step after which the process could die is made to "die" (an
exception no handler catches, as SIGKILL would), then the event is opened again and must hold the old state
or the new one, never a half (a player at no table, a ledger that blocks the name)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tonk_rules.errors import LedgerError
from tonk_rules.event import event_folder
from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.session_ledger import Ledger


class Killed(BaseException):
    """The process dies here: nothing after it runs, no ``except Exception`` cleans up."""


def _event(tmp_path: Path) -> Event:
    event = Event.create(tmp_path / "night", title="Night", language="ru", currency="крона")
    event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    event.add_table("t2", variant_ref="russian", seats=["Dee", "Eve"], stakes=[1, 1])
    return event


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.name != ".event.lock")


def _kill_after(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, *, calls: int = 1,
                before: bool = False) -> None:
    """``owner.name`` dies on its ``calls``-th call, before or after doing its work."""
    real: Callable[..., Any] = getattr(owner, name)
    seen = {"n": 0}

    def dying(*args: Any, **kw: Any) -> Any:
        seen["n"] += 1
        if seen["n"] == calls and before:
            raise Killed(name)
        result = real(*args, **kw)
        if seen["n"] == calls:
            raise Killed(name)
        return result

    monkeypatch.setattr(owner, name, dying)


# (what dies, before or after it does its work): every step of a table creation
CREATION_STEPS = [
    ("ledger", False), ("write", True), ("write", False), ("settle", True), ("settle", False),
]


def _patch_creation(monkeypatch: pytest.MonkeyPatch, step: str, before: bool) -> None:
    if step == "ledger":
        real = Ledger.create

        def dying_create(*args: Any, **kw: Any) -> Ledger:
            real(*args, **kw).close()
            raise Killed("after the ledger was made")

        monkeypatch.setattr(Ledger, "create", dying_create)
    elif step == "write":
        _kill_after(monkeypatch, event_folder, "_write_synced", before=before)
    else:
        _kill_after(monkeypatch, event_folder, "_settle_new_ledger", before=before)


@pytest.mark.parametrize(("step", "before"), CREATION_STEPS, ids=[f"{s}-{'before' if b else 'after'}"
                                                                  for s, b in CREATION_STEPS])
def test_a_table_creation_killed_at_any_step_leaves_no_table_or_the_whole_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str, before: bool) -> None:
    event = _event(tmp_path)
    house = "extends: russian\ntitle: Казарма\nknocking: {max_count: 9}\n"
    from tonk_rules.event.house_rules import read_house

    rules = read_house(event.folder, house, "t3")
    with monkeypatch.context() as patch:
        _patch_creation(patch, step, before)
        with pytest.raises(Killed):
            event.add_table("t3", seats=["Fay", "Gus"], stakes=[1, 1], rules=rules, title="Третий")
    again = Event.open(event.folder)  # a restart: finishes or undoes what the kill left
    leftovers = [f for f in _files(event.folder) if f.startswith(".") and "creating" in f]
    assert leftovers == []
    if "t3" in again.table_names():
        assert again.state("t3").seated == [("Fay", 1), ("Gus", 1)]
        with again.ledger("t3", writable=False) as led:  # its rules kept as the house's, ★ and all
            assert again.house(led.stored_rules().digest) == {"file": rules.ref, "based_on": "russian",
                                                              "own": ["knocking.max_count"]}
    else:
        assert not (event.folder / "t3.sqlite").exists()
        again.add_table("t3", seats=["Fay", "Gus"], stakes=[1, 1], rules=rules)  # the name is free
        assert again.state("t3").seated == [("Fay", 1), ("Gus", 1)]
    assert [s.name for s in again.standings()] == ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def test_the_listed_table_is_finished_by_the_next_opening(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed after event.json lists the table, before its ledger has its name: the table is there after."""
    event = _event(tmp_path)
    with monkeypatch.context() as patch:
        _patch_creation(patch, "settle", True)
        with pytest.raises(Killed):
            event.add_table("t3", variant_ref="pagat", seats=["Fay", "Gus"], stakes=[1, 1])
    assert (event.folder / ".t3.creating.sqlite").exists() and not (event.folder / "t3.sqlite").exists()
    assert Event.open(event.folder).state("t3").seated == [("Fay", 1), ("Gus", 1)]


def test_an_empty_ledger_left_by_an_earlier_version_does_not_block_the_name(tmp_path: Path) -> None:
    event = _event(tmp_path)
    Ledger.create(event.folder / "t3.sqlite", variant_ref="pagat", seats=["X", "Y"], stakes=[1, 1],
                  currency="c").close()  # what the earlier version's killed creation left
    event.add_table("t3", variant_ref="pagat", seats=["Fay", "Gus"], stakes=[1, 1])
    assert event.state("t3").seated == [("Fay", 1), ("Gus", 1)]


def test_a_ledger_with_hands_that_no_table_owns_is_never_removed(tmp_path: Path) -> None:
    event = _event(tmp_path)
    stray = event.folder / "t3.sqlite"
    with Ledger.create(stray, variant_ref="pagat", seats=["X", "Y"], stakes=[1, 1], currency="c") as led:
        led.join("Z")  # an event at the table: someone's evening
    before = stray.read_bytes()
    with pytest.raises(LedgerError, match="t3.sqlite in the event folder is the ledger of no table") as refused:
        event.add_table("t3", variant_ref="pagat", seats=["Fay", "Gus"], stakes=[1, 1])
    assert refused.value.refusal is not None and refused.value.refusal.code == "stray_ledger"
    assert stray.read_bytes() == before and "t3" not in Event.open(event.folder).table_names()


# every step of a move: the plan written, the leave, the join, the plan removed
MOVE_STEPS = [("_write_synced", True), ("_write_synced", False), ("leave", False), ("join", False)]


@pytest.mark.parametrize(("step", "before"), MOVE_STEPS, ids=[f"{s}-{'before' if b else 'after'}"
                                                              for s, b in MOVE_STEPS])
def test_a_move_killed_at_any_step_leaves_the_player_at_exactly_one_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str, before: bool) -> None:
    event = _event(tmp_path)
    with monkeypatch.context() as patch:
        owner = event_folder if step == "_write_synced" else Ledger
        _kill_after(patch, owner, step, before=before)
        with pytest.raises(Killed):
            event.move("Cy", "t1", "t2")
    again = Event.open(event.folder)
    assert not (event.folder / event_folder.MOVING).exists()
    where = [s.name for s in again.states() if "Cy" in [n for n, _ in s.seated]]
    assert len(where) == 1, where
    assert where == (["t1"] if step == "_write_synced" else ["t2"])  # before the leave: the old state
    again.move("Cy", where[0], "t1" if where[0] == "t2" else "t2")  # and the event moves on normally


def test_a_half_move_whose_join_is_now_refused_is_taken_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed between the leave and the join; meanwhile the target table filled up: Cy is back at t1."""
    event = Event.create(tmp_path / "night", title="Night", language="en", currency="c")
    event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    event.add_table("t2", variant_ref="classic-pc", seats=["Dee", "Eve"], stakes=[1, 1])
    with monkeypatch.context() as patch:
        _kill_after(patch, Ledger, "leave")
        with pytest.raises(Killed):
            event.move("Cy", "t1", "t2")
    again = Event.open(event.folder)  # classic-pc seats exactly 2: the join is refused, the leave taken back
    assert [n for n, _ in again.state("t1").seated] == ["Ann", "Bob", "Cy"]
    assert not (event.folder / event_folder.MOVING).exists()


_WORKER = """
import sys
from tonk_rules.event.event_folder import Event
event = Event.open(sys.argv[1])
print("ready", flush=True)
i = 0
while True:
    i += 1
    event.move("Cy", "t1", "t2"); event.move("Cy", "t2", "t1")
    name = f"x{i}"
    event.add_table(name, variant_ref="pagat", seats=[f"P{i}", f"Q{i}"], stakes=[1, 1])
"""


@pytest.mark.slow
def test_sigkill_during_moves_and_creations_leaves_a_consistent_event(tmp_path: Path) -> None:
    event = _event(tmp_path)
    for attempt in range(12):
        proc = subprocess.Popen([sys.executable, "-c", _WORKER, str(event.folder)], stdout=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(0.05 + 0.037 * attempt)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        again = Event.open(event.folder)
        where = [s.name for s in again.states() if "Cy" in [n for n, _ in s.seated]]
        assert len(where) == 1, (attempt, where)
        assert not [f for f in os.listdir(event.folder) if "creating" in f or f == event_folder.MOVING]
        listed = set(again.table_names())
        ledgers = {f[:-len(".sqlite")] for f in os.listdir(event.folder) if f.endswith(".sqlite")}
        assert ledgers == listed  # no ledger blocks a name, no table lacks its ledger
        if where != ["t1"]:
            again.move("Cy", where[0], "t1")
    assert json.loads((event.folder / "event.json").read_text(encoding="utf-8"))["format"] == "tonk-event"
