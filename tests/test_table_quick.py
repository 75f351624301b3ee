"""Quick entry: `record`/`settle` take only what decides the payment, and pay exactly what the cards pay.

The short forms: a count instead of the cards (`--count Bob=12`) for a knock or an empty stock; nothing but
who went out for a going out; the deal tonk holders alone (`--tonk NAME`) for a deal tonk.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import run

from tonk_rules.cards import format_cards, hand_count
from tonk_rules.engine.actions import Discard
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import TableInputError
from tonk_rules.table.settle import HowItEnded, TableResult, parse_hands, parse_table, settle_hand
from tonk_rules.table.table_setup import ruleset_for
from tonk_rules.variant.loader import builtin_names


def paid(result: TableResult) -> tuple[object, ...]:
    data = result.to_json()
    return data["ending"], data["winners"], data["payments"], data["net"]


def short_form(names: list[str], cards: list[list[object]], how: HowItEnded, tonks: list[str]) -> list[str]:
    """The least the table types for this ending: as `--count` options (empty for a going out)."""
    if how.kind in ("knock", "stock_out"):
        return [f"{n}={hand_count(c)}" for n, c in zip(names, cards, strict=True)]  # type: ignore[arg-type]
    return []


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(builtin_names()), st.integers(0, 10**6), st.integers(2, 4))
def test_each_short_form_pays_what_the_cards_pay(variant: str, seed: int, players: int) -> None:
    rules = ruleset_for(variant)
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cy", "Di"][: max(rules.min_players, min(players, rules.max_players))]
    stakes = [rng.randint(1, 5) if rules.per_player_stakes else 2] * len(names)
    if rules.per_player_stakes:
        stakes = [rng.randint(1, 5) for _ in names]
    if rules.points_target is not None:
        stakes = [1] * len(names)
    hand = Hand.shuffled(rules, names, 0, rng, stakes)
    dealt = [list(h) for h in hand.hands]
    while not hand.over:
        hand.apply(rng.choice(hand.legal_actions()))
    result = hand.result
    assert result is not None
    ending = str(result.ending)
    tonks: list[str] = []
    if ending.startswith("deal_"):
        cards, how = dealt, HowItEnded("deal")
        tonks = [names[i] for i in rules.deal_check.holders(dealt)]
    elif ending.startswith("knock_"):
        cards, how = hand.hands, HowItEnded("knock", names[result.knocker or 0])
    elif ending.startswith("out_"):
        cards = hand.hands
        how = HowItEnded("out", names[result.winners[0]], by_discard=isinstance(hand.history[-1].action, Discard),
                         new_spread=ending == "out_by_spread")
    elif ending == "stock_exhausted" or (ending == "stock_void" and len(hand.stock) == 0):
        cards, how = hand.hands, HowItEnded("stock_out")
    else:
        return
    full = parse_hands([f"{n}={format_cards(c)}" for n, c in zip(names, cards, strict=True)])
    quick = parse_table([], short_form(names, list(cards), how, tonks), tonks, how, tuple(names))
    assert paid(settle_hand(variant, quick, how, stakes)) == paid(settle_hand(variant, full, how, stakes))


@pytest.mark.parametrize("variant", [v for v in builtin_names() if ruleset_for(v).deal_check.enabled])
def test_a_deal_tonk_by_its_holders_pays_what_the_dealt_cards_pay(variant: str) -> None:
    rules = ruleset_for(variant)
    tonk = "KS KH QS JS 9H" if rules.deal_check.at_least is not None else "AS 2S 3H 4D 2C"
    other = "KC KD QC JC 9D" if rules.deal_check.at_least is not None else "AC 2D 3C 4H 5C"
    names = ("Ann", "Bob", "Cy")[: min(3, rules.max_players)]
    for holders in (["Ann"], ["Ann", "Bob"]):
        hands = {"Ann": tonk, "Bob": other if "Bob" in holders else "2H 3D QH JH 10C", "Cy": "5S 6S 7S 8S 10S"}
        full = parse_hands([f"{n}={hands[n]}" for n in names])
        how = HowItEnded("deal")
        quick = parse_table([], [], holders, how, names)
        assert paid(settle_hand(variant, quick, how, [])) == paid(settle_hand(variant, full, how, []))


def test_a_session_hand_settled_by_counts_is_recorded_as_by_cards(tmp_path: Path) -> None:
    for name in ("cards", "counts"):
        assert run("session", "create", str(tmp_path / f"{name}.sqlite"), "--variant", "russian", "--players",
                   "Ann,Bob,Cy", "--currency", "крона", "--stake", "2").returncode == 0
    by_cards = run("session", "record", str(tmp_path / "cards.sqlite"), "--hand", "Ann=5S 4C", "--hand",
                   "Bob=3S 3C 2S AC AD", "--hand", "Cy=7S 7H 6D 2C 2D", "--knock", "Ann")
    counts = [hand_count(parse_hands([f"x={c}"], at_least=1).cards[0]) for c in
              ("5S 4C", "3S 3C 2S AC AD", "7S 7H 6D 2C 2D")]
    by_counts = run("session", "record", str(tmp_path / "counts.sqlite"), "--count", f"Bob={counts[1]}",
                    "--count", f"Ann={counts[0]}", "--count", f"Cy={counts[2]}", "--knock", "Ann")
    assert by_cards.returncode == 0 and by_counts.returncode == 0, by_counts.stderr
    assert "Bob pays Ann 2 (крона)" in by_counts.stdout
    assert f"Counts: Ann {counts[0]}, Bob {counts[1]}, Cy {counts[2]}" in by_counts.stdout
    balances = [run("session", "balances", str(tmp_path / f"{n}.sqlite"), "--json").stdout
                for n in ("cards", "counts")]
    assert balances[0] == balances[1]
    out = run("session", "record", str(tmp_path / "counts.sqlite"), "--out", "Bob")
    assert out.returncode == 0 and "Counts: Ann not given, Bob not given, Cy not given" in out.stdout
    csv_rows = run("session", "export", str(tmp_path / "counts.sqlite")).stdout.splitlines()
    assert csv_rows[-1] == "2,settled,out_by_discard,Bob,Cy,,2,-2,no,крона,0,0"


def test_settle_by_the_deal_tonk_holders_alone() -> None:
    proc = run("settle", "russian", "--players", "Ann,Bob,Cy,Di,Ed", "--deal", "--tonk", "Cy", "--stake", "3")
    assert proc.returncode == 0, proc.stderr
    assert "Ending: deal tonk; winner(s): Cy" in proc.stdout
    assert "Net: Ann -6, Bob -6, Cy +24, Di -6, Ed -6" in proc.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--count", "Ann=3", "--count", "Bob=9", "--knock", "Ann"], "--count NAME=N for Cy"),
    (["--count", "Ann=3", "--hand", "Ann=5S", "--count", "Bob=1", "--count", "Cy=2", "--knock", "Ann"],
     "both --hand and --count"),
    (["--tonk", "Ann", "--knock", "Ann", "--count", "Ann=3"], "give it with --deal"),
    (["--tonk", "Ann", "--deal", "--count", "Ann=3"], "drop --hand and --count"),
    (["--deal", "--count", "Ann=3", "--count", "Bob=3", "--count", "Cy=3"], "counts do not show a deal tonk"),
    (["--count", "Ann=x", "--count", "Bob=9", "--count", "Cy=1", "--knock", "Ann"], "a count is a whole number"),
    (["--count", "Ann=99999", "--count", "Bob=9", "--count", "Cy=1", "--knock", "Ann"], "from 0 to 1000"),
    (["--count", "Ann=0", "--count", "Bob=9", "--count", "Cy=1", "--knock", "Ann"], "only a player who went out"),
    (["--count", "Ann=12", "--out", "Ann"], "still holds a count of 12"),
    (["--tonk", "Zed", "--deal"], "not seated: Zed"),
    (["--hand", "Ann=AS 2S 3H 4D 2C", "--deal"], "give every player's dealt cards"),
    (["--count", "Ann=5", "--count", "Bob=1000", "--count", "Cy=24", "--knock", "Bob"],
     "--count Bob=1000: no hand of this variant counts more than 60 (6 cards of its deck at most)"),
    (["--count", "Ann=5", "--count", "Bob=9", "--count", "Cy=61", "--stock-out"], "--count Cy=61: no hand"),
    # an option given twice is refused, never silently merged or the last one taken
    (["--deal", "--tonk", "Ann", "--tonk", "Ann"], "--tonk Ann: given twice"),
    (["--out", "Ann", "--out", "Bob"], "--out is given 2 times (Ann, Bob)"),
    (["--count", "Ann=5", "--count", "Bob=9", "--count", "Cy=9", "--knock", "Ann", "--knock", "Bob"],
     "--knock is given 2 times (Ann, Bob)"),
    (["--hand", "Ann=2C", "--hand", "Ann=3C", "--count", "Bob=9", "--count", "Cy=9", "--knock", "Ann"],
     "Ann has two --hand options"),
    (["--count", "Ann=1", "--count", "Ann=2", "--count", "Bob=9", "--count", "Cy=9", "--knock", "Ann"],
     "Ann has two --count options"),
])
def test_short_forms_that_cannot_be_get_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    ledger = tmp_path / "q.sqlite"
    run("session", "create", str(ledger), "--variant", "russian", "--players", "Ann,Bob,Cy", "--currency", "c")
    proc = run("session", "record", str(ledger), *args)
    assert proc.returncode == 2 and message in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert '"hands": 0' in run("session", "balances", str(ledger), "--json").stdout


def test_parse_table_keeps_the_seat_order() -> None:
    table = parse_table(["Cy=5S"], ["Ann=3"], [], HowItEnded("out", "Bob"), ("Ann", "Bob", "Cy"))
    assert table.names == ("Ann", "Bob", "Cy") and table.recorded_counts == (3, None, 5)
    with pytest.raises(TableInputError, match="at least two"):
        parse_table([], ["Ann=3"], [], HowItEnded("out", "Ann"))


def test_settle_refuses_a_deal_tonk_holder_named_twice() -> None:
    proc = run("settle", "russian", "--players", "A,B,C", "--deal", "--tonk", "A", "--tonk", "A")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "--tonk A: given twice" in proc.stderr


def test_settle_refuses_a_count_no_hand_can_have() -> None:
    proc = run("settle", "russian", "--count", "A=5", "--count", "B=1000", "--count", "C=24", "--knock", "B")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "--count B=1000: no hand of this variant counts more than 60" in proc.stderr


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(builtin_names()), st.randoms(use_true_random=False))
def test_every_count_a_hand_can_hold_is_taken_and_one_more_than_the_most_is_not(variant: str,
                                                                                rnd: random.Random) -> None:
    """Any cards of the deck a hand may hold (up to one more than dealt, mid-turn) give a count the table may
    report; the highest such count plus one is refused."""
    rules = ruleset_for(variant)
    deck = list(rules.deal.deck)
    held = rnd.sample(deck, rnd.randint(1, rules.deal.hand_size + 1))
    assert rules.why_not_count(hand_count(held)) is None
    most = hand_count(sorted(deck, key=lambda c: hand_count([c]))[-(rules.deal.hand_size + 1):])
    assert rules.why_not_count(most) is None
    assert "no hand of this variant counts more than" in (rules.why_not_count(most + 1) or "")
