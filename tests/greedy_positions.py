"""Positions of greedy play for the search's tests: seeded hands played a few turns by a greedy player that
never knocks, kept where the player to move has two or more legal actions."""

from __future__ import annotations

import random

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
