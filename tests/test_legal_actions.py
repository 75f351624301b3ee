"""legal_actions() agrees with why_illegal() on random reachable states (hypothesis).

Move generation (engine/moves.py) enumerates candidates and keeps those the legality checks of
engine/legality.py allow, skipping whole kinds of action by their family checks; here an action is in
``legal_actions()`` exactly when ``why_illegal()`` says None, over the whole candidate universe of each
state: the knock, both draws, a discard of every card in hand, every subset of the hand of 3 cards or more
as a spread, and every card in hand on every spread number. So no legal action is missed by an enumeration
or a family check, and none is generated twice.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from budgets import examples
from conftest import choose
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tonk_rules.engine.actions import Action, Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand import Hand
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.compile import compile_ruleset, load_ruleset
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.model import Variant


def _house(base: str, **sections: dict[str, Any]) -> Ruleset:
    data = load_variant(base).variant.model_dump(mode="json")
    for section, values in sections.items():
        data[section].update(values)
    return compile_ruleset(Variant.model_validate(data))


RULESETS: dict[str, Ruleset] = {name: load_ruleset(name) for name in builtin_names()}
# options no built-in uses, so that their moves are generated too
RULESETS["house-straight-into-spread"] = _house("pagat", taken_discard={"rule": "straight_into_spread"})
RULESETS["house-reshuffle-lock"] = _house("russian", stock_exhaustion={"when_empty": "reshuffle", "ties": None},
                                          payments={"stock_exhausted": {"rules": []}}, dealer={"after_void": "next"},
                                          knocking={"hit_lock": True, "min_turns": 1, "max_count": 30})
RULESETS["house-before-draw"] = _house("classic-pc", knocking={"timing": "before_draw"},
                                       spreading={"must_spread": True, "may_hold_books": [{"rank": "K", "size": 3}]},
                                       deal={"first_turn": "draw_from_stock"})
RULESETS["house-own-books"] = _house("pagat", hitting={"books": "own", "runs": "own"},
                                     melds={"ace": "low_or_high"},
                                     taken_discard={"rule": "not_discarded_this_turn"})
# books of three only: a book can never take a fourth card, so hits on books must be none (variant/checks.py)
RULESETS["house-three-card-books"] = _house("pagat", hitting={"books": "none", "runs": "own"},
                                            melds={"ace": "low_or_high", "book_sizes": [3]})
RULESETS["house-short-deck"] = _house(
    "russian-2001", deck={"ranks": ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]},
    melds={"run_min": 4}, deal={"hand_size": 7}, players={"max": 4})


def universe(hand: Hand) -> list[Action]:
    mine = sorted(hand.hands[hand.current])
    actions: list[Action] = [Knock(), Draw("stock"), Draw("discard")]
    actions += [Discard(c) for c in mine]
    actions += [Spread(combo) for size in range(3, len(mine) + 1) for combo in itertools.combinations(mine, size)]
    actions += [Hit(c, n) for c in mine for n in range(0, len(hand.spreads) + 2)]
    return actions


def key(action: Action) -> object:
    """Spreads compare as sets of cards (the order a player lists them in does not matter)."""
    return ("spread", frozenset(action.cards)) if isinstance(action, Spread) else action


def assert_agree(hand: Hand) -> None:
    legal = hand.legal_actions()
    keys = [key(a) for a in legal]
    assert len(set(keys)) == len(keys), f"duplicates in {legal}"
    for action in legal:
        assert hand.why_illegal(action) is None, f"{action} generated but: {hand.why_illegal(action)}"
    allowed = {key(a) for a in universe(hand) if hand.why_illegal(a) is None}
    assert allowed == set(keys), (f"phase {hand.phase}: only why_illegal allows {allowed - set(keys)}; "
                                  f"only legal_actions has {set(keys) - allowed}")


variants_and_seats = st.sampled_from(sorted(RULESETS)).flatmap(
    lambda name: st.tuples(st.just(name), st.integers(RULESETS[name].min_players,
                                                      min(RULESETS[name].max_players, 5))))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants_and_seats, st.integers(0, 2**32 - 1))
def test_legal_actions_are_exactly_the_actions_why_illegal_allows(vp: tuple[str, int], seed: int) -> None:
    name, n = vp
    rng = random.Random(seed)
    hand = Hand.shuffled(RULESETS[name], [f"P{i}" for i in range(n)], dealer=rng.randrange(n), rng=rng)
    for _ in range(300):
        assert_agree(hand)
        if hand.over:
            return
        hand.apply(choose(hand, rng))
