"""``Hand.copy``: the copy a search plays on (OpenSpiel's IS-MCTS clones a state at every step).

Invariants: a copy equals its hand; playing on the copy leaves the hand exactly as it was (every list, the
spreads' cards, the turn, the position vector); the copy plays on exactly as the hand itself would.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules import load_ruleset
from tonk_rules.engine.hand import Hand

HOUSE = Path(__file__).resolve().parent.parent / "examples" / "house"
VARIANTS = ("pagat", "russian", "classic-pc", "pagat-no-upcard", str(HOUSE / "jokers-wild.yaml"),
            str(HOUSE / "top-two-discards.yaml"))


def dealt(variant: str, seed: int) -> Hand:
    rules = load_ruleset(variant)
    players = 2 if variant == "classic-pc" else 3
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    return Hand.deal(rules, [f"P{i}" for i in range(players)], players - 1, deck)


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything play changes, deep-copied: what the hand was before."""
    return copy.deepcopy((hand.hands, hand.stock, hand.discard, [(s.number, s.cards, s.targets) for s in hand.spreads],
                          hand.current, hand.turns_taken, hand.hit_locks, len(hand.history), hand.result,
                          hand.reshuffles, hand.turn.slots, hand.position))


def play_some(hand: Hand, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if hand.result is not None:
            return
        legal = hand.legal_actions()
        # knock rarely, so that the hands grow spreads and hits before they end
        choices = [a for a in legal if type(a).__name__ != "Knock"] or legal
        hand.apply(rng.choice(choices))


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(0, 10**6), st.integers(0, 40), st.integers(1, 40))
def test_playing_on_a_copy_leaves_the_hand_as_it_was(variant: str, seed: int, before: int, after: int) -> None:
    hand = dealt(variant, seed)
    play_some(hand, random.Random(seed), before)
    was = snapshot(hand)
    twin = hand.copy()
    assert twin == hand and twin.position == hand.position
    play_some(twin, random.Random(seed + 1), after)
    assert snapshot(hand) == was
    # and the hand plays on from there as it would have: the same choices give the same hand as the copy's
    play_some(hand, random.Random(seed + 1), after)
    assert hand == twin and hand.position == twin.position
