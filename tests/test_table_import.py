"""`tonk session import`: an export read like every other file, checked all the way, all or nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import ROOT, run

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.export import export_data
from tonk_rules.ledger.export_model import export_schema_text
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.variant.loader import builtin_names

SEATS = ("Ann", "Bob", "Cy")


def knock(seats: tuple[str, ...], winner: str) -> HandEntry:
    return HandEntry("settled", "knock_won", seats, (1,) * len(seats),
                     tuple(5 if n == winner else 20 for n in seats), (winner,), winner,
                     tuple((n, winner, 1) for n in seats if n != winner))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """An evening with hands, a join, a leave, a rules change and an undo."""
    folder = tmp_path_factory.mktemp("export")
    (folder / "house.yaml").write_text("extends: russian\ntitle: Ours\ndescription: d\ndeal_check: {at_most: 9}\n",
                                       encoding="utf-8")
    led = Ledger.create(folder / "a.sqlite", variant_ref="russian", seats=list(SEATS), stakes=[2, 2, 2],
                        currency="крона", first_dealer="Bob")
    led.record(knock(SEATS, "Ann"))
    led.join("Di", after="Ann")
    led.record(knock(("Ann", "Di", "Bob", "Cy"), "Cy"))
    led.leave("Bob")
    from tonk_rules.ledger.stored_rules import StoredRules
    from tonk_rules.variant.loader import load_variant

    led.change_rules(StoredRules.of(load_variant(folder / "house.yaml"), "house.yaml"))
    led.record(knock(("Ann", "Di", "Cy"), "Di"))
    led.record(knock(("Ann", "Di", "Cy"), "Ann"))
    led.undo()
    data = export_data(led)
    led.close()
    return json.loads(json.dumps(data))


def test_the_export_schema_file_is_not_stale_and_describes_exports(exported: dict[str, Any]) -> None:
    checked_in = (ROOT / "schemas" / "ledger-export.schema.json").read_text(encoding="utf-8")
    assert checked_in == export_schema_text(), "regenerate: tonk session schema --export > " \
                                               "schemas/ledger-export.schema.json"
    jsonschema.validate(exported, json.loads(checked_in))


def test_an_export_comes_back_exactly(tmp_path: Path, exported: dict[str, Any]) -> None:
    (tmp_path / "e.json").write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "b.sqlite"), str(tmp_path / "e.json"))
    assert proc.returncode == 0 and "with 3 hand(s)" in proc.stdout, proc.stderr
    again = json.loads(run("session", "export", str(tmp_path / "b.sqlite"), "--format", "json").stdout)
    assert again == exported
    assert "-- rules changed to Ours" in run("session", "history", str(tmp_path / "b.sqlite")).stdout


def _hand(data: dict[str, Any], number: int) -> dict[str, Any]:
    return next(e["hand"] for e in data["events"] if e["kind"] == "hand" and e["hand"]["number"] == number
                and e["undone_by"] is None)


def _both(data: dict[str, Any], number: int, change: Callable[[dict[str, Any]], None]) -> None:
    """Edit hand ``number`` where the export holds it twice (its event and the list of hands)."""
    change(_hand(data, number))
    change(data["hands"][number - 1])


def _two_seats_then_a_leave(data: dict[str, Any]) -> None:
    data["start"]["seats"] = data["start"]["seats"][:2]
    data["events"] = [{"event": 1, "kind": "leave", "name": "Ann", "at": data["created"], "undone_by": None}]


EDITS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("amount true", lambda d: _both(d, 1, lambda h: h["payments"][0].update(amount=True)), "valid integer"),
    ("amount 1.5", lambda d: _both(d, 1, lambda h: h["payments"][0].update(amount=1.5)), "valid integer"),
    ("ending banana", lambda d: _both(d, 1, lambda h: h.update(ending="banana")), "ending"),
    ("stake x", lambda d: d["start"]["seats"][0].update(stake="x"), "stake"),
    ("stake 0", lambda d: d["start"]["seats"][0].update(stake=0), "greater than or equal to 1"),
    ("one seat", lambda d: d["start"].update(seats=d["start"]["seats"][:1]), "at least 2"),
    ("gap in numbers", lambda d: _both(d, 2, lambda h: h.update(number=5)), "numbered 1, 2, 3"),
    ("duplicate number", lambda d: _both(d, 2, lambda h: h.update(number=1)), "numbered 1, 2, 3"),
    ("balances", lambda d: d["balances"].update(Ann=d["balances"]["Ann"] + 1), "not the sum of the payments"),
    ("net", lambda d: _both(d, 1, lambda h: h["net"].update(Ann=5)), "nets are not the sum of its payments"),
    ("dealer chain", lambda d: _both(d, 2, lambda h: h.update(dealer="Ann")), "deals this hand"),
    ("next dealer", lambda d: _both(d, 1, lambda h: h.update(next_dealer="Ann")), "not Ann"),
    ("seat minimum", _two_seats_then_a_leave, "needs at least 2 players"),
    ("unknown key", lambda d: d.update(extra=1), "extra inputs are not permitted"),
    ("rules digest", lambda d: d["start"]["rules"].update(sha256="0" * 64), "do not match their digest"),
    ("payment to a stranger", lambda d: _both(d, 1, lambda h: h["payments"][0].update(to="Zed")), "Zed"),
    ("undo target", lambda d: d["events"][-1].update(undoes=1), "takes back event"),
    ("old format", lambda d: d.update(format="tonk-ledger-export/1"), "not a ledger export of this version"),
    ("amount 10**30", lambda d: _both(d, 1, lambda h: h["payments"][0].update(amount=10**30)),
     "less than or equal to 1000000000000"),
    ("count 10**30", lambda d: _both(d, 1, lambda h: h["counts"].update(Ann=10**30)), "less than or equal to 1000"),
    ("undo of nothing", lambda d: d["events"].insert(0, {"event": 1, "kind": "undo", "at": "x", "undone_by": None,
                                                         "undoes": 1}), "event 1 (undo): there is nothing to undo"),
    ("a long time", lambda d: d.update(created="x" * 100_000), "at most 64 characters"),
    # sums that add up are not enough: every hand is settled again by the rules
    ("payment 200, sums adjusted", lambda d: _pay_200(d),
     "hand 1: payment 1 is recorded as Bob pays Ann 200, but the rules give Bob pays Ann 1"),
    ("knocker no longer lowest", lambda d: _both(d, 1, lambda h: h["counts"].update(Ann=30)),
     "hand 1: the rules end it knock_caught, not knock_won"),
    ("a count no hand can have", lambda d: _both(d, 1, lambda h: h["counts"].update(Cy=500)),
     "hand 1: cannot be settled again from the export (Cy's count 500: no hand of this variant counts more than"),
    ("a winner the rules do not make", lambda d: _both(d, 1, lambda h: h.update(winners=["Bob"])),
     "hand 1: the rules make the winners Ann, not Bob"),
]


def _pay_200(data: dict[str, Any]) -> None:
    """Bob's payment in hand 1 made 200 instead of 1, with its nets and the balances made to add up."""
    def change(hand: dict[str, Any]) -> None:
        hand["payments"][0]["amount"] = 200
        hand["net"].update(Bob=hand["net"]["Bob"] - 199, Ann=hand["net"]["Ann"] + 199)

    _both(data, 1, change)
    data["balances"].update(Bob=data["balances"]["Bob"] - 199, Ann=data["balances"]["Ann"] + 199)


