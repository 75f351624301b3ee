"""``scoring.mode: wins``: a match to N hands won (examples/house/first-to-seven.yaml) — the engine's session,
a table's ledger and its event state, ``tonk session balances`` and the rules sheet know when it ends and who
won it; each hand is still paid at its stakes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablekit import run

from tonk_rules import Session, load_ruleset
from tonk_rules.errors import IllegalActionError, LedgerError
from tonk_rules.event.event_folder import TableState
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.web.page_labels import reached
from tonk_rules.web.refusal_words import in_language

ROOT = Path(__file__).resolve().parent.parent
FIRST_TO_SEVEN = ROOT / "examples" / "house" / "first-to-seven.yaml"


def test_the_session_ends_when_a_player_has_won_seven_hands() -> None:
    rules = load_ruleset(FIRST_TO_SEVEN)
    assert rules.wins_target == 7 and rules.points_target is None
    session = Session(rules, ["Ann", "Bob", "Cy"], first_dealer=0)
    rng = random.Random(4)
    played = 0
    while not session.over:
        assert max(session.wins) < 7 and session.match_winners == ()
        hand = session.new_hand(rng)
        while not hand.over:
            hand.apply(hand.legal_actions()[0])
        session.finish_hand(hand)
        played += 1
    assert max(session.wins) == 7 and played >= 7
    assert session.match_winners == tuple(s for s, w in enumerate(session.wins) if w == 7)
    assert sum(session.balances) == 0 and any(session.balances)  # each hand was paid at its stakes
    with pytest.raises(IllegalActionError, match="the match is over: .* won 7 hands"):
        session.new_hand(rng)
    assert not Session(load_ruleset("pagat"), ["Ann", "Bob"], first_dealer=0).over  # stakes: no match


def _won(seats: tuple[str, ...], winner: str) -> HandEntry:
    others = tuple((n, winner, 1) for n in seats if n != winner)
    return HandEntry("settled", "knock_won", seats, (1,) * len(seats), tuple(5 if n == winner else 20 for n in seats),
                     (winner,), winner, others)


def test_a_ledger_and_its_table_state_know_who_won_the_match(tmp_path: Path) -> None:
    seats = ("Ann", "Bob")
    led = Ledger.create(tmp_path / "m.sqlite", variant_ref=str(FIRST_TO_SEVEN), seats=list(seats), stakes=[2, 2],
                        currency="chips")
    for i in range(12):
        led.record(_won(seats, "Bob" if i % 2 else "Ann"))  # 6 each: the match goes on, whatever the balances
    assert led.wins() == {"Ann": 6, "Bob": 6} and led.game_over() is None and led.leaders() == ()
    led.record(_won(seats, "Bob"))
    assert led.leaders() == ("Bob",)
    assert led.game_over() == "Bob won the match (7 hands won)"
    state = TableState.of(led, "t1", "Table 1")
    assert state.match and state.target == 7 and state.leaders == ("Bob",)
    assert reached("en", state.leaders, state.target, state.match) == "Bob won the match (7 hands won)"
    assert reached("ru", state.leaders, state.target, state.match) == "матч выиграл Bob (7 сдач)"
    with pytest.raises(LedgerError, match="the match is over") as caught:
        led.record(_won(seats, "Ann"))
    assert in_language(caught.value, "ru") == ("матч окончен: игрок Bob выиграл 7 сдач; для нового матча начните "
                                               "новую сессию")
    led.close()
    out = run("session", "balances", str(tmp_path / "m.sqlite")).stdout
    assert "Hands won: Ann 6, Bob 7 (the match is to 7)" in out and "Game over: Bob won the match" in out


def test_the_rules_sheet_says_the_match_in_both_languages() -> None:
    en = run("rules", str(FIRST_TO_SEVEN)).stdout
    ru = run("rules", str(FIRST_TO_SEVEN), "--lang", "ru").stdout
    assert "the match ends when a player has won 7 hands" in en
    assert "матч кончается, когда игрок выиграет 7 сдач" in ru


def test_a_match_needs_a_target(tmp_path: Path) -> None:
    house = tmp_path / "h.yaml"
    house.write_text("extends: pagat\nscoring: {mode: wins, target: null}\n", encoding="utf-8")
    proc = run("check", str(house))
    assert proc.returncode != 0 and "scoring.target" in proc.stdout + proc.stderr


def test_simulate_reports_the_matches_and_the_stronger_player_wins_more_matches_than_hands() -> None:
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.sim.executors import make_executor
    from tonk_rules.sim.matches import match_json
    from tonk_rules.sim.simulate import Job, run_jobs

    rules = load_ruleset(FIRST_TO_SEVEN)
    job = Job("first-to-seven", rules, tuple(parse_specs("reckoner,random")), 1200, 9)
    (tally,) = run_jobs([job], make_executor("local", workers=1))
    figures = match_json(tally)
    assert figures["stronger_seat"] == 1  # the default player, against a random one
    assert figures["matches"] >= 50 and 7 <= figures["mean_hands_per_match"]["mean"] <= 13
    hand, match = (figures[f"stronger_seat_{k}_win_rate"]["fraction"] for k in ("hand", "match"))
    assert match > hand > 0.5  # a match to seven magnifies the better player's edge
    plain = Job("pagat", load_ruleset("pagat"), tuple(parse_specs("reckoner,random")), 100, 9)
    (stakes,) = run_jobs([plain], make_executor("local", workers=1))
    assert stakes.wins_target is None and stakes.hand_winners == []
    proc = run("simulate", str(FIRST_TO_SEVEN), "--hands", "400", "--players", "2", "--json")
    assert '"match"' in proc.stdout and '"mean_hands_per_match"' in proc.stdout


def test_the_events_standings_know_who_won_a_match(tmp_path: Path) -> None:
    from tonk_rules.event.event_folder import Event

    event = Event.create(tmp_path / "night", title="Cup night")
    event.add_table("t1", variant_ref=str(FIRST_TO_SEVEN), seats=["Ann", "Bob"], stakes=[1, 1])
    event.add_table("t2", variant_ref="pagat", seats=["Cy", "Dee"], stakes=[1, 1])
    with event.ledger("t1") as led:
        for _ in range(7):
            led.record(_won(("Ann", "Bob"), "Ann"))
    first, second = event.states()
    assert first.match and first.leaders == ("Ann",) and first.wins == {"Ann": 7, "Bob": 0}
    assert not second.match and second.wins == {}
    rows = {row.name: row for row in event.standings()}
    assert rows["Ann"].matches_won == 1 and rows["Bob"].matches_won == 0 and rows["Cy"].matches_won == 0


def test_a_tonk_play_sitting_ends_with_the_match() -> None:
    """A person who says yes to every "Another hand?" plays until someone has won seven hands; the sitting
    then says who won the match and ends by itself."""
    from test_table_play_sitting import sitting

    said = sitting(hands=200, variant=str(FIRST_TO_SEVEN), players="Me,bot:greedy,bot:greedy", seed=5)
    lines = said.splitlines()
    won = [line for line in lines if line.startswith("Hands won: ")]
    assert won and won[-1].endswith("(the match is to 7)") and "7" in won[-1].split("(")[0]
    assert sum(1 for line in lines if line.endswith("won the match.")) == 1
    assert len(won) < 200  # it ended with the match, not with the answers
