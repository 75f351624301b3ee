"""Undo: taking back the last event that stands — a hand, a join, a leave, a rules change, a correction
(void or amend) or a movement of money.

The event stays in the history, marked as taken back by an ``undo`` event; what it changed is put back from
the state it saved (the seats in order, their stakes, the next dealer, the rules before). Called by
:meth:`Ledger.undo` inside its write transaction.

Whoever asks may be limited to the kinds that are theirs (a table's phone: hands only; the game master's
joins, leaves and rules changes are taken back from the console) and to the very event they were shown
(:func:`last_event`): an undo confirmed on a page takes back that event or nothing.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.dealer_chain import take_back_correction
from tonk_rules.ledger.money import take_back_rows
from tonk_rules.ledger.state_rows import (
    hand_rows,
    log_event,
    meta_value,
    restore_state,
    seated,
    set_meta,
    set_next_dealer,
)


def describe_hand(hand: dict[str, Any]) -> str:
    return (f"hand {hand['number']} ({hand['ending'].replace('_', ' ')}, "
            f"won by {', '.join(hand['winners']) or 'nobody'})")


def _last_row(db: sqlite3.Connection) -> Any:
    return db.execute("SELECT id, kind, after_hand, name, detail FROM events WHERE undone_by IS NULL "
                      "AND kind != 'undo' ORDER BY id DESC LIMIT 1").fetchone()


def last_event(db: sqlite3.Connection) -> dict[str, Any] | None:
    """The event an undo would take back now (None: nothing stands): ``{"kind", "event", "name", "detail"}``,
    and ``"hand"`` for a hand (what a confirmation names)."""
    row = _last_row(db)
    if row is None:
        return None
    event, kind, after, name, text = row
    found = {"kind": kind, "event": int(event), "name": name, "detail": json.loads(text)}
    if kind == "hand":
        found["hand"] = hand_rows(db, after + 1)[0]
    elif kind == "correct":  # the hand as the correction left it
        found["hand"] = hand_rows(db, int(found["detail"]["hand"]))[0]
    return found


def take_back(db: sqlite3.Connection, path: Path, at: str, *, event_id: int | None = None,
              kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Undo the last standing event of the ledger open on ``db`` (its file: ``path``); return ``{"kind", "event",
    "said", ...}`` (``said``: what was taken back). ``event_id``: only if that is still the last event (refused
    otherwise: the table moved on since it was shown); ``kinds``: only an event of these kinds."""
    row = _last_row(db)
    if row is None:
        raise LedgerError(f"{path}: there is nothing to undo").coded("nothing_to_undo")
    event, kind, after, name, text = row
    if event_id is not None and event != event_id:
        raise LedgerError("the table has changed since the undo was shown: nothing was taken back").coded(
            "undo_moved_on")
    if kinds is not None and kind not in kinds:
        raise LedgerError(f"the last change at this table is not a hand but a {kind} (the game master's): only "
                          "the game master's console takes it back").coded("undo_not_yours", kind=kind)
    detail = json.loads(text)
    took: dict[str, Any] = {"kind": kind, "event": event}
    if kind == "hand":
        hand = hand_rows(db, after + 1)[0]
        db.execute("DELETE FROM payments WHERE hand = ?", (hand["number"],))
        db.execute("DELETE FROM hands WHERE number = ?", (hand["number"],))
        set_next_dealer(db, hand["dealer"])  # the seats are as they were when it was dealt
        detail["hand"] = hand
        took.update(hand=hand, said=describe_hand(hand))
    elif kind == "join":
        _unjoin(db, name, detail)
        took.update(name=name, said=f"{name} joining the table")
    elif kind == "leave":
        if "before" not in detail:
            raise LedgerError(f"{path}: the last event, {name} leaving, was recorded by an earlier version "
                              f"that did not keep {name}'s seat; seat them again with `tonk session join`")
        restore_state(db, detail["before"])
        took.update(name=name, said=f"{name} leaving the table")
    elif kind == "correct":  # the hand as it stood before, and the dealers after it
        take_back_correction(db, detail)
        what = "voiding" if detail["kind"] == "void" else "amending"
        took.update(hand=detail["hand"], said=f"the correction of hand {detail['hand']} ({what}: {detail['reason']})",
                    detail=detail)
    elif kind == "money":  # the purses are put back by the economy, through the ledger
        took.update(said=detail.get("said", "a movement of money"), detail=detail)
    else:  # rules
        set_meta(db, detail["before"])
        took.update(said=f"the change of rules to {detail['title']}", diff=detail["diff"])
    take_back_rows(db, event)  # what the economy moved with it (a hand's cut, a correction's, a purse)
    undo = log_event(db, "undo", name, {"event": event, "kind": kind, "said": took["said"]}, at)
    db.execute("UPDATE events SET undone_by = ?, detail = ? WHERE id = ?",
               (undo, json.dumps(detail, ensure_ascii=False), event))
    return took


def _unjoin(db: sqlite3.Connection, name: str, detail: dict[str, Any]) -> None:
    if "before" in detail:
        restore_state(db, detail["before"])
        was = detail["was"]
    else:  # recorded by the first ledger format: the join changed only the seats
        restore_state(db, {"seats": [[n, s] for n, s in seated(db) if n != name],
                         "next_dealer": meta_value(db, "next_dealer")})
        known = db.execute("SELECT COUNT(*) FROM events WHERE name = ? AND kind IN ('join', 'leave')",
                           (name,)).fetchone()[0] > 1 or any(name in h["players"] for h in hand_rows(db))
        was = {"keep": True} if known else None
    if was is None:  # a new player: no trace left (no hand can name them: the join was the last event)
        db.execute("DELETE FROM players WHERE name = ?", (name,))
    elif "stake" in was:
        db.execute("UPDATE players SET stake = ?, player = ? WHERE name = ?", (was["stake"], was["player"], name))