@pytest.mark.parametrize(("label", "edit", "message"), EDITS, ids=[e[0] for e in EDITS])
def test_an_edited_export_is_refused_and_leaves_no_file(tmp_path: Path, exported: dict[str, Any], label: str,
                                                        edit: Callable[[dict[str, Any]], None], message: str) -> None:
    data = json.loads(json.dumps(exported))
    edit(data)
    source = tmp_path / "e.json"
    source.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "b.sqlite"), str(source))
    assert proc.returncode == 1, (label, proc.stdout)
    assert proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr
    assert "internal error" not in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.json"]  # no ledger, no scratch file


@pytest.mark.parametrize(("text", "message"), [
    ('{"format": "tonk-ledger-export/2", "format": "x"}', "the key 'format' is given twice"),
    ("[" * 100_000 + "]" * 100_000, "nested deeper than 64 levels"),
    ('{"format": NaN}', "not a number JSON allows"),
    ('{"a": 1' + "0" * 5000 + "}", "not JSON this program reads"),
    ("{} {}", "more text after the JSON value"),
])
def test_hostile_json_gets_one_located_line(tmp_path: Path, text: str, message: str) -> None:
    source = tmp_path / "e.json"
    source.write_text(text, encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "b.sqlite"), str(source))
    assert proc.returncode == 1 and message in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith(f"error: {source}")
    assert not (tmp_path / "b.sqlite").exists()


