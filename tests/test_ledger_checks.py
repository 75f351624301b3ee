"""Checks without gaps: `Ledger.record()` and imports settle every hand again with the Ruleset (the knock
limit, possible counts, the payments it would make), so the API refuses what the command line refuses and
a ledger's own export always imports; counts have limits; Ctrl-C at a prompt ends with the scores so far."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from tablekit import run

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.export import export_json
from tonk_rules.ledger.json_import import import_json
from tonk_rules.ledger.session_ledger import HandEntry, Ledger

SEATS = ("Ann", "Bob", "Cy")


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text("extends: russian\ntitle: Nine\nknocking: {max_count: 9}\n", encoding="utf-8")
    return path


@pytest.fixture
def ledger(tmp_path: Path, house: Path) -> Ledger:
    return Ledger.create(tmp_path / "t.sqlite", variant_ref=str(house), seats=list(SEATS), stakes=[1, 1, 1],
                         currency="c", first_dealer="Cy")


def _knock(counts: tuple[int, ...], payments: tuple[tuple[str, str, int], ...], winner: str = "Ann",
           ending: str = "knock_won") -> HandEntry:
    return HandEntry("settled", ending, SEATS, (1, 1, 1), counts, (winner,), "Ann", payments)


FAIR = _knock((5, 20, 30), (("Bob", "Ann", 1), ("Cy", "Ann", 1)))
IMPOSSIBLE = {
    "a payment of 999,999 at stake 1": (_knock((5, 20, 30), (("Bob", "Ann", 999_999), ("Cy", "Ann", 1))),
                                        "payment 1 is recorded as Bob pays Ann 999999"),
    "the winner paying the losers": (_knock((5, 20, 30), (("Ann", "Bob", 1), ("Ann", "Cy", 1))),
                                     "payment 1 is recorded as Ann pays Bob 1"),
    "a knock above the knock limit": (_knock((12, 20, 30), (("Bob", "Ann", 1), ("Cy", "Ann", 1))),
                                      "Ann knocked with 12"),
    "a count no hand can have": (_knock((5, 20, 999), (("Bob", "Ann", 1), ("Cy", "Ann", 1))), "Cy's count 999"),
    "a missing payment": (_knock((5, 20, 30), (("Bob", "Ann", 1),)), "the rules give payment 2"),
    "the wrong winner": (_knock((8, 5, 30), (("Bob", "Ann", 1), ("Cy", "Ann", 1))), "knock_caught"),
}


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_record_refuses_a_hand_the_rules_would_not_settle_so(ledger: Ledger, case: str) -> None:
    entry, said = IMPOSSIBLE[case]
    before = export_json(ledger)
    with pytest.raises(LedgerError, match="the hand cannot be recorded") as caught:
        ledger.record(entry)
    assert said in str(caught.value)
    assert export_json(ledger) == before


def test_what_record_accepts_its_export_imports(ledger: Ledger, tmp_path: Path) -> None:
    ledger.record(FAIR)
    ledger.record(HandEntry("settled", "knock_won", SEATS, (1, 1, 1), (20, 3, 30), ("Bob",), "Bob",
                            (("Ann", "Bob", 1), ("Cy", "Bob", 1)), dealer="Ann"))
    copy = import_json(tmp_path / "copy.sqlite", export_json(ledger))
    assert export_json(copy) == export_json(ledger)


def test_import_refuses_a_knock_above_the_limit(ledger: Ledger, tmp_path: Path) -> None:
    ledger.record(FAIR)
    data = json.loads(export_json(ledger))
    hand = next(e["hand"] for e in data["events"] if e["kind"] == "hand")
    hand["counts"]["Ann"] = 12  # still the lowest: the payments stand, the knock does not
    export = tmp_path / "edited.json"
    export.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "new.sqlite"), str(export))
    assert proc.returncode == 1 and "Ann knocked with 12" in proc.stderr, proc.stderr
    assert not (tmp_path / "new.sqlite").exists()


@pytest.mark.parametrize("option, value", [("--hands", str(10**18)), ("--seed", str(2**64)),
                                           ("--workers", "100000"), ("--players", "53")])
def test_ladder_counts_have_limits(option: str, value: str) -> None:
    proc = run("ladder", "russian", option, value)
    assert proc.returncode == 2 and "is not in the range" in proc.stderr


def test_ctrl_c_at_another_hand_ends_with_the_scores_so_far() -> None:
    from tonk_rules.cli.terminal_play import ANOTHER, run_terminal_game

    said: list[str] = []

    def ask(prompt: str) -> str:
        if prompt == ANOTHER:
            raise KeyboardInterrupt
        return "1"

    with pytest.raises(click.exceptions.Exit) as leaving:
        run_terminal_game(variant="pagat", players="Ann,bot:greedy", seed=2, dealer=None, stakes=[], style=None,
                          record_file=None, ledger_path=None, echo=said.append, misuse=ValueError, ask=ask)
    assert leaving.value.exit_code == 130
    assert said[-1].startswith("You leave the table. Scores after 1 hand: Ann ")


def test_ctrl_c_in_the_second_hand_keeps_the_first_hands_scores() -> None:
    from tonk_rules.cli.terminal_play import ANOTHER, run_terminal_game

    said: list[str] = []
    asked = {"another": 0}

    def ask(prompt: str) -> str:
        if prompt == ANOTHER:
            asked["another"] += 1
            return "y"
        if asked["another"]:
            raise KeyboardInterrupt
        return "1"

    with pytest.raises(click.exceptions.Exit):
        run_terminal_game(variant="pagat", players="Ann,bot:greedy", seed=2, dealer=None, stakes=[], style=None,
                          record_file=None, ledger_path=None, echo=said.append, misuse=ValueError, ask=ask)
    assert any("nothing was recorded" in line for line in said)
    assert said[-1].startswith("You leave the table. Scores after 1 hand: ")


@pytest.mark.parametrize("stakes, where, said", [
    ("15.0", "4:9", "a stake is a whole number of at least 1, or a mapping name -> stake; got 15.0 (at stakes)"),
    ("{Ann: 15.0, Bob: 2}", "4:15", "a stake is a whole number of at least 1, not 15.0 (at stakes.Ann)")])
def test_a_stake_of_15_0_is_said_once(tmp_path: Path, stakes: str, where: str, said: str) -> None:
    session = tmp_path / "table.yaml"
    session.write_text(f"format: tonk-session/1\nvariant: russian\ncurrency: c\nstakes: {stakes}\n"
                       "seats: [Ann, Bob]\n", encoding="utf-8")
    proc = run("session", "create", str(tmp_path / "t.sqlite"), "--from", str(session))
    assert proc.returncode == 1 and proc.stderr == f"{session}:{where}: {said}\n", proc.stderr


@pytest.mark.parametrize("call, said", [
    (lambda led, tmp: Ledger.create(tmp / "b.sqlite", variant_ref="pagat", seats="Ann,Bob", stakes=[1, 1],
                                    currency="c"), "Ledger.create: seats must be a list of names (str), not str"),
    (lambda led, tmp: Ledger.create(tmp / "b.sqlite", variant_ref="pagat", seats=["A", "B"], stakes=[1, 1],
                                    currency=5), "Ledger.create: currency must be text (str), not int"),
    (lambda led, tmp: Ledger.create(5, variant_ref="pagat", seats=["A", "B"], stakes=[1, 1], currency="c"),
     "Ledger.create: the path must be a str or a pathlib.Path, not int"),
    (lambda led, tmp: Ledger.open(None), "Ledger.open: the path must be a str or a pathlib.Path, not NoneType"),
    (lambda led, tmp: led.record("hand"), "Ledger.record: the hand must be a HandEntry, not str"),
    (lambda led, tmp: led.record(HandEntry("settled", "knock_won", SEATS, (1, 1, 1), ("a", "b", "c"), ("Ann",),
                                           "Ann", ())), "its counts are not what a HandEntry holds"),
    (lambda led, tmp: led.record(HandEntry("settled", "knock_won", SEATS, (1, 1, 1), (1, 20, 30), ("Ann",), "Ann",
                                           (("Bob",),))), "its payments are not what a HandEntry holds"),
    (lambda led, tmp: led.join(5), "Ledger.join: name must be text (str), not int"),
    (lambda led, tmp: led.join("Di", stake="2"), "Ledger.join: stake must be a whole number (int) or None"),
    (lambda led, tmp: led.leave(None), "Ledger.leave: name must be text (str), not NoneType"),
    (lambda led, tmp: led.hands("x"), "Ledger.hands: number must be a whole number (int) or None, not str"),
    (lambda led, tmp: led.change_rules("russian"), "Ledger.change_rules: the rules must be StoredRules"),
])
def test_the_ledger_api_checks_its_argument_types_with_one_message(ledger: Ledger, tmp_path: Path, call: Any,
                                                                   said: str) -> None:
    before = export_json(ledger)
    with pytest.raises(LedgerError) as caught:
        call(ledger, tmp_path)
    assert said in str(caught.value) and "\n" not in str(caught.value)
    assert export_json(ledger) == before and not (tmp_path / "b.sqlite").exists()
