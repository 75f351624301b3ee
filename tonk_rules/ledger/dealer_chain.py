"""The dealer chain and the corrections' rows, read and rewritten on the open connection: below both the
corrections (:mod:`tonk_rules.ledger.corrections`) and the undo (:mod:`tonk_rules.ledger.undo`), which both
recompute who dealt each hand after a correction is made or taken back.

Who deals follows the variant's own dealer rule from the first dealer on, over the joins, leaves and rules
changes as they happened; a void hand passes no deal; a hand played in the engine keeps the dealer its record
names.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from tonk_rules.ledger.state_rows import hand_rows, meta_value, seated, set_next_dealer
from tonk_rules.ledger.stored_rules import StoredRules

CORRECTIONS_TABLE = """CREATE TABLE IF NOT EXISTS corrections (
    id INTEGER PRIMARY KEY,
    event INTEGER NOT NULL REFERENCES events (id),  -- the hand's event: its identity, never reused
    hand INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('void', 'amend')),
    reason TEXT NOT NULL,
    original TEXT NOT NULL,                           -- JSON: the hand as it stood before
    amended TEXT,                                     -- JSON: the hand after (an amend)
    at TEXT NOT NULL
)"""


def has_corrections(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'corrections'").fetchone() \
        is not None


def correction_rows(db: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every correction that stands, oldest first: ``{"id", "event", "hand", "kind", "reason", "original",
    "amended", "at"}``."""
    if not has_corrections(db):
        return []
    rows = db.execute("SELECT id, event, hand, kind, reason, original, amended, at FROM corrections "
                      "ORDER BY id").fetchall()
    return [{"id": i, "event": e, "hand": h, "kind": k, "reason": r, "original": json.loads(o),
             "amended": None if a is None else json.loads(a), "at": at} for i, e, h, k, r, o, a, at in rows]


def voided_events(db: sqlite3.Connection) -> set[int]:
    return {c["event"] for c in correction_rows(db) if c["kind"] == "void"}


def take_back_correction(db: sqlite3.Connection, detail: dict[str, Any]) -> None:
    """Put hand ``detail["hand"]`` back as it stood before the correction ``detail`` describes (a ``correct``
    event's detail; inside the undo's transaction): its result and payments, the correction row gone, the
    dealers recomputed."""
    hand = detail["original"]
    number = int(detail["hand"])
    db.execute("UPDATE hands SET ending = ?, counts = ?, winners = ?, knocker = ?, detail = ? WHERE number = ?",
               (hand["ending"], _json(hand["counts"]), _json(hand["winners"]), hand["knocker"],
                _json(hand["detail"]), number))
    db.execute("DELETE FROM payments WHERE hand = ?", (number,))
    db.executemany("INSERT INTO payments (hand, payer, receiver, amount) VALUES (?, ?, ?, ?)",
                   [(number, p["from"], p["to"], p["amount"]) for p in hand["payments"]])
    db.execute("DELETE FROM corrections WHERE id = ?", (int(detail["correction"]),))
    recompute_dealers(db)


def _stored_now(db: sqlite3.Connection) -> StoredRules:
    return StoredRules.from_json(meta_value(db, "variant_json"), meta_value(db, "variant"),
                                 meta_value(db, "variant_sha256"))


def initial_rules(db: sqlite3.Connection) -> StoredRules:
    """The rules the session started under: those the first standing change of rules replaced, or the rules now."""
    row = db.execute("SELECT detail FROM events WHERE kind = 'rules' AND undone_by IS NULL "
                     "ORDER BY id LIMIT 1").fetchone()
    if row is None:
        return _stored_now(db)
    before = json.loads(row[0])["before"]
    return StoredRules.from_json(before["variant_json"], before["variant"], before["variant_sha256"])


def rules_at(db: sqlite3.Connection, number: int) -> StoredRules:
    """The rules hand ``number`` was played under (a rules change counts from the hand after it)."""
    rules = initial_rules(db)
    for after, text in db.execute("SELECT after_hand, detail FROM events WHERE kind = 'rules' AND "
                                  "undone_by IS NULL ORDER BY id").fetchall():
        if after < number:
            detail = json.loads(text)
            rules = StoredRules.from_data(detail["ref"], detail["variant"], detail["sha256"])
    return rules


def recompute_dealers(db: sqlite3.Connection) -> None:
    """Every hand's dealer and the next dealer again, from the first dealer on (inside a transaction).

    A hand played in the engine keeps the dealer its record names; a void hand passes no deal."""
    voided = voided_events(db)
    rules = initial_rules(db).ruleset
    following = meta_value(db, "first_dealer")
    rows = db.execute("SELECT id, kind, after_hand, name, detail FROM events WHERE undone_by IS NULL "
                      "AND kind != 'undo' ORDER BY id").fetchall()
    for event, kind, after, name, text in rows:
        detail = json.loads(text)
        if kind == "rules":
            rules = StoredRules.from_data(detail["ref"], detail["variant"], detail["sha256"]).ruleset
        elif kind in ("join", "leave"):
            if "before" in detail:
                detail["before"]["next_dealer"] = following
                db.execute("UPDATE events SET detail = ? WHERE id = ?", (_json(detail), event))
            seats = [n for n, _ in detail.get("before", {}).get("seats", [])]
            if kind == "leave" and following == name and name in seats:
                following = seats[(seats.index(name) + 1) % len(seats)]
        elif kind == "hand":  # (a correction's or money's own event passes no deal)
            hand = hand_rows(db, after + 1)[0]
            names = hand["players"]
            dealer = hand["dealer"] if hand["kind"] == "played" or following not in names else following
            if event in voided:
                nxt = dealer
            else:
                seat_of = {n: i for i, n in enumerate(names)}
                nxt = names[rules.dealer.next_dealer(seat_of[dealer], len(names),
                                                     tuple(seat_of[w] for w in hand["winners"]),
                                                     _void(hand["ending"]))]
            db.execute("UPDATE hands SET dealer = ?, next_dealer = ? WHERE number = ?", (dealer, nxt, hand["number"]))
            if "before" in detail:
                detail["before"]["next_dealer"] = dealer
                db.execute("UPDATE events SET detail = ? WHERE id = ?", (_json(detail), event))
            following = nxt
    if following in [n for n, _ in seated(db)]:
        set_next_dealer(db, following)


def _void(ending: str) -> bool:
    from tonk_rules.terms import Ending

    return Ending(ending).void


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
