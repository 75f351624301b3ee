"""The evening's money: an economy in the event file (located errors), purses handed out, the bank's cut, the
debt limit and IOUs, buy-ins, settlements — every movement a ledger event that undo, corrections and imports
replay — and money conserved over random evenings."""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tablekit import ROOT, run

from tonk_rules.errors import LedgerError, TonkError
from tonk_rules.event.economy import EconomyFile, EconomyFileError, economy_from_text, economy_schema_text
from tonk_rules.event.evening_money import (
    buy_in,
    evening,
    issue_purse,
    money_for_amend,
    record_hand,
    set_economy,
    settle_iou,
)
from tonk_rules.event.event_folder import Event
from tonk_rules.event.purses import PastDebtLimit
from tonk_rules.ledger.corrections import amend_hand, void_hand
from tonk_rules.ledger.export import export_json
from tonk_rules.ledger.json_import import import_json
from tonk_rules.ledger.session_ledger import HandEntry
from tonk_rules.ledger.settled_entry import settle_entry
from tonk_rules.table.settle import HowItEnded

KRONAS = "format: tonk-economy/1\npurse: 30\nbank: {cut_percent: 10}\ndebt_limit: 0\nat_limit: iou\nbuy_in: 30\n"


def _knock(event: Event, table: str, knocker: str, counts: dict[str, int]) -> HandEntry:
    with event.ledger(table, writable=False) as led:
        seated = led.seated()
        entry = settle_entry(led.rules, seated, [], [f"{n}={counts.get(n, 10)}" for n, _ in seated], [],
                             HowItEnded("knock", knocker), led.stored_rules().digest).entry
    assert entry is not None
    return entry


@pytest.fixture
def night(tmp_path: Path) -> Event:
    event = Event.create(tmp_path / "night", title="Night", language="en", currency="kronas")
    event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    event.add_table("t2", variant_ref="russian", seats=["Dee", "Eve"], stakes=[1, 1])
    return event


def test_the_schema_file_is_not_stale() -> None:
    assert (ROOT / "schemas" / "economy.schema.json").read_text(encoding="utf-8") == economy_schema_text()


@pytest.mark.parametrize(("text", "said"), [
    ("format: tonk-economy/1\npurse: 30\nbank: {cut_percent: 0}\n",
     "e.yaml:3:21: cut_percent is a whole number from 1 to 100; got 0 (at bank.cut_percent)"),
    ("format: tonk-economy/1\npurse: 30\nbank: {cut_percent: 10, fee: 1}\n",
     "e.yaml:3:7: the bank takes either cut_percent (1 to 100) or fee (a whole amount of at least 1), not both "
     "(at bank)"),
    ("format: tonk-economy/1\npurse: abc\n", "e.yaml:2:8: 'abc' is not of type 'integer' (at purse)"),
    ("format: tonk-economy/1\npurse: 30\ndebt_limit: -5\n",
     "e.yaml:3:13: the debt limit is none, 0 or a whole amount; got -5 (at debt_limit)"),
    ("format: tonk-economy/1\npurse: 30\nat_limt: iou\n",
     "e.yaml:3:1: unknown key 'at_limt'; did you mean 'at_limit'? (at at_limt)"),
    ("format: tonk-economy/1\npurse: 30\npurses: {Гоблин: true}\n",
     "e.yaml:3:18: True is not of type 'integer' (at purses.Гоблин)"),
])
def test_a_bad_economy_is_refused_where_it_is_wrong(text: str, said: str) -> None:
    with pytest.raises(EconomyFileError) as refused:
        economy_from_text("e.yaml", text)
    assert str(refused.value) == said


def test_an_economy_added_mid_way_starts_from_the_balances(night: Event) -> None:
    record_hand(night, "t1", _knock(night, "t1", "Ann", {"Ann": 3, "Bob": 19, "Cy": 4}))
    before = {row.name: row.total for row in night.standings()}
    set_economy(night, economy_from_text("e.yaml", KRONAS))
    money = evening(night)
    assert money.purses == {name: 30 + total for name, total in before.items()}
    assert money.handed_out == 150 and money.bank == 0
    set_economy(night, economy_from_text("e.yaml", KRONAS))  # set again: nobody is handed a second purse
    assert evening(night).handed_out == 150