def test_import_never_replaces_a_file(tmp_path: Path, exported: dict[str, Any]) -> None:
    (tmp_path / "e.json").write_text(json.dumps(exported), encoding="utf-8")
    (tmp_path / "b.sqlite").write_text("mine", encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "b.sqlite"), str(tmp_path / "e.json"))
    assert proc.returncode == 2 and "already exists" in proc.stderr
    assert (tmp_path / "b.sqlite").read_text(encoding="utf-8") == "mine"


OPS = st.lists(st.sampled_from(["hand", "hand", "join", "leave", "undo", "rules"]), min_size=1, max_size=14)


@settings(max_examples=examples(15), deadline=None)
@given(OPS, st.integers(0, 10**6))
def test_any_evening_exports_and_imports_exactly(tmp_path_factory: pytest.TempPathFactory, ops: list[str],
                                                 seed: int) -> None:
    """Whatever happened at the table (hands, joins, leaves, rules changes, undos in any order), the export
    imports into a ledger that exports the very same file."""
    import random

    from tonk_rules.errors import LedgerError
    from tonk_rules.ledger.export import export_json
    from tonk_rules.ledger.json_import import import_json
    from tonk_rules.ledger.stored_rules import StoredRules
    from tonk_rules.variant.loader import load_variant

    rng = random.Random(seed)
    folder = tmp_path_factory.mktemp("any")
    led = Ledger.create(folder / "a.sqlite", variant_ref="russian", seats=["Ann", "Bob"], stakes=[1, 1],
                        currency="c")
    rules = [StoredRules.of(load_variant(v), v) for v in ("russian", "pagat")]
    # a name for every join an evening can hold (OPS has at most 14 steps): leaves let more join than sit
    newcomers = iter(["Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Max", "Ned", "Oz", "Pip"])
    for op in ops:
        seats = tuple(n for n, _ in led.seated())
        try:
            if op == "hand":
                led.record(knock(seats, rng.choice(seats)))
            elif op == "join":
                led.join(next(newcomers), after=rng.choice([None, *seats]))
            elif op == "leave":
                led.leave(rng.choice(seats))
            elif op == "undo":
                led.undo()
            else:
                led.change_rules(rules[1] if led.stored_rules().digest == rules[0].digest else rules[0])
        except LedgerError:
            pass  # refused at the table (too few seated, nothing to undo, a seat count the rules refuse)
    exported = export_json(led)
    copy = import_json(folder / "b.sqlite", exported)
    assert export_json(copy) == exported
    copy.close()
    led.close()


def test_hands_recorded_every_way_import_and_a_changed_card_is_refused(tmp_path: Path) -> None:
    """Knock from cards and from counts, going out, a deal tonk by its holder and by the cards, an empty
    stock: each is settled again on import and comes back; a card changed in a recorded hand is refused."""
    led = tmp_path / "night.sqlite"
    assert run("session", "create", str(led), "--variant", "russian", "--players", "Ann,Bob,Cy",
               "--currency", "c").returncode == 0
    hands = [
        ["--knock", "Ann", "--hand", "Ann=2C 3C", "--hand", "Bob=KS QS JS", "--hand", "Cy=9H 9D"],
        ["--knock", "Bob", "--count", "Ann=12", "--count", "Bob=4", "--count", "Cy=30"],
        ["--out", "Cy"],
        ["--out", "Ann", "--no-discard", "--new-spread"],
        ["--deal", "--tonk", "Bob"],
        ["--stock-out", "--count", "Ann=9", "--count", "Bob=14", "--count", "Cy=8"],
    ]
    for options in hands:
        proc = run("session", "record", str(led), *options)
        assert proc.returncode == 0, (options, proc.stderr)
    exported = tmp_path / "e.json"
    assert run("session", "export", str(led), "--format", "json", "--out", str(exported)).returncode == 0
    proc = run("session", "import", str(tmp_path / "copy.sqlite"), str(exported))
    assert proc.returncode == 0 and "with 6 hand(s)" in proc.stdout, proc.stderr
    data = json.loads(exported.read_text(encoding="utf-8"))
    _both(data, 1, lambda h: h["detail"]["hands"].update(Ann="2C 9C"))  # count 11 where 5 is recorded
    exported.write_text(json.dumps(data), encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "edited.sqlite"), str(exported))
    assert proc.returncode == 1 and "hand 1: cannot be settled again from the export (Ann's count is recorded " \
                                   "as 5, but the cards recorded (2C 9C) count 11)" in proc.stderr, proc.stderr
    assert not (tmp_path / "edited.sqlite").exists()


