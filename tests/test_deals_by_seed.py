"""Which deals a seed plays: another seed deals other cards (the equilibrium check's re-check relies on it),
and the same seed deals the same cards in every variant with the same deck (a comparison is paired on it)."""

from __future__ import annotations

import numpy as np

from tonk_rules.kernel.batch import ENDINGS, plan_hand
from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.sim.runner import play_hands
from tonk_rules.terms import Ending


def deals(variant: str, seed: int, hands: int) -> list[tuple[object, ...]]:
    deck = load_ruleset(variant).deal.deck
    return [tuple(plan_hand(deck, 3, seed, i, 0).deck) for i in range(hands)]


def test_two_seeds_deal_different_cards_in_every_hand() -> None:
    for a, b in [(0, 5), (3, 4), (0, 1)]:
        assert all(x != y for x, y in zip(deals("russian", a, 200), deals("russian", b, 200), strict=True))
    assert len(set(deals("russian", 0, 200))) == 200  # and every hand of a run its own


def test_one_seed_deals_the_same_cards_in_variants_that_share_a_deck() -> None:
    assert list(load_ruleset("pagat").deal.deck) == list(load_ruleset("russian").deal.deck)
    assert deals("pagat", 0, 100) == deals("russian", 0, 100)


def test_deal_tonks_fall_on_other_hands_under_another_seed() -> None:
    tonk = ENDINGS.index(Ending.DEAL_TONK)
    seats = [("reckoner", {})] * 3
    where = {s: np.nonzero(play_hands(load_ruleset("pagat"), seats, 400, s).ending == tonk)[0].tolist()
             for s in (0, 5)}
    assert where[0] and where[5] and where[0] != where[5]