def test_a_hand_pays_the_house_and_a_player_past_the_limit_owes_an_iou(night: Event) -> None:
    set_economy(night, economy_from_text("e.yaml", KRONAS.replace("purse: 30", "purse: 30\npurses: {Bob: 0}")))
    entry = _knock(night, "t1", "Ann", {"Ann": 3, "Bob": 40, "Cy": 4})  # Bob, with nothing, pays
    owed = sum(a for p, _, a in entry.payments if p == "Bob")
    assert owed > 0
    with pytest.raises(PastDebtLimit) as refused:
        record_hand(night, "t1", entry)
    assert refused.value.over == {"Bob": owed} and night.state("t1").hands == 0
    record_hand(night, "t1", entry, allow_iou=True)
    money = evening(night)
    assert money.purses["Bob"] == 0 and money.ious == {("Bob", "Ann"): owed}
    cy_paid = sum(a for p, _, a in entry.payments if p == "Cy")
    assert money.bank == (cy_paid * 10 + 50) // 100  # 10% of the coins paid (Bob's IOU pays the house nothing)
    assert sum(money.purses.values()) + money.bank == money.handed_out
    issue_purse(night, "Bob", owed + 5)
    settle_iou(night, "Bob", "Ann", 1)
    if owed > 1:
        settle_iou(night, "Bob", "Ann", owed - 1, in_kind=True)  # the rest for a favour
    money = evening(night)
    assert money.ious == {} and money.purses["Bob"] == owed + 4
    with pytest.raises(LedgerError, match="owes Ann nothing"):
        settle_iou(night, "Bob", "Ann", 1)
    buy_in(night, "Bob")
    assert evening(night).purses["Bob"] == owed + 34 and evening(night).buy_ins == {"Bob": 1}


def test_a_void_gives_back_what_the_hand_moved_and_its_undo_takes_it_again(night: Event) -> None:
    set_economy(night, economy_from_text("e.yaml", KRONAS.replace("cut_percent: 10", "cut_percent: 50")))
    record_hand(night, "t1", _knock(night, "t1", "Ann", {"Ann": 3, "Bob": 19, "Cy": 4}))
    after_hand = evening(night)
    assert after_hand.bank == 2  # half of each 1 paid, rounded up
    with night.ledger("t1") as led:
        void_hand(led, 1, "written twice")
    assert evening(night).purses == {n: 30 for n in ("Ann", "Bob", "Cy", "Dee", "Eve")}
    assert evening(night).bank == 0
    last = night.last_change("t1")
    assert last is not None
    night.undo("t1", last["event"])
    assert evening(night).purses == after_hand.purses and evening(night).bank == after_hand.bank


def test_an_event_without_an_economy_keeps_its_balances(tmp_path: Path) -> None:
    """An event of today (no economy) opens with the same balances: nothing of its money changes."""
    folder = tmp_path / "today"
    assert run("event", "create", str(folder), "--title", "Today", "--currency", "crowns").returncode == 0
    made = run("event", "add-table", str(folder), "t1", "--variant", "russian", "--players", "Ann,Bob,Cy")
    assert made.returncode == 0
    assert run("event", "record", str(folder), "t1", "--count", "Ann=3", "--count", "Bob=19", "--count", "Cy=4",
               "--knock", "Ann").returncode == 0
    event = Event.open(folder)
    assert event.economy is None
    money = evening(event)
    assert money.purses == {row.name: row.total for row in event.standings()} and money.handed_out == 0


# --- money is conserved over random evenings ----------------------------------------------------------------
_PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve")

economies = st.builds(
    lambda purse, bank, limit, at, buy: "\n".join(filter(None, [
        "format: tonk-economy/1", f"purse: {purse}", bank, f"debt_limit: {limit}", f"at_limit: {at}",
        f"buy_in: {buy}" if buy else ""])),
    st.sampled_from([0, 1, 2, 5, 30]),  # small purses: the debt limit is met within a few hands
    st.sampled_from(["", "bank: {cut_percent: 10}", "bank: {cut_percent: 100}", "bank: {cut_percent: 33}",
                     "bank: {fee: 1}", "bank: {fee: 4}"]),
    st.sampled_from(["none", "0", "0", "5"]), st.sampled_from(["leave", "iou"]), st.sampled_from([0, 10]))

