"""What a meld is, against the rules as a player reads them, for random rules and hands (hypothesis).

The engine (``MeldRules``, ``SpreadRule``) and the kernel run one source, ``ruleset/meld_masks.py``: these tests
check that source against a plain statement of the rules written here, through the engine's API and through
the kernel's compiled copy on the kernel's own packed tables.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules.cards import DECK, Card, parse_cards
from tonk_rules.ruleset import meld_masks
from tonk_rules.ruleset.melds import MeldRules, mask_of
from tonk_rules.ruleset.rule_objects import SpreadRule
from tonk_rules.terms import MeldKind, SpreadTiming

DECKS = [tuple(range(1, 14)), (1, 2, 3, 4, 5, 6, 7, 11, 12, 13), (1, 2, 3, 4, 5, 6, 7, 8, 13)]


@st.composite
def rules_and_hand(draw: st.DrawFn, max_cards: int = 9) -> tuple[MeldRules, list[Card]]:
    ranks = draw(st.sampled_from(DECKS))
    rules = MeldRules(book_sizes=draw(st.sampled_from([frozenset({3, 4}), frozenset({3}), frozenset({4})])),
                      run_min=draw(st.integers(3, 5)), ace_high=draw(st.booleans()), ranks=ranks)
    deck = [c for c in DECK if c.rank in ranks]
    suits = draw(st.sampled_from([(0,), (0, 1), (0, 1, 2, 3)]))  # few suits: more runs and books
    pool = [c for c in deck if c.suit in suits]
    hand = draw(st.lists(st.sampled_from(pool), min_size=0, max_size=max_cards, unique=True))
    return rules, hand


def kind_by_the_book(rules: MeldRules, cards: tuple[Card, ...]) -> MeldKind | None:
    """A book: cards of one rank, as many as a book may have. A run: run_min or more cards of one suit whose
    ranks follow each other in the deck's order (removed ranks leave no gap), the ace before the two or,
    where it may be high, after the king; never round the corner."""
    if len(cards) in rules.book_sizes and len({c.rank for c in cards}) == 1:
        return MeldKind.BOOK
    if len(cards) < rules.run_min or len({c.suit for c in cards}) != 1:
        return None
    order = list(rules.ranks) + ([1] if rules.ace_high else [])
    for start in range(len(order) - len(cards) + 1):
        if sorted(order[start:start + len(cards)]) == sorted(c.rank for c in cards):
            return MeldKind.RUN
    return None


@settings(max_examples=examples(300))
@given(rules_and_hand())
def test_the_melds_of_a_hand_are_exactly_its_books_and_runs(case: tuple[MeldRules, list[Card]]) -> None:
    rules, hand = case
    listed = rules.melds_in(hand)
    expected = {frozenset(group) for size in range(3, len(hand) + 1) for group in combinations(hand, size)
                if kind_by_the_book(rules, group) is not None}
    assert {frozenset(m) for m in listed} == expected
    assert len(listed) == len(expected)  # each once
    for meld in listed:
        assert rules.classify(meld) is kind_by_the_book(rules, meld)
    for card in hand:
        assert rules.in_a_meld(hand, card) == any(card in m for m in listed)


@settings(max_examples=examples(300))
@given(rules_and_hand())
def test_a_spread_takes_exactly_the_cards_that_leave_it_a_meld_of_its_kind(
        case: tuple[MeldRules, list[Card]]) -> None:
    rules, hand = case
    for spread in rules.melds_in(hand)[:4]:
        kind = rules.classify(spread)
        assert kind is not None
        fits = {c for c in DECK if c.rank in rules.ranks and c not in spread
                and kind_by_the_book(rules, (*spread, c)) is kind}
        assert rules.extenders(kind, spread) == fits
        assert {c for c in DECK if rules.can_extend(kind, spread, c)} == fits


@settings(max_examples=examples(200))
@given(rules_and_hand(), st.sets(st.tuples(st.integers(1, 13), st.integers(3, 4)), max_size=3))
def test_a_held_meld_must_be_laid_unless_the_variant_lets_that_book_stay(
        case: tuple[MeldRules, list[Card]], holds: set[tuple[int, int]]) -> None:
    rules, hand = case
    spreading = SpreadRule(SpreadTiming.AFTER_DRAW, must_spread=True, may_hold_books=frozenset(holds), melds=rules)
    to_lay = [m for m in rules.melds_in(hand) if not (
        rules.classify(m) is MeldKind.BOOK and (m[0].rank, sum(c.rank == m[0].rank for c in hand)) in holds)]
    assert spreading.held_spread(hand) == (to_lay[0] if to_lay else None)
    relaxed = SpreadRule(SpreadTiming.AFTER_DRAW, must_spread=False, may_hold_books=frozenset(holds), melds=rules)
    assert relaxed.held_spread(hand) is None


def test_melds_keep_the_order_seeded_players_pick_from() -> None:
    rules = MeldRules(book_sizes=frozenset({3, 4}), run_min=3, ace_high=True, ranks=tuple(range(1, 14)))
    hand = parse_cards("KH QS KS AS KD 5D KC 4D 3D")
    assert [" ".join(map(str, m)) for m in rules.melds_in(hand)] == [
        "KS KH KD", "KS KH KC", "KH KD KC", "KS KD KC", "KS KH KD KC", "QS KS AS", "3D 4D 5D"]


@settings(max_examples=examples(150))
@given(rules_and_hand(max_cards=12), st.booleans())
def test_the_kernel_runs_the_same_meld_functions_on_its_own_tables(case: tuple[MeldRules, list[Card]],
                                                                     must: bool) -> None:
    from tonk_rules.kernel import layout, rules_nb
    from tonk_rules.ruleset.melds import rule_table

    rules, hand = case
    table = rule_table(rules.book_sizes, rules.run_min, rules.ace_high, rules.ranks, must, frozenset({(1, 3)}))
    packed = np.zeros(layout.T_SIZE, np.int64)
    packed[layout.T_MELDS: layout.T_VALUES] = table
    mask = mask_of(hand)
    out = np.zeros(meld_masks.MAX_MELDS, np.int64)
    n = rules_nb.melds.melds_in(mask, -1, packed, out, 0)
    plain = [0] * meld_masks.MAX_MELDS
    assert list(out[:n]) == plain[:meld_masks.melds_in(mask, -1, table, plain, 0)]
    assert rules_nb.held_spread(mask, packed) == meld_masks.held_spread(mask, table)
    for card in hand:
        assert rules_nb.in_a_meld(mask, card, packed) == meld_masks.in_a_meld(mask, card, table)
