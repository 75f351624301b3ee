"""The frozen baseline player (tonk_rules/bots/baseline.py) plays exactly as it always has.

Its moves on fixed deals are pinned here: the digest of every action it took in 40 hands of each built-in,
and the nets of the first hands. The deals come from a shuffle written in this file (not the engine's or the
kernel's, which may change for their own reasons), so a failure means the baseline itself, or the legality
the engine gives it, has changed: undo that change; never update these numbers to follow it.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules import load_ruleset
from tonk_rules.bots.baseline import KNOCK_AT, BaselineBot
from tonk_rules.bots.observation import PublicLog, observe
from tonk_rules.cards import hand_count
from tonk_rules.engine.actions import Discard, Draw, Knock
from tonk_rules.engine.hand import Hand
from tonk_rules.terms import Pile

HANDS = 40


def _deck(ruleset_deck: tuple, seed: int) -> list:
    """Fisher–Yates with a 64-bit LCG (Knuth's MMIX constants): fixed here for ever."""
    deck, state = list(ruleset_deck), seed * 2 + 1
    for i in range(len(deck) - 1, 0, -1):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        j = (state >> 33) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def play(name: str, players: int, hand_no: int) -> Hand:
    ruleset = load_ruleset(name)
    bots = [BaselineBot(seed=s) for s in range(players)]
    hand = Hand.deal(ruleset, [f"p{s}" for s in range(players)], hand_no % players,
                     _deck(ruleset.deal.deck, 1000 + hand_no), reshuffle_seed=hand_no)
    log = PublicLog(players)
    while not hand.over:
        seat = hand.current
        hand.apply(bots[seat].choose(observe(hand, seat, log), hand.legal_actions()))
    return hand


def digest(name: str, players: int) -> tuple[str, list[tuple[int, ...]]]:
    text, nets = [], []
    for n in range(HANDS):
        hand = play(name, players, n)
        text.append(";".join(f"{r.player}:{r.action}" for r in hand.history))
        assert hand.result is not None
        nets.append(hand.result.net)
    return hashlib.sha256("\n".join(text).encode()).hexdigest()[:16], nets[:5]


#: (variant, players) -> (digest of every move in HANDS hands, the nets of the first five)
PINNED = {
    ("classic-pc", 2): ("79f1145b1bfcaba5", [(1, -1), (-1, 1), (-1, 1), (-1, 1), (1, -1)]),
    ("pagat", 2): ("4add636fb2f4a1cc", [(1, -1), (-1, 1), (-1, 1), (-1, 1), (1, -1)]),
    ("pagat", 3): ("984ecd7242f77231", [(-1, 2, -1), (-1, -1, 2), (2, -1, -1), (4, -3, -1), (-1, -1, 2)]),
    ("russian", 3): ("9ecb4b86f90cc16e", [(-1, 2, -1), (-1, -1, 2), (2, -1, -1), (3, -2, -1), (-1, -1, 2)]),
    ("russian-2001", 4): ("38adccc425043da6", [(-1, -1, -1, 3), (3, -1, -1, -1), (-1, 3, -1, -1), (-1, 2, 3, -4),
                                               (6, -2, -2, -2)]),
    ("pagat-no-upcard", 2): ("13253788d8b6b932", [(-1, 1), (1, -1), (-1, 1), (-1, 1), (1, -1)]),
}


@pytest.mark.parametrize("table", sorted(PINNED))
def test_baseline_moves_pinned(table: tuple[str, int]) -> None:
    assert digest(*table) == PINNED[table]


def test_baseline_rule_on_a_hand() -> None:
    """Each move is the one its rule names: the spot checks a reader can follow."""
    hand = play("russian", 3, 0)
    for record in hand.history:
        assert not (isinstance(record.action, Draw) and record.action.source is Pile.DISCARD)  # never takes one


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["russian", "pagat", "classic-pc"]), st.integers(0, 10_000))
def test_baseline_chooses_by_its_rule(name: str, hand_no: int) -> None:
    """On any deal: every choice is legal, it knocks whenever it may at a count of at most KNOCK_AT, and a
    discard is always one of the highest-valued legal discards."""
    ruleset = load_ruleset(name)
    players = min(3, ruleset.max_players)
    hand = Hand.deal(ruleset, [f"p{s}" for s in range(players)], 0, _deck(ruleset.deal.deck, hand_no))
    bots = [BaselineBot() for _ in range(players)]
    while not hand.over:
        seat, legal = hand.current, hand.legal_actions()
        action = bots[seat].choose(observe(hand, seat), legal)
        assert action in legal
        if any(isinstance(a, Knock) for a in legal) and hand_count(hand.hands[seat]) <= KNOCK_AT:
            assert isinstance(action, Knock)
        if isinstance(action, Discard):
            assert action.card.value == max(a.card.value for a in legal if isinstance(a, Discard))
        hand.apply(action)
