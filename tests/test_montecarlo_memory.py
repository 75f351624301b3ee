"""A montecarlo seat remembers what it saw the others do over the hands of a session (``memory=1``): it tells a
random seat from a competent one before that seat's first move of a later hand, the memory starts again at
each session, and a seed still fixes every hand however the run is split, on the kernel and the reference
engine alike."""

from __future__ import annotations

import numpy as np
import pytest
from kernel_helpers import needs_numba

from tonk_rules import kernel
from tonk_rules.bots import BOT_CLASSES
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.bots.observation import PublicLog, observe
from tonk_rules.engine.hand import Hand
from tonk_rules.kernel.batch import plan_hand
from tonk_rules.kernel.layout import SESSION
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim import reference
from tonk_rules.variant.loader import load_variant


def _rules(name: str) -> Ruleset:
    return compile_ruleset(load_variant(name).variant)


def _watch(rules: Ruleset, bots: list[str], hands: int, memory: int) -> MonteCarloBot:
    """A montecarlo bot in seat 0 that watches ``hands`` whole hands of ``bots`` (seat 0 plays greedy), told
    each hand's end as a runner tells it."""
    watcher = MonteCarloBot(rollouts=10, knock=1, memory=memory)
    for index in range(hands):
        plan = plan_hand(rules.deal.deck, len(bots), 7, index, 0)
        players = [BOT_CLASSES[name](seed=s) for name, s in zip(bots, plan.bot_seeds, strict=True)]  # type: ignore[call-arg]
        hand = Hand.deal(rules, [f"s{i}" for i in range(len(bots))], plan.dealer, plan.deck)
        log = PublicLog(len(bots))
        while hand.result is None:
            hand.apply(players[hand.current].choose(observe(hand, hand.current, log), hand.legal_actions()))
        watcher.hand_over(observe(hand, 0, log))
    return watcher


def _start_of_next_hand(rules: Ruleset, watcher: MonteCarloBot, players: int) -> dict[int, dict[str, float]]:
    plan = plan_hand(rules.deal.deck, players, 7, 999, 0)
    hand = Hand.deal(rules, [f"s{i}" for i in range(players)], plan.dealer, plan.deck)
    return {seat: {name.split(":")[0]: share for name, share in shares.items()}  # (names carry parameters)
            for seat, shares in watcher.posterior(observe(hand, 0)).items()}


@needs_numba
@pytest.mark.parametrize("variant", ["russian", "pagat"])
def test_after_a_few_hands_a_random_seat_is_known_before_its_first_move(variant: str) -> None:
    rules = _rules(variant)
    bots = ["greedy", "random", "reckoner"]
    seen = _start_of_next_hand(rules, _watch(rules, bots, 4, memory=1), 3)
    assert seen[1]["random"] > 0.9  # the random seat, before it has moved this hand
    assert seen[2]["random"] < 0.05 and max(seen[2], key=seen[2].__getitem__) == "reckoner"
    forgets = _start_of_next_hand(rules, _watch(rules, bots, 4, memory=0), 3)
    assert forgets[1] == forgets[2] and forgets[1]["random"] == pytest.approx(0.25)  # the prior, every hand


def _traces(batch: kernel.HandBatch) -> list[list[int]]:
    assert batch.trace is not None
    return [t.tolist() for t in batch.trace]


def _seats(memory: int) -> list[tuple[str, dict[str, int]]]:
    return [("random", {}), ("montecarlo", {"rollouts": 40, "knock": 1, "memory": memory}), ("greedy", {"knock": 1})]


@needs_numba
def test_the_memory_changes_later_hands_of_a_session_only_and_starts_again_with_the_next() -> None:
    from tonk_rules.kernel import search

    rules = _rules("pagat")
    keeps = _traces(search.play_hands(rules, _seats(1), SESSION + 1, seed=11, trace=True))
    forgets = _traces(search.play_hands(rules, _seats(0), SESSION + 1, seed=11, trace=True))
    assert keeps[0] == forgets[0]  # a session's first hand: nothing seen yet
    assert keeps[1:SESSION] != forgets[1:SESSION]  # later ones: it plays on what it saw
    assert keeps[SESSION] == forgets[SESSION]  # the next session starts at the prior again


@needs_numba
@pytest.mark.parametrize("variant", ["pagat", "classic-pc"])
def test_a_remembering_seat_plays_alike_however_the_run_is_split_and_on_the_reference_engine(variant: str) -> None:
    from tonk_rules.kernel import search

    rules = _rules(variant)
    seats = _seats(1)[:2] if variant == "classic-pc" else _seats(1)
    whole = _traces(search.play_hands(rules, seats, 8, seed=3, trace=True))
    tail = search.play_hands(rules, seats, 3, seed=3, first_hand=5, trace=True)  # plays hands 0-4 unrecorded
    assert _traces(tail) == whole[5:]
    slow = reference.play_hands(rules, seats, 3, seed=3, first_hand=5, trace=True)
    assert _traces(slow) == whole[5:]
    assert np.array_equal(slow.net, tail.net)
