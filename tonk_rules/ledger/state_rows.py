"""The rows a ledger's changes read and write inside their transaction: the meta values, the seats, the
hands, the log of events.

Both :class:`~tonk_rules.ledger.session_ledger.Ledger` and :func:`~tonk_rules.ledger.undo.take_back` (and the
corrections) work on these, over the open connection: kept here, below both, so that the ledger and its undo
do not import each other.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def meta_value(db: sqlite3.Connection, key: str) -> str:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return "" if row is None else str(row[0])


def seated(db: sqlite3.Connection) -> list[tuple[str, int]]:
    """The players at the table in seat order, with their stakes."""
    return [(n, s) for n, s in db.execute("SELECT name, stake FROM players WHERE seat IS NOT NULL ORDER BY seat")]


def hand_count(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT COUNT(*) FROM hands").fetchone()[0])


def hand_rows(db: sqlite3.Connection, number: int | None = None) -> list[dict[str, Any]]:
    """The hand history (or hand ``number``), oldest first, as :meth:`Ledger.hands` gives it."""
    out = []
    where = "" if number is None else f"WHERE number = {int(number)} "
    rows = db.execute("SELECT number, kind, ending, dealer, next_dealer, seats, stakes, counts, winners, "
                      f"knocker, detail, recorded_at FROM hands {where}ORDER BY number").fetchall()
    for number, kind, ending, dealer, nxt, seats, stakes, counts, winners, knocker, detail, at in rows:
        names = json.loads(seats)
        pays = [{"from": p, "to": r, "amount": a} for p, r, a in db.execute(
            "SELECT payer, receiver, amount FROM payments WHERE hand = ? ORDER BY rowid", (number,))]
        net = dict.fromkeys(names, 0)
        for p in pays:
            net[p["from"]] -= p["amount"]
            net[p["to"]] += p["amount"]
        out.append({"number": number, "kind": kind, "ending": ending, "winners": json.loads(winners),
                    "counts": json.loads(counts), "payments": pays, "net": net, "knocker": knocker,
                    "dealer": dealer, "next_dealer": nxt, "players": names, "stakes": json.loads(stakes),
                    "detail": json.loads(detail), "recorded_at": at})
    return out


def seat_state(db: sqlite3.Connection, next_dealer: str | None = None) -> dict[str, Any]:
    """What an event may change and its undo puts back: the seats in order, their stakes, the dealer."""
    return {"seats": [[n, s] for n, s in seated(db)], "next_dealer": next_dealer or meta_value(db, "next_dealer")}


def restore_state(db: sqlite3.Connection, state: dict[str, Any]) -> None:
    db.execute("UPDATE players SET seat = NULL")
    db.executemany("UPDATE players SET seat = ?, stake = ? WHERE name = ?",
                   [(i, stake, n) for i, (n, stake) in enumerate(state["seats"])])
    set_next_dealer(db, state["next_dealer"])


def renumber_seats(db: sqlite3.Connection, order: list[str]) -> None:
    db.execute("UPDATE players SET seat = NULL")
    db.executemany("UPDATE players SET seat = ? WHERE name = ?", [(i, n) for i, n in enumerate(order)])


def log_event(db: sqlite3.Connection, kind: str, name: str | None, detail: dict[str, Any], at: str | None) -> int:
    after = hand_count(db) - (1 if kind == "hand" else 0)
    cursor = db.execute("INSERT INTO events (kind, after_hand, name, detail, at) VALUES (?, ?, ?, ?, ?)",
                        (kind, after, name, to_json(detail), at or now()))
    return int(cursor.lastrowid or 0)


def set_next_dealer(db: sqlite3.Connection, name: str) -> None:
    set_meta(db, {"next_dealer": name})


def set_meta(db: sqlite3.Connection, values: dict[str, str]) -> None:
    db.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", list(values.items()))


def hand_with_key(db: sqlite3.Connection, key: str) -> int | None:
    """The hand recorded with the idempotency key ``key`` (a form's, or ``--key``'s), or None."""
    row = db.execute("SELECT number FROM hands WHERE json_extract(detail, '$.submission') = ?", (key,)).fetchone()
    return None if row is None else int(row[0])
