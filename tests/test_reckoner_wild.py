"""The default player's meld chances where cards are wild (``melds.wild``): a joker's chances are only what it
could complete as a wild card (it has no rank or suit of its own), the unseen wild cards count for any card
that has a rank-mate or a suit-neighbour in hand, and a wild card is worth keeping beside a pair."""

from __future__ import annotations

import pathlib

import numpy as np

from tonk_rules.kernel import reckoner_nb
from tonk_rules.kernel.tables import tables_of
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.variant.loader import load_variant

JOKERS = pathlib.Path(__file__).parent.parent / "examples" / "house" / "jokers-wild.yaml"
DECK = (1 << 54) - 1  # 52 cards and two jokers
JOKER, OTHER_JOKER = 52, 53


def card(rank: int, suit: int) -> int:
    return (rank - 1) * 4 + suit


def mask(*cards: int) -> int:
    return sum(1 << c for c in set(cards))


def chances(hand: int, of: int, unseen: int, tb: np.ndarray) -> int:
    return int(reckoner_nb.meld_chances(np.int64(hand), np.int64(of), np.int64(unseen), tb))


def jokers_table() -> np.ndarray:
    return tables_of(compile_ruleset(load_variant(JOKERS).variant)).packed()


def test_a_joker_has_no_rank_or_suit_of_its_own() -> None:
    """Before, a joker read rank 14's run position (past the position table) and its card number's suit, so
    the first joker found run chances among the clubs-like cards beside an ace and a three that the second
    did not."""
    tb = jokers_table()
    hand = mask(JOKER, OTHER_JOKER, card(1, 0), card(3, 0))
    unseen = DECK & ~hand
    assert chances(hand, JOKER, unseen, tb) == chances(hand, OTHER_JOKER, unseen, tb)
    not_wild = tb.copy()
    not_wild[reckoner_nb.WILD] = 0  # jokers in the deck that are not wild: they make no meld at all
    assert chances(hand, JOKER, unseen, not_wild) == 0


def test_the_unseen_wild_cards_complete_a_card_beside_a_mate() -> None:
    tb = jokers_table()
    pair, lone = card(1, 0), card(13, 2)
    hand = mask(pair, card(1, 1), lone)
    unseen = DECK & ~hand
    no_jokers_unseen = unseen & ~mask(JOKER, OTHER_JOKER)
    assert chances(hand, pair, unseen, tb) - chances(hand, pair, no_jokers_unseen, tb) == 2
    assert chances(hand, lone, unseen, tb) == chances(hand, lone, no_jokers_unseen, tb)
    plain = tables_of(load_ruleset("pagat")).packed()  # nothing is wild: the jokers' bits change nothing
    assert chances(hand, pair, unseen, plain) == chances(hand, pair, no_jokers_unseen, plain)


def test_a_wild_card_is_worth_more_beside_a_pair_or_a_near_run() -> None:
    """The joker's chances with an ace and a king, then with a second ace (a pair it would make a book of) or
    a seven of the five's suit (a near-run it would complete)."""
    tb = jokers_table()

    def of_joker(*cards: int) -> int:
        hand = mask(JOKER, *cards)
        return chances(hand, JOKER, DECK & ~hand, tb)

    assert of_joker() == 0
    assert of_joker(card(1, 0), card(13, 3)) > 0  # the unseen cards that would pair or neighbour a card held
    assert of_joker(card(1, 0), card(1, 1), card(13, 3)) >= of_joker(card(1, 0), card(13, 3)) + reckoner_nb.WILD_SURE
    assert of_joker(card(5, 2), card(7, 2), card(13, 3)) >= of_joker(card(5, 2), card(13, 3)) + reckoner_nb.WILD_SURE
