"""Exact deal-tonk odds: checked against a direct count, by hand and by enumerating every deal."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from budgets import examples
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tablekit import run as tonk  # in this process: main, as the command runs it

from tonk_rules.cards import hand_count
from tonk_rules.errors import VariantError
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim.odds import OddsTooCostly, deal_tonk_odds
from tonk_rules.variant.loader import load_variant


def ruleset(ref: str) -> Ruleset:
    return compile_ruleset(load_variant(ref).variant)


def test_pagat_hand_odds_are_five_tens_or_four_tens_and_a_nine() -> None:
    odds = deal_tonk_odds(ruleset("pagat"), players=3)
    assert odds.hand == Fraction(comb(16, 5) + comb(16, 4) * 4, comb(52, 5)) == Fraction(8, 1785)


def test_no_deal_check_means_zero() -> None:
    odds = deal_tonk_odds(ruleset("classic-pc"), players=2)
    assert odds.hand == odds.table == 0


def _enumerated(rules: Ruleset, players: int) -> tuple[Fraction, Fraction, Fraction]:
    """Every way to deal the first two hands of a tiny deck, counted directly: one hand, any, exactly one."""
    deck, size = rules.deal.deck, rules.deal.hand_size
    qualifies = rules.deal_check.qualifies
    one = [h for h in combinations(deck, size)]
    hand = Fraction(sum(qualifies(list(h)) for h in one), len(one))
    hits = single = total = 0
    for first in one:
        rest = [c for c in deck if c not in first]
        for second in combinations(rest, size):
            total += 1
            tonks = qualifies(list(first)) + qualifies(list(second))
            hits += tonks > 0
            single += tonks == 1
    assert players == 2
    return hand, Fraction(hits, total), Fraction(single, total)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ranks=st.sets(st.sampled_from(["A", "2", "3", "5", "8", "10", "J", "K"]), min_size=3, max_size=4),
       hand_size=st.integers(2, 3), at_most=st.one_of(st.none(), st.integers(2, 12)),
       at_least=st.one_of(st.none(), st.integers(10, 30)))
def test_short_decks_agree_with_enumerating_every_deal(variant_file: Callable[[str], str], ranks: set[str],
                                                       hand_size: int, at_most: int | None,
                                                       at_least: int | None) -> None:
    if at_most is None and at_least is None:
        at_most = 6
    listed = ", ".join(f'"{r}"' for r in sorted(ranks))
    text = (f"extends: russian\nplayers: {{min: 2, max: 2}}\ndeck: {{ranks: [{listed}]}}\n"
            f"deal: {{hand_size: {hand_size}, upcard: true}}\n"
            f"deal_check: {{enabled: true, at_most: {'null' if at_most is None else at_most}, "
            f"at_least: {'null' if at_least is None else at_least}, several: all_paid}}\n")
    try:
        rules = ruleset(variant_file(text))
    except VariantError:  # a threshold outside the deck's possible counts is refused by the checks
        assume(False)
    odds = deal_tonk_odds(rules, players=2)
    assert (odds.hand, odds.table, odds.exactly_one) == _enumerated(rules, 2)
    assert odds.several == odds.table - odds.exactly_one


def test_hands_are_dependent_so_the_table_is_not_one_minus_independent() -> None:
    rules = ruleset("russian")
    odds = deal_tonk_odds(rules, players=3)
    assert odds.table != 1 - (1 - odds.hand) ** 3
    assert abs(float(odds.table) - (1 - (1 - float(odds.hand)) ** 3)) < 1e-3


def test_odds_command_prints_fraction_and_decimal_and_json() -> None:
    proc = tonk("odds", "pagat", "--players", "2")
    assert proc.returncode == 0
    assert "8/1785 = 0.004482" in proc.stdout
    data = json.loads(tonk("odds", "russian", "--json").stdout)
    assert {"hand", "table"} <= set(data)
    assert Fraction(data["hand"]["fraction"]) == Fraction(3371, 324870)
    assert abs(data["table"]["decimal"] - float(Fraction(data["table"]["fraction"]))) < 1e-15


def test_odds_refuses_a_table_the_variant_cannot_seat() -> None:
    proc = tonk("odds", "pagat", "--players", "11")
    assert proc.returncode == 2
    assert "players" in proc.stderr
    assert tonk("odds", "pagatt").returncode == 1


def test_hand_count_is_what_the_deal_check_counts() -> None:
    rules = ruleset("russian")
    low = [c for c in rules.deal.deck if c.value == 1][:4] + [rules.deal.deck[4]]
    assert rules.deal_check.qualifies(low) == (hand_count(low) <= 15)


def test_a_two_player_variant_needs_no_players_option() -> None:
    proc = tonk("odds", "classic-pc")
    assert proc.returncode == 0, proc.stderr
    assert "2 players, not the usual 3: classic-pc seats exactly 2" in proc.stdout


def test_a_variant_without_a_deal_check_says_so() -> None:
    proc = tonk("odds", "classic-pc", "--players", "2")
    assert proc.returncode == 0 and "has no deal check" in proc.stdout and "0/1" not in proc.stdout
    data = json.loads(tonk("odds", "classic-pc", "--json").stdout)
    assert data["deal_check"] is False and data["players"] == 2
    assert data["hand"]["decimal"] == 0 and data["table"]["decimal"] == 0
    assert json.loads(tonk("odds", "pagat", "--json").stdout)["deal_check"] is True


def test_players_outside_the_range_names_the_range() -> None:
    proc = tonk("odds", "classic-pc", "--players", "3")
    assert proc.returncode == 2 and "seats exactly 2 players" in proc.stderr


def test_large_tables_agree_with_the_composition_count() -> None:
    # fractions from the earlier count, which enumerated every hand composition (an independent method)
    assert deal_tonk_odds(ruleset("russian"), players=10).table == Fraction(
        5131096835473096886980864349, 51752744104950886289531963724)
    assert deal_tonk_odds(ruleset("russian"), players=6).table == Fraction(
        1356372911094555430002529, 22343597086656353364216360)


def test_six_card_hands_are_counted(variant_file: Callable[[str], str]) -> None:
    six = variant_file("extends: russian\nplayers: {max: 7}\ndeal: {hand_size: 6}\n")
    assert deal_tonk_odds(ruleset(six), players=3).table == Fraction(4463607846749912533, 15249129814027159050)


def test_a_count_past_the_bound_is_refused_with_the_reason(variant_file: Callable[[str], str]) -> None:
    seven = variant_file("extends: russian\nplayers: {max: 7}\ndeal: {hand_size: 7}\n")
    with pytest.raises(OddsTooCostly, match="counting steps"):
        deal_tonk_odds(ruleset(seven), players=3, max_steps=1_000)
    proc = tonk("odds", seven, "--players", "6")
    assert proc.returncode == 1
    assert "need more than" in proc.stderr and "simulate the variant" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_simulate_shows_a_dash_where_the_exact_odds_are_too_costly(variant_file: Callable[[str], str]) -> None:
    seven = variant_file("extends: russian\nplayers: {max: 7}\ndeal: {hand_size: 7}\n")
    proc = tonk("simulate", seven, "--players", "6", "--hands", "30", "--workers", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    figures = next(iter(json.loads(proc.stdout)["variants"].values()))
    assert figures["deal_check"]["exact"] is None
    assert figures["deal_check"]["fraction"] > 0.5  # seven cards often make 49: the simulation still counts them
