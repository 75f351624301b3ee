"""The montecarlo bot: it decides from its Observation alone, samples consistently, and plays legally."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_cli import tonk
from tonk_rules import kernel
from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.montecarlo import MonteCarloBot, _known
from tonk_rules.bots.observation import observe
from tonk_rules.cards import Card
from tonk_rules.engine.actions import Action, Draw
from tonk_rules.engine.encoding import canonical
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import BotSpecError, IllegalActionError
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.variant.loader import load_variant

VARIANTS = ("russian", "pagat", "pagat-no-upcard", "pagat-must-spread", "russian-2001", "classic-pc")


def _rules(name: str) -> Ruleset:
    return compile_ruleset(load_variant(name).variant)


def _play(rules: Ruleset, deck: list[Card], players: int, steps: int) -> tuple[Hand, list[Action]]:
    """Greedy play of ``steps`` actions from a given deck; returns the hand and the actions as chosen."""
    hand = Hand.deal(rules, [f"s{i}" for i in range(players)], players - 1, deck)
    chosen: list[Action] = []
    greedy = GreedyBot(knock=0)  # never knocks, so hands go on
    while hand.result is None and len(chosen) < steps:
        action = greedy.choose(observe(hand, hand.current), hand.legal_actions())
        chosen.append(action)
        hand.apply(action)
    return hand, chosen


@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_the_choice_depends_on_the_observation_only(variant: str, seed: int, steps: int) -> None:
    rules = _rules(variant)
    players = 2 if variant == "classic-pc" else 3
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    hand, chosen = _play(rules, deck, players, steps)
    if hand.result is not None:
        return
    me = hand.current
    # a twin hand: swap an unseen card of another player with the bottom card of the stock, replay the same moves
    other = next(s for s in range(players) if s != me)
    public = {c for r in hand.history for c in getattr(r.action, "cards", ())} | {
        getattr(r.action, "card", None) for r in hand.history}
    hidden = [c for c in hand.hands[other] if c not in public]
    if not hidden or len(hand.stock) < 2:
        return
    a, b = hidden[0], hand.stock[0]
    twin_deck = [b if c == a else a if c == b else c for c in deck]
    twin = Hand.deal(rules, list(hand.players), hand.dealer, twin_deck)
    for action in chosen:
        if twin.result is not None:  # the swap made a deal tonk (or a different count at a knock): no twin
            return
        try:
            twin.apply(Draw(action.source) if isinstance(action, Draw) else action)
        except IllegalActionError:  # the swapped card changed what was legal (a held spread under
            return                  # must_spread, say): the players would have played otherwise, no twin
    if twin.result is not None:
        return
    assert twin.hands[other] != hand.hands[other] or twin.stock != hand.stock
    assert observe(twin, me) == observe(hand, me)
    legal = hand.legal_actions()
    assert MonteCarloBot(rollouts=12, seed=seed).choose(observe(hand, me), legal) == \
        MonteCarloBot(rollouts=12, seed=seed).choose(observe(twin, me), twin.legal_actions())


@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_samples_keep_everything_the_player_has_seen(variant: str, seed: int, steps: int) -> None:
    rules = _rules(variant)
    players = 2 if variant == "classic-pc" else 3
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    hand, _ = _play(rules, deck, players, steps)
    if hand.result is not None:
        return
    me = hand.current
    obs = observe(hand, me)
    known = _known(obs)
    for seat, held in enumerate(known.held):  # what the history says a player holds, they do hold
        assert set(held) <= set(hand.hands[seat])
    assert list(known.pile) == hand.discard[len(hand.discard) - len(known.pile):]
    bot = MonteCarloBot(rollouts=1, seed=seed)
    for _ in range(5):
        sample = bot._sample(obs, known)
        assert sample.hands[me] == list(obs.hand)
        assert [len(h) for h in sample.hands] == [len(h) for h in hand.hands]
        assert len(sample.stock) == len(hand.stock) and sample.pile[-1:] == hand.discard[-1:]
        for seat, held in enumerate(known.held):
            assert set(held) <= set(sample.hands[seat])
        table = [c for s in hand.spreads for c in s.cards]
        everything = [c for h in sample.hands for c in h] + sample.pile + sample.stock + table
        assert sorted(everything) == sorted(rules.deal.deck)


def test_bad_budget_is_refused() -> None:
    with pytest.raises(BotSpecError, match="rollouts must be a whole number 1 or more"):
        MonteCarloBot(rollouts=0)


@pytest.mark.slow  # simulates Monte Carlo seats in a new process
def test_montecarlo_seats_simulate_through_the_cli() -> None:
    args = ["simulate", "pagat", "--hands", "3", "--players", "2", "--bots", "montecarlo:rollouts=8,greedy",
            "--seed", "2", "--json"]
    one, two = tonk(*args, "-w", "1"), tonk(*args, "-w", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["bots"] == ["montecarlo:rollouts=8", "greedy"]
    assert data["variants"]["pagat"]["hands"] == 3


@pytest.mark.slow  # several Monte Carlo simulations, each in a new process
def test_budget_sets_the_playouts_of_montecarlo_bots_and_is_refused_without_one() -> None:
    args = ["simulate", "pagat", "--hands", "2", "--players", "2", "--seed", "4", "--json"]
    proc = tonk(*args, "--bots", "montecarlo,greedy", "--budget", "6")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["bots"] == ["montecarlo:rollouts=6", "greedy"]
    assert proc.stdout == tonk(*args, "--bots", "montecarlo:rollouts=6,greedy").stdout
    refused = tonk(*args, "--bots", "greedy", "--budget", "6")
    assert refused.returncode == 2 and "no montecarlo bot" in refused.stderr
    clash = tonk(*args, "--bots", "montecarlo:rollouts=5,greedy", "--budget", "6")
    assert clash.returncode == 2 and "sets rollouts=5, and --budget says 6" in clash.stderr


@pytest.mark.skipif(not kernel.AVAILABLE, reason="the kernel path needs numba")
@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_and_reference_playouts_score_every_candidate_alike(variant: str) -> None:
    rules = _rules(variant)
    players = 2 if variant == "classic-pc" else 3
    checked = 0
    for seed in range(40):
        deck = list(rules.deal.deck)
        random.Random(seed).shuffle(deck)
        hand, _ = _play(rules, deck, players, seed % 23)
        candidates = canonical(hand.legal_actions()) if hand.result is None else []
        if len(candidates) < 2:
            continue
        obs = observe(hand, hand.current)
        fast = MonteCarloBot(rollouts=24, seed=seed).totals(obs, candidates, kernel=True)
        slow = MonteCarloBot(rollouts=24, seed=seed).totals(obs, candidates, kernel=False)
        assert fast == slow
        checked += 1
        if checked == 4:
            break
    assert checked == 4
