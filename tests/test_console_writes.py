"""The console's writes as a game master at 2 a.m. needs them: the undo of a correction is an event of its own
(an older ledger takes on the new kind of event at its first correction, and opens unchanged until then), a
table whose ledger another program holds locked is said busy within 2 s while the other tables go on, and a
hand typed in a terminal while a phone sends it is recorded once."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tablekit import ROOT, run
from test_web_stall import hold_lock, run_with_guard
from webkit import Phone, app_for, knock, make_event

from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.corrections import corrections, void_hand
from tonk_rules.ledger.export import export_json
from tonk_rules.ledger.json_import import import_json
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.web import routes_record

KNOCK = ("--count", "Ann=3", "--count", "Bob=19", "--count", "Cy=4", "--knock", "Ann")


def _notice(text: str) -> str:
    found = re.search(r'<p class="notice" role="status">([^<]*)</p>', text)
    assert found, text[-800:]
    return html.unescape(found.group(1))


def _event_id(text: str) -> str:
    found = re.search(r'name="event" value="(\d+)"', text)
    assert found, text[-800:]
    return found.group(1)


def _knock_entry() -> HandEntry:
    return HandEntry("settled", "knock_won", ("Ann", "Bob", "Cy"), (1, 1, 1), (3, 19, 4), ("Ann",), "Ann",
                     (("Bob", "Ann", 1), ("Cy", "Ann", 1)), {"how": "knock"})


@pytest.fixture
def night(tmp_path: Path) -> tuple[Event, Phone, Phone]:
    event = make_event(tmp_path / "night")
    app = app_for(event.folder)
    phone = Phone(app).at_table("t1")
    for _ in range(2):
        assert phone.post("/t/t1/record", {**phone.hand_form("t1"), **knock()}).status_code == 303
    return event, phone, Phone(app).as_gm()


def test_the_console_undoes_a_void_and_an_amend_each_as_an_event_of_its_own(night: tuple[Event, Phone, Phone]) -> None:
    event, phone, gm = night
    before = event.state("t1")
    gm.post("/gm/t/t1/correct", {"number": "1", "action": "void", "reason": "written twice"})
    assert event.state("t1").balances == {"Ann": 2, "Bob": -1, "Cy": -1}
    assert phone.post("/t/t1/undo", {}).status_code == 409  # the phone: not its change
    asked = gm.post("/gm/t/t1/undo", {})
    assert "Undo the correction of hand 1 (voided: written twice)?" in html.unescape(asked.text)
    done = gm.post("/gm/t/t1/undo", {"event": _event_id(asked.text)})
    assert _notice(done.text) == "Undone: the correction of hand 1 (voided: written twice)."
    after = event.state("t1")
    assert (after.balances, after.next_dealer, after.hands) == (before.balances, before.next_dealer, before.hands)
    with event.ledger("t1") as led:
        assert corrections(led) == []
        kinds = [(e["kind"], e["undone_by"] is not None) for e in led.events()]
        assert kinds == [("hand", False), ("hand", False), ("correct", True), ("undo", False)]
        history = run("event", "history", str(event.folder), "t1").stdout
        assert "-- hand 1 voided (written twice) (undone)" in history
        # the next undo takes back hand 2 itself: the correction no longer stands between
        assert led.last_event()["kind"] == "hand"  # type: ignore[index]
        copy = import_json(event.folder / "copy.sqlite", export_json(led))
        assert export_json(copy) == export_json(led)
        copy.close()


def test_an_amend_undone_from_the_console_puts_the_hand_back_as_it_was(night: tuple[Event, Phone, Phone]) -> None:
    event, _, gm = night
    with event.ledger("t1") as led:
        was = led.hands(2)[0]
    amend = gm.post("/gm/t/t1/correct", {"number": "2", "action": "amend", "reason": "Cy held 2", "how": "knock",
                                         "player": "Ann", "count_0": "3", "count_1": "19", "count_2": "2"})
    assert amend.status_code == 200, amend.text[-600:]
    with event.ledger("t1") as led:
        assert led.hands(2)[0]["winners"] == ["Cy"]
    gm.post("/gm/t/t1/undo", {"event": _event_id(gm.post("/gm/t/t1/undo", {}).text)})
    with event.ledger("t1") as led:
        now = led.hands(2)[0]
        assert {k: now[k] for k in ("ending", "winners", "payments", "counts", "dealer", "next_dealer")} == \
            {k: was[k] for k in ("ending", "winners", "payments", "counts", "dealer", "next_dealer")}
        assert corrections(led) == []


def test_an_older_ledger_opens_unchanged_and_takes_on_correction_events_when_corrected(tmp_path: Path) -> None:
    """tests/ledgers/v2-corrected.sqlite was written by schema 2 (tests/ledgers/README.md):
    hands, a join, a leave, a void and an amend of its own kind (corrections without events)."""
    path = tmp_path / "v2.sqlite"
    shutil.copy(ROOT / "tests" / "ledgers" / "v2-corrected.sqlite", path)
    kept = path.read_bytes()
    for command in (["balances"], ["history"], ["export", "--format", "json"]):
        assert run("session", command[0], str(path), *command[1:]).returncode == 0
    assert path.read_bytes() == kept  # read, nothing written
    with Ledger.open(path) as led:
        balances, fixes = led.balances(), corrections(led)
        assert led.meta["schema_version"] == "2" and len(fixes) == 2
        exported = export_json(led)
        copy = import_json(tmp_path / "copy.sqlite", exported)
        assert export_json(copy) == exported
        copy.close()
        said = void_hand(led, 1, "written twice")["said"]
        assert said.startswith("voided hand 1")
        assert led.meta["schema_version"] == "3" and led.last_event()["kind"] == "correct"  # type: ignore[index]
        led.undo()
        assert led.balances() == balances and len(corrections(led)) == 2
    assert run("session", "balances", str(path)).returncode == 0


def test_a_console_write_to_a_locked_table_is_busy_within_two_seconds(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night", language="ru")
    gm = Phone(app_for(event.folder)).as_gm()
    holder = hold_lock(event.ledger_path("t1"), exclusive=False)  # a writer elsewhere: readers go on
    try:
        started = time.monotonic()
        busy = run_with_guard(lambda: gm.post("/gm/t/t1/seat", {"name": "Шёпот", "action": "join"}))
        waited = time.monotonic() - started
        assert busy.status_code == 503 and "стол «t1» занят" in _notice(busy.text), busy.text[-600:]
        assert waited < 2.5, waited  # a guard on the wait the game master sees, not a measure of speed
        other = run_with_guard(lambda: gm.post("/gm/t/t2/seat", {"name": "Шёпот", "action": "join"}))
        assert other.status_code == 200 and _notice(other.text) == "Готово."
        undo = run_with_guard(lambda: gm.post("/gm/t/t1/undo", {"event": "1"}))
        assert undo.status_code in (409, 503)
    finally:
        holder.kill()
        holder.communicate()
    assert [n for n, _ in event.state("t1").seated] == ["Ann", "Bob", "Cy"]
    assert "Шёпот" in [n for n, _ in event.state("t2").seated]


def test_a_terminal_recording_in_the_forms_window_doubles_nothing(night: tuple[Event, Phone, Phone],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal writes between the server's look at the table and its write: the form must not become the
    next hand (it was meant as the hand the terminal took), and comes back to be sent again."""
    event, phone, _ = night
    form = {**phone.hand_form("t1"), **knock()}
    settled = routes_record.replace  # called after the server's own look at the table, before its write

    def terminal_meanwhile(*args, **kwargs):  # type: ignore[no-untyped-def]
        with Ledger.open(event.ledger_path("t1")) as other:
            other.record(_knock_entry(), expected=3)  # `tonk event record … --expect 3`, in the window
        return settled(*args, **kwargs)

    monkeypatch.setattr(routes_record, "replace", terminal_meanwhile)
    answer = phone.post("/t/t1/record", form)
    assert answer.status_code == 409 and "Another phone has just recorded a hand" in answer.text
    assert event.state("t1").hands == 3  # the terminal's hand, once


