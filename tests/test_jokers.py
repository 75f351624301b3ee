"""Jokers (``deck.jokers``): written Jk / Дж wherever cards are typed or shown, dealt and drawn like any card,
counted at their value (``deck.values``' Joker, 0 by default), played alike on both engines, settled at the
table from the cards, recorded and replayed, and counted as in play when a player holds one.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from kernel_helpers import assert_identical

from tonk_rules import kernel
from tonk_rules.bots import BOT_CLASSES, observe
from tonk_rules.cards import JOKERS, format_cards, parse_card, parse_cards
from tonk_rules.engine.actions import Discard
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import VariantError
from tonk_rules.kernel import layout as L
from tonk_rules.records.reader import parse_record
from tonk_rules.records.replay import replay
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sheets.rules_sheet import build_sheet
from tonk_rules.sheets.sheet_render import render_markdown
from tonk_rules.sheets.variant_view import load_view
from tonk_rules.sim.odds import deal_tonk_odds
from tonk_rules.table.settle import HowItEnded, parse_hands, settle_hand
from tonk_rules.terms import Ending
from tonk_rules.variant.loader import load_variant

HOUSE = "extends: pagat\ntitle: Pagat with two jokers\ndeck:\n  jokers: 2\n  values: {Joker: 3}\n"


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("jokers") / "jokers.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def test_a_joker_is_written_jk_and_read_in_both_alphabets() -> None:
    assert [str(c) for c in parse_cards("Jk joker Дж Джокер")] == ["Jk"] * 4
    assert [int(c) for c in parse_cards("Jk 5S Дж")] == [52, 16, 53]  # two jokers: two cards
    assert parse_card("Jk").format("russian") == "Дж" and parse_card("jk2") == JOKERS[1]


def test_the_deck_holds_the_jokers_at_their_value(house: Path) -> None:
    rules = compile_ruleset(load_variant(str(house)).variant)
    assert len(rules.deal.deck) == 54 and rules.deal.deck[-2:] == JOKERS[:2]
    assert rules.deal.count(parse_cards("Jk Jk 5S")) == 11
    standard = compile_ruleset(load_variant("pagat").variant)
    assert deal_tonk_odds(rules, 2).hand != deal_tonk_odds(standard, 2).hand


def test_a_value_for_jokers_without_jokers_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "none.yaml"
    path.write_text("extends: pagat\ndeck:\n  values: {Joker: 2}\n", encoding="utf-8")
    with pytest.raises(VariantError, match="deck.values gives the jokers a value, but deck.jokers is 0"):
        load_variant(str(path))


def test_a_hand_with_jokers_is_settled_at_the_table_from_its_cards(house: Path) -> None:
    seats = parse_hands(["Ann=Jk Jk 2S", "Bob=4H 5H"])  # Ann: 3 + 3 + 2 = 8 against Bob's 9
    result = settle_hand(str(house), seats, HowItEnded("knock", "Ann"), stakes=[])
    assert result.settlement is not None and result.settlement.ending is Ending.KNOCK_WON
    assert result.counts == (8, 9)
    assert format_cards(result.cards[0], "russian") == "Дж Дж 2п"


def test_both_engines_play_jokers_alike_and_count_them_in_play(house: Path) -> None:
    rules = compile_ruleset(load_variant(str(house)).variant)
    assert_identical(rules, [("reckoner", {}), ("greedy", {"knock": 6}), ("random", {})], 20, seed=7)
    batch = kernel.play_hands(rules, [("reckoner", {})] * 3, 200, seed=8)
    plain = kernel.play_hands(compile_ruleset(load_variant("pagat").variant), [("reckoner", {})] * 3, 200, seed=8)
    assert batch.in_play is not None and plain.in_play is not None
    assert int(np.count_nonzero(batch.in_play[:, L.IP_JOKERS])) > 20
    assert int(plain.in_play[:, L.IP_JOKERS].sum()) == 0


def test_a_joker_typed_is_the_one_the_player_holds(house: Path) -> None:
    rules = compile_ruleset(load_variant(str(house)).variant)
    for seed in range(200):
        hand = Hand.shuffled(rules, ["Ann", "Bob"], 1, random.Random(seed))
        if hand.result is None and JOKERS[1] in hand.hands[0] and JOKERS[0] not in hand.hands[0]:
            break
    else:
        pytest.fail("no deal gave Ann the second joker alone")
    hand.apply(hand.legal_actions()[1])  # draw from the stock
    held = [c for c in hand.hands[0] if c.joker]
    hand.apply(Discard(parse_card("Jk")))  # the typed joker is hers
    assert hand.discard[-1] == held[0]


def test_a_hand_with_jokers_is_recorded_and_replays(house: Path) -> None:
    rules = compile_ruleset(load_variant(str(house)).variant)
    bots = [BOT_CLASSES["reckoner"](seed=s) for s in range(2)]
    for seed in range(100):
        deck = list(rules.deal.deck)
        random.Random(seed).shuffle(deck)
        if any(c.joker for c in deck[:10]):
            break
    hand = Hand.deal(rules, ["Ann", "Bob"], 1, deck)
    actions = []
    while hand.result is None:
        action = bots[hand.current].choose(observe(hand, hand.current), hand.legal_actions())
        actions.append({hand.players[hand.current]: str(hand.apply(action).action)})
    data = {"format": "tonk-hand/1", "variant": str(house), "players": ["Ann", "Bob"], "dealer": "Bob",
            "deal": {"hands": {"Ann": format_cards(deck[0:10:2]), "Bob": format_cards(deck[1:10:2])},
                     "upcard": format_cards(deck[10:11]), "stock": format_cards(deck[11:])},
            "actions": actions}
    assert "Jk" in data["deal"]["hands"]["Ann"] + data["deal"]["hands"]["Bob"]
    again = replay(parse_record(data, house.parent))
    assert again.result == hand.result


def test_the_sheet_says_the_jokers_in_each_language(house: Path) -> None:
    en = render_markdown(build_sheet(load_view(str(house)), "en"))
    ru = render_markdown(build_sheet(load_view(str(house)), "ru"))
    assert "The deck also holds 2 jokers (written Jk), each counting 3." in en and "no jokers" not in en
    assert "В колоде также 2 джокера (обозначается Дж), каждый считается за 3." in ru
    assert "Дж=3" in ru and "Jk" not in ru


def test_a_count_of_zero_is_a_hand_of_jokers_where_they_count_zero(tmp_path: Path) -> None:
    path = tmp_path / "zero.yaml"
    path.write_text("extends: pagat\ndeck: {jokers: 2}\n", encoding="utf-8")
    seats = parse_hands(["Ann=Jk Jk", "Bob=4H 5H"])
    result = settle_hand(str(path), seats, HowItEnded("knock", "Ann"), stakes=[])
    assert result.counts == (0, 9) and result.settlement is not None
    assert result.settlement.ending is Ending.KNOCK_WON
