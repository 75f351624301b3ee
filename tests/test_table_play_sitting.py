"""`tonk play` you can keep playing (issue 14, item 9): hands in a sitting with running scores, into a session,
line editing, a slow bot shown thinking, seat names and payments that read well, moves in hand order, and an
answer to every line typed."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pexpect
from tablekit import ROOT, run
from test_table_play import PROMPT, winning_seed

from tonk_rules.engine.actions import Action, Discard, Draw
from tonk_rules.engine.hand import Hand
from tonk_rules.engine.result import HandResult
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.ruleset.payments import Payment
from tonk_rules.table.play import MAX_LINE, TerminalGame, ordered_moves, result_lines
from tonk_rules.terms import Ending, Pile

ANOTHER_PROMPT = "Another hand? (y/n): "

def sitting(*, hands: int, **options: Any) -> str:
    """Play ``hands`` hands through ``run_terminal_game`` as a person would: the first listed move every time,
    then y to "Another hand?" until the last; return what was said."""
    from tonk_rules.cli.terminal_play import ANOTHER, run_terminal_game

    said: list[str] = []
    answers = iter(["y"] * (hands - 1) + ["n"])

    def ask(prompt: str) -> str:
        if prompt == ANOTHER:
            said.append(prompt)
            return next(answers)
        return "1"

    settings: dict[str, Any] = {"seed": None, "dealer": None, "stakes": [], "style": "english",
                                "record_file": None, "ledger_path": None, **options}
    run_terminal_game(echo=said.append, misuse=ValueError, ask=ask, **settings)
    return "\n".join(said)


def nets(stdout: str) -> list[dict[str, int]]:
    """Each finished hand's net, as printed."""
    return [{name: int(n) for name, n in re.findall(r"(\S+) ([+-]\d+)", line)}
            for line in re.findall(r"^Net: (.*)$", stdout, flags=re.M)]


def test_hands_follow_one_another_with_running_scores(tmp_path: Path) -> None:
    record = tmp_path / "hand.yaml"
    stdout = sitting(hands=3, variant="pagat", players="Me,bot:greedy,bot:greedy", seed=3, record_file=str(record))
    played = nets(stdout)
    assert len(played) == 3
    for hands in (1, 2, 3):
        total = {name: sum(n[name] for n in played[:hands]) for name in played[0]}
        expected = ", ".join(f"{name} {net:+d}" for name, net in total.items())
        noun = "hand" if hands == 1 else "hands"
        assert f"Scores after {hands} {noun}: {expected}" in stdout
    assert "Hand 2: seed 4, " in stdout and "Hand 3: seed 5, " in stdout
    for name in ("hand.yaml", "hand-2.yaml", "hand-3.yaml"):  # one record per hand, each replays
        replayed = run("replay", str(tmp_path / name), "--json")
        assert replayed.returncode == 0, replayed.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand-2.yaml", "hand-3.yaml", "hand.yaml"]
    # the guide says what happened: hand 1 in the file named, hand N after it in FILE-N
    guide = " ".join((ROOT / "docs" / "table.md").read_text(encoding="utf-8").split())
    assert ("`--record FILE.yaml` takes hand 1 to `FILE.yaml` itself (a one-hand sitting is the one file named) "
            "and hand N after it to `FILE-N.yaml`") in guide


def test_the_next_hand_is_dealt_as_printed() -> None:
    """"Hand 2: seed S, D deals (... --seed S --dealer D ...)" deals the same second hand again."""
    two = sitting(hands=2, variant="pagat", players="Me,bot:greedy", seed=11)
    match = re.search(r"--seed (\d+) --dealer (\S+) deals it again", two)
    assert match is not None
    again = sitting(hands=1, variant="pagat", players="Me,bot:greedy", seed=int(match.group(1)),
                    dealer=match.group(2))
    assert nets(again)[0] == nets(two)[1]
    assert "Scores after 2 hands" in two and two.count(ANOTHER_PROMPT) == 2


def test_a_sitting_goes_into_the_session_hand_by_hand(tmp_path: Path) -> None:
    ledger = tmp_path / "s.sqlite"
    Ledger.create(ledger, variant_ref="pagat", seats=["Ann", "Greedy-2"], stakes=[2, 2], currency="chips",
                  first_dealer="Greedy-2").close()
    stdout = sitting(hands=2, variant="pagat", players="Ann,bot:greedy", seed=5, ledger_path=str(ledger))
    assert "as hand 1" in stdout and "as hand 2" in stdout
    played = nets(stdout)
    with Ledger.open(ledger) as led:
        assert [h["kind"] for h in led.hands()] == ["played", "played"]
        assert led.balances() == {name: played[0][name] + played[1][name] for name in ("Ann", "Greedy-2")}


def test_every_line_typed_gets_an_answer() -> None:
    seed, _ = winning_seed("pagat")
    typed = ["²", "hit 5S on ²", "hit 5S on 99999999999999999999", "9" * 5000, "x" * (10 * 1024 * 1024),
             "٣", "１", "🂡", "spread ²³ ¹", "discard 1\u0301S", "‮knock", "\u200b", "draw", "Tт"]
    proc = run("play", "pagat", "--players", "Ann,bot:greedy", "--seed", str(seed),
               stdin="\n".join(typed) + "\nknock\nn\n")
    assert proc.returncode == 0, proc.stderr
    assert "internal error" not in proc.stdout + proc.stderr
    assert proc.stdout.count("✗") == len(typed), proc.stdout  # one answer to each line
    assert f"a move is at most {MAX_LINE}" in proc.stdout
    assert max(len(line) for line in proc.stdout.splitlines()) <= 200  # nothing typed is echoed whole
    assert "ten of clubs" in proc.stdout and "You win!" in proc.stdout


