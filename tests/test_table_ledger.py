"""Session ledgers: session files, seats and dealers, undo, export round trips, damage, killed writers."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import ROOT, run, tonk

from tonk_rules.errors import LedgerError, SessionFileError
from tonk_rules.ledger.export import export_csv, export_json
from tonk_rules.ledger.json_import import import_json
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.table.session_file import load_session_file, session_schema_text

SESSION = """\
format: tonk-session/1
title: Black Company weekend, table 2
variant: house.yaml
currency: крона
stakes: 2
seats:
  - Костоправ
  - {name: Гоблин, player: Anna}
  - Элмо
first_dealer: Элмо
"""
HOUSE = "extends: russian\ntitle: Our table\ndescription: house rules\ndeal_check: {at_most: 13}\n"


def knock(seats: tuple[str, ...], winner: str, stake: int = 1) -> HandEntry:
    """A won knock: every other player pays the winner one stake (as russian settles it)."""
    others = tuple((n, winner, stake) for n in seats if n != winner)
    return HandEntry("settled", "knock_won", seats, (stake,) * len(seats), tuple(5 if n == winner else 20
                                                                                   for n in seats),
                     (winner,), winner, others)


@pytest.fixture()
def table(tmp_path: Path) -> Path:
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "table2.yaml").write_text(SESSION, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("change", "words"), [
    ({"payments": (("Ann", "Ann", 1),)}, "a payment from 'Ann' to 'Ann' is not between two players"),
    ({"payments": (("Zed", "Ann", 1),)}, "a payment from 'Zed' to 'Ann' is not between two players"),
    ({"payments": (("Bob", "Ann", -3),)}, "a payment of -3 from Bob to Ann is not a positive whole number"),
    ({"ending": "knock_lost"}, "'knock_lost' is not an ending"),
    ({"winners": ("Zed",)}, "its counts, winners or knocker do not match"),
])
def test_a_hand_no_settlement_could_give_is_refused_and_leaves_the_ledger_as_it_was(
        tmp_path: Path, change: dict[str, object], words: str) -> None:
    seats = ("Ann", "Bob", "Cy")
    led = Ledger.create(tmp_path / "l.sqlite", variant_ref="russian", seats=list(seats), stakes=[1, 1, 1],
                        currency="c", first_dealer="Ann")
    with pytest.raises(LedgerError, match=f"^the hand cannot be recorded: {re.escape(words)}"):
        led.record(dataclasses.replace(knock(seats, "Ann"), **change))  # type: ignore[arg-type]
    assert led.hand_count() == 0
    led.record(knock(seats, "Ann"))
    assert led.hand_count() == 1


def test_session_schema_file_is_not_stale() -> None:
    checked_in = (ROOT / "schemas" / "session.schema.json").read_text(encoding="utf-8")
    assert checked_in == session_schema_text(), "regenerate with: tonk session schema > schemas/session.schema.json"


def test_a_session_file_creates_the_table(table: Path) -> None:
    plan = load_session_file(table / "table2.yaml")
    assert plan.seats == ("Костоправ", "Гоблин", "Элмо") and plan.stakes == (2, 2, 2)
    assert plan.players == (None, "Anna", None) and plan.first_dealer == "Элмо"
    proc = tonk("session", "create", str(table / "t.sqlite"), "--from", str(table / "table2.yaml"))
    assert proc.returncode == 0, proc.stderr
    assert "Next dealer: Элмо" in proc.stdout and "крона" in proc.stdout


@pytest.mark.parametrize(("change", "message"), [
    ("stakes: 2", "stakes: -1"),
    ("stakes: 2", "stakes: abc"),
    ("stakes: 2", "stakes: 0"),
    ("stakes: 2", "stakes: {Костоправ: 1, Гоблин: 1, Элмо: 1, Otter: 1}"),
    ("first_dealer: Элмо", "first_dealer: Otter"),
    ("  - Элмо", "  - Гоблин"),
    ("currency: крона", "currancy: крона"),
    ("variant: house.yaml", "variant: russain"),
    ("format: tonk-session/1", "format: tonk-session/9"),
    ("  - Элмо", "  - " + "Э" * 41),
    ("  - Элмо", "  - ''"),
    ("  - Элмо", "  - {name: ''}"),
    ("  - {name: Гоблин, player: Anna}", "  - {name: Гоблин, player: ''}"),
])
def test_bad_session_files_get_located_messages(table: Path, change: str, message: str) -> None:
    path = table / "bad.yaml"
    path.write_text(SESSION.replace(change, message), encoding="utf-8")
    line = SESSION.replace(change, message).splitlines().index(message.splitlines()[0]) + 1
    with pytest.raises(SessionFileError) as caught:
        load_session_file(path)
    first = caught.value.diagnostics[0]
    assert first.file == str(path) and first.line == line and first.column >= 1, str(caught.value)
    proc = run("session", "create", str(table / "x.sqlite"), "--from", str(path))
    assert proc.returncode == 1 and proc.stderr.startswith(f"{path}:{line}:")
    assert not (table / "x.sqlite").exists()


@pytest.mark.parametrize(("seat", "message"), [
    ("Э" * 41, "a seat name has at most 40 characters, not 41"),
    ("''", "a seat name may not be empty"),
    ("{name: " + "Э" * 41 + "}", "a seat name has at most 40 characters"),
    ("{name: Гоблин, player: ''}", "a seat's player is a name of 1 to 80 characters"),
    ("{name: Гоблин, nick: G}", "a seat is a name or {name, player}; unknown key 'nick'"),
])
def test_seat_names_beyond_the_stated_limits_get_one_located_line(table: Path, seat: str, message: str) -> None:
    path = table / "bad.yaml"
    path.write_text(SESSION.replace("  - Элмо", f"  - {seat}"), encoding="utf-8")
    proc = run("session", "create", str(table / "x.sqlite"), "--from", str(path))
    assert proc.returncode == 1 and proc.stderr.startswith(f"{path}:9:5: {message}"), proc.stderr
    assert proc.stderr.count("\n") == 1 and "internal error" not in proc.stderr


def test_per_player_stakes_need_a_per_player_variant(table: Path) -> None:
    text = SESSION.replace("stakes: 2", "stakes: {Костоправ: 1, Гоблин: 2, Элмо: 1}")
    (table / "s.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(SessionFileError, match="one agreed stake"):
        load_session_file(table / "s.yaml")
    (table / "s.yaml").write_text(text.replace("house.yaml", "russian-2001"), encoding="utf-8")
    assert load_session_file(table / "s.yaml").stakes == (1, 2, 1)


def test_dealer_rotation_follows_the_variant(tmp_path: Path) -> None:
    seats = ("Ann", "Bob", "Cy")
    left = Ledger.create(tmp_path / "left.sqlite", variant_ref="russian", seats=list(seats), stakes=[1, 1, 1],
                         currency="c", first_dealer="Ann")
    left.record(knock(seats, "Cy"))
    assert left.next_dealer() == "Bob"
    (tmp_path / "w.yaml").write_text("extends: russian\ntitle: t\ndescription: d\n"
                                     "dealer: {rotation: winner, after_void: same}\ndeal_check: {several: void}\n",
                                     encoding="utf-8")
    winner = Ledger.create(tmp_path / "winner.sqlite", variant_ref=str(tmp_path / "w.yaml"), seats=list(seats),
                           stakes=[1, 1, 1], currency="c", first_dealer="Ann")
    winner.record(knock(seats, "Cy"))
    assert winner.next_dealer() == "Cy"
    # two deal tonks: void under `several: void` (the holders recorded, so the hand can be settled again)
    winner.record(HandEntry("settled", "deal_void", seats, (1, 1, 1), (10, 10, 30), (), None, (),
                            {"tonks": ["Ann", "Bob"]}))
    assert winner.next_dealer() == "Cy"  # after a void deal the same dealer deals again
    assert [h["dealer"] for h in winner.hands()] == ["Ann", "Cy"]


def test_players_join_and_leave_between_hands(tmp_path: Path) -> None:
    led = Ledger.create(tmp_path / "l.sqlite", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1],
                        currency="c", first_dealer="Cy")
    led.record(knock(("Ann", "Bob", "Cy"), "Bob"))
    assert led.next_dealer() == "Ann"
    led.join("Di", after="Ann")
    led.leave("Ann")  # the next dealer leaves: the deal passes to the next seat
    assert [n for n, _ in led.seated()] == ["Di", "Bob", "Cy"] and led.next_dealer() == "Di"
    with pytest.raises(LedgerError, match="not the players at the table"):
        led.record(knock(("Ann", "Bob", "Cy"), "Bob"))
    led.record(knock(("Di", "Bob", "Cy"), "Di"))
    led.join("Ann")  # back, with her balance
    assert led.balances() == {"Di": 2, "Bob": 1, "Cy": -2, "Ann": -1}
    with pytest.raises(LedgerError, match="already at the table"):
        led.join("Bob")
    with pytest.raises(LedgerError, match="one agreed stake"):
        led.join("Ed", stake=5)


def test_undo_removes_the_last_hand_and_its_dealer_deals_again(tmp_path: Path) -> None:
    seats = ("Ann", "Bob", "Cy")
    led = Ledger.create(tmp_path / "u.sqlite", variant_ref="russian", seats=list(seats), stakes=[1, 1, 1],
                        currency="c", first_dealer="Ann")
    led.record(knock(seats, "Ann"))
    led.record(knock(seats, "Cy"))
    assert led.next_dealer() == "Cy"
    undone = led.undo()
    assert undone["hand"]["number"] == 2 and undone["hand"]["winners"] == ["Cy"]
    assert undone["said"] == "hand 2 (knock won, won by Cy)"
    assert led.balances() == {"Ann": 2, "Bob": -1, "Cy": -1} and led.next_dealer() == "Bob"
    led.undo()
    assert led.hand_count() == 0 and led.next_dealer() == "Ann"
    with pytest.raises(LedgerError, match="nothing to undo"):
        led.undo()


@settings(max_examples=examples(15), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Ann", "Bob", "Cy"]), st.integers(1, 5)), max_size=8))
def test_export_round_trip(tmp_path_factory: pytest.TempPathFactory, wins: list[tuple[str, int]]) -> None:
    folder = tmp_path_factory.mktemp("rt")
    seats = ("Ann", "Bob", "Cy")
    led = Ledger.create(folder / "a.sqlite", variant_ref="russian-2001", seats=list(seats), stakes=[1, 2, 3],
                        currency="c")
    for winner, low in wins:
        # the import settles every hand again: the hands are the rules' own settlements of these knocks
        counts = tuple(low if n == winner else 20 + i for i, n in enumerate(seats))
        s = led.rules.settle_knock(counts, seats.index(winner), (1, 2, 3))
        led.record(HandEntry("settled", str(s.ending), seats, (1, 2, 3), counts, tuple(seats[w] for w in s.winners),
                             winner, tuple((seats[p.payer], seats[p.receiver], p.amount) for p in s.payments)))
    exported = export_json(led)
    copy = import_json(folder / "b.sqlite", exported)
    assert export_json(copy) == exported
    rows = list(csv.DictReader(io.StringIO(export_csv(led))))
    sums = dict.fromkeys(seats, 0)
    for row in rows:
        sums[row["player"]] += int(row["net"])
    assert sums == led.balances() and sum(sums.values()) == 0
    assert len(rows) == 3 * len(wins)


def test_export_and_import_commands(table: Path) -> None:
    ledger, copy = table / "t.sqlite", table / "copy.sqlite"
    run("session", "create", str(ledger), "--from", str(table / "table2.yaml"))
    out = table / "t.json"
    assert run("session", "export", str(ledger), "--format", "json", "--out", str(out)).returncode == 0
    assert run("session", "import", str(copy), str(out)).returncode == 0
    assert run("session", "export", str(copy), "--format", "json").stdout == out.read_text(encoding="utf-8")
    data = json.loads(out.read_text(encoding="utf-8"))
    data["balances"]["Элмо"] = 5
    out.write_text(json.dumps(data), encoding="utf-8")
    bad = run("session", "import", str(table / "edited.sqlite"), str(out))
    assert bad.returncode == 1 and "not the sum of the payments" in bad.stderr
    assert not (table / "edited.sqlite").exists()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "foreign", "future"])
def test_a_damaged_ledger_gets_one_message_and_stays_as_it_was(table: Path, damage: str) -> None:
    path = table / "t.sqlite"
    run("session", "create", str(path), "--from", str(table / "table2.yaml"))
    if damage == "garbage":
        path.write_bytes(b"this is not a ledger\n" * 50)
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:3000])
    elif damage == "foreign":
        path.unlink()
        sqlite3.connect(path).execute("CREATE TABLE x (y)").connection.commit()
    else:  # a ledger written by a later version of the program
        db = sqlite3.connect(path)
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        db.commit()
        db.close()
    before = path.read_bytes()
    for command in (["balances"], ["undo"], ["join", "Otter"], ["record", "--hand", "A=2S", "--knock", "A"]):
        proc = run("session", command[0], str(path), *command[1:])
        # a file that is no ledger at all has its own status (6): restoring a copy is not the remedy there
        assert proc.returncode == (6 if damage in ("garbage", "foreign") else 1), proc.stderr
        assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(f"error: {path}:")
        assert ("restore" in proc.stderr) == (damage == "truncated"), proc.stderr
        assert path.read_bytes() == before


WRITER = """
import sys
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
led = Ledger.open(sys.argv[1])
seats = ("Ann", "Bob", "Cy")
for i in range(100000):
    winner = seats[i % 3]
    led.record(HandEntry("settled", "knock_won", seats, (1, 1, 1), tuple(1 if n == winner else 20 for n in seats),
                                    (winner,), winner,
                         tuple((n, winner, 1) for n in seats if n != winner)))
    print(i + 1, flush=True)
