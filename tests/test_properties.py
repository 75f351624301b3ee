"""Invariants over every built-in variant and 2-6 players (hypothesis)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from budgets import examples
from conftest import choose
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tonk_rules import load_ruleset
from tonk_rules.cards import DECK
from tonk_rules.engine.actions import Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import IllegalActionError
from tonk_rules.records import hand_to_record, parse_record, replay
from tonk_rules.ruleset import Ruleset
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.model import Variant
from tonk_rules.variant.render import variant_yaml

RULESETS = {name: load_ruleset(name) for name in builtin_names()}
MAX_STEPS = 5000


def seat_counts(ruleset: Ruleset) -> list[int]:
    return list(range(ruleset.min_players, min(ruleset.max_players, 6) + 1))


variant_and_players = st.sampled_from(sorted(RULESETS)).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(seat_counts(RULESETS[name]))))


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (repr(hand.hands), repr(hand.stock), repr(hand.discard), repr(hand.spreads), hand.current,
            repr(hand.turn), list(hand.turns_taken), list(hand.hit_locks), len(hand.history), hand.result)


def assert_cards_conserved(hand: Hand) -> None:
    places = [*hand.stock, *hand.discard] + [c for h in hand.hands for c in h]
    places += [c for s in hand.spreads for c in s.cards]
    assert sorted(places) == sorted(hand.ruleset.deal.deck)


def play_out(hand: Hand, rng: random.Random, check_illegal: bool = False) -> None:
    steps = 0
    while not hand.over:
        assert steps < MAX_STEPS, "the hand did not end"
        if check_illegal:
            probe = rng.choice([Knock(), Draw("discard"), Discard(rng.choice(DECK)),
                                Spread(tuple(rng.sample(DECK, 3))), Hit(rng.choice(DECK), rng.randint(0, 4))])
            if hand.why_illegal(probe) is not None:
                before = snapshot(hand)
                with pytest.raises(IllegalActionError):
                    hand.apply(probe)
                assert snapshot(hand) == before
        hand.apply(choose(hand, rng))
        assert_cards_conserved(hand)
        steps += 1


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_and_players, st.integers(0, 2**32 - 1))
def test_random_legal_play_ends_conserves_cards_and_payments_sum_to_zero(vp: tuple[str, int], seed: int) -> None:
    name, n = vp
    rng = random.Random(seed)
    hand = Hand.shuffled(RULESETS[name], [f"P{i}" for i in range(n)], dealer=n - 1, rng=rng)
    assert_cards_conserved(hand)
    play_out(hand, rng, check_illegal=True)
    assert hand.result is not None
    assert sum(hand.result.net) == 0
    assert sum(p.amount for p in hand.result.payments) >= 0
    assert hand.result.void == (not hand.result.payments and hand.result.ending.endswith("void"))


@settings(max_examples=examples(40), deadline=None)
@given(variant_and_players, st.integers(0, 2**32 - 1))
def test_a_recorded_hand_replays_to_the_same_result(vp: tuple[str, int], seed: int) -> None:
    name, n = vp
    rng = random.Random(seed)
    ruleset = RULESETS[name]
    stakes = list(range(1, n + 1)) if ruleset.per_player_stakes else [1 if ruleset.points_target else 2] * n
    hand = Hand.shuffled(ruleset, [f"P{i}" for i in range(n)], dealer=0, rng=rng, stakes=stakes)
    play_out(hand, rng)
    data = hand_to_record(hand, name, load_variant(name).digest, style="russian")
    again = replay(parse_record(data, Path(".")))
    assert again.result == hand.result


@settings(max_examples=examples(60), deadline=None)
@given(
    hand_size=st.integers(5, 7),
    at_most=st.one_of(st.none(), st.integers(12, 20)),
    max_count=st.one_of(st.none(), st.integers(1, 30)),
    min_turns=st.integers(0, 3),
    ace=st.sampled_from(["low", "low_or_high"]),
    runs=st.sampled_from(["anyone", "own", "none"]),
    when_empty=st.sampled_from(["end_lowest_wins", "reshuffle", "void"]),
    stakes=st.integers(1, 3),
)
def test_a_variant_written_to_yaml_loads_back_equal(tmp_path_factory: pytest.TempPathFactory, hand_size: int,
                                                    at_most: int | None, max_count: int | None, min_turns: int,
                                                    ace: str, runs: str, when_empty: str, stakes: int) -> None:
    base = load_variant("russian")
    data = base.variant.model_dump()
    data["deal"]["hand_size"] = hand_size
    data["players"]["max"] = min(10, (52 - 1) // hand_size)
    data["deal_check"]["at_most"] = at_most
    data["knocking"].update(max_count=max_count, min_turns=min_turns)
    data["melds"]["ace"] = ace
    data["hitting"]["runs"] = runs
    data["stock_exhaustion"]["when_empty"] = when_empty
    if when_empty != "end_lowest_wins":  # options that only matter at an ending stock (variant/checks.py)
        data["stock_exhaustion"]["ties"] = None
        data["payments"]["stock_exhausted"]["rules"] = []
        data["dealer"]["after_void"] = "next"  # a hand can now be void
    data["payments"]["knock_won"]["rules"][0]["stakes"] = stakes
    variant = Variant.model_validate(data)
    loaded = type(base)(name="generated", variant=variant, provenance=base.provenance, chain=("generated",))
    path = tmp_path_factory.mktemp("rt") / "v.yaml"
    path.write_text(variant_yaml(loaded, provenance=True), encoding="utf-8")
    assert load_variant(path).variant == variant
