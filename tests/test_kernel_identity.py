"""The compiled kernel plays exactly as the reference engine: same decks, same actions, same results.

Every built-in variant at every player count from 2 to 6 it seats, with greedy (several knock
thresholds) and random bots, and house variants made by hypothesis from random changes to the built-ins.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernel_helpers import assert_identical

from tonk_rules.cards import RANK_ORDER
from tonk_rules.kernel.batch import ENDINGS
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.model import Variant

CASES = [(name, players) for name in builtin_names()
         for players in range(2, 7)
         if load_variant(name).variant.players.min <= players <= load_variant(name).variant.players.max]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_builtin_variants_play_identically(name: str, players: int) -> None:
    ruleset = compile_ruleset(load_variant(name).variant)
    greedy_and_random = [("greedy", {"knock": 3 + 2 * s}) if s % 2 == 0 else ("random", {}) for s in range(players)]
    assert_identical(ruleset, greedy_and_random, 25, seed=players, first_dealer=players - 1)
    # Greedy players that never knock play to the end of the stock (exhaustion, reshuffles, going out).
    assert_identical(ruleset, [("greedy", {"knock": 0})] * players, 12, seed=100 + players)


def test_identity_covers_every_ending_across_the_builtins() -> None:
    seen = set()
    for name in builtin_names():
        variant = load_variant(name).variant
        ruleset, n = compile_ruleset(variant), variant.players.min
        for seats, hands in (([("greedy", {"knock": 0})] * n, 30), ([("random", {})] * n, 150),
                             ([("greedy", {"knock": 6})] * n, 30)):
            batch = assert_identical(ruleset, seats, hands, seed=11)
            assert batch is not None
            seen |= set(batch.endings())
    assert {e.value for e in seen} >= {"deal_tonk", "knock_won", "knock_caught", "out_by_discard",
                                       "out_by_spread", "stock_exhausted"}
    assert len(ENDINGS) >= len(seen)


# --- house variants --------------------------------------------------------------------------------------
ROLES = ["winners", "others", "knocker", "at_or_below_knocker", "above_knocker"]
CHANGES: dict[str, Any] = {
    "deck.ranks": st.lists(st.sampled_from(RANK_ORDER), min_size=5, max_size=13, unique=True).map(
        lambda rs: sorted(rs, key=RANK_ORDER.index)),
    "deal.hand_size": st.integers(1, 9),
    "deal.upcard": st.booleans(),
    "deal.first_turn": st.sampled_from(["free", "draw_from_stock"]),
    "deal_check.enabled": st.booleans(),
    "deal_check.at_most": st.none() | st.integers(3, 25),
    "deal_check.at_least": st.none() | st.integers(30, 50),
    "deal_check.several": st.sampled_from(["all_paid", "void"]),
    "knocking.timing": st.sampled_from(["start_of_turn", "before_draw"]),
    "knocking.max_count": st.none() | st.integers(1, 30),
    "knocking.min_turns": st.integers(0, 3),
    "knocking.hit_lock": st.booleans(),
    "knocking.wins_when": st.sampled_from(["strictly_lowest", "lowest_or_tied"]),
    "drawing.sources": st.sampled_from([["stock"], ["discard"], ["stock", "discard"]]),
    "spreading.timing": st.sampled_from(["after_draw", "before_draw"]),
    "spreading.must_spread": st.booleans(),
    "spreading.may_hold_books": st.lists(st.fixed_dictionaries({
        "rank": st.sampled_from(RANK_ORDER), "size": st.sampled_from([3, 4])}), max_size=3, unique_by=str),
    "melds.book_sizes": st.sampled_from([[3], [4], [3, 4]]),
    "melds.run_min": st.integers(3, 5),
    "melds.ace": st.sampled_from(["low", "low_or_high"]),
    "hitting.runs": st.sampled_from(["anyone", "own", "none"]),
    "hitting.books": st.sampled_from(["anyone", "own", "none"]),
    "taken_discard.rule": st.sampled_from(["free", "not_discarded_this_turn", "straight_into_spread"]),
    "stock_exhaustion.when_empty": st.sampled_from(["end_lowest_wins", "reshuffle", "void"]),
    "stock_exhaustion.ties": st.sampled_from(["all_paid", "void"]),
    "stakes.mode": st.sampled_from(["uniform", "per_player"]),
}
for _ending in ["deal_tonk", "knock_won", "knock_caught", "out_by_discard", "out_by_spread", "out_by_hit",
                "stock_exhausted"]:
    CHANGES[f"payments.{_ending}.rules"] = st.lists(st.fixed_dictionaries({
        "payer": st.sampled_from(ROLES), "receiver": st.sampled_from(ROLES), "stakes": st.integers(1, 3),
        "stake_of": st.sampled_from(["payer", "receiver"])}), min_size=1, max_size=3)


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        data = data[key]
    data[last] = value


@st.composite
def house_variants(draw: st.DrawFn) -> Variant:
    """A built-in with random changes, each kept only if the variant stays valid."""
    data = load_variant(draw(st.sampled_from(builtin_names()))).variant.model_dump()
    for path in draw(st.lists(st.sampled_from(sorted(CHANGES)), min_size=1, max_size=10, unique=True)):
        trial = copy.deepcopy(data)
        _set(trial, path, draw(CHANGES[path]))
        try:
            Variant.model_validate(trial)
        except ValueError:
            continue
        data = trial
    return Variant.model_validate(data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=house_variants(), data=st.data())
def test_house_variants_play_identically(variant: Variant, data: st.DataObject) -> None:
    ruleset = compile_ruleset(variant)
    players = data.draw(st.integers(variant.players.min, min(variant.players.max, 6)), label="players")
    bot = st.sampled_from([("random", {}), ("greedy", {"knock": 0}), ("greedy", {"knock": 4}),
                           ("greedy", {"knock": 10})])
    seats = data.draw(st.lists(bot, min_size=players, max_size=players), label="seats")
    stakes = None
    if variant.stakes.mode == "per_player":
        stakes = data.draw(st.lists(st.integers(1, 4), min_size=players, max_size=players), label="stakes")
    assert_identical(ruleset, seats, 8, seed=data.draw(st.integers(0, 2**64 - 1), label="seed"), stakes=stakes)