steps = st.lists(st.one_of(
    st.tuples(st.just("hand"), st.sampled_from(["t1", "t2"]), st.integers(0, 2),
              st.lists(st.integers(1, 20), min_size=3, max_size=3), st.booleans()),
    st.tuples(st.just("undo"), st.sampled_from(["t1", "t2"])),
    st.tuples(st.just("void"), st.sampled_from(["t1", "t2"]), st.integers(1, 4)),
    st.tuples(st.just("amend"), st.sampled_from(["t1", "t2"]), st.integers(1, 4),
              st.lists(st.integers(1, 20), min_size=3, max_size=3), st.booleans()),
    st.tuples(st.just("move"), st.sampled_from(_PLAYERS)),
    st.tuples(st.just("buy_in"), st.sampled_from(_PLAYERS)),
    st.tuples(st.just("issue"), st.sampled_from(_PLAYERS), st.integers(1, 20)),
    st.tuples(st.just("settle"), st.integers(1, 10), st.booleans()),
), min_size=1, max_size=10)


def _step(event: Event, step: tuple[object, ...], before: dict[str, int]) -> None:
    """One step of a random evening (``before``: the purses before it)."""
    kind, *rest = step
    if kind == "hand":
        table, who, counts, allow = rest
        with event.ledger(str(table), writable=False) as led:
            names = [n for n, _ in led.seated()]
        entry = _knock(event, str(table), names[int(who) % len(names)], dict(zip(names, counts, strict=False)))
        record_hand(event, str(table), entry, allow_iou=bool(allow))
        floor = event.economy.floor() if event.economy else None
        if floor is not None:  # a hand never takes a player past the limit: the excess is an IOU
            money = evening(event)
            assert all(money.purses[n] >= min(floor, before.get(n, floor)) for n in names)
    elif kind == "undo":
        last = event.last_change(str(rest[0]))
        if last is not None:
            event.undo(str(rest[0]), last["event"])
    elif kind in ("void", "amend"):
        table, number = str(rest[0]), int(rest[1])
        with event.ledger(table) as led:
            if number > led.hand_count():
                return
            if kind == "void":
                void_hand(led, number, "random")
                return
            hand = led.hands(number)[0]
        counts, allow = rest[2], rest[3]
        names = hand["players"]
        with event.ledger(table) as led:
            entry = settle_entry(led.rules, [(n, hand["stakes"][n]) for n in names], [],
                                 [f"{n}={c}" for n, c in zip(names, counts, strict=False)], [],
                                 HowItEnded("knock", names[0]), None).entry
        assert entry is not None
        money = money_for_amend(event, table, number, entry, allow_iou=bool(allow))
        with event.ledger(table) as led:
            amend_hand(led, number, entry, "random", money=money)
    elif kind == "move":
        name = str(rest[0])
        source = next((s.name for s in event.states() if name in [n for n, _ in s.seated]), None)
        if source is not None:
            event.move(name, source, "t2" if source == "t1" else "t1")
    elif kind == "buy_in":
        buy_in(event, str(rest[0]))
    elif kind == "issue":
        issue_purse(event, str(rest[0]), int(rest[1]))
    else:
        money = evening(event)
        if money.ious:
            (debtor, creditor), owed = sorted(money.ious.items())[0]
            settle_iou(event, debtor, creditor, min(owed, int(rest[0])), in_kind=bool(rest[1]))


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(economy=economies, evening_steps=steps)
@example(economy="format: tonk-economy/1\npurse: 0\ndebt_limit: 0\nat_limit: iou\nbank: {cut_percent: 100}",
         evening_steps=[("hand", "t1", 0, [3, 19, 4], True), ("undo", "t1"), ("hand", "t1", 0, [3, 19, 4], False),
                        ("settle", 1, False), ("void", "t1", 1), ("amend", "t1", 1, [3, 2, 19], True)])
