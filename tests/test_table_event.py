"""An event of several tables (standings, moves, sheets) and corrections of any earlier hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablekit import run

from tonk_rules.errors import LedgerError
from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.corrections import amend_hand, corrections, recompute_dealers, void_hand
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.ledger.settled_entry import settle_entry
from tonk_rules.table.settle import HowItEnded


@pytest.fixture
def night(tmp_path: Path) -> Event:
    event = Event.create(tmp_path / "night", title="Winter night", language="ru", currency="crowns")
    event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    event.add_table("t2", variant_ref="pagat", seats=["Dee", "Eve"], stakes=[2, 2])
    return event


def knock(led: Ledger, knocker: str, counts: dict[str, int]) -> int:
    settled = settle_entry(led.rules, led.seated(), [], [f"{n}={c}" for n, c in counts.items()], [],
                           HowItEnded("knock", knocker), led.stored_rules().digest)
    assert settled.entry is not None
    return led.record(settled.entry)


def out(led: Ledger, player: str) -> int:
    settled = settle_entry(led.rules, led.seated(), [], [], [], HowItEnded("out", player), None)
    assert settled.entry is not None
    return led.record(settled.entry)


def test_standings_sum_every_table_and_a_move_keeps_the_money(night: Event) -> None:
    with night.ledger("t1") as led:
        knock(led, "Cy", {"Ann": 20, "Bob": 19, "Cy": 3})  # Cy wins 2
    night.move("Cy", "t1", "t2")
    with night.ledger("t2") as led:
        out(led, "Dee")  # Cy pays Dee 2 at the second table
    rows = {r.name: r for r in night.standings()}
    assert rows["Cy"].by_table == {"t1": 2, "t2": -2} and rows["Cy"].total == 0
    assert rows["Cy"].table == "t2" and rows["Ann"].table == "t1"
    assert sum(r.total for r in rows.values()) == 0
    assert night.standings()[0].name == "Dee"


def test_a_player_sits_at_one_table_at_a_time(night: Event) -> None:
    with pytest.raises(LedgerError, match="already seated at table t1"):
        night.add_table("t3", variant_ref="russian", seats=["Ann", "Zed"], stakes=[1, 1])
    with pytest.raises(LedgerError, match="move them instead"):
        night.join("t2", "Bob")
    with pytest.raises(LedgerError, match="not at table t2"):
        night.move("Ann", "t2", "t1")
    assert "t3" not in night.table_names() and not (night.folder / "t3.sqlite").exists()


def test_a_refused_move_leaves_both_tables_as_they_were(night: Event) -> None:
    night.join("t2", "Fay")
    night.add_table("t3", variant_ref="classic-pc", seats=["Gus", "Hal"], stakes=[1, 1])
    with pytest.raises(LedgerError, match="at most 2 players"):
        night.move("Ann", "t1", "t3")
    assert [n for n, _ in night.state("t1").seated] == ["Ann", "Bob", "Cy"]


def test_bad_table_names_and_damaged_event_files_are_refused(night: Event, tmp_path: Path) -> None:
    for name in ("../up", "T1", "", "a" * 40, "t 1"):
        with pytest.raises(LedgerError, match="lower-case"):
            night.add_table(name, variant_ref="russian", seats=["Q", "R"], stakes=[1, 1])
    with pytest.raises(LedgerError, match="no table 'nope'"):
        night.ledger_path("nope")
    (night.folder / "event.json").write_text('{"format": "tonk-event", "version": 1, "tables": 3}')
    with pytest.raises(LedgerError, match="damaged"):
        Event.open(night.folder)
    with pytest.raises(LedgerError, match="not an event folder"):
        Event.open(tmp_path)


def test_void_takes_the_money_back_and_the_deal_does_not_pass(night: Event) -> None:
    with night.ledger("t1") as led:
        first = knock(led, "Ann", {"Ann": 3, "Bob": 19, "Cy": 4})
        for _ in range(2):
            knock(led, "Ann", {"Ann": 3, "Bob": 19, "Cy": 4})  # two hands recorded by mistake
        assert led.next_dealer() == "Ann"  # Ann, Bob, Cy dealt: the deal is round to Ann
        void_hand(led, 2, "recorded twice")
        void_hand(led, 3, "recorded three times")
        assert led.balances() == {"Ann": 2, "Bob": -1, "Cy": -1}
        assert led.next_dealer() == "Bob"  # as if only hand 1 had been played
        with pytest.raises(LedgerError, match="already void"):
            void_hand(led, 2, "again")
        with pytest.raises(LedgerError, match="no hand 9"):
            void_hand(led, 9, "x")
        with pytest.raises(LedgerError, match="say why"):
            void_hand(led, first, "  ")
        kept = corrections(led)
        assert [(c["hand"], c["kind"], c["reason"]) for c in kept] == [(2, "void", "recorded twice"),
                                                                    (3, "void", "recorded three times")]
        assert kept[0]["original"]["payments"]  # the history keeps what the hand paid


def test_amend_pays_by_the_rules_and_recomputes_the_dealers(night: Event) -> None:
    with night.ledger("t1") as led:
        knock(led, "Ann", {"Ann": 3, "Bob": 19, "Cy": 4})
        out(led, "Bob")
        seated = [(n, 1) for n in ("Ann", "Bob", "Cy")]
        amended = settle_entry(led.rules, seated, [], [], [], HowItEnded("out", "Cy"), None).entry
        assert amended is not None
        took = amend_hand(led, 2, amended, "it was Cy who went out")
        assert "won by Cy" in took["said"]
        assert led.balances() == {"Ann": 1, "Bob": -2, "Cy": 1}
        assert [h["dealer"] for h in led.hands()] == ["Ann", "Bob"]
        fix = corrections(led)[0]
        assert fix["original"]["winners"] == ["Bob"] and fix["amended"]["winners"] == ["Cy"]
        led.undo()  # the correction is an event of its own, the last: hand 2 stands again as first recorded
        assert led.hands(2)[0]["winners"] == ["Bob"] and corrections(led) == []
        led.undo()  # then hand 2 itself
        assert led.balances() == {"Ann": 2, "Bob": -1, "Cy": -1} and led.next_dealer() == "Bob"
        out(led, "Ann")
        assert led.hands(2)[0]["winners"] == ["Ann"]  # the new hand 2 is not the corrected one
        void_hand(led, 2, "x")
        assert [c["hand"] for c in corrections(led)] == [2]


def test_the_cli_corrects_a_session_and_an_event(night: Event, tmp_path: Path) -> None:
    folder = str(night.folder)
    for _ in range(3):
        assert run("event", "record", folder, "t1", "--count", "Ann=3", "--count", "Bob=19", "--count", "Cy=4",
                   "--knock", "Ann").returncode == 0
    done = run("event", "correct", folder, "t1", "2", "--void", "--reason", "a mistake")
    assert done.returncode == 0, done.stderr
    assert "Раздача №2 аннулирована" in done.stdout  # the event is Russian: its lines are
    done = run("session", "correct", str(night.ledger_path("t1")), "3", "--out", "Cy", "--reason", "Cy went out")
    assert done.returncode == 0, done.stderr
    history = run("event", "history", folder, "t1").stdout
    assert "(аннулирована)" in history and "раздача №3 исправлена (причина: Cy went out)" in history
    refused = run("event", "correct", folder, "t1", "1", "--void", "--out", "Cy", "--reason", "x")
    assert refused.returncode == 2 and "--void не принимает раздачу" in refused.stderr
    standings = json.loads(run("event", "standings", folder, "--json").stdout)
    assert {r["name"]: r["total"] for r in standings["standings"]}["Cy"] == 1  # -1 for hand 1, +2 as amended


def test_the_cli_makes_an_event_and_shows_sheets(tmp_path: Path) -> None:
    folder = str(tmp_path / "ev")
    assert run("event", "create", folder, "--title", "Ночь", "--language", "ru", "--currency", "крона").returncode == 0
    made = run("event", "add-table", folder, "t1", "--variant", "russian", "--players", "Аня,Боря", "--stake", "1")
    assert made.returncode == 0 and "следующим сдаёт: Аня" in made.stdout
    sheet = run("event", "sheet", folder, "t1")
    assert sheet.returncode == 0 and "правил" in sheet.stdout.lower(), sheet.stdout[:200]
    twice = run("event", "create", folder, "--title", "x", "--currency", "y")
    assert twice.returncode == 1 and "already holds an event" in twice.stderr
    missing = run("event", "standings", str(tmp_path / "nowhere"))
    assert missing.returncode == 1 and "not an event folder" in missing.stderr


@settings(max_examples=examples(25), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(winners=st.lists(st.sampled_from(["Ann", "Bob", "Cy"]), min_size=1, max_size=6), data=st.data())
def test_voids_keep_the_money_and_dealers_those_of_the_standing_hands(tmp_path_factory: pytest.TempPathFactory,
                                                                       winners: list[str], data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("h")
    with Ledger.create(folder / "a.sqlite", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1],
                       currency="c") as led, Ledger.create(folder / "b.sqlite", variant_ref="russian",
                                                           seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1],
                                                           currency="c") as fresh:
        voids = data.draw(st.sets(st.integers(1, len(winners))))
        for number, winner in enumerate(winners, start=1):
            out(led, winner)
            if number not in voids:
                out(fresh, winner)  # the same evening without the hands voided
        recorded = [(h["dealer"], h["next_dealer"]) for h in led.hands()], led.next_dealer()
        with led.transaction():
            recompute_dealers(led)  # recomputing with nothing corrected finds what recording made
        assert ([(h["dealer"], h["next_dealer"]) for h in led.hands()], led.next_dealer()) == recorded
        for number in sorted(voids, reverse=True):
            void_hand(led, number, "test")
        assert led.balances() == fresh.balances()
        assert sum(led.balances().values()) == 0
        assert led.next_dealer() == fresh.next_dealer()
        standing = [h["dealer"] for h in led.hands() if h["number"] not in voids]
        assert standing == [h["dealer"] for h in fresh.hands()]


def test_a_corrected_ledger_exports_and_imports_whole(night: Event, tmp_path: Path) -> None:
    from tonk_rules.ledger.export import export_json
    from tonk_rules.ledger.json_import import import_json

    with night.ledger("t1") as led:
        for winner in ("Ann", "Bob", "Cy", "Ann"):
            out(led, winner)
        void_hand(led, 2, "recorded by mistake")
        amended = settle_entry(led.rules, [(n, 1) for n in ("Ann", "Bob", "Cy")], [], [], [],
                               HowItEnded("out", "Bob"), None).entry
        assert amended is not None
        amend_hand(led, 3, amended, "it was Bob")
        text = export_json(led)
        balances, dealer = led.balances(), led.next_dealer()
    with import_json(tmp_path / "copy.sqlite", text) as copy:
        assert copy.balances() == balances and copy.next_dealer() == dealer
        assert [(c["hand"], c["kind"]) for c in corrections(copy)] == [(2, "void"), (3, "amend")]
    doctored = json.loads(text)
    # each correction is an event of its own, after the hands, as it was made
    assert [e["kind"] for e in doctored["events"]] == ["hand"] * 4 + ["correct"] * 2
    fix = next(e for e in doctored["events"] if e["kind"] == "correct" and e["correction"]["kind"] == "amend")
    fix["correction"]["amended"]["payments"][0]["amount"] = 5
    with pytest.raises(LedgerError, match="as amended"):
        import_json(tmp_path / "bad.sqlite", json.dumps(doctored))
    assert not (tmp_path / "bad.sqlite").exists()


def test_a_damaged_event_file_is_refused_saying_where_and_why_and_never_echoing_it(night: Event) -> None:
    path = night.folder / "event.json"
    whole = path.read_bytes()
    path.write_bytes(whole[:50])  # cut short, as by a full disk
    result = run("event", "standings", str(night.folder))
    assert result.returncode == 1
    assert "event.json: cannot be read as an event file: it ends in the middle of its JSON" in result.stderr
    assert "tables' ledgers" in result.stderr and whole[:50].decode() not in result.stderr
    path.write_text('{"format": "tonk-event",, "secret": 1}', encoding="utf-8")
    with pytest.raises(LedgerError, match=r"not JSON at line 1, column 25 \(expecting property name") as refused:
        Event.open(night.folder)
    assert "secret" not in str(refused.value)
    path.write_text('{"format": "tonk-event"} X', encoding="utf-8")  # whole, with junk after: not "cut short"
    with pytest.raises(LedgerError, match=r"not JSON at line 1, column 26 \(extra data\)"):
        Event.open(night.folder)
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(LedgerError, match=r"not UTF-8 text \(byte 1"):
        Event.open(night.folder)
