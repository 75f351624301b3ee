"""The money an economy moves at a table besides the hands' payments: purses handed out, buy-ins, the bank's
cut, IOUs and their settlement, each row belonging to one event of the ledger.

A hand's payments are the Ruleset's and stay in ``payments``; what the event's economy
(:mod:`tonk_rules.event.economy`) does on top of them is kept here, in the ``money`` table, row by row, each
row keyed by the event that made it: the hand's own event (the bank's cut of it, an IOU for what a player
could not pay), a correction's event (what a void gives back, what an amend moves instead), or an event of its
own (kind ``money``: the game master hands out purses, sells a buy-in, settles or forgives an IOU). An undo of
any event takes its rows back with it, an export carries them with their event and an import writes them
again: a purse never changes except through an event.

A row moves ``amount`` (a whole number above 0) from ``payer`` to ``receiver``, where :data:`BANK` is the house
and :data:`OUTSIDE` is what the game master hands out (a purse, a buy-in); an ``iou`` row is the part of a
payment the payer did not pay in coins but owes (those coins stay with the payer; the receiver holds the
claim), a ``settle`` row pays an IOU back in coins and a ``forgive`` row closes it without coins (an item, a
favour). Every row moves coins between accounts, so the players' coins and the bank's always add up to what
was handed out.

    >>> import tempfile, pathlib
    >>> from tonk_rules.ledger.session_ledger import Ledger
    >>> led = Ledger.create(pathlib.Path(tempfile.mkdtemp()) / "t.sqlite", variant_ref="russian",
    ...                     seats=["Ann", "Bob"], stakes=[1, 1], currency="crowns")
    >>> _ = add_money(led, [Movement("issue", OUTSIDE, "Ann", 30), Movement("issue", OUTSIDE, "Bob", 30)],
    ...               "purses of 30 handed out")
    >>> coins(led), handed_out(led)
    ({'@outside': -60, 'Ann': 30, 'Bob': 30}, 60)
    >>> led.undo()["said"]
    'purses of 30 handed out'
    >>> coins(led), handed_out(led)
    ({}, 0)
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any, Protocol

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.db import allow_new_event_kinds
from tonk_rules.ledger.state_rows import log_event, now


class Ledger(Protocol):
    """What this module needs of :class:`~tonk_rules.ledger.session_ledger.Ledger` (which imports this module):
    its connection, and one write transaction."""

    db: sqlite3.Connection

    def transaction(self) -> Any: ...

#: the house's account: its cut of the payments, its fees, the buy-ins' price
BANK = "@bank"
#: where handed-out money comes from: a purse, a buy-in
OUTSIDE = "@outside"
#: what a row says it is (a CHECK of the table): see the module's text
KINDS = ("issue", "buy_in", "cut", "fee", "iou", "settle", "forgive")
MAX_AMOUNT = 1_000_000

_TABLE = """CREATE TABLE IF NOT EXISTS money (
    id INTEGER PRIMARY KEY,
    event INTEGER NOT NULL REFERENCES events (id),  -- the event that made the row: an undo of it takes it back
    hand INTEGER,                                   -- the hand's event it is part of (a cut, an IOU), or NULL
    kind TEXT NOT NULL CHECK (kind IN ('issue', 'buy_in', 'cut', 'fee', 'iou', 'settle', 'forgive')),
    payer TEXT NOT NULL,
    receiver TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0)
)"""


@dataclass(frozen=True)
class Movement:
    """One movement of money: ``amount`` from ``payer`` to ``receiver`` (see the module's text for ``kind``)."""

    kind: str
    payer: str
    receiver: str
    amount: int

    def data(self) -> dict[str, Any]:
        return {"kind": self.kind, "payer": self.payer, "receiver": self.receiver, "amount": self.amount}

    @classmethod
    def of(cls, data: Any) -> Movement:
        """A movement from an export (refused, in one line, unless it is one this program writes)."""
        if not isinstance(data, dict) or set(data) != {"kind", "payer", "receiver", "amount"}:
            raise LedgerError("a movement of money is {kind, payer, receiver, amount}")
        kind, payer, receiver, amount = data["kind"], data["payer"], data["receiver"], data["amount"]
        if kind not in KINDS or not isinstance(payer, str) or not isinstance(receiver, str) or payer == receiver:
            raise LedgerError(f"a movement of money of kind {str(kind)[:20]!r} between {str(payer)[:40]!r} and "
                              f"{str(receiver)[:40]!r} is not one this program writes")
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
            raise LedgerError(f"a movement of money of {amount!r}: an amount is a whole number from 1 to "
                              f"{MAX_AMOUNT:,}")
        return cls(kind, payer, receiver, amount)


def has_money(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'money'").fetchone() is not None


def write_rows(db: sqlite3.Connection, event: int, rows: list[Movement], hand: int | None = None) -> None:
    """``rows`` as made by ``event`` (inside the caller's transaction; the table made at its first use)."""
    if not rows:
        return
    db.execute(_TABLE)
    db.executemany("INSERT INTO money (event, hand, kind, payer, receiver, amount) VALUES (?, ?, ?, ?, ?, ?)",
                   [(event, hand, m.kind, m.payer, m.receiver, m.amount) for m in rows])


def take_back_rows(db: sqlite3.Connection, event: int) -> None:
    """What ``event`` moved is taken back with it (an undo, inside its transaction)."""
    if has_money(db):
        db.execute("DELETE FROM money WHERE event = ?", (event,))


def rows_of(db: sqlite3.Connection, event: int | None = None, hand: int | None = None) -> list[Movement]:
    """The movements that stand, in order: all, or those of ``event``, or those that are part of ``hand``."""
    if not has_money(db):
        return []
    where, args = ("", ()) if event is None and hand is None else (
        ("WHERE event = ?", (event,)) if event is not None else ("WHERE hand = ?", (hand,)))
    return [Movement(k, p, r, a) for k, p, r, a in db.execute(
        f"SELECT kind, payer, receiver, amount FROM money {where} ORDER BY id", args)]


def rows_by_event(db: sqlite3.Connection) -> dict[int, list[Movement]]:
    out: dict[int, list[Movement]] = {}
    if has_money(db):
        for event, k, p, r, a in db.execute("SELECT event, kind, payer, receiver, amount FROM money ORDER BY id"):
            out.setdefault(int(event), []).append(Movement(k, p, r, a))
    return out


def hand_of_rows(db: sqlite3.Connection) -> dict[int, int]:
    """Each event's rows' hand (the hand's event they are part of), for the events whose rows are part of one."""
    if not has_money(db):
        return {}
    return {int(e): int(h) for e, h in db.execute("SELECT DISTINCT event, hand FROM money WHERE hand IS NOT NULL")}


def add_money(led: Ledger, rows: list[Movement], said: str, *, at: str | None = None,
              detail: dict[str, Any] | None = None) -> int:
    """An event of its own (kind ``money``) moving ``rows``: the game master's purses, buy-ins, settlements.
    ``said``: what it was, as the history and an undo say it. Returns the event's id."""
    if not rows:
        raise LedgerError("nothing to move: a movement of money needs an amount above 0").coded("money_nothing")
    with led.transaction():
        allow_new_event_kinds(led.db)
        event = log_event(led.db, "money", None, {**(detail or {}), "said": said,
                                                  "rows": [m.data() for m in rows]}, at or now())
        write_rows(led.db, event, rows)
    return event


def replay_money(led: Ledger, money: dict[str, Any] | None, at: str) -> None:
    """A money event of an export made again (its rows checked as this program writes them)."""
    if not isinstance(money, dict) or not isinstance(money.get("said"), str) or not isinstance(money.get("rows"),
                                                                                               list):
        raise LedgerError("a movement of money without what it moved")
    rows = [Movement.of(r) for r in money["rows"]]
    add_money(led, rows, money["said"], at=at, detail={k: v for k, v in money.items() if k not in ("said", "rows")})


def reversed_rows(rows: list[Movement]) -> list[Movement]:
    """What gives ``rows`` back (a void of the hand they were part of): each the other way round, netted."""
    net: dict[tuple[str, str, str], int] = {}
    for m in rows:
        key = (m.kind, m.receiver, m.payer)
        back = (m.kind, m.payer, m.receiver)
        if back in net:
            net[back] -= m.amount
        else:
            net[key] = net.get(key, 0) + m.amount
    out = []
    for (kind, payer, receiver), amount in net.items():
        if amount > 0:
            out.append(Movement(kind, payer, receiver, amount))
        elif amount < 0:
            out.append(Movement(kind, receiver, payer, -amount))
    return out


# --- what the rows add up to ----------------------------------------------------------------------------
def coin_deltas(rows: list[Movement]) -> dict[str, int]:
    """What ``rows`` change of each account's coins (players, :data:`BANK`, :data:`OUTSIDE`). Every row moves
    coins from its payer to its receiver, but an ``iou``: the hand's payment (in ``payments``) was paid in full,
    and the IOU gives the part not paid in coins back to its payer (the debtor) from its receiver (the
    creditor, who holds the claim instead); a ``forgive`` (settled with an item or a favour) moves no coins."""
    out: dict[str, int] = {}
    for m in rows:
        if m.kind == "forgive":
            continue
        payer, receiver = (m.receiver, m.payer) if m.kind == "iou" else (m.payer, m.receiver)
        out[payer] = out.get(payer, 0) - m.amount
        out[receiver] = out.get(receiver, 0) + m.amount
    return out


def iou_deltas(rows: list[Movement]) -> dict[tuple[str, str], int]:
    """What ``rows`` change of the IOUs, as ``(debtor, creditor) -> amount`` (netted between the two)."""
    out: dict[tuple[str, str], int] = {}
    for m in rows:
        if m.kind == "iou":
            debtor, creditor, amount = m.payer, m.receiver, m.amount
        elif m.kind in ("settle", "forgive"):
            debtor, creditor, amount = m.payer, m.receiver, -m.amount
        else:
            continue
        if (creditor, debtor) in out:
            out[(creditor, debtor)] -= amount
        else:
            out[(debtor, creditor)] = out.get((debtor, creditor), 0) + amount
    return {(pair if amount > 0 else (pair[1], pair[0])): abs(amount) for pair, amount in out.items() if amount}


def coins(led: Ledger) -> dict[str, int]:
    """Each account's coins moved at this table by the economy (the hands' payments are the ledger's
    balances): players by name, and :data:`BANK`, :data:`OUTSIDE`."""
    return {k: v for k, v in coin_deltas(rows_of(led.db)).items() if v}


def handed_out(led: Ledger) -> int:
    """What the game master has handed out at this table: purses and buy-ins."""
    return -coin_deltas(rows_of(led.db)).get(OUTSIDE, 0)


def money_said(event: dict[str, Any]) -> str:
    """What a money event was (its ``said``), for the history."""
    return str(event["detail"].get("said", "money"))


def as_json(rows: list[Movement]) -> str:
    return json.dumps([m.data() for m in rows], ensure_ascii=False)
