"""The Python API refuses bad arguments with clear errors: actions check their fields when made, set-up
arguments raise SetupError (not IllegalActionError, which is for moves), card parsing raises CardError."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tonk_rules import (
    CardError,
    Discard,
    Draw,
    Hand,
    Hit,
    IllegalActionError,
    RecordError,
    Session,
    SetupError,
    Spread,
    load_ruleset,
    parse_action,
    parse_card,
)
from tonk_rules.cards import Card

RULES = load_ruleset("pagat")


@pytest.mark.parametrize("make", [lambda: Discard(99), lambda: Discard(None), lambda: Hit(None, 1),  # type: ignore
                                  lambda: Spread(None), lambda: Spread(42), lambda: Spread("5H 6H 7H"),  # type: ignore
                                  lambda: Spread((parse_card("5H"), 7)), lambda: Draw("stock", card="5H")])  # type: ignore
def test_actions_refuse_what_is_not_a_card(make: Any) -> None:
    with pytest.raises(TypeError, match="a card is a tonk_rules.cards.Card, e.g. parse_card"):
        make()


def test_hit_needs_a_spread_number_and_draw_a_pile() -> None:
    with pytest.raises(TypeError, match="spread number"):
        Hit(parse_card("5H"), "1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'stock' or 'discard'"):
        Draw("deck")


def test_a_draw_with_the_wrong_card_names_both_cards() -> None:
    hand = Hand.deal(RULES, ["a", "b"], 0, RULES.deal.deck)
    top = hand.stock[-1]
    other = next(c for c in RULES.deal.deck if c != top)
    assert hand.why_illegal(Draw("stock", other)) == f"the top of the stock is {top}, not {other}"


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"dealer": 0.5}, "dealer must be a seat number 0..1, not 0.5"),
    ({"dealer": True}, "dealer must be a seat number"),
    ({"dealer": 2}, "dealer must be a seat number 0..1, not 2"),
    ({"deck": list(range(52))}, "the deck must be a sequence of cards"),
    ({"deck": [Card(0)] * 52}, "exactly the variant's cards"),
    ({"stakes": ["1", "1"]}, "a stake is a whole number of at least 1, not '1'"),
    ({"stakes": [1]}, "one stake per player"),
    ({"stakes": [1, 2]}, "one agreed stake"),
    ({"players": ["a", "a"]}, "same name"),
    ({"players": "ab"}, "list of non-empty names"),
    ({"players": ["a", "b", "c", "d", "e"]}, "seats 2 to 3 players, not 5"),
    ({"reshuffle_seed": "x"}, "reshuffle_seed"),
    ({"ruleset": "pagat"}, "compiled Ruleset"),
])
def test_hand_deal_refuses_bad_set_up_with_setup_error(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"ruleset": RULES, "players": ["a", "b"], "dealer": 0, "deck": RULES.deal.deck,
                            "stakes": None, "reshuffle_seed": 0, **kwargs}
    with pytest.raises(SetupError, match=message) as info:
        Hand.deal(**args)
    assert not isinstance(info.value, IllegalActionError)


def test_session_and_shuffle_refuse_bad_set_up() -> None:
    with pytest.raises(SetupError, match="rng must be a random.Random"):
        Hand.shuffled(RULES, ["a", "b"], 0, rng=7)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="plays to points|one agreed stake"):
        Session(RULES, ["a", "b"], stakes=[1, 3])
    with pytest.raises(SetupError, match="seats 2 to 3"):
        Session(RULES, ["a"])
    Session(RULES, ["a", "b"]).new_hand(random.Random(1))  # a high card cut decides the first dealer


@pytest.mark.parametrize("token", [None, 5, ["5H"]])
def test_parse_card_refuses_what_is_not_text(token: Any) -> None:
    with pytest.raises(CardError, match="a card is written as text"):
        parse_card(token)


@pytest.mark.parametrize("text", ["hit 3п on ²", "hit 3п on ٣", "hit 3п on -1", "draw deck", None])
def test_parse_action_refuses_without_crashing(text: Any) -> None:
    with pytest.raises(RecordError):
        parse_action(text)


def test_settlement_questions_are_checked() -> None:
    with pytest.raises(SetupError, match="one stake per player"):
        RULES.settle_knock([10, 20], knocker=0, stakes=[1])
    with pytest.raises(SetupError, match="seat 5 does not exist"):
        RULES.settle_out([0, 20], player=5, by_discard=True, new_spread=False, stakes=[1, 1])


def test_apply_refuses_what_is_not_an_action() -> None:
    hand = Hand.deal(RULES, ["a", "b"], 0, RULES.deal.deck)
    with pytest.raises(TypeError, match="not an action: 'knock'"):
        hand.apply("knock")  # type: ignore[arg-type]
    assert hand.why_illegal("knock") == "unknown action 'knock'"  # type: ignore[arg-type]


def test_players_that_are_not_a_list_are_a_setup_error() -> None:
    with pytest.raises(SetupError, match="players must be a list of non-empty names"):
        Hand.shuffled(RULES, None, 0, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="players must be a list of names"):
        Session(RULES, 5)  # type: ignore[arg-type]
