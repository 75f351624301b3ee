"""A ledger back in from its JSON export: read hardened, checked by the model, then replayed and compared.

The import is all or nothing. The export is read by :mod:`tonk_rules.jsonio` (duplicate keys, depth),
validated by :class:`LedgerExport` (integers, endings, stakes, names), then its events are replayed through
the ledger's own methods into a new file beside the target — the variant's seat minimum, the numbering, the
dealer chain and the undo targets are checked there as they are at the table — and the result must export
to exactly the data given (so balances are the sum of the payments, nets those of each hand). Only then is
the file moved into place; a refused import leaves no file.

    >>> import tempfile, pathlib
    >>> from tonk_rules.ledger.session_ledger import HandEntry, Ledger
    >>> from tonk_rules.ledger.export import export_json
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> ledger = Ledger.create(folder / "a.sqlite", variant_ref="pagat", seats=["Ann", "Bob"], stakes=[2, 2],
    ...                        currency="chips")
    >>> _ = ledger.record(HandEntry("settled", "knock_won", ("Ann", "Bob"), (2, 2), (3, 9), ("Ann",), "Ann",
    ...                             (("Bob", "Ann", 2),)))
    >>> copy = import_json(folder / "b.sqlite", export_json(ledger))
    >>> export_json(copy) == export_json(ledger)
    True
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tonk_rules.errors import LedgerError
from tonk_rules.jsonio import JsonReadError, read_json_text
from tonk_rules.ledger.db import discard_new
from tonk_rules.ledger.export import EXPORT_FORMAT, export_data
from tonk_rules.ledger.export_model import Event, Hand, LedgerExport, Rules
from tonk_rules.ledger.money import Movement
from tonk_rules.ledger.resettle import why_not_as_settled
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.ledger.stored_rules import StoredRules


def _where(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out or "the top level"


def parse_export(text: str, file: str = "the export") -> LedgerExport:
    """The export in ``text``, checked by the hardened reader and the model (no ledger is touched)."""
    try:
        data = read_json_text(file, text)
    except JsonReadError as exc:
        raise LedgerError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise LedgerError(f"{file}: not a ledger export of this version (expected format {EXPORT_FORMAT}"
                          + (f", found {found!r}" if isinstance(found, str) else "") + "); give the file "
                          "`tonk session export --format json` wrote")
    try:
        return LedgerExport.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        more = f" (and {exc.error_count() - 1} more problem(s))" if exc.error_count() > 1 else ""
        shown = first["input"] if isinstance(first["input"], bool | int | float) else type(first["input"]).__name__
        raise LedgerError(f"{file}: at {_where(tuple(first['loc']))}: {first['msg'].lower()} "
                          f"(got {shown}){more}") from None


def _rules(rules: Rules) -> StoredRules:
    return StoredRules.from_data(rules.ref, rules.variant, rules.sha256)


def _entry(event: Event, hand: Hand | None = None) -> HandEntry:
    hand = hand or event.hand
    if hand is None:
        raise LedgerError(f"event {event.event}: a hand event without its hand")
    names = hand.players
    for what, keys in (("stakes", hand.stakes), ("counts", hand.counts), ("net", hand.net)):
        if list(keys) != names:
            raise LedgerError(f"hand {hand.number}: its {what} are not given for its players in seat order")
    named = [*hand.winners, *(n for p in hand.payments for n in (p.payer, p.to)), *filter(None, [hand.knocker])]
    for name in named:
        if name not in names:
            raise LedgerError(f"hand {hand.number}: {name} is named but not one of its players")
    net = dict.fromkeys(names, 0)
    for p in hand.payments:
        net[p.payer] -= p.amount
        net[p.to] += p.amount
    if net != hand.net:
        raise LedgerError(f"hand {hand.number}: its nets are not the sum of its payments")
    return HandEntry(hand.kind, hand.ending, tuple(names), tuple(hand.stakes[n] for n in names),
                     tuple(hand.counts[n] for n in names), tuple(hand.winners), hand.knocker,
                     tuple((p.payer, p.to, p.amount) for p in hand.payments), hand.detail, dealer=hand.dealer)


def _replay(ledger: Ledger, event: Event, corrected_later: bool = False) -> None:
    """One event, through the method the table used; it must come out as the export says. ``corrected_later``:
    the export holds corrections of their own further on, which change the dealers of the hands between
    (an export shows them as they stand now): the dealers then come from the chain as it stood, and the
    comparison of the whole at the end checks them."""
    if event.kind == "hand" and (event.corrections or event.original is not None):
        _replay_corrected(ledger, event)
    elif event.kind == "hand" and corrected_later:
        from dataclasses import replace

        entry = _entry(event)
        assert event.hand is not None
        if why := why_not_as_settled(ledger.rules, event.hand):
            raise LedgerError(f"hand {event.hand.number}: {why}; the export was edited or damaged (export again "
                              "with `tonk session export --format json`)")
        ledger.record(replace(entry, dealer=None) if entry.kind == "settled" else entry, at=event.hand.recorded_at,
                      money=_moved(event))
    elif event.kind == "hand":
        entry = _entry(event)
        assert event.hand is not None
        # the rules in force now (the replayed changes of rules included) settle the hand again
        if why := why_not_as_settled(ledger.rules, event.hand):
            raise LedgerError(f"hand {event.hand.number}: {why}; the export was edited or damaged (export again "
                              "with `tonk session export --format json`)")
        number = ledger.record(entry, at=event.hand.recorded_at, money=_moved(event))
        if number != event.hand.number:
            raise LedgerError(f"hand {event.hand.number} comes where the ledger numbers the next hand {number}: "
                              "hands are numbered 1, 2, 3, … without gaps")
        if ledger.next_dealer() != event.hand.next_dealer:
            raise LedgerError(f"hand {number}: after it {ledger.next_dealer()} deals under the session's rules, "
                              f"not {event.hand.next_dealer}")
    elif event.kind in ("join", "leave"):
        if event.name is None:
            raise LedgerError(f"event {event.event}: a {event.kind} without the player's name")
        if event.kind == "join":
            ledger.join(event.name, stake=event.stake, after=event.after, player=event.player, at=event.at)
        else:
            ledger.leave(event.name, at=event.at)
    elif event.kind == "rules":
        if event.rules is None:
            raise LedgerError(f"event {event.event}: a change of rules without the rules")
        ledger.change_rules(_rules(event.rules), at=event.at)
    elif event.kind == "correct":
        _replay_correction(ledger, event)
    elif event.kind == "money":
        from tonk_rules.ledger.money import replay_money

        replay_money(ledger, event.money, event.at)
    else:
        took = ledger.undo(at=event.at)
        if took["event"] != event.undoes:
            raise LedgerError(f"event {event.event}: the undo takes back event {took['event']}, "
                              f"not {event.undoes}")
    last = int(ledger.db.execute("SELECT MAX(id) FROM events").fetchone()[0])
    if last != event.event:
        raise LedgerError(f"event {event.event} comes where the ledger numbers the next event {last}: "
                          "events are numbered 1, 2, 3, … in order")


def _replay_corrected(ledger: Ledger, event: Event) -> None:
    """A corrected hand: recorded as first recorded, then corrected as the export says, each step settled again
    (the dealers come from the chain, recomputed after each correction; the final comparison checks them)."""
    from dataclasses import replace

    from tonk_rules.ledger.corrections import amend_hand, rules_at, void_hand

    original = event.original
    if original is None:
        raise LedgerError(f"event {event.event}: a corrected hand without the hand as first recorded")
    if why := why_not_as_settled(ledger.rules, original):
        raise LedgerError(f"hand {original.number}: {why}; the export was edited or damaged")
    entry = _entry(event, original)
    number = ledger.record(replace(entry, dealer=None) if entry.kind == "settled" else entry, at=original.recorded_at,
                           money=_moved(event))
    for fix in event.corrections or []:  # corrections an earlier version kept with the hand, without an event
        if fix.kind == "void":
            void_hand(ledger, number, fix.reason, at=fix.at, own_event=False)
            continue
        if fix.amended is None:
            raise LedgerError(f"hand {number}: an amend without the amended hand")
        if why := why_not_as_settled(rules_at(ledger, number).ruleset, fix.amended):
            raise LedgerError(f"hand {number} as amended: {why}; the export was edited or damaged")
        amend_hand(ledger, number, replace(_entry(event, fix.amended), dealer=None), fix.reason, at=fix.at,
                   own_event=False)


def _replay_correction(ledger: Ledger, event: Event) -> None:
    """A correction that is an event of its own, made again where it was made (settled again, as any amend)."""
    from dataclasses import replace

    from tonk_rules.ledger.corrections import amend_hand, rules_at, void_hand

    fix, number = event.correction, event.number
    if fix is None or number is None:
        raise LedgerError(f"event {event.event}: a correction without its hand or what it did")
    if fix.kind == "void":
        void_hand(ledger, number, fix.reason, at=fix.at)
        return
    if fix.amended is None:
        raise LedgerError(f"hand {number}: an amend without the amended hand")
    if why := why_not_as_settled(rules_at(ledger, number).ruleset, fix.amended):
        raise LedgerError(f"hand {number} as amended: {why}; the export was edited or damaged")
    amend_hand(ledger, number, replace(_entry(event, fix.amended), dealer=None), fix.reason, at=fix.at,
               money=_moved(event))


def _moved(event: Event) -> list[Movement]:
    """What the economy moved with a hand or a correction, as the export carries it (checked row by row)."""
    return [Movement.of(row) for row in event.moved or []]


def _first_difference(made: dict[str, Any], given: dict[str, Any]) -> str:
    for key in ("balances", "next_dealer", "players", "hands", *given):
        if made.get(key) != given[key]:
            return key
    return "?"


def import_json(path: str | Path, text: str, file: str = "the export") -> Ledger:
    """A new ledger at ``path`` holding exactly what ``text`` (an export) holds, or an error and no file."""
    path = Path(path)
    export = parse_export(text, file)
    given = json.loads(text)
    if path.exists() or path.is_symlink():
        raise LedgerError(f"{path}: already exists; import into a new file")
    work = path.with_name(f".{path.name}.import-{os.getpid()}")
    ledger: Ledger | None = None
    try:
        start = export.start
        ledger = Ledger.create(work, rules=_rules(start.rules), seats=[s.name for s in start.seats],
                               stakes=[s.stake for s in start.seats], currency=export.currency,
                               first_dealer=start.first_dealer, title=export.title,
                               players=[s.player for s in start.seats], created=export.created)
        ledger.db.execute("PRAGMA synchronous = OFF")  # a scratch file until the rename below: sync once, at the end
        for i, event in enumerate(export.events):
            try:
                _replay(ledger, event, any(e.kind == "correct" for e in export.events[i + 1:]))
            except LedgerError as exc:  # said of the scratch file: said here of the event instead
                said = str(exc).replace(f"{work}: ", "")
                raise LedgerError(f"event {event.event} ({event.kind}): {said}") from None
        made = json.loads(json.dumps(export_data(ledger)))
        if made != given:
            key = _first_difference(made, given)
            what = {"balances": "the balances are not the sum of the payments",
                    "hands": "the hands are not what the events record (numbers, dealers, nets)",
                    "next_dealer": "the next dealer is not who the dealer chain gives",
                    "players": "the players are not those the events seat"}.get(key, f"its {key!r} does not match")
            raise LedgerError(f"{what}: the export was edited or damaged (export again with "
                              "`tonk session export --format json`)")
        ledger.db.execute("PRAGMA synchronous = FULL")
        ledger.close()
        ledger = None
        try:
            os.link(work, path)  # never replaces a file that appeared meanwhile
        except FileExistsError:
            raise LedgerError(f"{path}: already exists; import into a new file") from None
        except OSError as exc:
            raise LedgerError(f"{path}: cannot create the ledger: {exc.strerror}") from None
        discard_new(work, None)
        return Ledger.open(path)
    except BaseException:
        discard_new(work, ledger.db if ledger is not None else None)
        raise
