"""Every meld a hand holds is offered as a move, wild cards included.

A run may leave out a natural card it could hold and put a wild card in its place (``5♠ Jk 7♠`` from
``5♠ 6♠ 7♠ Jk``, keeping the six for a book; ``9♣ 2♦(=10♣) J♣`` under deuces wild from a hand with the ten
of clubs): such a spread is legal when typed, so the move list must offer it too. The invariant: the melds
listed for a hand are exactly its subsets that the meld rules accept (``meld_masks.classify``), found by brute
force. A long hand with several wild cards holds more melds than the fixed list the engine starts with; the
list grows until every one is in it.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from budgets import examples
from conftest import make_hand, play
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules.cards import JOKERS, Card, parse_cards
from tonk_rules.engine.actions import Spread
from tonk_rules.engine.turn import Turn
from tonk_rules.errors import KernelError
from tonk_rules.kernel import RolloutState, rollout
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.ruleset import meld_masks as mm
from tonk_rules.ruleset.melds import mask_of
from tonk_rules.variant.loader import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "house"
FILES = {"jokers": str(EXAMPLES / "jokers-wild.yaml"), "deuces": str(EXAMPLES / "deuces-wild.yaml")}
RULES: dict[str, Ruleset] = {name: compile_ruleset(load_variant(path).variant) for name, path in FILES.items()}
TWO_WILD = ("extends: {base}\ntitle: jokers wild, two to a spread, long hands\ndeal:\n  hand_size: 13\n"
            "  source_for:\n    hand_size: {{assumed: \"long hands, for the test\"}}\nmelds:\n  wild_most: 2\n"
            "  source_for:\n    wild_most: {{assumed: \"two wild cards to a spread, for the test\"}}\n")


def every_meld(rules: Ruleset, hand: list[Card]) -> set[frozenset[Card]]:
    """Every subset of ``hand`` the meld rules accept as a new spread: brute force."""
    table = rules.spreading.melds.table
    return {frozenset(sub) for size in range(3, len(hand) + 1) for sub in itertools.combinations(hand, size)
            if mm.classify(mask_of(sub), table) != mm.NOT_A_MELD}


def listed(rules: Ruleset, hand: list[Card]) -> set[frozenset[Card]]:
    melds = rules.spreading.melds.melds_in(hand)
    assert len(melds) == len({frozenset(m) for m in melds}), "a meld listed twice"
    return {frozenset(m) for m in melds}


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(0, 10**9), st.integers(3, 9))
def test_the_melds_listed_are_every_meld_of_the_hand(name: str, seed: int, size: int) -> None:
    rules = RULES[name]
    deck = list(rules.deal.deck)
    rng = random.Random(seed)
    # half the hands crowded into one suit and its neighbours, where runs with wild cards abound
    crowded = [c for c in deck if c.suit < 2 or c.joker or c.rank == 2]  # spades, hearts and what may be wild
    hand = rng.sample(deck if seed % 2 else crowded, size)
    assert listed(rules, hand) == every_meld(rules, hand)


def test_a_run_may_leave_out_a_card_it_could_hold_for_a_wild_card() -> None:
    jokers, deuces = RULES["jokers"].spreading.melds, RULES["deuces"].spreading.melds
    assert frozenset(parse_cards("5S 7S Jk")) in {frozenset(m) for m in jokers.melds_in(parse_cards("5S 6S 7S Jk"))}
    hand = parse_cards("9C TC JC 2D 5H")
    assert frozenset(parse_cards("9C 2D JC")) in {frozenset(m) for m in deuces.melds_in(hand)}
    # and the engine offers it as a move, after the draw
    hand_ = make_hand(FILES["jokers"], ["5S 6S 7S Jk 8H", "2C 3C 4C 5C 9D"], upcard="9H", stock="KD")
    play(hand_, "draw stock")
    spreads = {frozenset(a.cards) for a in hand_.legal_actions() if isinstance(a, Spread)}
    assert frozenset(parse_cards("5S 7S Jk")) in spreads and frozenset(parse_cards("5S 6S 7S")) in spreads


def test_a_long_hand_with_wild_cards_lists_every_meld(tmp_path: Path) -> None:
    path = tmp_path / "two-wild.yaml"
    path.write_text(TWO_WILD.format(base=FILES["jokers"]), encoding="utf-8")
    rules = compile_ruleset(load_variant(str(path)).variant)
    hand = [*parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"), JOKERS[0], JOKERS[1]]
    found = listed(rules, hand)
    assert len(found) > mm.MAX_MELDS  # more than the list the engine starts with
    assert found == every_meld(rules, hand)


def test_the_kernel_says_so_where_a_hand_holds_more_actions_than_it_lists(tmp_path: Path) -> None:
    """The compiled kernel lists a position's actions in a fixed array: where a long hand with several wild cards
    holds more, the run stops with one clear error instead of writing past the array or leaving a move out."""
    path = tmp_path / "two-wild.yaml"
    path.write_text(TWO_WILD.format(base=FILES["jokers"]), encoding="utf-8")
    rules = compile_ruleset(load_variant(str(path)).variant)
    mine = [*parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"), JOKERS[0], JOKERS[1]]  # 741 melds
    theirs = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    rest = [c for c in rules.deal.deck if c not in mine and c not in theirs]
    turn = Turn()
    turn.drew(None, straight=False)
    state = RolloutState(hands=[mine, theirs], stock=rest[1:], discard=rest[:1], turn=turn)
    with pytest.raises(KernelError, match="more legal actions than the compiled kernel can list"):
        rollout(rules, state, [("greedy", {}), ("greedy", {})], 1, seed=1)
    # a hand of the same table within the list plays on
    fewer = RolloutState(hands=[mine[:5] + mine[12:], theirs], stock=rest[1:] + mine[5:12], discard=rest[:1],
                         turn=turn)
    assert rollout(rules, fewer, [("greedy", {}), ("greedy", {})], 1, seed=1).shape == (1, 2)
