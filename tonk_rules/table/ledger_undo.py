"""Undo: taking back the last event that stands — a hand, a join, a leave or a rules change.

The event stays in the history, marked as taken back by an ``undo`` event; what it changed is put back from
the state it saved (the seats in order, their stakes, the next dealer, the rules before). Called by
:meth:`Ledger.undo` inside its write transaction.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tonk_rules.errors import LedgerError

if TYPE_CHECKING:
    from tonk_rules.table.ledger import Ledger


def describe_hand(hand: dict[str, Any]) -> str:
    return (f"hand {hand['number']} ({hand['ending'].replace('_', ' ')}, "
            f"won by {', '.join(hand['winners']) or 'nobody'})")


def take_back(ledger: Ledger, at: str) -> dict[str, Any]:
    """Undo the last standing event; return ``{"kind", "event", "said", ...}`` (``said``: what was taken back)."""
    db = ledger.db
    row = db.execute("SELECT id, kind, after_hand, name, detail FROM events WHERE undone_by IS NULL "
                     "AND kind != 'undo' ORDER BY id DESC LIMIT 1").fetchone()
    if row is None:
        raise LedgerError(f"{ledger.path}: there is nothing to undo")
    event, kind, after, name, text = row
    detail = json.loads(text)
    took: dict[str, Any] = {"kind": kind, "event": event}
    if kind == "hand":
        hand = ledger.hands(after + 1)[0]
        db.execute("DELETE FROM payments WHERE hand = ?", (hand["number"],))
        db.execute("DELETE FROM hands WHERE number = ?", (hand["number"],))
        ledger._set_next_dealer(hand["dealer"])  # the seats are as they were when it was dealt
        detail["hand"] = hand
        took.update(hand=hand, said=describe_hand(hand))
    elif kind == "join":
        _unjoin(ledger, name, detail)
        took.update(name=name, said=f"{name} joining the table")
    elif kind == "leave":
        if "before" not in detail:
            raise LedgerError(f"{ledger.path}: the last event, {name} leaving, was recorded by an earlier version "
                              f"that did not keep {name}'s seat; seat them again with `tonk session join`")
        ledger._restore(detail["before"])
        took.update(name=name, said=f"{name} leaving the table")
    else:  # rules
        ledger._set_meta(detail["before"])
        took.update(said=f"the change of rules to {detail['title']}", diff=detail["diff"])
    undo = ledger._log("undo", name, {"event": event, "kind": kind, "said": took["said"]}, at)
    db.execute("UPDATE events SET undone_by = ?, detail = ? WHERE id = ?",
               (undo, json.dumps(detail, ensure_ascii=False), event))
    return took


def _unjoin(ledger: Ledger, name: str, detail: dict[str, Any]) -> None:
    db = ledger.db
    if "before" in detail:
        ledger._restore(detail["before"])
        was = detail["was"]
    else:  # recorded by the first ledger format: the join changed only the seats
        ledger._restore({"seats": [[n, s] for n, s in ledger.seated() if n != name],
                         "next_dealer": ledger.next_dealer()})
        known = db.execute("SELECT COUNT(*) FROM events WHERE name = ? AND kind IN ('join', 'leave')",
                           (name,)).fetchone()[0] > 1 or any(name in h["players"] for h in ledger.hands())
        was = {"keep": True} if known else None
    if was is None:  # a new player: no trace left (no hand can name them: the join was the last event)
        db.execute("DELETE FROM players WHERE name = ?", (name,))
    elif "stake" in was:
        db.execute("UPDATE players SET stake = ?, player = ? WHERE name = ?", (was["stake"], was["player"], name))
