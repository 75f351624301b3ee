"""Bots: what they may see, how they choose, and their random numbers."""

from __future__ import annotations

import copy
import gc
import pickle
import random
from collections import Counter

import numpy as np
import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules import load_ruleset
from tonk_rules.bots import GreedyBot, RandomBot, action_key, canonical, observe
from tonk_rules.cards import Card
from tonk_rules.engine.actions import Discard, Draw, Knock
from tonk_rules.engine.hand import Hand, Turn
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel import layout
from tonk_rules.kernel.rollout import encode, state_from_hand
from tonk_rules.kernel.tables import tables_of
from tonk_rules.prng import SplitMix64, hand_seed
from tonk_rules.ruleset import compile_ruleset, slots
from tonk_rules.terms import Pile
from tonk_rules.variant.loader import builtin_names, load_variant

RUSSIAN = compile_ruleset(load_variant("russian").variant)


def _played_hand(seed: int, steps: int) -> Hand:
    hand = Hand.shuffled(RUSSIAN, ["A", "B", "C"], 0, random.Random(seed))
    bot = GreedyBot(knock=0)
    for _ in range(steps):
        if hand.over:
            break
        hand.apply(bot.choose(observe(hand, hand.current), hand.legal_actions()))
    return hand


def _reachable(root: object) -> list[object]:
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_observation_cannot_reach_other_hands_or_the_stock(seed: int) -> None:
    hand = _played_hand(seed, 12)
    obs = observe(hand, 1)
    reachable = _reachable(obs)
    forbidden = {id(hand), id(hand.hands), id(hand.stock), id(hand.deck), id(hand.turn), id(hand.spreads),
                 *(id(h) for h in hand.hands)}
    assert not [o for o in reachable if id(o) in forbidden]
    assert not [o for o in reachable if isinstance(o, Hand)]
    # The other players' cards are not anywhere in it, except those laid or taken openly.
    public = {c for s in obs.spreads for c in s.cards} | {c for t in obs.taken for c in t}
    public |= {obs.discard_top} if obs.discard_top is not None else set()
    cards = {o for o in reachable if isinstance(o, Card)}
    hidden = {c for p, h in enumerate(hand.hands) if p != 1 for c in h} | set(hand.stock)
    deck = set(RUSSIAN.deal.deck)  # the ruleset lists the deck's composition (never its order)
    assert not (cards - deck)
    assert obs.stock_size == len(hand.stock)
    assert not ((cards - set(obs.hand) - public - deck) & hidden)


def turn_slot_names() -> dict[int, str]:
    return {value: name for name, value in _turn_slots().items()}


def _turn_slots() -> dict[str, int]:
    return {name: value for name, value in vars(slots).items()
            if name.startswith("TURN_") and name != "TURN_SIZE" and isinstance(value, int)}


def test_the_turn_is_one_vector_of_declared_slots() -> None:
    """A per-turn value (a count of hits, say) is a slot of ruleset/slots.py and nothing else: the engine's
    Turn keeps no attribute beside its slots, and the kernel keeps the same slots at ``layout.O_TURN``, so
    greedy's view and the kernel's own play hold a new value with no edit of a bot or of either engine."""
    names = turn_slot_names()
    assert len(names) == len(_turn_slots()), "two TURN_ slots overlap"
    assert set(slots.TURN_CARDS) | set(slots.TURN_FLAGS) <= set(names)
    assert all(0 <= slot < slots.TURN_SIZE for slot in names), "raise TURN_SIZE in ruleset/slots.py"
    assert Turn.__slots__ == ("slots",) and len(Turn().slots) == slots.TURN_SIZE
    assert layout.N_SCALARS >= layout.O_TURN + slots.TURN_SIZE


@pytest.mark.parametrize(("values", "words"), [
    ([0] * 7, "a turn is 8 whole numbers"), ([0, 0, -2, -1, 0, 0, 0, 0], "slot 2 holds a card 0..55 or -1"),
    ([2, 0, -1, -1, 0, 0, 0, 0], "slot 0 holds a flag, 0 or 1, not 2"),
    ([0, 0, -1, -1, 0, -1, 0, 0], "slot 5 holds a count"),
    ([True, 0, -1, -1, 0, 0, 0, 0], "slot 0 holds a whole number, not True"), ("01234567", "a turn is 8")])
