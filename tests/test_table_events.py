"""Ledgers that travel and take back any event: rules kept inside, rules changes, undo of joins and leaves,
ledgers of the first format migrated, a played hand never lost."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import ROOT, run

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.export import export_json
from tonk_rules.ledger.json_import import import_json
from tonk_rules.ledger.session_ledger import HandEntry, Ledger

HOUSE = "extends: russian\ntitle: Our table\ndescription: house rules\ndeal_check: {at_most: 13}\n"
SEATS = ("Ann", "Bob", "Cy")


def knock(seats: tuple[str, ...], winner: str) -> HandEntry:
    return HandEntry("settled", "knock_won", seats, (1,) * len(seats),
                     tuple(5 if n == winner else 20 for n in seats), (winner,), winner,
                     tuple((n, winner, 1) for n in seats if n != winner))


def _record(ledger: Path, winner: str = "Ann") -> None:
    proc = run("session", "record", str(ledger), "--count", f"{winner}=3",
               *[f"--count={n}=30" for n in SEATS if n != winner], "--knock", winner)
    assert proc.returncode == 0, proc.stderr


def test_the_evening_folder_moves_and_the_house_file_changes(tmp_path: Path) -> None:
    evening = tmp_path / "evening"
    evening.mkdir()
    (evening / "house.yaml").write_text(HOUSE, encoding="utf-8")
    ledger = evening / "t.sqlite"
    assert run("session", "create", str(ledger), "--variant", str(evening / "house.yaml"), "--players",
               ",".join(SEATS), "--currency", "c").returncode == 0
    _record(ledger)
    moved = tmp_path / "moved"
    evening.rename(moved)
    ledger = moved / "t.sqlite"
    (moved / "house.yaml").write_text(HOUSE.replace("13", "9"), encoding="utf-8")  # a rule added meanwhile
    for command in (["balances"], ["history"], ["export", "--format", "json"], ["rules"]):
        proc = run("session", *command[:1], str(ledger), *command[1:])
        assert proc.returncode == 0 and "Our table" in proc.stdout, proc.stderr
    _record(ledger, "Bob")
    assert run("session", "balances", str(ledger), "--json").stdout.count('"Ann": 1') == 1
    (moved / "house.yaml").unlink()
    assert run("session", "undo", str(ledger)).returncode == 0


def test_a_rules_change_is_an_event_with_its_diff_and_can_be_undone(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "stricter.yaml").write_text(HOUSE.replace("13", "9"), encoding="utf-8")
    ledger = tmp_path / "t.sqlite"
    run("session", "create", str(ledger), "--variant", str(tmp_path / "house.yaml"), "--players", "Ann,Bob,Cy",
        "--currency", "c")
    same = run("session", "rules", str(ledger), str(tmp_path / "house.yaml"))
    assert same.returncode == 1 and "same rules" in same.stderr
    proc = run("session", "rules", str(ledger), str(tmp_path / "stricter.yaml"))
    assert proc.returncode == 0 and "deal_check.at_most: 13 -> 9" in proc.stdout, proc.stderr
    with Ledger.open(ledger) as led:
        assert led.rules.deal_check.at_most == 9
    history = run("session", "history", str(ledger)).stdout
    assert "rules changed to Our table" in history and "deal_check.at_most: 13 -> 9" in history
    undo = run("session", "undo", str(ledger))
    assert undo.returncode == 0 and "Undid the change of rules" in undo.stdout
    with Ledger.open(ledger) as led:
        assert led.rules.deal_check.at_most == 13
    assert "(undone)" in run("session", "history", str(ledger)).stdout
    pagat = run("session", "rules", str(ledger), "classic-pc")  # seats two: the table of three cannot play it
    assert pagat.returncode == 1 and "cannot play the new rules" in pagat.stderr


def test_undo_takes_back_the_last_event_whatever_it_is(tmp_path: Path) -> None:
    led = Ledger.create(tmp_path / "u.sqlite", variant_ref="russian", seats=list(SEATS), stakes=[1, 1, 1],
                        currency="c", first_dealer="Ann")
    led.record(knock(SEATS, "Bob"))
    led.join("Di", after="Ann")
    assert led.undo()["said"] == "Di joining the table"
    assert [n for n, _ in led.seated()] == list(SEATS) and "Di" not in led.balances()
    assert led.hand_count() == 1  # the hand before the join stands
    led.leave("Bob")  # Bob deals next: the deal passes on
    assert led.next_dealer() == "Cy"
    assert led.undo()["said"] == "Bob leaving the table"
    assert [n for n, _ in led.seated()] == list(SEATS) and led.next_dealer() == "Bob"
    assert led.undo()["said"] == "hand 1 (knock won, won by Bob)"
    assert led.hand_count() == 0 and led.next_dealer() == "Ann"
    with pytest.raises(LedgerError, match="nothing to undo"):
        led.undo()
    kinds = [(e["kind"], e["undone_by"] is not None) for e in led.events()]
    assert kinds == [("hand", True), ("join", True), ("undo", False), ("leave", True), ("undo", False),
                     ("undo", False)]
    history = run("session", "history", str(tmp_path / "u.sqlite")).stdout
    assert "-- Di joined (undone)" in history and "-- Bob left (undone)" in history
    assert "  #1 settled, dealt by Ann: knock won, won by Bob: Ann -> Bob 1; Cy -> Bob 1 (undone)" in history


def test_undo_of_a_join_by_command_says_what_it_took_back(tmp_path: Path) -> None:
    ledger = tmp_path / "j.sqlite"
    run("session", "create", str(ledger), "--variant", "russian", "--players", "Ann,Bob", "--currency", "c")
    run("session", "join", str(ledger), "Cy")
    proc = run("session", "undo", str(ledger))
    assert proc.returncode == 0 and "Undid Cy joining the table." in proc.stdout
    assert "Seated (stake): Ann (1), Bob (1)" in proc.stdout


def test_a_ledger_of_the_first_format_is_migrated(tmp_path: Path) -> None:
    """tests/ledgers/v1-evening.sqlite was written by the ledger code of schema 1 (before rules were kept
    inside): 3 hands, Di joined after hand 1, Cy left after hand 2."""
    path = tmp_path / "v1.sqlite"
    shutil.copy(ROOT / "tests" / "ledgers" / "v1-evening.sqlite", path)
    with Ledger.open(path) as led:
        assert led.meta["schema_version"] == "2" and led.stored_rules().title.startswith("Russian rules")
        assert led.balances() == {"Ann": 0, "Bob": 0, "Di": 2, "Cy": -2} and led.next_dealer() == "Di"
        assert [(e["kind"], e["name"]) for e in led.events()] == [
            ("hand", None), ("join", "Di"), ("hand", None), ("leave", "Cy"), ("hand", None)]
        copy = import_json(tmp_path / "copy.sqlite", export_json(led))
        assert export_json(copy) == export_json(led)
        copy.close()
        assert led.undo()["said"] == "hand 3 (knock won, won by Bob)"
        with pytest.raises(LedgerError, match="earlier version"):
            led.undo()  # the first format did not keep where Cy sat
    history = run("session", "history", str(path)).stdout
    assert "-- Di joined" in history and "#2 settled" in history


def test_a_played_hand_refused_by_the_ledger_is_kept_as_a_record(tmp_path: Path) -> None:
    from tonk_rules.cli.terminal_play import run_terminal_game

    ledger = tmp_path / "s.sqlite"
    Ledger.create(ledger, variant_ref="pagat", seats=["Ann", "Greedy-2"], stakes=[1, 1], currency="chips",
                  first_dealer="Greedy-2").close()

    def other_terminal_records_meanwhile(_: str) -> str:
        if not Ledger.open(ledger).hand_count():
            with Ledger.open(ledger) as other:
                other.record(knock(("Ann", "Greedy-2"), "Ann"))
        return "1"

    with pytest.raises(LedgerError) as refused:
        run_terminal_game(variant="pagat", players="Ann,bot:greedy", seed=5, dealer=None, stakes=[], style=None,
                          record_file=None, ledger_path=str(ledger), echo=lambda _: None, misuse=ValueError,
                          ask=other_terminal_records_meanwhile)
    message = str(refused.value)
    assert "was not added" in message and "Ann deals this hand" in message and "kept in" in message
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("s-played-")]
    assert len(kept) == 1 and str(kept[0]) in message
    assert run("session", "undo", str(ledger)).returncode == 0  # the table agrees: the other hand goes
    proc = run("session", "add-played", str(ledger), str(kept[0]))
    assert proc.returncode == 0 and "as hand 1" in proc.stdout, proc.stderr


def test_undoing_a_returning_players_join_keeps_their_balance_and_stake(tmp_path: Path) -> None:
    led = Ledger.create(tmp_path / "r.sqlite", variant_ref="russian-2001", seats=list(SEATS), stakes=[1, 2, 3],
                        currency="c", first_dealer="Ann", players=[None, "Beth", None])
    # russian-2001 pays the winner's stake (1) from each player, as its Ruleset settles this knock
    led.record(HandEntry("settled", "knock_won", SEATS, (1, 2, 3), (5, 20, 30), ("Ann",), "Ann",
                         (("Bob", "Ann", 1), ("Cy", "Ann", 1))))
    led.leave("Bob")
    led.join("Bob", stake=5, player="Bob's sister")
    assert dict(led.seated())["Bob"] == 5
    assert led.undo()["said"] == "Bob joining the table"
    assert [p for p in led.players() if p["name"] == "Bob"] == [
        {"name": "Bob", "player": "Beth", "stake": 2, "seated": False}]
    assert led.balances()["Bob"] == -1
    assert led.undo()["said"] == "Bob leaving the table"
    assert led.seated() == [("Ann", 1), ("Bob", 2), ("Cy", 3)]


@settings(max_examples=examples(20), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["hand", "join", "leave", "rules"]), st.booleans()), min_size=1,
                max_size=12), st.integers(0, 10**6))
def test_undo_puts_the_table_back_as_it_was(tmp_path_factory: pytest.TempPathFactory,
                                           ops: list[tuple[str, bool]], seed: int) -> None:
    """After any event, undo gives back exactly the table before it: seats, stakes, dealer, balances, rules."""
    import random

    from tonk_rules.ledger.stored_rules import StoredRules
    from tonk_rules.variant.loader import load_variant

    rng = random.Random(seed)
    led = Ledger.create(tmp_path_factory.mktemp("undo") / "u.sqlite", variant_ref="russian",
                        seats=list(SEATS), stakes=[1, 1, 1], currency="c")
    other = StoredRules.of(load_variant("pagat"), "pagat")
    russian = StoredRules.of(load_variant("russian"), "russian")
    newcomers = iter(f"P{i}" for i in range(100))

    def table() -> tuple[object, ...]:
        return (led.seated(), led.next_dealer(), led.balances(), led.hand_count(), led.stored_rules().digest,
                led.players())

    for op, take_back in ops:
        seats = tuple(n for n, _ in led.seated())
        before = table()
        try:
            if op == "hand":
                led.record(knock(seats, rng.choice(seats)))
            elif op == "join":
                led.join(next(newcomers), after=rng.choice([None, *seats]))
            elif op == "leave":
                led.leave(rng.choice(seats))
            else:
                led.change_rules(other if led.stored_rules().digest == russian.digest else russian)
        except LedgerError:
            continue
        if take_back:
            led.undo()
            assert table() == before, op
    led.close()
