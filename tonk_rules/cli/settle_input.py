"""The input and output of settling a hand at the command line, shared by ``tonk settle``, ``tonk session
record``, ``tonk event record`` and the corrections.

Public API: :func:`settle_options` (the options that describe a hand), :func:`how_it_ended` (those options as
one :class:`~tonk_rules.table.settle.HowItEnded`), :func:`print_result` (the settlement in words or JSON),
:func:`table_input` (the table tools' input errors as :class:`Misuse`), :func:`nfc_names` (seat names in NFC),
:class:`Misuse` (input that cannot be right: one line, exit status 2).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click


# --- settling --------------------------------------------------------------------------------------------
def settle_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options of `tonk settle`, shared by `tonk session record`."""
    options = [
        click.option("--hand", "hands", multiple=True, metavar="NAME=CARDS",
                     help="A player's remaining cards (all of them for --deal), in seat order; repeat per player."),
        click.option("--count", "counts", multiple=True, metavar="NAME=N",
                     help="Quick entry: a player's count instead of their cards (knock, stock out, out)."),
        click.option("--tonk", "tonks", multiple=True, metavar="NAME",
                     help="Quick entry with --deal: NAME holds a deal tonk (no cards needed); repeat per holder."),
        click.option("--deal", is_flag=True, help="Settle the deal check (tonk on the deal)."),
        # multiple: a second --knock or --out is refused by how_it_ended, never silently the last one
        click.option("--knock", multiple=True, metavar="NAME", help="NAME knocked."),
        click.option("--out", "out", multiple=True, metavar="NAME", help="NAME went out (their hand is empty)."),
        click.option("--no-discard", is_flag=True, help="With --out: without a final discard."),
        click.option("--new-spread", is_flag=True,
                     help="With --out --no-discard: the last cards were a new spread (not hits)."),
        click.option("--stock-out", is_flag=True, help="A player wanted to draw from the empty stock."),
        click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (as tonk replay --json)."),
    ]
    command = nfc_names(command)
    for option in reversed(options):
        command = option(command)
    return command


#: the options and arguments that hold seat names (NAME=CARDS, NAME=N, NAME, NAME,NAME)
_NAME_PARAMETERS = frozenset({"hands", "counts", "tonks", "knock", "out", "players", "stakes", "dealer",
                              "first_dealer", "name", "after"})


def nfc_names(command: Callable[..., None]) -> Callable[..., None]:
    """``command`` with every seat name given to it in NFC (:func:`~tonk_rules.table.names.canonical`): a name
    typed decomposed (``É`` as E and a combining accent, as macOS keyboards send it) is the seat's name."""
    import functools

    from tonk_rules.table.names import canonical

    def nfc(value: Any) -> Any:
        if isinstance(value, str):
            return canonical(value)
        if isinstance(value, tuple):
            return tuple(canonical(v) if isinstance(v, str) else v for v in value)
        return value

    @functools.wraps(command)
    def normalised(**kwargs: Any) -> None:
        command(**{k: nfc(v) if k in _NAME_PARAMETERS else v for k, v in kwargs.items()})

    return normalised


def how_it_ended(deal: bool, knocks: tuple[str, ...], outs: tuple[str, ...], no_discard: bool, new_spread: bool,
         stock_out: bool) -> Any:
    from tonk_rules.table.settle import HowItEnded

    for option, given in (("--knock", knocks), ("--out", outs)):
        if len(given) > 1:
            raise Misuse(f"{option} is given {len(given)} times ({', '.join(given)}): a hand ends once, "
                         f"give one {option} NAME").worded("ending_twice", option=option, n=len(given),
                                                           names=", ".join(given))
    knock = knocks[0] if knocks else None
    out = outs[0] if outs else None
    chosen = [name for name, on in (("--deal", deal), ("--knock", knock is not None), ("--out", out is not None),
                                    ("--stock-out", stock_out)) if on]
    if len(chosen) != 1:
        raise Misuse("say how the hand ended: one of --deal, --knock NAME, --out NAME, --stock-out"
                     + (f" (not {' and '.join(chosen)})" if chosen else "")).worded(
            "several_endings" if chosen else "no_ending", chosen=" and ".join(chosen), chosen_ru=" и ".join(chosen))
    if (no_discard or new_spread) and out is None:
        raise Misuse("--no-discard and --new-spread describe --out NAME").worded("out_flags")
    if new_spread and not no_discard:
        # a discard ends the hand as out by discard whatever was laid before it: the flag would change nothing
        raise Misuse("--new-spread describes going out without a discard: give it with --no-discard "
                     "(going out by a discard pays the same whatever was laid that turn)").worded("new_spread_alone")
    if deal:
        return HowItEnded("deal")
    if knock is not None:
        return HowItEnded("knock", knock)
    if out is not None:
        return HowItEnded("out", out, by_discard=not no_discard, new_spread=new_spread)
    return HowItEnded("stock_out")


def print_result(result: Any, as_json: bool, currency: str | None = None, style: str = "unicode",
                 lang: str = "en") -> None:
    from tonk_rules.cli.terminal import plain
    from tonk_rules.table.settle import describe

    if as_json:
        click.echo(json.dumps(result.to_json(style), indent=2, ensure_ascii=False))
    else:
        for line in describe(result, currency, lang):
            click.echo(plain(line))


class Misuse(click.ClickException):
    """Input that cannot be right: one line (no usage text) and exit status 2."""

    exit_code = 2
    cause: Exception | None = None  # the table input's refusal it says, where it is one
    #: the key of its words in another language and their values (``tonk event`` says it in the event's)
    words: tuple[str, dict[str, Any]] | None = None

    def worded(self, key: str, /, **values: Any) -> Misuse:
        """This misuse, with the key of its words elsewhere (:mod:`tonk_rules.cli.event_lines`)."""
        self.words = (key, values)
        return self


def table_input(fn: Callable[[], Any]) -> Any:
    from tonk_rules.errors import SetupError, TableInputError

    try:
        return fn()
    except (TableInputError, SetupError) as exc:
        misuse = Misuse(str(exc))
        misuse.cause = exc  # its code: an event's language says it from that
        raise misuse from None


def once_options(command: Callable[..., None]) -> Callable[..., None]:
    """``--key`` and ``--expect``: what keeps a hand typed in a terminal from doubling one a phone sends."""
    command = click.option("--expect", type=click.IntRange(min=1), metavar="N",
                           help="Record the hand only as hand N: refused if another writer (a phone, another "
                                "terminal) recorded a hand meanwhile.")(command)
    return click.option("--key", metavar="KEY", help="An idempotency key: a second command with the same key "
                        "records nothing and names the hand it recorded.")(command)


def record_once(led: Any, entry: Any, key: str | None, expect: int | None,
                money: list[Any] | None = None) -> tuple[int, bool]:
    """``entry`` recorded once: (its number, False), or (the number of the hand holding ``key``, True)."""
    from dataclasses import replace

    from tonk_rules.ledger.session_ledger import AlreadyRecorded

    if key is not None:
        if not key.strip() or len(key) > 80 or any(not ch.isprintable() for ch in key):
            raise click.BadParameter("1 to 80 printable characters", param_hint="--key")
        entry = replace(entry, detail={**entry.detail, "submission": key})
    try:
        return led.record(entry, expected=expect, money=money), False
    except AlreadyRecorded as done:
        return done.number, True
