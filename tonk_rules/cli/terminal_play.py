"""``tonk play`` set up: seats and bots, dealer and stakes (or a session ledger's), the deals, the records.

A sitting is hand after hand, with running scores, until the person answers no (or input ends). The seed is
always printed, so any hand can be dealt again: ``--seed`` fixes the deals and every bot choice (hand N is
dealt from seed + N - 1, by the dealer the rules pass the deal to, or the session's next dealer).
"""

from __future__ import annotations

import contextlib
import itertools
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from tonk_rules.engine.hand import Hand
from tonk_rules.errors import TableInputError
from tonk_rules.outputs import ledger_inputs, variant_inputs, why_not_writable, why_replaces_input
from tonk_rules.sim import background_tuning
from tonk_rules.table.house_tuning import HouseTuning, Starter, bots_source
from tonk_rules.table.play import QuitGame, TerminalGame
from tonk_rules.table.play_table import PlayTable, fresh_seed
from tonk_rules.table.stake_options import parse_stakes
from tonk_rules.table.table_bots import DEFAULT_BOT, check_spec, default_seats, parse_players
from tonk_rules.table.table_setup import first_dealer, resolve_variant_ref, ruleset_for
from tonk_rules.variant.loader import load_variant

if TYPE_CHECKING:
    from tonk_rules.ledger.session_ledger import Ledger


def _ask(prompt: str) -> str:
    return input(prompt)


def _line_editing() -> None:
    """Arrow keys, editing and a history of moves for ``input`` at a terminal (``readline`` where Python has
    it; without it, input still works, unedited)."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (importing it is what turns line editing on for input())


ANOTHER = "Another hand? (y/n): "
_YES, _NO = ("y", "yes", "д", "да"), ("n", "no", "н", "нет", "q", "quit", "exit", "выход")


#: Unclear answers to "Another hand?" before the sitting ends (a script still typing moves must not loop).
UNCLEAR_ANSWERS = 3


def _another(ask: Callable[[str], str], echo: Callable[[str], None], explain: Callable[[], None]) -> bool:
    """Whether the person wants another hand; end of input, or :data:`UNCLEAR_ANSWERS` answers that are
    neither yes nor no, are no. ``why`` here explains the bots' last moves (a knock that ended the hand)."""
    unclear = 0
    while unclear < UNCLEAR_ANSWERS:
        try:
            answer = ask(ANOTHER)
        except EOFError:
            echo("")
            return False
        word = answer.strip().lower() if len(answer) <= 20 else ""
        if word in _YES:
            return True
        if word in _NO:
            return False
        if word in ("why", "почему"):
            explain()
            continue
        unclear += 1
        echo("  type y for another hand, n to leave the table (or why: why the bots played as they did)")
    return False


def _record_path(record_file: str, number: int) -> str:
    """Hand 1 goes to ``--record`` itself; hand N to the same name with ``-N`` before the suffix."""
    if number == 1:
        return record_file
    path = Path(record_file)
    return str(path.with_name(f"{path.stem}-{number}{path.suffix}"))


def _scores_line(scores: dict[str, int], hands: int) -> str:
    noun = "hand" if hands == 1 else "hands"
    return f"Scores after {hands} {noun}: " + ", ".join(f"{name} {net:+d}" for name, net in scores.items())


def _note(line: str) -> None:
    click.echo(line, err=True)