def test_a_turn_refuses_values_its_slots_cannot_hold(values: list[int], words: str) -> None:
    """A turn given from outside (a rollout's position) is checked: the engine and the kernel must read the
    same slots the same way (a card below -1 would be a card to one and none to the other)."""
    with pytest.raises(ValueError, match=words):
        Turn(values)


def test_a_turn_copies_and_pickles_as_its_own_slots() -> None:
    turn = Turn()
    turn.drew(Card(5), straight=True)
    assert copy.copy(turn) == turn and copy.copy(turn).slots is not turn.slots
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(turn, protocol)) == turn
    assert repr(turn) == f"Turn({turn.slots!r})" and turn.pending == Card(5)


@pytest.mark.parametrize("name", builtin_names())
def test_the_kernel_keeps_the_turn_as_the_engine_does(name: str) -> None:
    """After every action the kernel's turn (``layout.O_TURN``) holds what the engine's ``Turn`` holds: a
    per-turn value that one of them keeps differently (a transition of ruleset/core.py called in one engine
    and not the other) fails here, by name of its slot."""
    from tonk_rules.kernel.play_nb import apply_key

    rules = load_ruleset(name)
    tables = tables_of(rules)
    packed = tables.packed()
    players = max(rules.min_players, min(3, rules.max_players))
    for seed in (1, 2):
        hand = Hand.shuffled(rules, [f"p{i}" for i in range(players)], 0, random.Random(seed))
        state = encode(tables, state_from_hand(hand))
        bot = GreedyBot(knock=0, patience=40)
        while not hand.over:
            action = bot.choose(observe(hand, hand.current), hand.legal_actions())
            hand.apply(action)
            apply_key(state, action_key(action), packed)
            if hand.over:
                break
            names = turn_slot_names()
            assert {name: int(state[layout.O_TURN + s]) for s, name in names.items()} == {
                name: hand.turn[s] for s, name in names.items()}, action


def test_stock_draws_are_shown_without_their_card() -> None:
    hand = _played_hand(4, 20)
    obs = observe(hand, 0)
    draws = [a.action for a in obs.history if isinstance(a.action, Draw) and a.action.source is Pile.STOCK]
    assert draws and all(d.card is None for d in draws)


def test_canonical_order_is_independent_of_the_engines_order() -> None:
    hand = _played_hand(5, 3)
    legal = hand.legal_actions()
    shuffled = list(legal)
    random.Random(0).shuffle(shuffled)
    assert canonical(legal) == canonical(shuffled)
    keys = [action_key(a) for a in canonical(legal)]
    assert keys == sorted(set(keys))


def test_random_bot_is_uniform_over_distinct_legal_actions() -> None:
    legal = [Knock(), Draw(Pile.STOCK), Draw(Pile.DISCARD), Discard(Card(5))]
    bot = RandomBot(seed=9)
    picks = Counter(str(bot.choose(None, legal)) for _ in range(4000))  # type: ignore[arg-type]
    assert set(picks) == {str(a) for a in legal}
    assert all(900 < n < 1100 for n in picks.values())


@pytest.mark.parametrize("bad", [{"knock": -1}, {"knock": "5"}, {"patience": 0}, {"knock": True}])
def test_greedy_rejects_bad_parameters(bad: dict[str, object]) -> None:
    with pytest.raises(BotSpecError, match="greedy:"):
        GreedyBot(**bad)  # type: ignore[arg-type]


def test_greedy_knocks_at_its_threshold_and_otherwise_draws() -> None:
    hand = _played_hand(6, 0)
    obs = observe(hand, hand.current)
    legal = hand.legal_actions()
    assert GreedyBot(knock=obs.count).choose(obs, legal) == Knock()
    assert isinstance(GreedyBot(knock=obs.count - 1).choose(obs, legal), Draw)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), index=st.integers(0, 2**40))
def test_python_and_compiled_generators_agree(seed: int, index: int) -> None:
    from tonk_rules.kernel import prng_nb
    from tonk_rules.kernel.api import compiled

    compiled()  # the compiled modules are loaded under the kernel's cache directory
    assert int(prng_nb.hand_seed(np.uint64(seed), np.int64(index))) == hand_seed(seed, index)
    state = np.array([hand_seed(seed, index)], np.uint64)
    ours = SplitMix64(hand_seed(seed, index))
    for n in (1, 2, 3, 52, 1000):
        assert int(prng_nb.below(state, 0, n)) == ours.below(n)
    assert int(prng_nb.next_u64(state, 0)) == ours.next_u64()
