"""Positions of greedy play for the search's tests: seeded hands played a few turns by a greedy player that
never knocks, kept where the player to move has two or more legal actions; and the search decided on one both
ways, compiled and in Python."""

from __future__ import annotations

import random
from typing import Any

from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.observation import Observation, observe
from tonk_rules.engine.actions import Action, Knock
from tonk_rules.engine.encoding import canonical
from tonk_rules.engine.hand import Hand
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.variant.loader import load_variant


def greedy_positions(variant: str, count: int, *, knock: bool | None = None) -> list[tuple[int, Observation,
                                                                                            list[Action]]]:
    """The first ``count`` such positions (seed, the mover's observation, the canonical legal actions) of
    ``variant`` at 3 seats, a knock among the actions or not (``knock``; None: either)."""
    rules = compile_ruleset(load_variant(variant).variant)
    out = []
    for seed in range(400):
        deck = list(rules.deal.deck)
        random.Random(seed).shuffle(deck)
        hand = Hand.deal(rules, ["a", "b", "c"], 2, deck)
        greedy = GreedyBot(knock=0)
        for _ in range(6 + seed % 25):
            if hand.result is not None:
                break
            hand.apply(greedy.choose(observe(hand, hand.current), hand.legal_actions()))
        candidates = canonical(hand.legal_actions()) if hand.result is None else []
        if len(candidates) >= 2 and (knock is None or any(isinstance(a, Knock) for a in candidates) == knock):
            out.append((seed, observe(hand, hand.current), candidates))
        if len(out) == count:
            break
    assert len(out) == count
    return out


def decided_both_ways(seed: int, obs: Observation, candidates: list[Action], **options: int) -> tuple[Any, Any]:
    """The search's decision with ``options`` (asserted the same in the compiled and the Python search, their
    random streams advanced alike) and the plain search's on the same seed: (with the options, plain)."""
    from tonk_rules.bots.montecarlo import MonteCarloBot

    fast, slow = MonteCarloBot(rollouts=24, seed=seed, **options), MonteCarloBot(rollouts=24, seed=seed, **options)
    result = fast.decide(obs, candidates, kernel=True)
    assert result == slow.decide(obs, candidates, kernel=False)
    assert fast.seed == slow.seed
    return result, MonteCarloBot(rollouts=24, seed=seed).decide(obs, candidates, kernel=True)