def test_two_writers_of_one_hand_record_it_once(night: tuple[Event, Phone, Phone]) -> None:
    """A phone and `tonk event record --expect N` send hand N at the same moment, round after round."""
    import threading

    event, phone, _ = night
    cli = [sys.executable, "-m", "tonk_rules", "event", "record", str(event.folder), "t1", *KNOCK]
    for number in range(3, 7):
        form = {**phone.hand_form("t1"), **knock()}
        assert form["expected"] == str(number)
        answers: list[int] = []
        go = threading.Barrier(2)

        def send(go: threading.Barrier = go, answers: list[int] = answers, form: dict[str, str] = form) -> None:
            go.wait()
            answers.append(phone.post("/t/t1/record", form).status_code)

        sender = threading.Thread(target=send)
        sender.start()
        terminal = subprocess.Popen([*cli, "--expect", str(number)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        go.wait()
        out, err = terminal.communicate(timeout=60)
        sender.join(60)
        recorded = (terminal.returncode == 0) + (answers == [303])
        assert recorded == 1, (answers, out, err)
        assert event.state("t1").hands == number
    again = [*cli, "--key", "hand-7"]
    first, second = (subprocess.run(again, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
                     for _ in range(2))
    assert first.returncode == 0 and "Recorded as hand 7" in first.stdout, first.stderr
    assert second.returncode == 0 and "Nothing recorded: this key's hand is hand 7" in second.stdout
    assert event.state("t1").hands == 7