def test_arrow_keys_edit_the_line_and_up_recalls_it() -> None:
    seed, _ = winning_seed("pagat")
    game = pexpect.spawn(sys.executable, ["-m", "tonk_rules", "play", "pagat", "--players", "Ann,bot:greedy",
                                          "--seed", str(seed)], cwd=str(ROOT), encoding="utf-8", timeout=30,
                         dimensions=(40, 120))
    game.expect(PROMPT)
    game.sendline("help")
    game.expect(PROMPT)
    game.send("nock")
    game.send("\x1b[D" * 4)  # left arrow to the start of the line
    game.send("k\r")
    game.expect("You: knock")
    game.expect(r"Another hand\? \(y/n\): ")
    game.sendline("n")
    game.expect(pexpect.EOF)
    game.close()
    assert game.exitstatus == 0


class SlowBot:
    label = "slow"

    def choose(self, hand: Hand, seat: int) -> Action:
        time.sleep(1.0)
        return hand.legal_actions()[0]


class QuickBot:
    label = "quick"

    def choose(self, hand: Hand, seat: int) -> Action:
        return hand.legal_actions()[0]


def test_a_slow_bot_is_shown_thinking_and_a_quick_one_is_not() -> None:
    import random

    from tonk_rules.table.table_setup import ruleset_for

    for bot, shown in ((SlowBot(), True), (QuickBot(), False)):
        hand = Hand.shuffled(ruleset_for("pagat"), ["Me", "Bot-2"], 0, random.Random(1))
        said: list[str] = []
        game = TerminalGame(hand, 0, {1: bot}, said.append, lambda prompt: "", "english", "pagat")
        assert hand.current == 1
        game.bot_turn()
        assert ("  Bot-2 is thinking…" in said) is shown
        assert said[-1].startswith("  Bot-2: ")


def test_seat_names_read_as_one_name_and_each_payer_pays_on_one_line() -> None:
    proc = run("play", "pagat", "--players", "Me,bot:greedy,bot:greedy", "--seed", "3", stdin="n\n")
    assert "Others: Greedy-2: 5 cards, Greedy-3: 5 cards" in proc.stdout
    names = ("Me", "Greedy-2", "Greedy-3")
    result = HandResult(Ending.KNOCK_CAUGHT, (1,), (20, 15, 30),
                        (Payment(0, 1, 2), Payment(0, 1, 2), Payment(0, 2, 1), Payment(2, 1, 1)), (-5, 5, 0), names)
    lines = result_lines(SimpleNamespace(result=result, players=names))  # type: ignore[arg-type]
    assert lines[2:4] == ["  Me pays 5: 4 to Greedy-2, 1 to Greedy-3", "  Greedy-3 pays 1 to Greedy-2"]
    assert len([line for line in lines if " pays " in line]) == 2


def test_discard_choices_are_listed_in_hand_order() -> None:
    import random

    from tonk_rules.table.table_setup import ruleset_for

    for seed in range(20):
        hand = Hand.shuffled(ruleset_for("russian"), ["Me", "Bot"], 1, random.Random(seed))
        if hand.over or Draw(Pile.STOCK) not in hand.legal_actions():
            continue
        hand.apply(Draw(Pile.STOCK))
        discards = [a.card for a in ordered_moves(hand) if isinstance(a, Discard)]
        assert discards == sorted(discards, key=lambda c: (c.suit, c.rank))
        assert len(discards) == len(hand.hands[hand.current])
        said: list[Any] = []
        TerminalGame(hand, hand.current, {}, said.append, lambda p: "", "english", "russian").show_table()
        mine = next(line for line in said if line.startswith("Your hand"))
        shown = mine.split(": ", 1)[1].split("   count")[0].split()
        assert shown == [str(c) for c in discards]


def test_a_sitting_ends_after_three_unclear_answers() -> None:
    seed, _ = winning_seed("pagat")
    proc = run("play", "pagat", "--players", "Ann,bot:greedy", "--seed", str(seed), stdin="knock\n1\n1\n1\n1\n")
    assert proc.returncode == 0 and proc.stdout.count("type y for another hand") == 3
    assert "You leave the table. Scores after 1 hand: Ann +1, Greedy-2 -1" in proc.stdout


def test_hands_played_into_a_session_export_without_the_house_file_s_folder_and_import(tmp_path: Path) -> None:
    """Played hands keep their record, which names the variant: the export names the house file by its file
    name alone, and the import settles each played hand again and takes it."""
    folder = tmp_path / "gm-private"
    folder.mkdir()
    house = folder / "house.yaml"
    house.write_text("extends: pagat\ntitle: Ours\ndescription: d\n", encoding="utf-8")
    ledger = tmp_path / "night.sqlite"
    assert run("session", "create", str(ledger), "--variant", str(house), "--players", "Me,G2,G3",
               "--currency", "c").returncode == 0
    sitting(hands=2, variant=str(house), players="Me,G2=bot:greedy,G3=bot:greedy", seed=3,
            ledger_path=str(ledger))
    text = run("session", "export", str(ledger), "--format", "json").stdout
    assert '"kind": "played"' in text and "gm-private" not in text and str(tmp_path) not in text
    (tmp_path / "e.json").write_text(text, encoding="utf-8")
    proc = run("session", "import", str(tmp_path / "copy.sqlite"), str(tmp_path / "e.json"))
    assert proc.returncode == 0 and "with 2 hand(s)" in proc.stdout, proc.stderr
