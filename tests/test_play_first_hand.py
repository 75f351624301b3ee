"""A first hand (issue 39, item 5): `tonk play VARIANT` alone seats you against the default player at the usual
table, `draw` alone draws (or asks which pile), and `why` says why a bot made its move, for that position."""

from __future__ import annotations

import random
import re
import sys

import pexpect
import pytest
from tablekit import ROOT, run

from tonk_rules.bots import observe
from tonk_rules.bots.explain import why_move
from tonk_rules.engine.actions import Draw, Knock
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import TableInputError
from tonk_rules.table.play import read_move
from tonk_rules.table.table_bots import make_bot, usual_players
from tonk_rules.table.table_setup import ruleset_for
from tonk_rules.terms import Pile

PROMPT = r"Your move \(number or move, 'help'\): "


def test_tonk_play_alone_starts_a_hand_and_why_explains_the_bots() -> None:
    game = pexpect.spawn(sys.executable, ["-m", "tonk_rules", "play", "pagat", "--seed", "3"], cwd=str(ROOT),
                         encoding="utf-8", timeout=300, dimensions=(40, 120))
    game.expect("You play against Bob and Cy, the default player")
    game.expect("3 players in all")
    game.expect(r"Your hand \(You\)")
    game.expect(PROMPT)
    game.sendline("draw")  # the first turn allows both piles here: asked which, both named
    game.expect("draw from which pile, the stock or the discard pile\\? type 'draw stock' or\\s+'draw discard'")
    game.expect(PROMPT)
    game.sendline("why")
    game.expect("No bot has moved since your last move.")
    game.expect(PROMPT)
    game.sendline("draw stock")
    game.expect("You: draw stock")
    game.expect(r"1\. discard (\S+)")
    game.expect(PROMPT)
    game.sendline("1")
    game.expect("You: discard")
    game.expect(r"Bob: (takes|draws)")
    game.expect(PROMPT)
    game.sendline("why")
    game.expect(r"Bob (takes|draws) [^:]*: it did not knock, as the default player\s+knocks here only with a "
                r"count of (\d+) or less, with two opponents")
    game.expect(r"Cy draws from the stock: ")
    game.expect(PROMPT)
    game.sendline("quit")
    game.expect("You left the table")
    game.expect(pexpect.EOF)
    game.close()
    assert game.exitstatus == 0


def test_the_usual_table_is_three_or_the_nearest_size_the_rules_seat() -> None:
    assert usual_players(ruleset_for("pagat")) == 3 and usual_players(ruleset_for("russian")) == 3
    assert usual_players(ruleset_for("classic-pc")) == 2  # it seats only 2
    proc = run("play", "classic-pc", "--seed", "1", stdin="quit\n")
    assert proc.returncode == 0, proc.stderr
    assert "You play against Bob, the default player (reckoner, tuned to these rules): 2 players in all" in proc.stdout


def test_the_help_seats_the_default_players() -> None:
    help_text = run("play", "--help").stdout
    assert "tonk play pagat\n" in help_text and "bot:random" not in help_text
    assert "3 players where the rules seat 3, else the nearest" in " ".join(help_text.split())


def test_draw_alone_draws_from_the_only_pile_allowed_or_asks() -> None:
    both = Hand.shuffled(ruleset_for("pagat"), ["Ann", "Bob"], 1, random.Random(4))
    with pytest.raises(TableInputError, match="the stock or the discard pile"):
        read_move("draw", both)
    stock_only = Hand.shuffled(ruleset_for("pagat-no-upcard"), ["Ann", "Bob"], 1, random.Random(4))
    assert read_move("draw", stock_only) == Draw(Pile.STOCK)
    assert read_move("взять", stock_only) == Draw(Pile.STOCK)


@pytest.mark.parametrize("variant", ["pagat", "russian"])
def test_why_a_knock_or_not_matches_the_count_the_default_player_held(variant: str) -> None:
    """Every decision where a knock was allowed: a knock is explained with the count held at or below the
    limit named; a turn without one names a limit below the count held (the words are the rule's own)."""
    rules = ruleset_for(variant)
    players = usual_players(rules)
    seen = {"knocked": 0, "not": 0}
    for seed in range(12):
        hand = Hand.shuffled(rules, ["A", "B", "C"][:players], 0, random.Random(seed))
        bots = [make_bot("reckoner", seed + i, rules, players) for i in range(players)]
        while not hand.over:
            seat, legal = hand.current, hand.legal_actions()
            before = observe(hand, seat)
            action = bots[seat].choose(hand, seat)
            if any(isinstance(a, Knock) for a in legal) and len(legal) > 1:
                params = dict(re.findall(r"(\w+)=(-?\d+)", bots[seat].label))  # type: ignore[attr-defined]
                why = why_move("reckoner", {k: int(v) for k, v in params.items()}, before, legal, action)
                if isinstance(action, Knock) and "turns of its own" not in why:
                    match = re.match(r"a count of (\d+), at or below the (\d+) the default player knocks at here", why)
                    assert match and int(match.group(1)) == hand.count(seat) <= int(match.group(2)), why
                    seen["knocked"] += 1
                elif not isinstance(action, Knock):
                    match = re.match(r"it did not knock, as the default player knocks here only with a count of "
                                     r"(\d+) or less", why)
                    assert (match and int(match.group(1)) < hand.count(seat)) or "with no count here" in why, why
                    seen["not"] += 1
            hand.apply(action)
    assert seen["knocked"] and seen["not"]


def test_why_at_another_hand_explains_the_knock_that_ended_it() -> None:
    """A bot's knock ends the hand before the person is asked a move: `why` at "Another hand?" says why."""
    from tonk_rules.cli.terminal_play import ANOTHER, run_terminal_game

    said: list[str] = []
    moves = iter(["draw stock", "1"])  # pagat, seed 27: Bob knocks on his first turn, with a count of 24
    answers = iter(["why", "n"])
    run_terminal_game(variant="pagat", players=None, seed=27, dealer=None, stakes=[], style="english",
                      record_file=None, ledger_path=None, echo=said.append, misuse=ValueError,
                      ask=lambda prompt: next(answers) if prompt == ANOTHER else next(moves))
    text = " ".join(" ".join(said).split())
    assert "Bob: knocks" in text
    match = re.search(r"Bob knocks: a count of (\d+), at or below the (\d+) the default player knocks at here, "
                      r"with two opponents holding 5 cards", text)
    assert match and int(match.group(1)) == 24 <= int(match.group(2)), text
