"""`tonk play` as a person uses it: through a pseudo-terminal, typing moves, mistakes included."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pexpect
import pytest
from tablekit import ROOT, run

from tonk_rules.engine.hand import Hand
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.table.table_setup import ruleset_for

PROMPT = r"Your move \(number or move, 'help'\): "


def winning_seed(variant: str) -> tuple[int, Hand]:
    """A seed whose deal lets Ann (playing first) knock and win at once, as `tonk play` deals it."""
    rules = ruleset_for(variant)
    for seed in range(1000):
        hand = Hand.shuffled(rules, ["Ann", "Greedy-2"], 1, random.Random(seed), [1, 1])
        if not hand.over and hand.count(0) < hand.count(1):
            return seed, hand
    raise AssertionError("no seed found")


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "tonk_rules", "play", *args], cwd=str(ROOT), encoding="utf-8",
                         timeout=300, dimensions=(40, 120))


def test_a_person_wins_a_hand_through_mistakes(tmp_path: Path) -> None:
    seed, dealt = winning_seed("pagat")
    mine = dealt.hands[0][0]
    record = tmp_path / "hand.yaml"
    game = spawn("pagat", "--players", "Ann,bot:greedy", "--seed", str(seed), "--record", str(record),
                 "--cards", "russian")
    game.expect(r"Your hand \(Ann\): (.+?)   count (\d+)")
    assert int(game.match.group(2)) == dealt.count(0)
    game.expect(r"1\. knock")
    game.expect(PROMPT)
    game.sendline("сбросить 11Ж")  # a mistyped card
    game.expect("unknown card '11Ж'")
    game.expect(PROMPT)
    game.sendline(f"discard {mine.format('english')}")  # legal card, illegal move: no draw yet
    game.expect("not allowed: draw before discarding")
    game.expect(PROMPT)
    game.sendline("9")
    game.expect("there is no move 9")
    game.expect(PROMPT)
    game.sendline("открыться")  # knock, in Russian
    game.expect("You: knock")
    game.expect("Ending: knock won; winner\\(s\\): Ann")
    game.expect("You win!")
    game.expect(r"Scores after 1 hand: Ann \+1, Greedy-2 -1")
    game.expect(r"Another hand\? \(y/n\): ")
    game.sendline("n")
    game.expect(pexpect.EOF)
    game.close()
    assert game.exitstatus == 0
    replayed = run("replay", str(record), "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert '"ending": "knock_won"' in replayed.stdout


def test_end_of_input_and_ctrl_c_leave_cleanly() -> None:
    game = spawn("russian", "--players", "Костоправ,bot:greedy,bot:greedy", "--seed", "5")
    game.expect(PROMPT)
    game.sendeof()
    game.expect("You left the table")
    game.expect(pexpect.EOF)
    game.close()
    assert game.exitstatus == 0 and "Traceback" not in (game.before or "")
    game = spawn("russian", "--players", "Костоправ,bot:greedy,bot:greedy", "--seed", "5")
    game.expect(PROMPT)
    game.sendintr()
    game.expect("Interrupted")
    game.expect(pexpect.EOF)
    game.close()
    assert game.exitstatus == 130


def test_a_played_hand_goes_into_the_session(tmp_path: Path) -> None:
    seed, _ = winning_seed("pagat")
    ledger = tmp_path / "s.sqlite"
    Ledger.create(ledger, variant_ref="pagat", seats=["Ann", "Greedy-2"], stakes=[1, 1], currency="chips",
                  first_dealer="Greedy-2").close()
    proc = run("play", "pagat", "--players", "Ann,bot:greedy", "--seed", str(seed), "--session", str(ledger),
               stdin="knock\n")
    assert proc.returncode == 0, proc.stderr
    assert "You win!" in proc.stdout and "as hand 1" in proc.stdout
    with Ledger.open(ledger) as led:
        assert led.balances()["Ann"] > 0 and led.hands()[0]["kind"] == "played"
        assert led.next_dealer() == "Ann"


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "Ann,Bob"], "exactly one person"),
    (["--players", "Ann,bot:wizard"], "unknown bot 'wizard'"),
    (["--players", "Ann,bot:greedy", "--stake", "0"], "at least 1"),
    (["--players", "Ann,bot:greedy", "--dealer", "Zed"], "not seated"),
])
def test_bad_play_options_get_one_line(args: list[str], message: str) -> None:
    proc = run("play", "pagat", *args)
    assert proc.returncode == 2 and message in proc.stderr and proc.stderr.count("\n") == 1


def test_bot_specs_are_the_simulators() -> None:
    bad = run("play", "pagat", "--players", "Ann,bot:greedy:knok=5")
    assert bad.returncode == 2 and "did you mean 'knock'" in bad.stderr
    proc = run("play", "pagat", "--players", "Ann,bot:greedy:knock=5", "--seed", "1", stdin="1\n" * 100)
    assert proc.returncode == 0 and "Greedy-2" in proc.stdout and "The hand is over" in proc.stdout