def test_money_is_conserved_over_random_evenings(economy: str, evening_steps: list[tuple[object, ...]]) -> None:
    """Whatever happens (hands, undos, corrections, moves, buy-ins, purses, settlements; refusals included),
    the players' purses and the bank add up to what was handed out, every IOU is owed by someone to someone
    else, and an export of each table imports to the same money."""
    folder = Path(tempfile.mkdtemp()) / "night"
    try:
        event = Event.create(folder, title="Night", currency="kronas")
        event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
        event.add_table("t2", variant_ref="russian", seats=["Dee", "Eve"], stakes=[1, 1])
        parsed: EconomyFile = economy_from_text("e.yaml", economy)
        set_economy(event, parsed)
        for step in evening_steps:
            before = evening(event).purses
            # refused (past the limit, a knock the rules forbid, nothing to undo…): nothing changes
            with contextlib.suppress(TonkError):
                _step(event, step, before)
            money = evening(event)
            assert sum(money.purses.values()) + money.bank == money.handed_out
            assert all(amount > 0 and debtor != creditor for (debtor, creditor), amount in money.ious.items())
            assert sum(money.owed_to(n) - money.owed_by(n) for n in money.purses) == 0
        for table in event.table_names():
            with event.ledger(table, writable=False) as led:
                copy = import_json(folder / f"copy-{table}.sqlite", export_json(led))
                assert export_json(copy) == export_json(led)
                copy.close()
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)


def test_the_cli_has_the_same_money_in_the_events_language(tmp_path: Path) -> None:
    folder = str(tmp_path / "vecher")
    assert run("event", "create", folder, "--title", "Вечер", "--language", "ru", "--currency", "крона").returncode == 0
    assert run("event", "add-table", folder, "t1", "--variant", "russian", "--players", "Костоправ,Гоблин,Элмо",
               "--title", "Стол 1").returncode == 0
    economy = tmp_path / "economy.yaml"
    economy.write_text(KRONAS.replace("purse: 30", "purse: 30\npurses: {Гоблин: 0}"), encoding="utf-8")
    made = run("event", "economy", folder, str(economy))
    assert made.returncode == 0 and "Экономика задана" in made.stdout and "выбыл" in made.stdout, made.stderr
    hand = ("--count", "Костоправ=3", "--count", "Гоблин=19", "--count", "Элмо=4", "--knock", "Костоправ")
    refused = run("event", "record", folder, "t1", *hand)
    assert refused.returncode == 1 and "выводит за предел долга (Гоблин: 1)" in refused.stderr
    assert run("event", "record", folder, "t1", *hand, "--allow-iou").returncode == 0
    money = json.loads(run("event", "money", folder, "--json").stdout)
    assert money["ious"] == [{"debtor": "Гоблин", "creditor": "Костоправ", "amount": 1}]
    assert money["out"] == ["Гоблин"] and sum(money["purses"].values()) + money["bank"] == money["handed_out"]
    settled = run("event", "settle", folder, "Гоблин", "Костоправ", "1", "--in-kind")
    assert settled.returncode == 0 and "погашено вещью или услугой" in settled.stdout
    bought = run("event", "buy-in", folder, "Гоблин")
    assert bought.returncode == 0 and "Докупка: Гоблин, 30" in bought.stdout and "выбыл" not in bought.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: tonk-economy/1\npurse: 30\nbank: {cut_percent: 200}\n", encoding="utf-8")
    wrong = run("event", "economy", folder, str(bad))
    assert wrong.returncode == 1 and wrong.stderr.strip().endswith(
        "bad.yaml:3:21: cut_percent is a whole number from 1 to 100; got 200 (at bank.cut_percent)")
    assert run("event", "economy-schema").stdout == economy_schema_text()


def test_a_movement_of_money_edited_by_hand_is_called_damaged(night: Event) -> None:
    import sqlite3

    set_economy(night, economy_from_text("e.yaml", KRONAS))
    path = night.ledger_path("t1")
    db = sqlite3.connect(path)
    db.execute("UPDATE money SET amount = 'lots'")
    db.commit()
    db.close()
    said = run("event", "money", str(night.folder))
    assert said.returncode == 1 and "a movement of money of event" in said.stderr and "'lots'" in said.stderr