def run_terminal_game(*, variant: str, players: str | None, seed: int | None, dealer: str | None, stakes: list[str],
                      style: str | None, record_file: str | None, ledger_path: str | None,
                      echo: Callable[[str], None], misuse: Callable[[str], Exception],
                      ask: Callable[[str], str] = _ask, force: bool = False,
                      note: Callable[[str], None] = _note, starter: Starter = background_tuning.start) -> Hand | None:
    """Set up and play hands until the person leaves, with running scores; record each where asked (hand 1
    in ``--record FILE`` itself, hand N after it in ``FILE-N``). Bad options raise ``misuse(message)``.
    What the bots' values are while the rules are tuned (:mod:`tonk_rules.table.house_tuning`, its tuning
    child started by ``starter``) is said by ``note`` (stderr). Returns the last finished hand."""
    from tonk_rules.ledger.session_ledger import Ledger

    if record_file is not None and (why := why_not_writable(record_file, force=force)):
        raise misuse(f"--record {why}")  # found out before the hand, not after it
    if seed is not None and seed < 0:
        raise misuse(f"--seed {seed}: a seed is a whole number of at least 0")
    ref = resolve_variant_ref(variant, Path.cwd())
    loaded = load_variant(ref)
    try:  # no --players: the person against the default player at the variant's usual table
        seats = parse_players(players) if players is not None else default_seats(ruleset_for(ref))
    except TableInputError as exc:
        raise misuse(str(exc)) from None
    names = [s.name for s in seats]
    inputs = variant_inputs(loaded.chain) + (ledger_inputs(ledger_path) if ledger_path else [])
    if record_file is not None and (why := why_replaces_input(record_file, inputs)):
        raise misuse(f"--record {why}")
    if ledger_path and Path(ledger_path).is_file():
        from tonk_rules.ledger import health as ledger_health

        if why := ledger_health.why_not_writable(ledger_path):  # said before the hand is played, not after it
            raise ledger_health.read_only(ledger_path, why)
    ledger = Ledger.open(ledger_path) if ledger_path else None
    bot_values: HouseTuning | None = None
    try:
        if ledger is not None:
            if loaded.digest != ledger.meta["variant_sha256"]:
                raise misuse(f"the session plays {ledger.variant_ref}, not {variant}")
            seated = ledger.seated()
            if names != [n for n, _ in seated]:
                given = "--players must name" if players is not None else "with --session, --players names"
                raise misuse(f"{given} the session's seats in order: {', '.join(n for n, _ in seated)}")
            if stakes or dealer:
                raise misuse("with --session the stakes and the dealer are the session's")
            dealer, stake_list = ledger.next_dealer(), [s for _, s in seated]
        else:
            try:
                stake_list = parse_stakes(stakes, tuple(names))
            except TableInputError as exc:
                raise misuse(str(exc)) from None
        try:
            dealer = first_dealer(ref, names, stake_list, dealer)
        except TableInputError as exc:
            raise misuse(str(exc)) from None
        seed = seed if seed is not None else fresh_seed()
        rules = ruleset_for(ref)
        person = next(i for i, s in enumerate(seats) if s.spec is None)
        shown = style or "unicode"
        echo(f"Tonk: {variant}, seed {seed} (tonk play ... --seed {seed} deals this hand again).")
        if players is None:
            opponents = [s.name for s in seats if s.spec is not None]
            echo(f"You play against {_and(opponents)}, the default player ({DEFAULT_BOT}, tuned to these rules): "
                 f"{len(seats)} players in all (choose other seats with --players).")
        echo("Type 'help' for help, 'why' after a bot's move to hear why it played it.")
        if ask is _ask:
            _line_editing()
        if sys.stdin.isatty() and threading.current_thread() is threading.main_thread():
            # A person's Ctrl-C must stop the game even when tonk inherited SIGINT as ignored (started
            # from a script's background job, say): Python would otherwise never see it.
            signal.signal(signal.SIGINT, signal.default_int_handler)
        bot_values = HouseTuning(variant, ref, loaded.chain, rules, len(seats),
                                 [check_spec(s.spec) for s in seats if s.spec is not None], note, starter)
        bot_values.begin()
        # the sitting: seats, deals, bots and scores are the session API's (web play asks the same one)
        table = PlayTable(rules, seats, seed=seed, dealer=names.index(dealer), stakes=stake_list)
        scores = dict.fromkeys(names, 0)
        won = dict.fromkeys(names, 0)  # hands won, for a match to N hands won (scoring.mode: wins)
        last: Hand | None = None
        finished = 0
        for number in itertools.count(1):
            hand_seed = (seed + number - 1) % 2**64
            if number > 1:
                if ledger is not None:
                    if [n for n, _ in ledger.seated()] != names:
                        echo("The session's seats changed (a join or a leave): start `tonk play` again with them.")
                        break
                    dealer = ledger.next_dealer()
                else:
                    dealer = names[table.dealer or 0]
                echo("")
                echo(f"Hand {number}: seed {hand_seed}, {dealer} deals (tonk play ... --seed {hand_seed} "
                     f"--dealer {dealer} deals it again).")
                bot_values.before_hand()
            hand = table.deal(names.index(dealer))
            bots = table.bots
            path = None if record_file is None else _record_path(record_file, number)
            if path is not None and number > 1 and (why := why_not_writable(path, force=force)
                                                    or why_replaces_input(path, inputs)):
                echo(f"(this hand is not written to a file: {why}; its record is shown when it ends)")
                path = ""
            game = TerminalGame(hand, person, bots, echo, ask, shown, variant,  # type: ignore[arg-type]
                                mover=table.move)
            try:
                game.play()
            except (EOFError, QuitGame):
                echo("\nYou left the table: the hand is not finished, nothing was recorded.")
                break
            except KeyboardInterrupt:
                echo("\nInterrupted: the hand is not finished, nothing was recorded.")
                _leave_interrupted(echo, scores, finished)
            source = bots_source([(names[i], bot.label) for i, bot in bots.items()], bot_values.source_note())
            _keep(hand, ref, variant, loaded.digest, path, ledger, ledger_path, echo, source)
            last, finished = hand, finished + 1
            scores = dict(zip(names, table.scores, strict=True))
            echo(_scores_line(scores, finished))
            if rules.wins_target is not None and hand.result is not None:  # a match: it ends at the hands it takes
                for seat in hand.result.winners:
                    won[names[seat]] += 1
                echo("Hands won: " + ", ".join(f"{name} {n}" for name, n in won.items())
                     + f" (the match is to {rules.wins_target})")
                if winners := [name for name, n in won.items() if n >= rules.wins_target]:
                    echo(f"{_and(winners)} won the match.")
                    break
            try:
                again = _another(ask, echo, game.explain)
            except KeyboardInterrupt:  # Ctrl-C at "Another hand?": a no, with the scores so far
                echo("")
                _leave_interrupted(echo, scores, finished)
            if not again:
                break
        if finished:
            echo(f"You leave the table. {_scores_line(scores, finished)}")
        return last
    finally:
        if bot_values is not None:
            bot_values.end()
        if ledger is not None:
            ledger.close()


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _leave_interrupted(echo: Callable[[str], None], scores: dict[str, int], finished: int) -> NoReturn:
    """Ctrl-C at any prompt: the scores so far, then exit status 130 (as for any interrupted command)."""
    if finished:
        echo(f"You leave the table. {_scores_line(scores, finished)}")
    raise click.exceptions.Exit(130)


