"""Corrections: the game master voids or amends any earlier hand, and the ledger keeps both versions.

Undo takes back only the last event; a correction reaches any hand that stands. The hand keeps its number;
its original (result, payments) and the correction (what, why, when) go into the ``corrections`` table,
keyed by the hand's event (never reused, so a hand undone later keeps its corrections and a new hand of the
same number has none). A voided hand pays nothing and passes no deal; an amended hand pays what the Ruleset
settles from the amended input (:func:`tonk_rules.ledger.settled_entry.settle_entry`, under the rules in force
when the hand was played). Then the dealers are recomputed from the first hand on, with the variant's own
dealer rule, over the joins, leaves and rules changes as they happened.

    >>> import tempfile, pathlib
    >>> from tonk_rules.ledger.session_ledger import HandEntry, Ledger
    >>> led = Ledger.create(pathlib.Path(tempfile.mkdtemp()) / "t.sqlite", variant_ref="russian",
    ...                     seats=["Ann", "Bob"], stakes=[1, 1], currency="crowns")
    >>> _ = led.record(HandEntry("settled", "knock_won", ("Ann", "Bob"), (1, 1), (3, 9), ("Ann",), "Ann",
    ...                          (("Bob", "Ann", 1),)))
    >>> void_hand(led, 1, "recorded by mistake")["said"]
    'voided hand 1 (knock won, won by Ann)'
    >>> led.balances(), led.next_dealer()
    ({'Ann': 0, 'Bob': 0}, 'Ann')
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.db import allow_new_event_kinds
from tonk_rules.ledger.dealer_chain import CORRECTIONS_TABLE, correction_rows, has_corrections
from tonk_rules.ledger.dealer_chain import recompute_dealers as chain_recompute
from tonk_rules.ledger.dealer_chain import rules_at as chain_rules_at
from tonk_rules.ledger.dealer_chain import voided_events as voided_of
from tonk_rules.ledger.money import Movement, reversed_rows, rows_of, write_rows
from tonk_rules.ledger.session_ledger import HandEntry, Ledger
from tonk_rules.ledger.state_rows import log_event, now
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.ledger.undo import describe_hand
from tonk_rules.words.ledger_lines import ending, local_time, ru, winners

MAX_REASON = 200


def _has_table(led: Ledger) -> bool:
    return has_corrections(led.db)


def corrections(led: Ledger) -> list[dict[str, Any]]:
    """Every correction, oldest first: ``{"id", "event", "hand", "kind", "reason", "original", "amended", "at"}``."""
    return correction_rows(led.db)


def voided_events(led: Ledger) -> set[int]:
    return voided_of(led.db)


def _hand_event(led: Ledger, number: int) -> int:
    row = led.db.execute("SELECT id FROM events WHERE kind = 'hand' AND undone_by IS NULL AND after_hand = ?",
                         (number - 1,)).fetchone()
    if row is None or not led.hands(number):
        raise LedgerError(f"there is no hand {number} (hands: 1 to {led.hand_count()})").coded(
            "no_hand", number=number, hands=led.hand_count())
    return int(row[0])


def _check_reason(reason: str) -> str:
    # one line, whatever was typed or pasted: a line break would forge a line of the history and the exports
    reason = " ".join("".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in reason).split())
    if not reason or len(reason) > MAX_REASON:
        raise LedgerError(f"say why the hand is corrected (1 to {MAX_REASON} characters)").coded("no_reason",
                                                                                                 most=MAX_REASON)
    return reason


def void_hand(led: Ledger, number: int, reason: str, *, at: str | None = None,
              own_event: bool = True) -> dict[str, Any]:
    """Void hand ``number``: it pays nothing and passes no deal; the dealers after it are recomputed; what the
    economy moved with it (the bank's cut, IOUs) is given back by the correction's event."""
    reason = _check_reason(reason)
    with led.transaction():
        event = _hand_event(led, number)
        if event in voided_events(led):
            raise LedgerError(f"hand {number} is already void").coded("already_void", number=number)
        hand = led.hands(number)[0]
        led.db.execute(CORRECTIONS_TABLE)
        at = at or now()
        cursor = led.db.execute("INSERT INTO corrections (event, hand, kind, reason, original, amended, at) "
                                "VALUES (?, ?, 'void', ?, ?, NULL, ?)", (event, number, reason, _json(hand), at))
        led.db.execute("DELETE FROM payments WHERE hand = ?", (number,))
        if own_event:
            made = _log_correction(led, int(cursor.lastrowid or 0), event, number, "void", reason, hand, None, at)
            write_rows(led.db, made, reversed_rows(rows_of(led.db, hand=event)), hand=event)
        recompute_dealers(led)
    return {"hand": number, "said": f"voided {describe_hand(hand)}"}


def amend_hand(led: Ledger, number: int, entry: HandEntry, reason: str, *, at: str | None = None,
               money: list[Movement] | None = None, own_event: bool = True) -> dict[str, Any]:
    """Replace hand ``number``'s result by ``entry`` (settled for the same players and stakes). ``money``: what
    the correction's event moves (what the economy moved with the hand given back, and what it moves with the
    amended hand); None: only given back (a ledger without an economy moves nothing). ``own_event=False``: a
    correction an earlier version made, replayed by an import as that version kept it (no event of its own)."""
    reason = _check_reason(reason)
    with led.transaction():
        event = _hand_event(led, number)
        if event in voided_events(led):
            raise LedgerError(f"hand {number} is void: a void hand is not amended").coded("void_not_amended",
                                                                                            number=number)
        hand = led.hands(number)[0]
        if hand["kind"] != "settled":
            raise LedgerError(f"hand {number} was played in the engine from a hand record: void it instead").coded(
                "played_not_amended", number=number)
        if list(entry.seats) != hand["players"] or list(entry.stakes) != [hand["stakes"][n] for n in hand["players"]]:
            raise LedgerError(f"the amended hand must have hand {number}'s players and stakes "
                              f"({', '.join(hand['players'])})").coded("amend_players", number=number,
                                                                      names=tuple(hand["players"]))
        led.db.execute("UPDATE hands SET ending = ?, counts = ?, winners = ?, knocker = ?, detail = ? "
                       "WHERE number = ?",
                       (entry.ending, _json(dict(zip(entry.seats, entry.counts, strict=True))),
                        _json(list(entry.winners)), entry.knocker, _json(entry.detail), number))
        led.db.execute("DELETE FROM payments WHERE hand = ?", (number,))
        led.db.executemany("INSERT INTO payments (hand, payer, receiver, amount) VALUES (?, ?, ?, ?)",
                           [(number, p, r, a) for p, r, a in entry.payments])
        amended = led.hands(number)[0]
        led.db.execute(CORRECTIONS_TABLE)
        at = at or now()
        cursor = led.db.execute("INSERT INTO corrections (event, hand, kind, reason, original, amended, at) "
                                "VALUES (?, ?, 'amend', ?, ?, ?, ?)",
                                (event, number, reason, _json(hand), _json(amended), at))
        if own_event:
            made = _log_correction(led, int(cursor.lastrowid or 0), event, number, "amend", reason, hand, amended,
                                   at)
            write_rows(led.db, made, reversed_rows(rows_of(led.db, hand=event)) if money is None else money,
                       hand=event)
        recompute_dealers(led)
    return {"hand": number, "said": f"amended {describe_hand(hand)} to {describe_hand(amended)}"}


def _log_correction(led: Ledger, correction: int, hand_event: int, number: int, kind: str, reason: str,
                    original: dict[str, Any], amended: dict[str, Any] | None, at: str) -> int:
    """The correction as an event of its own (kind ``correct``): the last change at the table, which the
    console's undo takes back (:func:`take_back_correction`); it holds what the correction row holds, so the
    history and an export keep it after it is taken back."""
    allow_new_event_kinds(led.db)
    return log_event(led.db, "correct", None, {"correction": correction, "hand_event": hand_event, "hand": number,
                                               "kind": kind, "reason": reason, "original": original,
                                               "amended": amended}, at)


def correction_events(led: Ledger) -> set[int]:
    """The corrections that have an event of their own (written by this version: the export carries them at
    that event, not at their hand)."""
    return {int(json.loads(text)["correction"]) for (text,) in led.db.execute(
        "SELECT detail FROM events WHERE kind = 'correct'")}


def rules_at(led: Ledger, number: int) -> StoredRules:
    """The rules hand ``number`` was played under (a rules change counts from the hand after it)."""
    return chain_rules_at(led.db, number)


def recompute_dealers(led: Ledger) -> None:
    """Every hand's dealer and the next dealer again, from the first dealer on (inside a transaction); see
    :func:`tonk_rules.ledger.dealer_chain.recompute_dealers`."""
    chain_recompute(led.db)


def correction_lines(led: Ledger, lang: str = "en") -> list[str]:
    """One line per correction, as ``tonk session history`` prints them after the events (``lang``: English,
    or Russian for a Russian event, its times on the local clock)."""
    lines = []
    for c in corrections(led):
        if lang == "ru":
            was = hand_said_ru(c["original"])
            lines.append(ru("correction_void", at=local_time(c["at"], "ru"), number=c["hand"], reason=c["reason"],
                            was=was) if c["amended"] is None else
                         ru("correction_amend", at=local_time(c["at"], "ru"), number=c["hand"], reason=c["reason"],
                            was=was, now=hand_said_ru(c["amended"])))
            continue
        what = "voided" if c["kind"] == "void" else "amended"
        lines.append(f"  -- {local_time(c['at'], 'en')}: hand {c['hand']} {what} ({c['reason']}); it was "
                     f"{describe_hand(c['original'])}" + (f", now {describe_hand(c['amended'])}" if c["amended"]
                                                          else ""))
    return lines


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def standing_hand_events(led: Ledger, since: int = 1) -> dict[int, int]:
    """Hand number -> the event that recorded it, for the hands that stand from hand ``since`` on."""
    rows = led.db.execute("SELECT after_hand + 1, id FROM events WHERE kind = 'hand' AND undone_by IS NULL "
                          "AND after_hand >= ?", (since - 1,)).fetchall()
    return {int(number): int(event) for number, event in rows}


def last_correction(led: Ledger) -> int:
    """The id of the latest correction (0: none): with the latest event, what says the ledger changed."""
    if not _has_table(led):
        return 0
    return int(led.db.execute("SELECT COALESCE(MAX(id), 0) FROM corrections").fetchone()[0])


def hand_said_ru(hand: dict[str, Any]) -> str:
    """A hand as a Russian correction line names it: ``раздача №3 (вышел сбросом, выиграл Ворон)``."""
    return ru("hand_said", number=hand["number"], ending=ending("ru", hand["ending"]),
              winners=winners("ru", hand["winners"]))
