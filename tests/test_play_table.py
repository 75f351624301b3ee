"""The session API shared by terminal and web play (issue 42, item 1): seats, whose turn, legal moves, the
Ruleset's refusals, bots, a stand-in for an idle seat, and a sitting's scores and dealers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_rules.engine.actions import Knock
from tonk_rules.errors import TableInputError
from tonk_rules.table.play_table import NOT_YOUR_TURN, MoveRefused, PlayTable
from tonk_rules.table.table_bots import SeatSpec, parse_players
from tonk_rules.table.table_setup import ruleset_for

SEATS = [SeatSpec("Ann", None), SeatSpec("Bob", None), SeatSpec("Cy", "random")]


def play_out(table: PlayTable, rng: random.Random) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.over:
        seat = table.whose_turn()
        assert seat is not None
        if table.is_bot(seat):
            table.bot_move()
        else:
            table.move(seat, rng.choice(table.moves(seat)))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), hands=st.integers(1, 4))
def test_a_sitting_keeps_scores_that_sum_to_zero_and_pass_the_deal(seed: int, hands: int) -> None:
    rules = ruleset_for("russian")
    table = PlayTable(rules, SEATS, seed=seed)
    rng = random.Random(seed)
    nets = [0, 0, 0]
    for _ in range(hands):
        hand = table.deal()
        dealer = hand.dealer
        play_out(table, rng)
        assert hand.result is not None
        nets = [a + b for a, b in zip(nets, hand.result.net, strict=True)]
        assert table.dealer == rules.dealer.next_dealer(dealer, 3, hand.result.winners, hand.result.void)
    assert table.scores == nets and sum(table.scores) == 0
    assert table.finished == table.number == hands


def test_only_the_seat_to_move_has_moves_and_others_are_refused() -> None:
    table = PlayTable(ruleset_for("pagat"), SEATS, seed=3)
    hand = table.deal()
    seat = table.whose_turn()
    assert seat == (hand.dealer + 1) % 3
    other = (seat + 1) % 3  # type: ignore[operator]
    assert table.moves(other) == []
    assert table.why_not(other, Knock()) == NOT_YOUR_TURN
    before = len(hand.history)
    with pytest.raises(MoveRefused) as refused:
        table.move(other, Knock())
    assert refused.value.why == NOT_YOUR_TURN and len(hand.history) == before


def test_a_refused_move_says_the_rulesets_reason_and_changes_nothing() -> None:
    # pagat: a knock only before drawing; after a draw the Ruleset refuses it with its own words
    table = PlayTable(ruleset_for("pagat"), [SeatSpec("Ann", None), SeatSpec("Bob", "random")], seed=5, dealer=1)
    hand = table.deal()
    draw = next(m for m in table.moves(0) if str(m).startswith("draw"))
    table.move(0, draw)
    assert table.why_not(0, Knock()) == hand.why_illegal(Knock()) is not None
    steps = len(hand.history)
    with pytest.raises(MoveRefused):
        table.move(0, Knock())
    assert len(hand.history) == steps


def test_an_idle_seat_is_played_by_the_default_player_and_the_same_seed_replays_the_sitting() -> None:
    def run(seed: int) -> list[str]:
        table = PlayTable(ruleset_for("pagat"), [SeatSpec("Ann", None), SeatSpec("Bob", "random")], seed=seed)
        hand = table.deal()
        while not hand.over:
            if table.whose_turn() == 0:
                table.play_for(0)
            else:
                table.bot_move()
        return [str(r.action) for r in hand.history]

    assert run(11) == run(11)


def test_several_people_are_seated_only_where_asked() -> None:
    assert [s.spec for s in parse_players("Ann,Bob,bot", several_people=True)] == [None, None, "reckoner"]
    with pytest.raises(TableInputError, match="exactly one person"):
        parse_players("Ann,Bob,bot")
    with pytest.raises(TableInputError, match="at least one person"):
        parse_players("bot,bot", several_people=True)
