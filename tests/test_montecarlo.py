"""The montecarlo bot: it decides from its Observation alone, samples consistently, is reproducible from its
seed, and plays the same hands on the kernel, on the reference engine and without numba."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_helpers import needs_numba

from tests.test_cli import tonk
from tonk_rules import kernel
from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.bots.montecarlo_view import sample, view_of
from tonk_rules.bots.observation import observe
from tonk_rules.cards import Card
from tonk_rules.engine.actions import Action, Draw
from tonk_rules.engine.encoding import canonical
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import BotSpecError, IllegalActionError
from tonk_rules.prng import SplitMix64
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim import reference
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


def _position(variant: str, seed: int, steps: int) -> Hand:
    rules = _rules(variant)
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    return _play(rules, deck, 2 if variant == "classic-pc" else 3, steps)[0]


@settings(max_examples=examples(15), deadline=None)
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


@settings(max_examples=examples(15), deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_samples_keep_everything_the_player_has_seen(variant: str, seed: int, steps: int) -> None:
    hand = _position(variant, seed, steps)
    if hand.result is not None:
        return
    me = hand.current
    obs = observe(hand, me)
    view = view_of(obs)
    for seat, held in enumerate(view.known):  # what the history says a player holds, they do hold
        assert set(held) <= set(hand.hands[seat])
    assert len(view.pile) == len(hand.discard)
    assert all(c is None or c == real for c, real in zip(view.pile, hand.discard, strict=True))
    assert view.pile[-1:] == tuple(hand.discard[-1:])
    rng = SplitMix64(seed)
    for _ in range(5):
        deal = sample(obs, view, rng)
        assert deal.hands[me] == list(obs.hand)
        assert [len(h) for h in deal.hands] == [len(h) for h in hand.hands]
        assert len(deal.stock) == len(hand.stock)
        assert all(c is None or c == s for c, s in zip(view.pile, deal.pile, strict=True))
        for seat, held in enumerate(view.known):
            assert set(held) <= set(deal.hands[seat])
        table = [c for s in hand.spreads for c in s.cards]
        everything = [c for h in deal.hands for c in h] + deal.pile + deal.stock + table
        assert sorted(everything) == sorted(hand.ruleset.deal.deck)


def test_bad_budget_or_playout_policy_is_refused() -> None:
    with pytest.raises(BotSpecError, match="rollouts must be a whole number 1 or more"):
        MonteCarloBot(rollouts=0)
    with pytest.raises(BotSpecError, match="knock must be a whole number from 0 to 100"):
        MonteCarloBot(knock=-1)


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


@needs_numba
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_compiled_search_and_the_python_search_total_every_candidate_alike(variant: str) -> None:
    checked = 0
    for seed in range(40):
        hand = _position(variant, seed, seed % 23)
        candidates = canonical(hand.legal_actions()) if hand.result is None else []
        if len(candidates) < 2:
            continue
        obs = observe(hand, hand.current)
        # the best option outright, only where its gain is clear, and only where new samples confirm it
        for confidence, confirm in ((0, 0), (200, 0), (0, 1), (100, 1)):
            fast = MonteCarloBot(rollouts=24, confidence=confidence, confirm=confirm, seed=seed)
            slow = MonteCarloBot(rollouts=24, confidence=confidence, confirm=confirm, seed=seed)
            assert fast.decide(obs, candidates, kernel=True) == slow.decide(obs, candidates, kernel=False)
            assert fast.seed == slow.seed  # both advanced the stream alike: the next decision agrees too
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@needs_numba
@pytest.mark.parametrize("variant", ["pagat", "russian", "classic-pc"])
def test_a_table_with_montecarlo_plays_alike_on_the_kernel_and_the_reference_engine(variant: str) -> None:
    from tonk_rules.kernel import search

    rules = _rules(variant)
    seats = [("montecarlo", {"rollouts": 16, "knock": 0}), ("greedy", {"knock": 2})]
    if variant != "classic-pc":
        seats.append(("montecarlo", {"rollouts": 10}))
    fast = search.play_hands(rules, seats, 4, seed=9, trace=True)
    slow = reference.play_hands(rules, seats, 4, seed=9, trace=True)
    assert fast.trace is not None and slow.trace is not None
    assert [t.tolist() for t in fast.trace] == [t.tolist() for t in slow.trace]
    assert np.array_equal(fast.net, slow.net)


@needs_numba
def test_a_seed_fixes_every_hand_however_the_run_is_split() -> None:
    from tonk_rules.kernel import search

    rules = _rules("russian")
    seats = [("greedy", {}), ("montecarlo", {"rollouts": 30}), ("greedy", {"knock": 0})]
    whole = search.play_hands(rules, seats, 12, seed=4, trace=True)
    again = search.play_hands(rules, seats, 12, seed=4, trace=True)
    tail = search.play_hands(rules, seats, 4, seed=4, first_hand=8, trace=True)
    assert whole.trace is not None and again.trace is not None and tail.trace is not None
    assert [t.tolist() for t in whole.trace] == [t.tolist() for t in again.trace]
    assert [t.tolist() for t in whole.trace[8:]] == [t.tolist() for t in tail.trace]
    other = search.play_hands(rules, seats, 12, seed=5)
    assert not np.array_equal(whole.net, other.net)
    # the same deals as a table without montecarlo: where a greedy seat opens, it opens alike
    plain = kernel.play_hands(rules, [("greedy", {})] * 3, 12, seed=4, trace=True)
    mixed = search.play_hands(rules, [("greedy", {})] * 2 + [("montecarlo", {"rollouts": 3})], 12, seed=4,
                              trace=True)
    assert plain.trace is not None and mixed.trace is not None
    assert plain.dealer.tolist() == mixed.dealer.tolist()
    greedy_opens = [i for i in range(12) if (int(plain.dealer[i]) + 1) % 3 != 2]
    assert greedy_opens and all(plain.trace[i][:2].tolist() == mixed.trace[i][:2].tolist() for i in greedy_opens)




def _search_figures() -> str:
    """A montecarlo table's nets, then one montecarlo decision's totals, on the compiled search (in this order:
    the table compiles the search inside the play loop first)."""
    from tonk_rules.kernel import search

    rules = _rules("russian")
    net = search.play_hands(rules, [("montecarlo", {"rollouts": 12}), ("greedy", {}), ("greedy", {})], 3, seed=2).net
    hand = Hand.shuffled(rules, ["a", "b", "c"], dealer=0, rng=random.Random(3))
    totals = MonteCarloBot(rollouts=20, seed=1).totals(observe(hand, hand.current), canonical(hand.legal_actions()),
                                                       kernel=True)
    return f"{net.tolist()} {totals}"


@needs_numba
@pytest.mark.slow  # compiles the kernel into an empty cache (half a minute to minutes)
def test_a_process_searches_alike_from_a_cache_another_filled(tmp_path: Path) -> None:
    # numba caches a compiled function that reaches itself (the play loop -> the search -> the play loop) with
    # an unresolved call in it: a second process loading it from the cache crashed.
    # tests/ on the path, as pytest puts it there (the test modules import their helpers, tablekit, from it)
    code = ("import sys; sys.path.insert(0, 'tests'); from tests.test_montecarlo import _search_figures; "
            "print(_search_figures())")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                           cwd=Path(__file__).resolve().parents[1]) for _ in ("compiles", "loads")]
    assert [r.returncode for r in runs] == [0, 0], f"a process crashed: {runs[-1].stderr[-800:]}"
    assert runs[0].stdout.strip() == runs[1].stdout.strip() == _search_figures()
    assert not [f.name for f in tmp_path.rglob("*.nbc") if b"numba.unresolved$" in f.read_bytes()]


# --- the model of the other seats ----------------------------------------------------------------------------

def _table_play(variant: str, bots: list[str], seed: int) -> tuple[Hand, list[Card], list[Action]]:
    """A whole hand on the reference engine with the given bots; its deck and actions."""
    from tonk_rules.bots import BOT_CLASSES

    rules = _rules(variant)
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    hand = Hand.deal(rules, [f"s{i}" for i in range(len(bots))], len(bots) - 1, deck)
    players = [BOT_CLASSES[name](seed=seed + i) for i, name in enumerate(bots)]  # type: ignore[call-arg]
    actions: list[Action] = []
    while hand.result is None:
        action = players[hand.current].choose(observe(hand, hand.current), hand.legal_actions())
        actions.append(action)
        hand.apply(action)
    return hand, deck, actions


@needs_numba
@pytest.mark.parametrize("variant", VARIANTS)
def test_what_a_seat_sees_of_each_choice_is_numbered_alike_in_python_and_in_the_kernel(variant: str) -> None:
    from tonk_rules.bots.montecarlo_view import seen_choices
    from tonk_rules.engine.encoding import action_key
    from tonk_rules.kernel.policies_nb import play_key
    from tonk_rules.kernel.rollout import encode, state_from_hand
    from tonk_rules.kernel.search import cached_tables
    from tonk_rules.kernel.search_nb import action_feature

    bots = ["random", "greedy"] if variant == "classic-pc" else ["greedy", "random", "greedy"]
    for seed in range(6):
        hand, deck, actions = _table_play(variant, bots, seed)
        fresh = Hand.deal(hand.ruleset, list(hand.players), hand.dealer, deck)
        if fresh.result is not None:
            continue
        tables = cached_tables(hand.ruleset)
        S, tb = encode(tables, state_from_hand(fresh)), tables.packed()
        compiled, discarded = [], 0
        for action in actions:
            key = action_key(action)
            compiled.append((int(S[1]), int(action_feature(S, key, discarded, tb))))
            if type(action).__name__ == "Discard":
                discarded |= 1 << int(action.card)  # type: ignore[attr-defined]
            play_key(S, key, tb)
        assert seen_choices(observe(hand, 0)) == compiled


def _posterior_after(variant: str, bots: list[str], seed: int, steps: int) -> dict[int, dict[str, float]]:
    from tonk_rules.bots import BOT_CLASSES

    rules = _rules(variant)
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    hand = Hand.deal(rules, [f"s{i}" for i in range(len(bots))], len(bots) - 1, deck)
    players = [BOT_CLASSES[name](seed=seed + i) for i, name in enumerate(bots)]  # type: ignore[call-arg]
    watcher = MonteCarloBot(rollouts=10, knock=1)
    for _ in range(steps):
        if hand.result is not None:
            break
        hand.apply(players[hand.current].choose(observe(hand, hand.current), hand.legal_actions()))
    return watcher.posterior(observe(hand, 0))


@needs_numba
@pytest.mark.parametrize("variant", ["russian", "pagat"])
def test_the_posterior_moves_toward_the_policy_a_seat_really_plays(variant: str) -> None:
    start = _posterior_after(variant, ["greedy", "random", "greedy"], 1, 0)
    assert start[1] == start[2] and start[1]["random"] == pytest.approx(0.25)  # nothing seen: the prior
    random_seat, greedy_seat, apart = [], [], 0
    for seed in range(8):
        seen = _posterior_after(variant, ["greedy", "random", "greedy"], seed, 24)
        random_seat.append(seen[1]["random"])
        greedy_seat.append(seen[2]["random"])
        apart += seen[1]["random"] > seen[2]["random"]
    # a few turns each: the random seat's weight on random rises well above the prior, the greedy seat's
    # falls below it (a few random turns can look greedy by chance, so not in every deal)
    assert np.mean(random_seat) > 0.4 > 0.25 > 0.15 > np.mean(greedy_seat)
    assert apart >= 6


@needs_numba
@pytest.mark.parametrize("variant", ["pagat", "russian-2001"])
def test_a_table_with_a_random_player_plays_alike_on_the_kernel_and_the_reference_engine(variant: str) -> None:
    from tonk_rules.kernel import search

    rules = _rules(variant)
    seats = [("random", {}), ("montecarlo", {"rollouts": 12, "knock": 1}), ("greedy", {"knock": 1})]
    fast = search.play_hands(rules, seats, 4, seed=5, trace=True)
    again = search.play_hands(rules, seats, 4, seed=5, trace=True)
    slow = reference.play_hands(rules, seats, 4, seed=5, trace=True)
    assert fast.trace is not None and slow.trace is not None and again.trace is not None
    assert [t.tolist() for t in fast.trace] == [t.tolist() for t in slow.trace] == [t.tolist() for t in again.trace]
    assert np.array_equal(fast.net, slow.net)


# --- what montecarlo plays when the search cannot tell, and what its samples assume ---------------------------

@needs_numba
@pytest.mark.parametrize("variant", ["russian", "pagat-must-spread"])
def test_a_search_that_cannot_tell_plays_as_the_default_player_move_for_move(variant: str) -> None:
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.kernel import search
    from tonk_rules.sim.tuning import seats_for

    rules = _rules(variant)
    # one sample per decision says nothing of a move's spread: every decision falls back to the default player
    # (random_at=100: never greedy, which it falls back on where it believes a seat plays at random)
    blind = seats_for(rules, 3, parse_specs("reckoner,montecarlo:rollouts=1:random_at=100,reckoner"))
    plain = seats_for(rules, 3, parse_specs("reckoner,reckoner,reckoner"))
    searched = np.zeros(3, np.int64)
    fast = search.play_hands(rules, blind, 6, seed=3, trace=True, searched=searched)
    same = kernel.play_hands(rules, plain, 6, seed=3, trace=True)
    assert searched[1] > 0
    assert fast.trace is not None and same.trace is not None
    assert [t.tolist() for t in fast.trace] == [t.tolist() for t in same.trace]
    # with a budget it does deviate somewhere (else the test above could not fail)
    keen = seats_for(rules, 3, parse_specs("reckoner,montecarlo:rollouts=200:confidence=0,reckoner"))
    other = search.play_hands(rules, keen, 6, seed=3, trace=True)
    assert other.trace is not None and [t.tolist() for t in other.trace] != [t.tolist() for t in same.trace]


@settings(max_examples=examples(10), deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), steps=st.integers(6, 30))
def test_a_seat_that_lays_every_spread_is_dealt_no_meld_after_its_turn(variant: str, seed: int, steps: int) -> None:
    from tonk_rules.kernel.layout import NO_CAP

    hand = _position(variant, seed, steps)
    if hand.result is not None:
        return
    me, obs = hand.current, observe(hand, hand.current)
    view = view_of(obs)
    melds = hand.ruleset.melds
    rng = SplitMix64(seed)
    for _ in range(20):
        deal = sample(obs, view, rng, [(NO_CAP, 1)] * len(obs.hand_sizes))
        for seat, cards in enumerate(deal.hands):
            if seat != me and obs.turns_taken[seat] > 0:  # (it would have laid it; a dealt hand may hold one)
                hidden = [c for c in cards if c not in view.known[seat]]
                assert not any(melds.in_a_meld(cards, c) for c in hidden), f"seat {seat} was dealt a meld: {cards}"


def test_without_that_rule_samples_do_hold_melds() -> None:
    from tonk_rules.kernel.layout import NO_CAP

    found = 0
    for seed in range(30):
        hand = _position("russian", seed, 12)
        if hand.result is not None:
            continue
        obs = observe(hand, hand.current)
        view = view_of(obs)
        rng = SplitMix64(seed)
        for _ in range(10):
            deal = sample(obs, view, rng, [(NO_CAP, 0)] * len(obs.hand_sizes))
            found += any(hand.ruleset.melds.in_a_meld(cards, c) for seat, cards in enumerate(deal.hands)
                         if seat != obs.seat for c in cards)
    assert found > 0