def test_an_export_names_the_house_file_without_the_game_master_s_folders(tmp_path: Path) -> None:
    """The export goes to the players: a house file is named by its file name, never by its path."""
    folder = tmp_path / "gm-private"
    folder.mkdir()
    (folder / "house.yaml").write_text("extends: russian\ntitle: Ours\ndescription: d\n", encoding="utf-8")
    (folder / "later.yaml").write_text("extends: russian\ntitle: Later\ndescription: d\ndeal_check: {at_most: 9}\n",
                                       encoding="utf-8")
    led = tmp_path / "night.sqlite"
    assert run("session", "create", str(led), "--variant", str(folder / "house.yaml"), "--players", "Ann,Bob",
               "--currency", "c").returncode == 0
    assert run("session", "record", str(led), "--count", "Ann=3", "--count", "Bob=20", "--knock", "Ann").returncode == 0
    assert run("session", "rules", str(led), str(folder / "later.yaml")).returncode == 0
    text = run("session", "export", str(led), "--format", "json").stdout
    assert "gm-private" not in text and str(tmp_path) not in text
    data = json.loads(text)
    assert data["start"]["rules"]["ref"] == "house.yaml" and data["rules"]["ref"] == "later.yaml"
    (tmp_path / "e.json").write_text(text, encoding="utf-8")
    assert run("session", "import", str(tmp_path / "copy.sqlite"), str(tmp_path / "e.json")).returncode == 0
    assert run("session", "export", str(tmp_path / "copy.sqlite"), "--format", "json").stdout == text


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(sorted(builtin_names())), st.integers(0, 2**32 - 1))
def test_any_hand_the_engine_plays_imports_and_a_changed_payment_does_not(tmp_path_factory: pytest.TempPathFactory,
                                                                           name: str, seed: int) -> None:
    """Every ending of every variant is settled again on import as the engine settled it; one payment made
    larger, its nets and the balances made to add up, is refused with the hand's number."""
    import random

    from conftest import choose

    from tonk_rules.engine.hand import Hand
    from tonk_rules.ledger.export import export_json
    from tonk_rules.ledger.json_import import import_json
    from tonk_rules.ledger.played_hands import entry_from_hand, hand_to_record
    from tonk_rules.table.table_setup import ruleset_for

    rules, rng = ruleset_for(name), random.Random(seed)
    names = [f"P{i}" for i in range(rng.choice(rules.table_sizes()))]
    hand = Hand.shuffled(rules, names, len(names) - 1, rng)
    while not hand.over:
        hand.apply(choose(hand, rng))
    folder = tmp_path_factory.mktemp("engine")
    led = Ledger.create(folder / "a.sqlite", variant_ref=name, seats=names, stakes=[1] * len(names), currency="c",
                        first_dealer=names[-1])
    led.record(entry_from_hand(hand, hand_to_record(hand, name, led.meta["variant_sha256"])))
    text = export_json(led)
    assert export_json(import_json(folder / "b.sqlite", text)) == text
    data = json.loads(text)
    if data["hands"][0]["payments"]:
        def change(h: dict[str, Any]) -> None:
            first = h["payments"][0]
            first["amount"] += 1
            h["net"][first["from"]] -= 1
            h["net"][first["to"]] += 1

        _both(data, 1, change)
        first = data["hands"][0]["payments"][0]
        data["balances"][first["from"]] -= 1
        data["balances"][first["to"]] += 1
        with pytest.raises(LedgerError, match="hand 1: payment 1 is recorded as"):
            import_json(folder / "c.sqlite", json.dumps(data))
        assert not (folder / "c.sqlite").exists()
