"""Each fix that brought a built-in variant back to its sources, shown by replaying a hand record written to
the source's text (tests/fidelity/*.yaml; each record quotes the sentence it shows in its `source:`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tonk_rules.cards import parse_cards
from tonk_rules.engine.actions import Discard, Draw, Hit, Knock
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import TonkError
from tonk_rules.records import load_record, replay
from tonk_rules.variant.loader import load_variant

RECORDS = Path(__file__).parent / "fidelity"


def card(text: str) -> Any:
    return parse_cards(text)[0]


def paid(hand: Hand) -> list[tuple[str, str, int]]:
    assert hand.result is not None
    return [(hand.players[p.payer], hand.players[p.receiver], p.amount) for p in hand.result.payments]


def replay_first(name: str, steps: int) -> Hand:
    """The hand after only the first ``steps`` entries of a record: the position just before a later action."""
    record = load_record(RECORDS / name)
    hand = record.new_hand()
    for step in record.steps[:steps]:
        if step.action is not None:
            hand.apply(step.action)
    return hand


def test_classic_pc_forbids_hits_on_books_like_the_base_rules() -> None:
    hand = replay_first("classic-pc-no-hits-on-books.yaml", 4)  # Bob to play, the sevens on the table
    reason = hand.why_illegal(Hit(card("7C"), 1))
    assert reason is not None and "book" in reason
    assert load_variant("classic-pc").variant.hitting.books == "none"
    whole = replay(load_record(RECORDS / "classic-pc-no-hits-on-books.yaml"))  # the record itself is sound
    assert whole.result is not None and whole.result.ending == "knock_won"


def test_classic_pc_caught_knock_pays_twice_the_stake() -> None:
    hand = replay(load_record(RECORDS / "classic-pc-caught-knock-pays-double.yaml"))
    assert hand.result is not None and hand.result.ending == "knock_caught"
    assert paid(hand) == [("Ann", "Bob", 2)]


def test_pagat_seats_two_or_three_and_a_table_of_four_is_a_house_rule() -> None:
    with pytest.raises(TonkError, match="2 to 3 players"):
        replay(load_record(RECORDS / "pagat-four-players.yaml"))
    hand = replay(load_record(RECORDS / "pagat-for-four-hand.yaml"))
    assert hand.result is not None and hand.result.ending == "knock_won"
    assert sorted(paid(hand)) == [("Bob", "Ann", 1), ("Cy", "Ann", 1), ("Di", "Ann", 1)]


def test_pagat_no_upcard_first_player_must_draw_from_the_stock() -> None:
    start = replay_first("pagat-no-upcard-first-draw.yaml", 1)
    assert start.why_illegal(Knock()) is not None  # 15 points, but no knock on the first turn
    assert start.why_illegal(Draw("discard")) is not None  # there is no pile yet
    hand = replay(load_record(RECORDS / "pagat-no-upcard-first-draw.yaml"))
    assert hand.result is not None and hand.result.ending == "knock_won"


def test_pagat_must_spread_holds_exactly_three_aces() -> None:
    three = replay_first("pagat-must-spread-three-aces.yaml", 1)  # Ann has drawn: three aces and two odd cards
    assert three.why_illegal(Discard(card("9C"))) is None
    kings = replay_first("pagat-must-spread-three-aces.yaml", 4)  # Bob has drawn, holding four kings
    assert kings.why_illegal(Discard(card("3S"))) is not None
    four = replay_first("pagat-must-spread-three-aces.yaml", 7)  # Ann has drawn the fourth ace
    assert four.why_illegal(Discard(card("8H"))) is not None
    hand = replay(load_record(RECORDS / "pagat-must-spread-three-aces.yaml"))
    assert hand.result is not None and paid(hand) == [("Ann", "Bob", 1)]


def test_russian_2001_deal_tonk_is_paid_at_each_payers_own_stake() -> None:
    hand = replay(load_record(RECORDS / "russian-2001-per-player-stakes.yaml"))
    assert hand.result is not None and hand.result.ending == "deal_tonk"
    assert sorted(paid(hand)) == [("Bob", "Ann", 4), ("Cy", "Ann", 6)]


def test_russian_2001_cites_its_own_text_wherever_it_speaks() -> None:
    provenance = load_variant("russian-2001").provenance
    for path in ("deal.hand_size", "deal.upcard", "deal.first_turn", "deal_check.at_most", "deal_check.several",
                 "knocking.timing", "drawing.sources", "spreading.timing", "melds.ace", "melds.book_sizes",
                 "hitting.books", "stakes.mode", "payments.deal_tonk.rules", "payments.knock_caught.rules"):
        source = provenance[path].source
        assert getattr(source, "ref", None) == "nsk-2001", path
    for path in ("payments.knock_won.rules", "payments.out_by_discard.rules", "payments.out_by_spread.rules",
                 "payments.out_by_hit.rules", "payments.stock_exhausted.rules", "taken_discard.rule"):
        assert provenance[path].kind == "assumed", path  # the 2001 text does not say whose stake / any rule


def test_assumptions_are_marked_where_the_sources_are_silent() -> None:
    pagat = load_variant("pagat").provenance
    assert pagat["dealer.after_void"].kind == "assumed"  # the seeds only say a new hand is dealt
    assert pagat["stock_exhaustion.ties"].kind == "assumed"
    assert pagat["dealer.first"].kind == "quoted" and pagat["players.max"].kind == "quoted"