def _keep(hand: Hand, ref: str, variant: str, digest: str, path: str | None, ledger: Ledger | None,
          ledger_path: str | None, echo: Callable[[str], None], source: str) -> None:
    """Write the finished hand's record (``path``; "" shows it instead) and add it to the session, if any;
    ``source``: the bots and the parameters they played."""
    from tonk_rules.ledger.played_hands import add_played_hand, write_record

    record = None
    if path is not None:
        try:
            if not path:
                raise TableInputError("not written")
            record = write_record(hand, variant if ref == variant else str(Path(ref)), digest, path, source)
            echo(f"Hand record written to {path} (tonk replay {path}).")
        except TableInputError as exc:  # the folder went away during the hand: show the record, lose nothing
            import yaml

            from tonk_rules.records import hand_to_record

            record = hand_to_record(hand, variant if ref == variant else str(Path(ref)), digest, source=source)
            echo(f"{exc}; the hand record follows (save it as a .yaml file for tonk replay):")
            echo(yaml.safe_dump(record, sort_keys=False, allow_unicode=True, width=110))
    if ledger is not None:
        if record is None:
            from tonk_rules.records import hand_to_record

            record = hand_to_record(hand, variant if ref == variant else str(Path(ref)), digest, source=source)
        # recorded, or refused with the reason and the record kept in a file: never lost
        number = add_played_hand(ledger, hand, record, path or None)
        echo(f"Added to {ledger_path} as hand {number}; next dealer: {ledger.next_dealer()}.")