"""


def test_a_killed_writer_loses_no_reported_hand(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite"
    Ledger.create(path, variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1], currency="c").close()
    for kill_after in (1, 7, 40):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True,
                                  cwd=ROOT)
        assert writer.stdout is not None
        reported = 0
        while reported < kill_after:
            reported = int(writer.stdout.readline())
        os.kill(writer.pid, signal.SIGKILL)  # mid-write, or between writes: either way nothing reported is lost
        writer.wait()
        with Ledger.open(path) as led:
            assert led.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            count = led.hand_count()
            assert count >= reported
            assert sum(led.balances().values()) == 0
            numbers = [h["number"] for h in led.hands()]
            assert numbers == list(range(1, count + 1))
            assert all(len(h["payments"]) == 2 for h in led.hands())  # no hand without its payments


def test_a_reader_reads_while_a_writer_writes(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    seats = ("Ann", "Bob", "Cy")
    Ledger.create(path, variant_ref="russian", seats=list(seats), stakes=[1, 1, 1], currency="c").close()
    done = threading.Event()
    seen: list[int] = []
    problems: list[BaseException] = []

    def read() -> None:
        try:
            while not done.is_set():
                with Ledger.open(path) as led:
                    balances = led.balances()
                    assert sum(balances.values()) == 0
                    seen.append(led.hand_count())
        except BaseException as exc:  # reported below, from the main thread
            problems.append(exc)

    reader = threading.Thread(target=read)
    reader.start()
    with Ledger.open(path) as writer:
        for i in range(60):
            winner = seats[i % 3]
            counts = tuple(1 if n == winner else 20 for n in seats)
            writer.record(HandEntry("settled", "knock_won", seats, (1, 1, 1), counts, (winner,), winner,
                                    tuple((n, winner, 1) for n in seats if n != winner)))
    done.set()
    reader.join()
    assert not problems, problems
    assert seen == sorted(seen) and len(seen) > 1  # each read saw whole hands, never going back


def test_a_points_game_ends_at_its_target(tmp_path: Path) -> None:
    (tmp_path / "points.yaml").write_text("extends: pagat\ntitle: t\ndescription: d\n"
                                          "scoring: {mode: points, target: 3}\n", encoding="utf-8")
    seats = ("Ann", "Bob")
    led = Ledger.create(tmp_path / "p.sqlite", variant_ref=str(tmp_path / "points.yaml"), seats=list(seats),
                        stakes=[1, 1], currency="points")
    led.record(knock(seats, "Ann"))
    led.record(knock(seats, "Ann"))
    assert led.game_over() is None
    led.record(knock(seats, "Ann"))
    assert led.game_over() == "Ann reached the points target (3)"
    with pytest.raises(LedgerError, match="the session is over"):
        led.record(knock(seats, "Bob"))
    assert "Game over: Ann reached" in run("session", "balances", str(tmp_path / "p.sqlite")).stdout


@pytest.mark.parametrize(("options", "message"), [
    (["--stake", "-1"], "not -1"), (["--stake", "abc"], "not 'abc'"), (["--stake", "0"], "not 0"),
    (["--stake", "A=1", "--stake", "B=2"], "one agreed stake"), (["--first-dealer", "Zed"], "'Zed' is not seated"),
])
def test_session_options_that_cannot_be_get_one_line(tmp_path: Path, options: list[str], message: str) -> None:
    path = tmp_path / "o.sqlite"
    proc = run("session", "create", str(path), "--variant", "russian", "--players", "A,B", "--currency", "c",
               *options)
    assert proc.returncode == 2 and message in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert not path.exists()


def test_csv_for_excel_has_a_byte_order_mark_and_the_currency_as_a_label(table: Path) -> None:
    ledger = table / "t.sqlite"
    run("session", "create", str(ledger), "--from", str(table / "table2.yaml"))
    record = run("session", "record", str(ledger), "--count", "Костоправ=5", "--count", "Гоблин=20", "--count",
                 "Элмо=30", "--knock", "Костоправ")
    assert "Гоблин pays Костоправ 2 (крона)" in record.stdout and "2 крона" not in record.stdout
    out = table / "t.csv"
    assert run("session", "export", str(ledger), "--bom", "--out", str(out)).returncode == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and "Гоблин".encode() in data
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[1] == {"hand": "1", "kind": "settled", "ending": "knock_won", "dealer": "Элмо", "player": "Гоблин",
                       "count": "20", "stake": "2", "net": "-2", "winner": "no", "currency": "крона",
                       "bank_cut": "0", "iou": "0"}
    assert not run("session", "export", str(ledger)).stdout.startswith("\ufeff")  # only when asked for
    proc = run("session", "export", str(ledger), "--format", "json", "--bom")
    assert proc.returncode == 2 and "--bom is for CSV" in proc.stderr
