"""The compiled kernel plays exactly as the reference engine: same decks, same actions, same results.

Every built-in variant at every player count from 2 to 6 it seats, with greedy (several knock
thresholds) and random bots; every allowed value of every leaf field of the variant model (walked from the
model by tests/model_fields.py, so a new field is covered without editing this file); and house variants
made by hypothesis from random changes of random fields to the built-ins.
"""

from __future__ import annotations

import pathlib

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernel_helpers import assert_identical
from model_fields import FIELD_IDS, FIELDS, Path, bases, changed, changes, compiled, get, paths_in, values_of
from pydantic.fields import FieldInfo

from tonk_rules.kernel.batch import ENDINGS
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.model import Variant

CASES = [(name, players) for name, seats in ((n, load_variant(n).variant.players) for n in builtin_names())
         for players in range(2, 7) if seats.min <= players <= seats.max]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_builtin_variants_play_identically(name: str, players: int) -> None:
    ruleset = compile_ruleset(load_variant(name).variant)
    greedy_and_random = [("greedy", {"knock": 3 + 2 * s}) if s % 2 == 0 else ("random", {}) for s in range(players)]
    assert_identical(ruleset, greedy_and_random, 25, seed=players, first_dealer=players - 1)
    # Greedy players that never knock play to the end of the stock (exhaustion, reshuffles, going out).
    assert_identical(ruleset, [("greedy", {"knock": 0})] * players, 12, seed=100 + players)
    # A mixture draws its threshold per hand from the seat's seed: the reference bot draws the same.
    mixture = ("greedy", {"knock": 1, "alt_knock": 8, "alt_share": 500})
    assert_identical(ruleset, [mixture, *[("greedy", {"knock": 2 + s}) for s in range(1, players)]], 15,
                     seed=200 + players)


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


# --- every value of every rule field ---------------------------------------------------------------------
# Generated from the variant model (tests/model_fields.py), not a hand-kept list: a field the kernel reads but
# does not enforce (or enforces and the engine does not) makes both engines part on these hands.
def _stakes(ruleset: Ruleset, players: int) -> list[int] | None:
    return list(range(1, players + 1)) if ruleset.per_player_stakes else None


def _seats(players: int) -> list[SeatSpec]:
    bots: list[SeatSpec] = [("random", {}), ("greedy", {"knock": 4}), ("greedy", {"knock": 0})]
    return [bots[s % len(bots)] for s in range(players)]


@pytest.mark.parametrize(("path", "info"), FIELDS, ids=FIELD_IDS)
def test_every_value_of_every_rule_field_plays_identically(path: Path, info: FieldInfo) -> None:
    seen: set[str] = set()
    for _, _, value, variation in changes(path, info):
        if repr(value) in seen:
            continue  # one variant per value: the first built-in it is valid in
        seen.add(repr(value))
        ruleset = compile_ruleset(Variant.model_validate(variation))
        for players in {ruleset.min_players, min(ruleset.max_players, 4)}:
            assert_identical(ruleset, _seats(players), 4, seed=len(seen), stakes=_stakes(ruleset, players),
                             max_actions=400)
    assert seen, f"{'.'.join(path)}: no valid value found"


# --- house variants --------------------------------------------------------------------------------------
@st.composite
def house_variants(draw: st.DrawFn) -> Variant:
    """A built-in with random changes of random fields (values from the model), each kept only if the variant
    stays valid."""
    data = draw(st.sampled_from(bases()))
    for path, info in draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=10, unique_by=lambda f: f[0])):
        wheres = list(paths_in(data, path))
        if not wheres:
            continue
        where = draw(st.sampled_from(wheres))
        values = values_of(info, get(data, where), data)
        if not values:
            continue
        trial = changed(data, where, draw(st.sampled_from(values)))
        if compiled(trial) is not None:
            data = trial
    return Variant.model_validate(data)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


# --- the example house files (examples/house/: a deeper discard, a match, card values, jokers, wild cards) ------
HOUSE_EXAMPLES = sorted((pathlib.Path(__file__).parent.parent / "examples" / "house").glob("*.yaml"))


@pytest.mark.parametrize("house", HOUSE_EXAMPLES, ids=lambda p: p.stem)
def test_example_house_files_play_identically(house: pathlib.Path) -> None:
    variant = load_variant(house).variant
    ruleset = compile_ruleset(variant)
    for players in sorted({variant.players.min, min(variant.players.max, 4)}):
        seats = [("greedy", {"knock": 3 + 2 * s}) if s % 2 == 0 else ("random", {}) for s in range(players)]
        assert_identical(ruleset, seats, 25, seed=players, stakes=_stakes(ruleset, players))
        assert_identical(ruleset, [("greedy", {"knock": 0})] * players, 12, seed=100 + players)  # to the stock's end
    for players in (2, 3):  # the default player beside the others
        assert_identical(ruleset, [("reckoner", {}), ("greedy", {"knock": 5}), ("random", {})][:players], 20,
                         seed=players)
