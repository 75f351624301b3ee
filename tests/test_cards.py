"""Cards in English, Unicode and Russian notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tonk_rules.cards import CARD_STYLES, DECK, hand_count, parse_card, parse_cards
from tonk_rules.errors import CardError


@pytest.mark.parametrize(("token", "english"), [
    ("10S", "10S"), ("TS", "10S"), ("QH", "QH"), ("ac", "AC"), ("10♠", "10S"), ("Q♥", "QH"), ("A♣", "AC"),
    ("10п", "10S"), ("Дч", "QH"), ("Тт", "AC"), ("Вб", "JD"), ("Кт", "KC"),
])
def test_parse_each_notation(token: str, english: str) -> None:
    assert str(parse_card(token)) == english


@given(st.sampled_from(DECK), st.sampled_from(CARD_STYLES))
def test_every_card_prints_and_parses_back_in_every_style(card: object, style: str) -> None:
    assert parse_card(card.format(style)) == card  # type: ignore[attr-defined]


@pytest.mark.parametrize("token", ["11S", "QX", "Z", "", "10", "ДД"])
def test_bad_card_names_the_token_and_the_accepted_forms(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert repr(token) in str(info.value) and "10S QH AC" in str(info.value) and "10п Дч Тт" in str(info.value)


def test_counts_follow_the_card_values() -> None:
    assert hand_count(parse_cards("10п 8б 8ч 5п 4т")) == 35  # seed 000, Croaker's first hand
    assert hand_count(parse_cards("KS QH JD AC")) == 31
