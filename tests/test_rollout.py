"""Rollouts from mid-hand positions agree with the reference engine playing on from the same position."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from tonk_rules import Hand, load_ruleset
from tonk_rules.bots import BOT_CLASSES, GreedyBot, observe
from tonk_rules.bots.observation import PublicLog
from tonk_rules.cards import parse_cards
from tonk_rules.engine.actions import Action, Hit
from tonk_rules.errors import KernelError
from tonk_rules.kernel import RolloutState, rollout, state_from_hand
from tonk_rules.prng import SplitMix64, hand_seed
from tonk_rules.variant.loader import builtin_names

SEATS = [[("greedy", {"knock": 4}), ("random", {}), ("greedy", {"knock": 8})],
         [("random", {})] * 3, [("greedy", {"knock": 0, "patience": 12})] * 3]


def play_on(hand: Hand, seats: list[tuple[str, dict[str, int]]], seed: int, row: int,
            first: Action | None) -> list[int]:
    """The reference engine: the same position, the same bots and random streams, played to the end."""
    hand = copy.deepcopy(hand)
    rng = SplitMix64(hand_seed(seed, row))
    bots = [BOT_CLASSES[name](**params, seed=rng.next_u64()) for name, params in seats]  # type: ignore[arg-type]
    log = PublicLog(len(seats))
    if first is not None:
        hand.apply(first)
    while hand.result is None:
        hand.apply(bots[hand.current].choose(observe(hand, hand.current, log), hand.legal_actions()))
    return list(hand.result.net)


def positions(name: str, count: int) -> list[Hand]:
    rules = load_ruleset(name)
    players = max(rules.min_players, min(3, rules.max_players))
    out = []
    rng = random.Random(name)
    while len(out) < count:
        hand = Hand.shuffled(rules, [f"p{i}" for i in range(players)], 0, rng)
        bot = GreedyBot(knock=0, patience=50)
        for _ in range(rng.randrange(0, 30)):
            if hand.result is not None:
                break
            hand.apply(bot.choose(observe(hand, hand.current), hand.legal_actions()))
        if hand.result is None:
            out.append(hand)
    return out


@pytest.mark.parametrize("name", builtin_names())
def test_rollouts_play_on_exactly_as_the_reference_engine(name: str) -> None:
    for i, hand in enumerate(positions(name, 3)):
        seats = [SEATS[i % 3][s % 3] for s in range(len(hand.players))]
        first = hand.legal_actions()[-1] if i % 2 else None
        net = rollout(hand.ruleset, state_from_hand(hand), seats, 4, seed=i, action=first)
        assert net.tolist() == [play_on(hand, seats, i, r, first) for r in range(4)]


def test_an_illegal_first_action_or_a_bad_position_is_refused() -> None:
    hand = positions("russian", 1)[0]
    state = state_from_hand(hand)
    illegal = Hit(hand.hands[hand.current][0], 60)  # there is no spread 60
    with pytest.raises(KernelError, match="not legal"):
        rollout(hand.ruleset, state, [("greedy", {})] * 3, 2, 1, action=illegal)
    broken = RolloutState(hands=state.hands, stock=list(state.stock)[1:], discard=state.discard,
                          spreads=state.spreads, current=state.current, turn=state.turn)
    with pytest.raises(KernelError, match="every card"):
        rollout(hand.ruleset, broken, [("greedy", {})] * 3, 2, 1)
    net = rollout(hand.ruleset, state, [("greedy", {})] * 3, 50, 7)
    assert np.array_equal(net, rollout(hand.ruleset, state, [("greedy", {})] * 3, 50, 7))


def test_a_spread_that_is_no_meld_is_refused_as_the_engine_would() -> None:
    """A position's spreads are judged by the rules' own meld test (``meld_masks.classify``): three diamonds
    that are not consecutive are no run, where the kernel once took any one-suit group for a run."""
    hand = positions("russian", 1)[0]
    state = state_from_hand(hand)
    gap = parse_cards("5D 9D KD")
    hands = [[c for c in h if c not in gap] for h in state.hands]
    stock = [c for c in state.stock if c not in gap]
    discard = [c for c in state.discard if c not in gap]
    bad = RolloutState(hands=hands, stock=stock, discard=discard, spreads=[*state.spreads, (0, gap)],
                       current=state.current, turn=state.turn)
    with pytest.raises(KernelError, match="5D 9D KD is neither a book nor a run"):
        rollout(hand.ruleset, bad, [("greedy", {})] * 3, 2, 1)
    run = parse_cards("6D 7D 8D")
    good = RolloutState(hands=[[c for c in h if c not in run] for h in state.hands],
                        stock=[c for c in state.stock if c not in run],
                        discard=[c for c in state.discard if c not in run],
                        spreads=[*state.spreads, (0, run)], current=state.current, turn=state.turn)
    assert len(rollout(hand.ruleset, good, [("greedy", {})] * 3, 2, 1)) == 2
