"""A montecarlo seat reads the cards each other seat passed up (``declined=1``): a seat that drew from the stock
while a card discarded in view lay on top would have taken it had it melded with its hand (every modelled
player but random does), so the samples deal that seat nothing that melds anew with that card; the compiled
search and the Python search sample and total alike with and without the inference."""

from __future__ import annotations

import random

import pytest
from kernel_helpers import needs_numba

from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.bots.montecarlo_view import View, sample, view_of
from tonk_rules.bots.observation import Observation, observe
from tonk_rules.cards import Card
from tonk_rules.engine.actions import Discard, Draw
from tonk_rules.engine.encoding import canonical
from tonk_rules.engine.hand import Hand
from tonk_rules.kernel.layout import NO_CAP
from tonk_rules.prng import SplitMix64
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.terms import Pile
from tonk_rules.variant.loader import load_variant

VARIANTS = ("russian", "pagat", "pagat-no-upcard", "classic-pc")


def _played(variant: str, seed: int, steps: int) -> tuple[Hand, list[set[Card]], int]:
    """Greedy (never knocking) plays ``steps`` actions; returns the hand, the cards each seat passed up (drew
    from the stock while a card discarded in view lay on top), and how many of those melded with the hand."""
    rules = compile_ruleset(load_variant(variant).variant)
    players = 2 if variant == "classic-pc" else 3
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    hand = Hand.deal(rules, [f"s{i}" for i in range(players)], players - 1, deck)
    greedy, passed, discarded, melded = GreedyBot(knock=0), [set[Card]() for _ in range(players)], set(), 0
    for _ in range(steps):
        if hand.result is not None:
            break
        action = greedy.choose(observe(hand, hand.current), hand.legal_actions())
        if isinstance(action, Draw) and action.source is Pile.STOCK and hand.discard and hand.discard[-1] in discarded:
            top = hand.discard[-1]
            passed[hand.current].add(top)
            melded += rules.melds.in_a_meld([*hand.hands[hand.current], top], top)
        if isinstance(action, Discard):
            discarded.add(action.card)
        hand.apply(action)
    return hand, passed, melded


def _violations(obs: Observation, view: View, caps: list[tuple[int, ...]], seed: int) -> int:
    """Over 10 samples, the other seats dealt a card that melds anew with a card they passed up."""
    melds, rng, found = obs.ruleset.melds, SplitMix64(seed), 0
    for _ in range(10):
        deal = sample(obs, view, rng, caps)
        for seat, cards in enumerate(deal.hands):
            held = list(view.known[seat])
            found += seat != obs.seat and any(melds.in_a_meld([*cards, t], t) and not melds.in_a_meld([*held, t], t)
                                              for t in view.declined[seat])
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_view_keeps_each_card_a_seat_passed_up_and_greedy_never_passes_up_a_meld(variant: str) -> None:
    seen = 0
    for seed in range(12):
        hand, passed, melded = _played(variant, seed, 40)
        assert melded == 0  # the premise of the inference, for the greedy the search models
        if hand.result is not None:
            continue
        view = view_of(observe(hand, hand.current))
        assert [set(d) for d in view.declined] == passed
        seen += sum(map(len, passed))
    assert seen > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_samples_deal_no_new_meld_with_a_passed_up_card_and_do_without_the_rule(variant: str) -> None:
    with_rule = without = positions = 0
    for seed in range(30):
        hand, passed, _ = _played(variant, seed, 30)
        if hand.result is not None or not any(passed[s] for s in range(len(passed)) if s != hand.current):
            continue
        obs = observe(hand, hand.current)
        view = view_of(obs)
        players = len(obs.hand_sizes)
        with_rule += _violations(obs, view, [(NO_CAP, 0, 1)] * players, seed)
        without += _violations(obs, view, [(NO_CAP, 0, 0)] * players, seed)
        positions += 1
    assert positions > 0
    assert with_rule == 0
    assert without > 0  # so the rule is what keeps those melds out


@needs_numba
@pytest.mark.parametrize("variant", ["russian", "pagat"])
def test_the_compiled_and_the_python_search_agree_with_and_without_the_inference(variant: str) -> None:
    checked = differs = 0
    for seed in range(40):
        hand, passed, _ = _played(variant, seed, 12 + seed % 20)
        candidates = canonical(hand.legal_actions()) if hand.result is None else []
        if len(candidates) < 2 or not any(passed[s] for s in range(len(passed)) if s != hand.current):
            continue
        obs = observe(hand, hand.current)
        results = []
        for declined in (1, 0):
            fast = MonteCarloBot(rollouts=24, declined=declined, seed=seed)
            slow = MonteCarloBot(rollouts=24, declined=declined, seed=seed)
            results.append(fast.decide(obs, candidates, kernel=True))
            assert results[-1] == slow.decide(obs, candidates, kernel=False)
            assert fast.seed == slow.seed
        differs += results[0][0] != results[1][0]  # the inference changed some candidate's total
        checked += 1
        if checked >= 4 and differs:
            break
    assert checked >= 4
    assert differs > 0