def test_a_table_imported_into_an_economy_brings_its_money_and_its_players_get_purses(night: Event,
                                                                                     tmp_path: Path) -> None:
    set_economy(night, economy_from_text("e.yaml", KRONAS))
    other = Event.create(tmp_path / "elsewhere", title="Other", currency="kronas")
    other.add_table("x", variant_ref="russian", seats=["Quin", "Rex"], stakes=[5, 5])
    set_economy(other, economy_from_text("e.yaml", KRONAS))
    record_hand(other, "x", _knock(other, "x", "Quin", {"Quin": 3, "Rex": 19}))
    with other.ledger("x") as led:
        exported = export_json(led)
    night.import_table("x", exported)
    money = evening(night)
    assert money.purses["Quin"] == evening(other).purses["Quin"] and money.bank == evening(other).bank > 0
    assert money.handed_out == 5 * 30 + 2 * 30 and sum(money.purses.values()) + money.bank == money.handed_out


@pytest.mark.parametrize(("lang", "players", "currency", "foreign"), [
    ("ru", ("Костоправ", "Гоблин", "Элмо"), "крона", r"[A-Za-z]+"),
    ("en", ("Ann", "Bob", "Cy"), "kronas", r"[А-Яа-яЁё]+"),
])
def test_the_history_says_the_money_in_the_events_language(tmp_path: Path, lang: str, players: tuple[str, ...],
                                                           currency: str, foreign: str) -> None:
    import re

    folder, (winner, broke, third) = str(tmp_path / "night"), players
    assert run("event", "create", folder, "--title", "Night", "--language", lang, "--currency", currency
               ).returncode == 0
    assert run("event", "add-table", folder, "t1", "--variant", "russian", "--players", ",".join(players),
               "--stake", "10").returncode == 0
    economy = tmp_path / "economy.yaml"
    economy.write_text(KRONAS.replace("purse: 30", f"purse: 30\npurses: {{{broke}: 0}}"), encoding="utf-8")
    assert run("event", "economy", folder, str(economy)).returncode == 0
    assert run("event", "buy-in", folder, third).returncode == 0
    hand = ("--count", f"{winner}=3", "--count", f"{broke}=19", "--count", f"{third}=4", "--knock", winner)
    assert run("event", "record", folder, "t1", *hand, "--allow-iou").returncode == 0
    assert run("event", "purse", folder, broke, "5").returncode == 0
    assert run("event", "settle", folder, broke, winner, "1").returncode == 0
    assert run("event", "correct", folder, "t1", "1", "--void", "--reason",
               "дубль" if lang == "ru" else "twice").returncode == 0
    said = run("event", "history", folder, "t1")
    assert said.returncode == 0, said.stderr
    text = said.stdout
    for name in (*players, currency, "t1"):
        text = text.replace(name, "")
    words = {"ru": ("расписка", "доля заведения", "докупка", "долг возвращён", "выданы кошельки", "аннулирована"),
             "en": ("IOU", "house cut", "bought in", "settled 1 of an IOU", "purses handed out", "voided")}[lang]
    assert all(word in said.stdout for word in words), said.stdout
    assert re.findall(foreign, text) == [], said.stdout


def test_the_csv_export_carries_the_banks_cut_and_the_ious(night: Event) -> None:
    import csv
    import io

    from tonk_rules.ledger.export import export_csv
    from tonk_rules.ledger.money import rows_of

    economy = KRONAS.replace("purse: 30", "purse: 30\npurses: {Bob: 0}").replace("cut_percent: 10", "cut_percent: 50")
    set_economy(night, economy_from_text("e.yaml", economy))
    record_hand(night, "t1", _knock(night, "t1", "Ann", {"Ann": 3, "Bob": 40, "Cy": 4}), allow_iou=True)
    with night.ledger("t1", writable=False) as led:
        rows = {r["player"]: r for r in csv.DictReader(io.StringIO(export_csv(led)))}
        moved = [m.data() for m in rows_of(led.db) if m.kind == "cut"]
    money = evening(night)
    owed = money.ious[("Bob", "Ann")]
    assert rows["Bob"]["iou"] == str(owed) and rows["Ann"]["iou"] == str(-owed) and rows["Cy"]["iou"] == "0"
    cuts = {m["payer"]: m["amount"] for m in moved}
    assert sum(int(r["bank_cut"]) for r in rows.values()) == money.bank > 0
    assert {n: int(r["bank_cut"]) for n, r in rows.items() if int(r["bank_cut"])} == cuts
    with night.ledger("t1") as led:
        void_hand(led, 1, "written twice")
        voided = list(csv.DictReader(io.StringIO(export_csv(led))))
    assert {(r["bank_cut"], r["iou"]) for r in voided} == {("0", "0")}
