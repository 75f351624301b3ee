"""Wild cards (``melds.wild``, ``melds.wild_most``, ``melds.wild_hits``): a wild card stands for any card of a
book or a run, a spread shows what each stands for, hits onto a spread with a wild card follow the rule, both
engines play alike, the default player lays them (their in-play counts move), records replay, the sheet says
them in both languages.

The example files are examples/house/jokers-wild.yaml and examples/house/deuces-wild.yaml.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from tonk_rules import kernel
from tonk_rules.bots import BOT_CLASSES, observe
from tonk_rules.cards import format_cards, parse_cards
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
from tonk_rules.terms import MeldKind
from tonk_rules.variant.diff import variant_diff
from tonk_rules.variant.loader import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
JOKERS = str(EXAMPLES / "house" / "jokers-wild.yaml")
DEUCES = str(EXAMPLES / "house" / "deuces-wild.yaml")


def _rules(path: str):  # type: ignore[no-untyped-def]
    return compile_ruleset(load_variant(path).variant)


def test_a_wild_card_completes_a_book_or_a_run_and_shows_what_it_stands_for() -> None:
    melds = _rules(DEUCES).melds
    assert melds.classify(parse_cards("5S 6S 2H")) is MeldKind.RUN
    assert melds.classify(parse_cards("5S 5H 2D")) is MeldKind.BOOK
    assert melds.classify(parse_cards("5S 2H 2D")) is None  # two natural cards at least
    assert melds.classify(parse_cards("5S 7H 2D")) is None
    assert melds.show(parse_cards("5S 2H 7S")) == "5S 2H(=6S) 7S"  # a gap first
    assert melds.show(parse_cards("5S 6S 2H")) == "5S 6S 2H(=7S)"  # then above the run
    assert melds.show(parse_cards("QS KS 2C"), "russian") == "2т(=Вп) Дп Кп"  # then below it
    assert melds.show(parse_cards("5S 5H 2D"), "unicode") == "5♠ 5♥ 2♦(=5)"
    jokers = _rules(JOKERS).melds
    assert jokers.show(parse_cards("9H 10H Jk")) == "9H 10H Jk(=JH)"
    assert _rules("pagat").melds.classify(parse_cards("5S 6S 2H")) is None


def test_hits_onto_a_spread_with_a_wild_card_follow_the_rule() -> None:
    deuces, jokers = _rules(DEUCES).melds, _rules(JOKERS).melds
    run = tuple(parse_cards("5S 6S 2H"))  # the deuce is the seven
    assert deuces.extenders(MeldKind.RUN, run) == frozenset(parse_cards("4S 8S"))  # not 7S: the deuce holds it
    book = tuple(parse_cards("5S 5H 2D"))
    assert frozenset(parse_cards("5D 5C")) == deuces.extenders(MeldKind.BOOK, book)  # a second wild: one at most
    plain = tuple(parse_cards("5S 6S 7S"))
    assert parse_cards("2H")[0] in deuces.extenders(MeldKind.RUN, plain)  # wild_hits: a deuce may be hit
    joker_run = tuple(parse_cards("9H 10H JH"))
    assert not any(c.joker for c in jokers.extenders(MeldKind.RUN, joker_run))  # wild_hits false: no joker hit


@pytest.mark.parametrize("text", [
    "extends: pagat\nmelds: {wild: [Joker]}\n",
    "extends: pagat\nmelds: {wild_hits: true}\n",
    "extends: pagat\nmelds: {wild: ['2'], wild_most: 3}\n",
])
def test_wild_rules_that_cannot_hold_are_refused_at_their_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    assert "house.yaml:" in str(caught.value) and "melds.wild" in str(caught.value)


def test_the_default_player_lays_wild_cards_and_their_counts_move() -> None:
    for path, slot in ((JOKERS, L.IP_WILD), (DEUCES, L.IP_WILD_HITS), (DEUCES, L.IP_WILD_MOST)):
        batch = kernel.play_hands(_rules(path), [("reckoner", {})] * 3, 300, seed=3)
        assert batch.in_play is not None and int(np.count_nonzero(batch.in_play[:, slot])) > 3, (path, slot)
    plain = kernel.play_hands(_rules("pagat"), [("reckoner", {})] * 3, 300, seed=3)
    assert plain.in_play is not None
    assert int(plain.in_play[:, [L.IP_WILD, L.IP_WILD_MOST, L.IP_WILD_HITS]].sum()) == 0


def test_a_hand_with_wild_spreads_is_recorded_and_replays() -> None:
    rules = _rules(DEUCES)
    bots = [BOT_CLASSES["reckoner"](seed=s) for s in range(3)]
    for seed in range(300):
        deck = list(rules.deal.deck)
        random.Random(seed).shuffle(deck)
        hand = Hand.deal(rules, ["Ann", "Bob", "Cid"], 2, deck)
        actions = []
        while hand.result is None:
            action = bots[hand.current].choose(observe(hand, hand.current), hand.legal_actions())
            actions.append({hand.players[hand.current]: str(hand.apply(action).action)})
        if any(rules.melds.stands_for(s.cards) for s in hand.spreads):
            break
    else:
        pytest.fail("no hand laid a spread with a deuce")
    data = {"format": "tonk-hand/1", "variant": DEUCES, "players": ["Ann", "Bob", "Cid"], "dealer": "Cid",
            "deal": {"hands": {n: format_cards(deck[i:15:3]) for i, n in enumerate(["Ann", "Bob", "Cid"])},
                     "upcard": format_cards(deck[15:16]), "stock": format_cards(deck[16:])},
            "actions": actions}
    again = replay(parse_record(data, EXAMPLES))
    assert again.result == hand.result
    assert [s.cards for s in again.spreads] == [s.cards for s in hand.spreads]


def test_the_sheet_says_the_wild_cards_in_each_language() -> None:
    en = render_markdown(build_sheet(load_view(JOKERS), "en"))
    ru = render_markdown(build_sheet(load_view(JOKERS), "ru"))
    assert "Wild cards: Jk. A wild card stands for any card of a book or a run" in en
    assert "at most 1 wild card." in en and "A wild card goes down only in a new spread, not as a hit." in en
    assert "Дикие карты: Дж." in ru and "не больше 1 дикой карты" in ru and "Jk" not in ru
    deuces = render_markdown(build_sheet(load_view(DEUCES), "en"))
    assert "Wild cards: 2." in deuces and "A wild card may also be added to a spread on the table." in deuces


def test_tonk_diff_and_the_odds_see_the_jokers() -> None:
    rows = [r.path for r in variant_diff(load_variant("pagat"), load_variant(JOKERS)).rows if r.differs]
    assert rows == ["deck.jokers", "melds.wild"]
    assert deal_tonk_odds(_rules(JOKERS), 2).hand != deal_tonk_odds(_rules("pagat"), 2).hand


def test_the_search_player_plays_wild_cards_alike_on_both_engines() -> None:
    from tonk_rules.kernel import search
    from tonk_rules.sim import reference

    for path in (JOKERS, DEUCES):
        rules = _rules(path)
        seats = [("montecarlo", {"rollouts": 8}), ("reckoner", {}), ("greedy", {"knock": 3})]
        fast = search.play_hands(rules, seats, 3, seed=6, trace=True)
        slow = reference.play_hands(rules, seats, 3, seed=6, trace=True)
        assert fast.trace is not None and slow.trace is not None
        assert [t.tolist() for t in fast.trace] == [t.tolist() for t in slow.trace]
        assert np.array_equal(fast.net, slow.net)
