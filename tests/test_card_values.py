"""House card values (``deck.values``): every place a count is read uses the variant's values, not the standard
ones — the engine's counts and deal check, the kernel, knock limits, the table's settlement from cards, exact
odds, the in-play count, the rules sheet in both languages and ``tonk diff``.

The example file is examples/house/faces-by-rank.yaml (pagat with J 11, Q 12, K 13).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from kernel_helpers import assert_identical

from tonk_rules import kernel
from tonk_rules.cards import parse_cards
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import TableInputError, VariantError
from tonk_rules.kernel import layout as L
from tonk_rules.kernel import search
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sheets.rules_sheet import build_sheet
from tonk_rules.sheets.sheet_render import render_markdown
from tonk_rules.sheets.variant_view import load_view
from tonk_rules.sim import reference
from tonk_rules.sim.odds import deal_tonk_odds
from tonk_rules.table.settle import HowItEnded, parse_hands, settle_hand
from tonk_rules.terms import Ending
from tonk_rules.variant.diff import variant_diff
from tonk_rules.variant.loader import load_variant

ROOT = Path(__file__).resolve().parent.parent
FACES = str(ROOT / "examples" / "house" / "faces-by-rank.yaml")


@pytest.fixture(scope="module")
def faces():  # type: ignore[no-untyped-def]
    return compile_ruleset(load_variant(FACES).variant)


@pytest.fixture(scope="module")
def pagat():  # type: ignore[no-untyped-def]
    return compile_ruleset(load_variant("pagat").variant)


def test_the_example_sets_faces_by_rank_and_keeps_the_rest(faces, pagat) -> None:  # type: ignore[no-untyped-def]
    hand = parse_cards("AS 7H JD QC KS")
    assert pagat.deal.count(hand) == 1 + 7 + 30
    assert faces.deal.count(hand) == 1 + 7 + 11 + 12 + 13


def test_the_engines_deal_check_counts_at_the_house_values(faces, pagat) -> None:  # type: ignore[no-untyped-def]
    # 9 9 J Q K: 48 at the standard values (no tonk at 49 or more), 54 with faces by rank (a tonk)
    top = parse_cards("9S 2C 9H 3C JS 4C QS 5C KS 6C 7C")
    deck = top + [c for c in pagat.deal.deck if c not in top]
    ann = top[0::2][:5]
    assert pagat.deal.count(ann) == 48 and faces.deal.count(ann) == 54
    assert Hand.deal(pagat, ["Ann", "Bob"], 1, list(deck)).result is None
    result = Hand.deal(faces, ["Ann", "Bob"], 1, list(deck)).result
    assert result is not None and result.ending is Ending.DEAL_TONK and result.winners == (0,)
    assert result.counts[0] == 54


def test_a_knock_is_settled_from_the_cards_at_the_house_values(faces, pagat) -> None:  # type: ignore[no-untyped-def]
    seats = parse_hands(["Ann=KS", "Bob=5S 6S"])
    won = settle_hand(pagat, seats, HowItEnded("knock", "Ann"), stakes=[])  # 10 against 11
    caught = settle_hand(faces, seats, HowItEnded("knock", "Ann"), stakes=[])  # 13 against 11
    assert won.settlement is not None and won.settlement.ending is Ending.KNOCK_WON
    assert caught.settlement is not None and caught.settlement.ending is Ending.KNOCK_CAUGHT
    assert caught.counts == (13, 11)


def test_a_knock_limit_reads_the_house_values(tmp_path: Path) -> None:
    house = tmp_path / "limit.yaml"
    house.write_text(f"extends: {FACES}\nknocking: {{max_count: 12}}\n", encoding="utf-8")
    rules = compile_ruleset(load_variant(str(house)).variant)
    with pytest.raises(TableInputError, match="12"):  # a lone king counts 13 here
        settle_hand(rules, parse_hands(["Ann=KS", "Bob=5S 6S 7S"]), HowItEnded("knock", "Ann"), stakes=[])
    ok = settle_hand(rules, parse_hands(["Ann=QS", "Bob=5S 6S 7S"]), HowItEnded("knock", "Ann"), stakes=[])
    assert ok.settlement is not None and ok.settlement.ending is Ending.KNOCK_WON


def test_a_value_for_a_rank_the_deck_lacks_is_refused_at_its_line(tmp_path: Path) -> None:
    house = tmp_path / "short.yaml"
    house.write_text("extends: pagat\ndeck:\n  ranks: [A, '2', '3', '4', '5', '6', '7', J, Q, K]\n"
                     "  values: {'9': 0}\n", encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(str(house))
    assert "deck.values gives a value to 9, which deck.ranks does not hold" in str(caught.value)
    assert "short.yaml:" in str(caught.value)


def test_exact_deal_odds_follow_the_values(faces, pagat) -> None:  # type: ignore[no-untyped-def]
    # pagat's deal tonk is a count of 49 or 50: far likelier when faces count up to 13
    assert deal_tonk_odds(faces, 2).hand > 5 * deal_tonk_odds(pagat, 2).hand


def test_both_engines_play_the_example_alike_and_the_rule_comes_into_play(faces, pagat) -> None:  # type: ignore[no-untyped-def]
    seats = [("reckoner", {}), ("greedy", {"knock": 8}), ("random", {})]
    assert_identical(faces, seats, 20, seed=3)
    searching = [("montecarlo", {"rollouts": 8}), ("reckoner", {})]  # the search player, on both engines
    fast = search.play_hands(faces, searching, 3, seed=4, trace=True)
    slow = reference.play_hands(faces, searching, 3, seed=4, trace=True)
    assert fast.trace is not None and slow.trace is not None
    assert [t.tolist() for t in fast.trace] == [t.tolist() for t in slow.trace]
    assert np.array_equal(fast.net, slow.net)
    played = kernel.play_hands(faces, [("reckoner", {})] * 3, 200, seed=5)
    plain = kernel.play_hands(pagat, [("reckoner", {})] * 3, 200, seed=5)
    assert played.in_play is not None and plain.in_play is not None
    assert int(np.count_nonzero(played.in_play[:, L.IP_VALUES])) > 50
    assert int(plain.in_play[:, L.IP_VALUES].sum()) == 0  # standard values never count


def test_the_sheet_says_the_values_in_each_language() -> None:
    en = render_markdown(build_sheet(load_view(FACES), "en"))
    ru = render_markdown(build_sheet(load_view(FACES), "ru"))
    assert "J=11, Q=12, K=13" in en and "a house rule" in en
    assert "В=11, Д=12, К=13" in ru and "Т=1" in ru
    assert "J=11" not in ru and "house rule" not in ru


def test_tonk_diff_names_the_values() -> None:
    rows = [r for r in variant_diff(load_variant("pagat"), load_variant(FACES)).rows if r.differs]
    assert [r.path for r in rows] == ["deck.values"]
    assert rows[0].right.value == {"J": 11, "Q": 12, "K": 13} and rows[0].right.kind == "assumed"
