"""One scenario (at least) per row of the docs/rules.md matrix and per extra option: the engine obeys the Ruleset."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import make_hand, play

from tonk_rules import load_ruleset
from tonk_rules.engine.actions import Discard, Draw, Hit, Knock, Spread, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.engine.session import Session
from tonk_rules.errors import IllegalActionError, SetupError

VF = Callable[[str], str]
# Two plain hands without deal tonks or melds (counts 33 and 37).
LOW = "AS 2S 3D 4H 5H"  # 15: a low deal tonk in the Russian rules
A, B = "KS 9H 7D 4C 3S", "QH 8C 8H 5D 6H"


def why(hand: Hand, text: str) -> str | None:
    return hand.why_illegal(parse_action(text))


def payments(hand: Hand) -> list[tuple[str, str, int]]:
    assert hand.result is not None
    return [(hand.players[p.payer], hand.players[p.receiver], p.amount) for p in hand.result.payments]


# 1 players
def test_players_outside_the_variants_range_are_refused() -> None:
    rules = load_ruleset("classic-pc")
    with pytest.raises(SetupError, match="seats exactly 2 players, not 3"):
        Hand.shuffled(rules, ["a", "b", "c"], 0, random.Random(1))


# 2 dealer
def test_dealer_passes_left_and_high_card_cut_picks_the_first() -> None:
    pagat = load_ruleset("pagat")
    session = Session(pagat, ["a", "b", "c"])
    rng = random.Random(5)
    hand = session.new_hand(rng)
    first = session.dealer
    assert session.cut and max(c.rank for c in session.cut[-3:]) >= 1
    while not hand.over:
        hand.apply(Knock() if hand.why_illegal(Knock()) is None else hand.legal_actions()[0])
    session.finish_hand(hand)
    assert session.dealer == (first + 1) % 3 or hand.result.void  # type: ignore[union-attr]


def test_russian_needs_an_agreed_first_dealer() -> None:
    with pytest.raises(SetupError, match="agree on the first dealer"):
        Session(load_ruleset("russian"), ["a", "b"])


def test_void_deal_passes_the_deal_or_keeps_it(variant_file: VF) -> None:
    hand = make_hand("pagat", ["KH KD QD JC 9D", "KC QS QC JD 9C", A], upcard="2D")
    assert hand.result is not None and hand.result.ending == "deal_void"
    session = Session(load_ruleset("pagat"), ["Ann", "Bob", "Cy"], first_dealer=2)
    session.finish_hand(hand)
    assert session.dealer == 0
    same = load_ruleset(variant_file("extends: pagat\ndealer: {after_void: same}\n"))
    assert same.dealer.next_dealer(2, 3, (), void=True) == 2


# 3 upcard
def test_no_upcard_first_player_draws_from_stock_and_first_discard_starts_the_pile() -> None:
    hand = make_hand("pagat-no-upcard", [A, B], stock="2D")
    first = "the first player of the hand must draw from the stock on their first turn"
    assert hand.discard == [] and why(hand, "draw discard") == first
    assert why(hand, "knock") == first + ", so may not knock"  # seed 003: «ensimmäinen pelaaja ottaa varastosta»
    assert hand.legal_actions() == [Draw("stock")]
    play(hand, "draw stock 2D", "discard KS")
    assert [str(c) for c in hand.discard] == ["KS"]
    assert why(hand, "knock") is None and why(hand, "draw discard") is None  # only the hand's first turn


def test_with_an_upcard_the_first_player_may_knock_or_take_it() -> None:
    hand = make_hand("pagat", [A, B], upcard="2D")
    assert why(hand, "knock") is None and why(hand, "draw discard") is None


# 4, 5, 6 deal check
def test_russian_low_deal_tonk_is_paid_double_by_each_other_player() -> None:
    hand = make_hand("russian", [LOW, A, B], upcard="9D")
    assert hand.result is not None and hand.result.ending == "deal_tonk"
    assert payments(hand) == [("Bob", "Ann", 2), ("Cy", "Ann", 2)]


def test_pagat_has_no_low_deal_tonk() -> None:
    assert make_hand("pagat", [LOW, A], upcard="9D").result is None


def test_classic_pc_has_no_deal_check() -> None:
    assert make_hand("classic-pc", ["KH KD QD JC 9D", A], upcard="2D").result is None


def test_several_deal_tonks_all_paid_in_russian() -> None:
    hand = make_hand("russian", ["KH KD QD JC 9D", LOW, A], upcard="2D")
    assert hand.result is not None and hand.result.winners == (0, 1)
    assert payments(hand) == [("Cy", "Ann", 2), ("Cy", "Bob", 2)]


def test_russian_2001_deal_tonk_is_paid_at_the_payers_stake() -> None:
    hand = make_hand("russian-2001", [LOW, A, B], upcard="9D",
                     stakes={"Ann": 1, "Bob": 3, "Cy": 5})
    assert payments(hand) == [("Bob", "Ann", 6), ("Cy", "Ann", 10)]


# 7, 8, 9 knocking
def test_knock_only_before_drawing() -> None:
    hand = play(make_hand("russian", [A, B], upcard="9D", stock="2D"), "draw stock")
    assert why(hand, "knock") == "a knock must come before drawing"


def test_classic_pc_knocks_after_spreading_before_the_draw() -> None:
    hand = make_hand("classic-pc", ["2S 3S 4S 9H 8D", B], upcard="9D", stock="2D")
    play(hand, "spread 2S 3S 4S")
    assert why(hand, "knock") is None
    russian = play(make_hand("russian", ["2S 3S 4S 9H 8D", B], upcard="9D", stock="2D"),
                   "draw stock", "spread 2S 3S 4S")
    assert why(russian, "knock") == "a knock must come before drawing"


def test_knock_tie_is_caught_unless_ties_win(variant_file: VF) -> None:
    tie = ["KS 9H 7D 4C 3S", "QH 9C 7S 4D 3H"]  # 33 each
    hand = play(make_hand("russian", tie, upcard="2D"), "knock")
    assert hand.result is not None and hand.result.ending == "knock_caught"
    ties_win = variant_file("extends: russian\nknocking: {wins_when: lowest_or_tied}\n")
    hand = play(make_hand(ties_win, tie, upcard="2D"), "knock")
    assert hand.result is not None and hand.result.ending == "knock_won"


def test_successful_knock_paid_one_stake_by_each() -> None:
    hand = play(make_hand("pagat", [LOW, A, B], upcard="2D"), "knock")
    assert payments(hand) == [("Bob", "Ann", 1), ("Cy", "Ann", 1)]


# 10 caught knock, in play
@pytest.mark.parametrize(("variant", "expected"), [
    ("russian", [("Ann", "Bob", 2), ("Ann", "Cy", 2), ("Di", "Bob", 1)]),
    ("pagat", [("Ann", "Bob", 2), ("Ann", "Cy", 2), ("Ann", "Bob", 1), ("Cy", "Bob", 1), ("Di", "Bob", 1)]),
])
def test_caught_knock_payments(variant: str, expected: list[tuple[str, str, int]], tmp_path: Path) -> None:
    hands = ["KS 9H 7D 4C 3S", "AS 2H 3D 4H 6S", "KH 9C 7S 4D 2C", "QH QC QD JS JD"]  # 33, 16, 32, 50
    variant_file = variant
    if variant == "pagat":  # pagat seats 2-3: a table of four is a house rule
        (tmp_path / "four.yaml").write_text("extends: pagat\nplayers: {max: 4}\n", encoding="utf-8")
        variant_file = str(tmp_path / "four.yaml")
    hand = make_hand(variant_file, hands, upcard="5C")
    if hand.result is not None:  # pagat: 50 is a deal tonk, so use a plain hand for Di there
        hands[3] = "QH QC QD JS 2D"
        hand = make_hand(variant_file, hands, upcard="5C")
    play(hand, "knock")
    assert payments(hand) == expected


# 11 draw sources
def test_draw_sources_are_the_variants(variant_file: VF) -> None:
    stock_only = variant_file("extends: pagat\ndrawing: {sources: [stock]}\n")
    assert why(make_hand(stock_only, [A, B], upcard="2D"), "draw discard") == \
        "drawing from the discard pile is not allowed in this variant"
    assert why(make_hand("pagat", [A, B], upcard="2D"), "draw discard") is None


# 12 spreads before or after drawing
def test_spreads_before_the_draw_in_classic_pc_after_it_elsewhere() -> None:
    classic = make_hand("classic-pc", ["2S 3S 4S 9H 8D", B], upcard="9D", stock="2D")
    assert why(classic, "spread 2S 3S 4S") is None
    play(classic, "draw stock")
    assert why(classic, "spread 2S 3S 4S") == "spreads and hits must be laid before drawing in this variant"
    russian = make_hand("russian", ["2S 3S 4S 9H 8D", B], upcard="9D", stock="2D")
    assert why(russian, "spread 2S 3S 4S") == "spreads and hits are laid after drawing"


# 13 taken discard
def test_taken_discard_may_not_be_discarded_the_same_turn_in_russian() -> None:
    hand = play(make_hand("russian", [A, B], upcard="2D"), "draw discard")
    assert "may not be discarded" in (why(hand, "discard 2D") or "")
    pagat = play(make_hand("pagat", [A, B], upcard="2D"), "draw discard")
    assert why(pagat, "discard 2D") is None


def test_taken_discard_may_be_discarded_when_it_is_the_last_card() -> None:
    hand = play(make_hand("russian", ["2S 3S 4S 5S 6S", B], upcard="KD"), "draw discard", "spread 2S 3S 4S 5S 6S")
    play(hand, "discard KD")
    assert hand.result is not None and hand.result.ending == "out_by_discard"


def test_taken_discard_straight_into_a_spread(variant_file: VF) -> None:
    path = variant_file("extends: pagat\ntaken_discard: {rule: straight_into_spread}\n")
    assert "cannot" in (why(make_hand(path, [A, B], upcard="2D"), "draw discard") or "")
    hand = play(make_hand(path, ["KS KH 7D 4C 3S", B], upcard="KD"), "draw discard")
    assert "straight into a spread" in (why(hand, "discard 3S") or "")
    assert "straight into a spread" in (why(hand, "spread 3S 4C 7D") or "")
    play(hand, "spread KS KH KD", "discard 3S")


# 14, 15 melds
def test_books_of_three_or_four_and_runs_by_ace_rule() -> None:
    hand = play(make_hand("russian", ["QS KS AS 5H 5D", "5C 5S 9H 9D 9C"], upcard="2D", stock="JS"), "draw stock")
    assert why(hand, "spread QS KS AS") == "QS KS AS is neither a book nor a run under these rules"
    assert why(hand, "spread JS QS KS") is None
    r2001 = play(make_hand("russian-2001", ["QS KS AS 5H 5C", B], upcard="2D", stock="2S"), "draw stock")
    assert why(r2001, "spread QS KS AS") is None
    assert "neither" in (why(r2001, "spread KS AS 2S") or "")  # no wrap


def test_run_order_skips_removed_ranks(variant_file: VF) -> None:
    path = variant_file('extends: pagat\ndeck: {ranks: [A, "2", "3", "4", "5", "6", "7", J, Q, K]}\n')
    hand = play(make_hand(path, ["6S 7S JS 5H 5D", "4C 3S 2H KD QC"], upcard="AD", stock="2D"), "draw stock")
    assert why(hand, "spread 6S 7S JS") is None


# 16, 17 hitting
def test_hitting_runs_own_only_in_classic_pc_anyones_in_russian() -> None:
    deal = ["2S 3S 4S 9H 8D", "5S QH 8C 6D 7H"]
    russian = play(make_hand("russian", deal, upcard="KC", stock="AD 2C"), "draw stock", "spread 2S 3S 4S",
                   "discard 9H", "draw stock")
    assert why(russian, "hit 5S on 1") is None
    classic = play(make_hand("classic-pc", deal, upcard="KC", stock="AD 2C"), "spread 2S 3S 4S", "draw stock",
                   "discard 9H")
    assert why(classic, "hit 5S on 1") == "you may hit only your own runs"


def test_hitting_books_forbidden_in_russian_allowed_in_pagat() -> None:
    deal = ["9S 9H 9D 2C 3D", "9C QH 8C 6D 7H"]
    for variant, expected in (("russian", "hitting books is not allowed in this variant"), ("pagat", None)):
        hand = play(make_hand(variant, deal, upcard="KC", stock="AD 2H"), "draw stock", "spread 9S 9H 9D",
                    "discard AD", "draw stock")
        assert why(hand, "hit 9C on 1") == expected


def test_hit_lock_blocks_the_owners_next_knock(variant_file: VF) -> None:
    path = variant_file("extends: pagat\nknocking: {hit_lock: true}\n")
    deal = ["2S 3S 4S 9H 8D", "5S QH 8C 6D 7H"]
    hand = play(make_hand(path, deal, upcard="KC", stock="AD 2C 3C"), "draw stock", "spread 2S 3S 4S",
                "discard 9H", "draw stock", "hit 5S on 1", "discard QH")
    assert why(hand, "knock") == "your spread was hit: you may not knock for 1 more turn"
    play(hand, "draw stock", "discard 8D", "draw stock", "discard 2C")
    assert why(hand, "knock") is None


# 18, 19 going out
def test_going_out_by_spreading_pays_double_in_pagat_single_in_russian() -> None:
    for variant, amount in (("pagat", 2), ("russian", 1)):
        hand = play(make_hand(variant, ["2S 3S 4S 9H 9D", B], upcard="KC", stock="9S"),
                    "draw stock", "spread 2S 3S 4S", "spread 9H 9D 9S")
        assert hand.result is not None and hand.result.ending == "out_by_spread"
        assert payments(hand) == [("Bob", "Ann", amount)]


def test_going_out_by_discard_pays_one_stake() -> None:
    hand = play(make_hand("pagat", ["2S 3S 4S 5S 9H", "5C QH 8C 6D 7H"], upcard="KC", stock="6S"),
                "draw stock", "spread 2S 3S 4S 5S 6S", "discard 9H")
    assert hand.result is not None and hand.result.ending == "out_by_discard"
    assert payments(hand) == [("Bob", "Ann", 1)]


def test_spread_bonus_going_out_by_hitting_alone_pays_one_stake() -> None:
    for variant, amount in (("pagat", 2), ("pagat-spread-bonus", 1)):
        hand = play(make_hand(variant, ["2S 3S 4S 9H 8D", "5S 6S KC KD KH"], upcard="2C", stock="AD QS 7S"),
                    "draw stock AD", "spread 2S 3S 4S", "discard 9H",
                    "draw stock QS", "spread KC KD KH", "discard QS",
                    "draw stock 7S", "discard 7S",
                    "draw discard 7S", "hit 5S on 1", "hit 6S on 1")
        assert hand.result is None
        play(hand, "hit 7S on 1")
        assert hand.result is not None and hand.result.ending == "out_by_hit"
        assert payments(hand) == [("Ann", "Bob", amount)]


# 20 stock exhaustion
def _drain(hand: Hand) -> Hand:
    """Draw from the stock and discard the drawn card until the stock is empty."""
    while hand.stock and not hand.over:
        card = hand.apply(Draw("stock")).action.card  # type: ignore[union-attr]
        hand.apply(Discard(card))  # type: ignore[arg-type]
    return hand


@pytest.mark.parametrize(("rule", "ending"), [("end_lowest_wins", "stock_exhausted"), ("void", "stock_void")])
def test_drawing_from_the_empty_stock(variant_file: VF, rule: str, ending: str) -> None:
    text = f"extends: pagat\nstock_exhaustion: {{when_empty: {rule}}}\n"
    if rule == "void":  # the tie rule and the stock payment apply only when the hand ends at the empty stock
        text = ("extends: pagat\nstock_exhaustion: {when_empty: void, ties: null}\n"
                "payments: {stock_exhausted: {rules: []}}\n")
    path = variant_file(text)
    hand = _drain(make_hand(path, [A, B], upcard="2D"))
    assert why(hand, "draw discard") is None  # play goes on while players take the previous discard
    play(hand, "draw stock")
    assert hand.result is not None and hand.result.ending == ending
    if rule == "end_lowest_wins":
        assert payments(hand) == [("Bob", "Ann", 1)]


def test_reshuffle_makes_a_new_stock_of_the_pile_but_its_top(variant_file: VF) -> None:
    path = variant_file("extends: pagat\nstock_exhaustion: {when_empty: reshuffle, ties: null}\n"
                        "payments: {stock_exhausted: {rules: []}}\n")
    hand = _drain(make_hand(path, [A, B], upcard="2D"))
    pile = len(hand.discard)
    top = hand.discard[-1]
    record = hand.apply(Draw("stock"))
    assert hand.result is None and hand.discard == [top] and len(hand.stock) == pile - 2
    assert record.action.card is not None  # type: ignore[union-attr]


def test_tied_lowest_at_exhaustion_all_paid_or_void(variant_file: VF) -> None:
    tie = ["KS 9H 7D 4C 3S", "QH 9C 7S 4D 3H", "KH QC JD 10S 2S"]
    for ties, expected in (("all_paid", [("Cy", "Ann", 1), ("Cy", "Bob", 1)]), ("void", [])):
        path = variant_file(f"extends: pagat\nstock_exhaustion: {{ties: {ties}}}\n")
        hand = make_hand(path, tie, upcard="2D")
        hand.stock.clear()
        play(hand, "draw stock")
        assert payments(hand) == expected


# 21 stakes
def test_per_player_stakes_knock_paid_at_the_receivers_stake() -> None:
    hand = play(make_hand("russian-2001", ["AS 2H 3D 4H 6C", A, B], upcard="2D",
                          stakes={"Ann": 4, "Bob": 1, "Cy": 2}), "knock")
    assert payments(hand) == [("Bob", "Ann", 4), ("Cy", "Ann", 4)]


# other options
def test_must_spread_forbids_keeping_a_spread_except_three_aces() -> None:
    hand = play(make_hand("pagat-must-spread", ["2S 3S 4S 9H 8D", B], upcard="KC", stock="AD"), "draw stock")
    assert "must be laid before discarding" in (why(hand, "discard 9H") or "")
    assert "must be laid" in (why(make_hand("pagat-must-spread", ["2S 3S 4S 9H 8D", B], upcard="KC"), "knock") or "")
    aces = play(make_hand("pagat-must-spread", ["AS AH AD 9H 8D", B], upcard="KC", stock="7C"), "draw stock")
    assert why(aces, "discard 9H") is None


def test_must_spread_four_aces_must_be_laid() -> None:
    # seed 003: «kolme ässää saa pitää kädessä» — three aces, exactly: four aces are a book to lay
    four = play(make_hand("pagat-must-spread", ["AS AH AD 9H 8D", B], upcard="KC", stock="AC"), "draw stock")
    assert "must be laid before discarding" in (why(four, "discard 9H") or "")
    # discarding an ace leaves three aces, which may be held
    assert {str(a) for a in four.legal_actions() if isinstance(a, Discard)} == {"discard AS", "discard AH",
                                                                                "discard AD", "discard AC"}
    play(four, "spread AS AH AD AC")
    assert why(four, "discard 9H") is None


def test_knock_point_limit_and_turn_minimum(variant_file: VF) -> None:
    limit = variant_file("extends: pagat\nknocking: {max_count: 10}\n")
    assert why(make_hand(limit, [A, B], upcard="2D"), "knock") == "a knock needs a count of 10 or less (you have 33)"
    turns = variant_file("extends: pagat\nknocking: {min_turns: 1}\n")
    hand = make_hand(turns, [A, B], upcard="2D", stock="3D 4D")
    assert "only after 1 turn" in (why(hand, "knock") or "")
    play(hand, "draw stock", "discard KS", "draw stock", "discard QH")
    assert why(hand, "knock") is None


def test_seven_card_hands(variant_file: VF) -> None:
    path = variant_file("extends: pagat\ndeal: {hand_size: 7}\n")
    hand = make_hand(path, ["KS 9H 7D 4C 3S 2S 8H", "QH 8C 6S 5D 6H 2H 9D"], upcard="2D")
    assert [len(h) for h in hand.hands] == [7, 7]


def test_points_session_ends_at_the_target(variant_file: VF) -> None:
    path = variant_file("extends: pagat\nscoring: {mode: points, target: 3}\n")
    session = Session(load_ruleset(path), ["a", "b"], first_dealer=0)
    rng = random.Random(2)
    while not session.over:
        hand = session.new_hand(rng)
        while not hand.over:
            hand.apply(Knock() if hand.why_illegal(Knock()) is None else hand.legal_actions()[0])
        session.finish_hand(hand)
    assert max(session.balances) >= 3 and sum(session.balances) == 0
    with pytest.raises(IllegalActionError, match="points target"):
        session.new_hand(rng)


def test_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    hand = make_hand("russian", [A, B], upcard="2D")
    before = (repr(hand.hands), repr(hand.stock), repr(hand.discard), len(hand.history))
    for action in (Discard(hand.hands[0][0]), Spread(tuple(hand.hands[0][:3])), Hit(hand.hands[0][0], 1)):
        with pytest.raises(IllegalActionError, match="Ann may not"):
            hand.apply(action)
    assert (repr(hand.hands), repr(hand.stock), repr(hand.discard), len(hand.history)) == before


def test_dealer_rotation_to_the_winner(variant_file: VF) -> None:
    path = variant_file("extends: pagat\ndealer: {rotation: winner}\n")
    hand = play(make_hand(path, [LOW, A, B], upcard="2D"), "knock")
    session = Session(load_ruleset(path), ["Ann", "Bob", "Cy"], first_dealer=2)
    session.finish_hand(hand)
    assert session.dealer == 0 and session.balances == [2, -1, -1]


def test_longer_minimum_runs_and_books_of_four_only(variant_file: VF) -> None:
    path = variant_file("extends: pagat\nmelds: {run_min: 4, book_sizes: [4]}\nhitting: {books: none}\n")
    hand = play(make_hand(path, ["2S 3S 4S 9H 9D", B], upcard="KC", stock="9S"), "draw stock")
    assert "neither a book nor a run" in (why(hand, "spread 2S 3S 4S") or "")
    assert "neither a book nor a run" in (why(hand, "spread 9H 9D 9S") or "")
