"""Cards in English, Unicode and Russian notation."""

from __future__ import annotations

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules.cards import CARD_STYLES, DECK, hand_count, parse_card, parse_cards
from tonk_rules.errors import CardError


@pytest.mark.parametrize(("token", "english"), [
    ("10S", "10S"), ("TS", "10S"), ("QH", "QH"), ("ac", "AC"), ("10♠", "10S"), ("Q♥", "QH"), ("A♣", "AC"),
    ("10п", "10S"), ("Дч", "QH"), ("Тт", "AC"), ("Вб", "JD"), ("Кт", "KC"),
])
def test_parse_each_notation(token: str, english: str) -> None:
    assert str(parse_card(token)) == english


@settings(max_examples=examples(100))
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


@pytest.mark.parametrize(("token", "readings"), [
    ("Tт", ["ten of clubs (10C / 10т) read as Latin", "ace of clubs (AC / Тт) read as Cyrillic"]),
    ("Тc", ["ten of clubs (10C / 10т) read as Latin"]),  # a Cyrillic С is no Russian suit
    ("Тq", []),
    ("Кs", ["king of spades (KS / Кп) read as Latin"]),
    ("Bб", ["jack of diamonds (JD / Вб) read as Cyrillic"]),
    ("10т", None), ("TC", None), ("Тт", None),  # one alphabet: read as ever
])
def test_a_token_mixing_latin_and_cyrillic_is_refused_naming_every_reading(
        token: str, readings: list[str] | None) -> None:
    if readings is None:
        parse_card(token)
        return
    with pytest.raises(CardError) as info:
        parse_card(token)
    message = str(info.value)
    assert f"{token!r} mixes Latin and Cyrillic letters" in message
    for reading in readings:
        assert reading in message
    if not readings:
        assert "no card either way" in message


def test_a_mixed_token_is_refused_at_the_table_too() -> None:
    from tests.tablekit import run

    proc = run("settle", "russian", "--knock", "Ann", "--hand", "Ann=Tт 2п", "--hand", "Bob=Кп Дп Вп 10п 9п")
    assert proc.returncode != 0 and "internal error" not in proc.stderr
    assert "ten of clubs" in proc.stderr and "ace of clubs" in proc.stderr
