"""A card of a wild rank stands for itself where it can (deuces wild: a book of natural twos, a two in its place
in a run), only the cards standing for others count against ``melds.wild_most`` and ``melds.wild_hits``;
``spreading.must_spread`` with wild cards plays on both engines; and the invariants of wild spreads: each spread
laid is a book or a run once every wild card is replaced by what it stands for, and no card is lost or made.

The example file is examples/house/deuces-wild.yaml; the house files with must_spread are written here.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernel_helpers import assert_identical

from tonk_rules.bots import BOT_CLASSES, observe
from tonk_rules.cards import RANK_NAMES, Card, parse_cards
from tonk_rules.engine.hand import Hand
from tonk_rules.kernel import layout as L
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.ruleset.melds import MeldRules
from tonk_rules.terms import MeldKind
from tonk_rules.variant.loader import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "house"
DEUCES = str(EXAMPLES / "deuces-wild.yaml")
JOKERS = str(EXAMPLES / "jokers-wild.yaml")
TWOS = sum(1 << c for c in range(4, 8))  # the four twos as a card mask (card = 4 * (rank - 1) + suit)


def _rules(path: str) -> Ruleset:
    return compile_ruleset(load_variant(path).variant)


def _house(tmp_path: Path, name: str, text: str) -> Ruleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return _rules(str(path))


NO_WILD_HITS = ("extends: pagat\nmelds:\n  wild: ['2']\n  source_for:\n"
                "    wild: {assumed: \"deuces wild, for the test\"}\n")
MUST_SPREAD_WILD = ("extends: pagat-must-spread\ntitle: must spread, deuces wild\nmelds:\n  wild: ['2']\n"
                    "  wild_most: 2\n  wild_hits: true\n  source_for:\n"
                    "    wild: {assumed: \"deuces wild, for the test\"}\n"
                    "    wild_most: {assumed: \"two wild cards, for the test\"}\n"
                    "    wild_hits: {assumed: \"wild hits, for the test\"}\n")
MUST_SPREAD_JOKERS = (f"extends: {JOKERS}\ntitle: must spread, jokers wild\nspreading:\n  must_spread: true\n"
                      "  source_for:\n    must_spread: {assumed: \"must spread, for the test\"}\n")


def test_a_book_of_natural_twos_and_a_two_in_its_run_stand_for_themselves() -> None:
    melds = _rules(DEUCES).melds
    assert melds.classify(parse_cards("2C 2D 2H")) is MeldKind.BOOK
    assert melds.show(parse_cards("2C 2D 2H 2S")) == "2C 2D 2H 2S"  # nothing stands for another card
    assert melds.classify(parse_cards("AS 2S 3S")) is MeldKind.RUN
    assert melds.show(parse_cards("AS 2S 3S"), "unicode") == "A♠ 2♠ 3♠"
    # the two of spades is itself, the two of hearts the five: one card stands for another, within wild_most 1
    assert melds.show(parse_cards("2S 3S 4S 2H")) == "2S 3S 4S 2H(=5S)"
    assert melds.standing_for_others(parse_cards("2S 3S 4S 2H")) == frozenset(parse_cards("2H"))
    assert melds.classify(parse_cards("2S 3S 2H 2D")) is None  # two would stand for others: one at most
    assert melds.classify(parse_cards("5S 5H 2D 2C")) is None
    assert melds.classify(parse_cards("2S 2H 5S")) is None


def test_a_two_is_hit_as_itself_where_wild_hits_are_refused(tmp_path: Path) -> None:
    melds = _house(tmp_path, "no-wild-hits", NO_WILD_HITS).melds
    assert not melds.wild_hits
    assert melds.extenders(MeldKind.RUN, tuple(parse_cards("3S 4S 5S"))) == frozenset(parse_cards("2S 6S"))
    assert melds.extenders(MeldKind.BOOK, tuple(parse_cards("2S 2D 2H"))) == frozenset(parse_cards("2C"))
    # a run whose deuce is its five: the two of spades below it is natural, so it may be hit
    assert melds.extenders(MeldKind.RUN, tuple(parse_cards("3S 4S 2H"))) == frozenset(parse_cards("2S 6S"))
    assert parse_cards("2H")[0] not in melds.extenders(MeldKind.RUN, tuple(parse_cards("5S 6S 7S")))
    assert melds.extenders(MeldKind.BOOK, tuple(parse_cards("7S 7H 7D"))) == _rules("pagat").melds.extenders(
        MeldKind.BOOK, tuple(parse_cards("7S 7H 7D")))


def test_a_hand_holds_and_lists_its_natural_books_of_twos() -> None:
    melds = _rules(DEUCES).melds
    hand = parse_cards("2S 2C 2D 9H KC")
    assert melds.in_a_meld(hand, parse_cards("2S")[0])
    listed = [tuple(sorted(m)) for m in melds.melds_in(hand)]
    assert tuple(sorted(parse_cards("2C 2D 2S"))) in listed
    assert len(listed) == len(set(listed))  # each meld once, as it reads when laid
    run = melds.melds_in(parse_cards("2S 3S 4S 2H 9D"))
    # (the first keeps the three of spades in hand: the wild two stands in its place)
    assert [melds.show(m) for m in run] == ["2S 2H(=3S) 4S", "2S 3S 2H(=4S)", "2S 3S 4S", "2S 3S 4S 2H(=5S)",
                                            "3S 4S 2H(=5S)"]


def test_the_example_identity_run_lays_a_natural_book_of_twos() -> None:
    """tests/test_kernel_identity.py plays deuces-wild with these seats, 20 hands, seed 3; its ninth hand
    lays a book of natural twos (the kernel and the engine alike)."""
    rules = _rules(DEUCES)
    batch = assert_identical(rules, [("reckoner", {}), ("greedy", {"knock": 5}), ("random", {})], 9, seed=3)
    assert batch is not None and batch.trace is not None and batch.in_play is not None
    laid = [key & L.PAYLOAD for key in batch.trace[8].tolist()
            if (key >> L.KIND_SHIFT) & L.KIND_MASK == L.K_SPREAD]
    assert any(payload & ~TWOS == 0 for payload in laid)


def test_must_spread_with_wild_cards_names_the_spread_and_plays_alike(tmp_path: Path) -> None:
    rules = _house(tmp_path, "must-wild", MUST_SPREAD_WILD)
    spreading = rules.spreading
    assert spreading.held_spread(parse_cards("5S 6S 2H 9D KC")) == tuple(parse_cards("5S 6S 2H"))
    assert spreading.held_spread(parse_cards("5S 5H 2D 9D KC")) is not None
    assert spreading.held_spread(parse_cards("5S 7H 2D 9D KC")) is None
    # three aces may be held; with a deuce they make a spread that holds a wild card, which may not stay
    assert spreading.held_spread(parse_cards("AS AH AD 9D KC")) is None
    assert spreading.held_spread(parse_cards("AS AH AD 2D KC")) is not None
    seats = [("reckoner", {}), ("greedy", {"knock": 5}), ("random", {})]
    for players in (2, 3):
        assert_identical(rules, seats[:players], 12, seed=players)
    jokers = _house(tmp_path, "must-jokers", MUST_SPREAD_JOKERS)
    assert jokers.spreading.held_spread(parse_cards("9H 10H Jk 3C KD")) is not None
    assert_identical(jokers, seats, 12, seed=5)


# --- invariants ---------------------------------------------------------------------------------------------
def _meaning(melds: MeldRules, spread: list[Card]) -> tuple[list[Card], str]:
    """The spread with each card standing for another replaced by the card it stands for (a book: its rank's
    cards, suits unsaid), and the rank of a book (empty for a run)."""
    stands = dict(melds.stands_for(spread))
    natural = [c for c in spread if c not in stands]
    if melds.classify(spread) is MeldKind.BOOK:
        return natural, next(iter(stands.values()), RANK_NAMES["english"][natural[0].rank])
    return natural + [parse_cards(s)[0] for s in stands.values()], ""


def _check_spreads(rules: Ruleset, hand: Hand) -> None:
    melds = rules.melds
    plain = MeldRules(melds.book_sizes, melds.run_min, melds.ace_high, melds.ranks)  # the same rules, none wild
    for spread in hand.spreads:
        assert melds.classify(spread.cards) is spread.kind
        standing = melds.standing_for_others(spread.cards)
        assert len(standing) <= melds.wild_most and len(spread.cards) - len(standing) >= 2
        assert standing <= melds.wild
        natural, book_rank = _meaning(melds, spread.cards)
        if spread.kind is MeldKind.BOOK:
            assert all(RANK_NAMES["english"][c.rank] == book_rank for c in natural)
            assert len(spread.cards) in melds.book_sizes
        else:
            assert len(set(natural)) == len(natural) and plain.classify(natural) is MeldKind.RUN


def _check_cards(hand: Hand) -> None:
    held = [c for h in hand.hands for c in h] + hand.stock + hand.discard + [c for s in hand.spreads for c in s.cards]
    assert Counter(held) == Counter(hand.deck)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(["deuces", "jokers", "must"]), players=st.integers(2, 3),
       seed=st.integers(0, 2**32 - 1), bots=st.lists(st.sampled_from(["reckoner", "greedy", "random"]),
                                                       min_size=4, max_size=4))
def test_every_wild_spread_reads_as_a_book_or_a_run_and_no_card_is_lost(
        tmp_path_factory: pytest.TempPathFactory, which: str, players: int, seed: int, bots: list[str]) -> None:
    rules = (_rules(DEUCES) if which == "deuces" else _rules(JOKERS) if which == "jokers"
             else _house(tmp_path_factory.mktemp("h"), "must-wild", MUST_SPREAD_WILD))
    deck = list(rules.deal.deck)
    random.Random(seed).shuffle(deck)
    names = [f"p{i}" for i in range(players)]
    hand = Hand.deal(rules, names, seed % players, deck)
    seated = [BOT_CLASSES[b](seed=seed + i) for i, b in enumerate(bots[:players])]
    steps = 0
    while hand.result is None and steps < 600:
        hand.apply(seated[hand.current].choose(observe(hand, hand.current), hand.legal_actions()))
        _check_cards(hand)
        steps += 1
        _check_spreads(rules, hand)
    _check_spreads(rules, hand)


def test_the_sheet_says_a_wild_rank_may_stand_for_itself_in_each_language() -> None:
    from tonk_rules.sheets.rules_sheet import build_sheet
    from tonk_rules.sheets.sheet_render import render_markdown
    from tonk_rules.sheets.variant_view import load_view

    assert "A card of a wild rank may also stand for itself" in render_markdown(build_sheet(load_view(DEUCES), "en"))
    assert "Карта дикого достоинства может быть и сама собой" in render_markdown(build_sheet(load_view(DEUCES), "ru"))
    assert "stand for itself" not in render_markdown(build_sheet(load_view(JOKERS), "en"))  # a joker has no rank


def test_a_seven_card_hand_with_two_deuces_lists_every_meld(tmp_path: Path) -> None:
    """More melds than most_melds counts for seven cards without wild cards (38): none is left out (every subset
    the meld rules accept, by brute force: 67, runs that leave a natural card out for a wild one included)."""
    melds = _house(tmp_path, "must-wild", MUST_SPREAD_WILD).melds  # two wild cards a spread
    listed = melds.melds_in(parse_cards("2D 2C 2S 2H 4H 6H 5H"))
    assert len(listed) == 67 and len(set(listed)) == 67
    assert all(melds.classify(m) is not None for m in listed)
