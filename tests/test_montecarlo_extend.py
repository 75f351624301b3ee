"""A close decision gets more playouts (``extend=E``): where the best option is ahead of the fallback's choice
but not clearly, ``E`` times the budget more is played on those two, on new samples, and those decide. The
compiled and the Python search do it alike, and only where the decision is close."""

from __future__ import annotations

import random

import pytest

from tonk_rules import kernel
from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.bots.observation import Observation, observe
from tonk_rules.engine.actions import Action
from tonk_rules.engine.encoding import canonical
from tonk_rules.engine.hand import Hand
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.variant.loader import load_variant

needs_numba = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled search needs numba")


def _positions(variant: str, count: int) -> list[tuple[int, Observation, list[Action]]]:
    """``count`` positions of greedy play (never knocking) with two or more legal actions."""
    rules = compile_ruleset(load_variant(variant).variant)
    out = []
    for seed in range(200):
        deck = list(rules.deal.deck)
        random.Random(seed).shuffle(deck)
        hand = Hand.deal(rules, ["a", "b", "c"], 2, deck)
        greedy = GreedyBot(knock=0)
        for _ in range(6 + seed % 25):
            if hand.result is not None:
                break
            hand.apply(greedy.choose(observe(hand, hand.current), hand.legal_actions()))
        candidates = canonical(hand.legal_actions()) if hand.result is None else []
        if len(candidates) >= 2:
            out.append((seed, observe(hand, hand.current), candidates))
        if len(out) == count:
            break
    return out


@needs_numba
def test_a_close_decision_is_extended_alike_in_the_compiled_and_the_python_search() -> None:
    extended = 0
    for seed, obs, candidates in _positions("pagat", 8):
        plain = MonteCarloBot(rollouts=24, seed=seed).decide(obs, candidates, kernel=True)
        fast = MonteCarloBot(rollouts=24, extend=2, seed=seed)
        slow = MonteCarloBot(rollouts=24, extend=2, seed=seed)
        result = fast.decide(obs, candidates, kernel=True)
        assert result == slow.decide(obs, candidates, kernel=False)
        assert fast.seed == slow.seed
        # the first round is the same; only a close one plays on (and adds to the two options' totals)
        if result[0] != plain[0]:
            extended += 1
            changed = [i for i, (a, b) in enumerate(zip(result[0], plain[0], strict=True)) if a != b]
            assert 1 <= len(changed) <= 2
    assert extended > 0


@needs_numba
def test_with_no_margin_nothing_is_close_and_nothing_is_extended() -> None:
    for seed, obs, candidates in _positions("russian", 8):  # confidence=0: every gain above 0 is clear
        plain = MonteCarloBot(rollouts=24, confidence=0, seed=seed)
        extended = MonteCarloBot(rollouts=24, confidence=0, extend=3, seed=seed)
        assert extended.decide(obs, candidates, kernel=True) == plain.decide(obs, candidates, kernel=True)
        assert extended.seed == plain.seed
