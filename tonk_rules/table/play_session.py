"""``tonk play`` set up: seats and bots, dealer and stakes (or a session ledger's), the deal, the record.

The seed is always printed, so any game can be dealt again: ``--seed`` fixes the deal and every bot choice.
"""

from __future__ import annotations

import random
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import click

from tonk_rules.engine.hand import Hand
from tonk_rules.errors import TableInputError
from tonk_rules.table.output_file import why_not_writable
from tonk_rules.table.play import QuitGame, TerminalGame
from tonk_rules.table.settle import parse_stakes
from tonk_rules.table.table_bots import make_bot, parse_players
from tonk_rules.table.table_setup import check_table_setup, resolve_variant_ref, ruleset_for
from tonk_rules.variant.loader import load_variant


def _ask(prompt: str) -> str:
    return input(prompt)


def run_terminal_game(*, variant: str, players: str, seed: int | None, dealer: str | None, stakes: list[str],
                      style: str | None, record_file: str | None, ledger_path: str | None,
                      echo: Callable[[str], None], misuse: Callable[[str], Exception],
                      ask: Callable[[str], str] = _ask, force: bool = False) -> Hand | None:
    """Set up and play one hand; record it where asked. Bad options raise ``misuse(message)``."""
    from tonk_rules.table.ledger import Ledger
    from tonk_rules.table.played import add_played_hand, write_record

    if record_file is not None and (why := why_not_writable(record_file, force=force)):
        raise misuse(f"--record {why}")  # found out before the hand, not after it
    if seed is not None and seed < 0:
        raise misuse(f"--seed {seed}: a seed is a whole number of at least 0")
    ref = resolve_variant_ref(variant, Path.cwd())
    loaded = load_variant(ref)
    try:
        seats = parse_players(players)
    except TableInputError as exc:
        raise misuse(str(exc)) from None
    names = [s.name for s in seats]
    ledger = Ledger.open(ledger_path) if ledger_path else None
    try:
        if ledger is not None:
            if loaded.digest != ledger.meta["variant_sha256"]:
                raise misuse(f"the session plays {ledger.variant_ref}, not {variant}")
            seated = ledger.seated()
            if names != [n for n, _ in seated]:
                raise misuse(f"--players must name the session's seats in order: {', '.join(n for n, _ in seated)}")
            if stakes or dealer:
                raise misuse("with --session the stakes and the dealer are the session's")
            dealer, stake_list = ledger.next_dealer(), [s for _, s in seated]
        else:
            try:
                stake_list = parse_stakes(stakes, tuple(names))
            except TableInputError as exc:
                raise misuse(str(exc)) from None
        if (why := check_table_setup(ref, names, stake_list)) is not None:
            raise misuse(why)
        dealer = dealer if dealer is not None else names[-1]
        if dealer not in names:
            raise misuse(f"--dealer {dealer}: not seated (seats: {', '.join(names)})")
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        rules = ruleset_for(ref)
        hand = Hand.shuffled(rules, names, names.index(dealer), random.Random(seed), stake_list)
        bots = {i: make_bot(s.spec, seed + i + 1, rules, len(seats)) for i, s in enumerate(seats) if s.spec is not None}
        person = next(i for i, s in enumerate(seats) if s.spec is None)
        shown = style or "unicode"
        echo(f"Tonk: {variant}, seed {seed} (tonk play ... --seed {seed} deals this hand again).")
        echo("Type 'help' for help.")
        game = TerminalGame(hand, person, bots, echo, ask, shown, variant)  # type: ignore[arg-type]
        if sys.stdin.isatty() and threading.current_thread() is threading.main_thread():
            # A person's Ctrl-C must stop the game even when tonk inherited SIGINT as ignored (started
            # from a script's background job, say): Python would otherwise never see it.
            signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            game.play()
        except (EOFError, QuitGame):
            echo("\nYou left the table: the hand is not finished, nothing was recorded.")
            return None
        except KeyboardInterrupt:
            echo("\nInterrupted: the hand is not finished, nothing was recorded.")
            raise click.exceptions.Exit(130) from None
        record = None
        if record_file is not None:
            try:
                record = write_record(hand, variant if ref == variant else str(Path(ref)), loaded.digest,
                                      record_file)
                echo(f"Hand record written to {record_file} (tonk replay {record_file}).")
            except TableInputError as exc:  # the folder went away during the hand: show the record, lose nothing
                import yaml

                from tonk_rules.records import hand_to_record

                record = hand_to_record(hand, variant if ref == variant else str(Path(ref)), loaded.digest)
                echo(f"{exc}; the hand record follows (save it as a .yaml file for tonk replay):")
                echo(yaml.safe_dump(record, sort_keys=False, allow_unicode=True, width=110))
        if ledger is not None:
            if record is None:
                from tonk_rules.records import hand_to_record

                record = hand_to_record(hand, variant if ref == variant else str(Path(ref)), loaded.digest)
            # recorded, or refused with the reason and the record kept in a file: never lost
            number = add_played_hand(ledger, hand, record, record_file)
            echo(f"Added to {ledger_path} as hand {number}; next dealer: {ledger.next_dealer()}.")
        return hand
    finally:
        if ledger is not None:
            ledger.close()
