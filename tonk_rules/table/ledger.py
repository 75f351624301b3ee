"""A table's session ledger: seats, stakes, every hand with its payments, balances, the next dealer.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "evening.sqlite"
    >>> ledger = Ledger.create(path, variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1],
    ...                        currency="crowns", first_dealer="Cy")
    >>> entry = HandEntry("settled", "knock_won", ("Ann", "Bob", "Cy"), (1, 1, 1), (9, 10, 24), ("Ann",), "Ann",
    ...                   (("Bob", "Ann", 1), ("Cy", "Ann", 1)), {})
    >>> ledger.record(entry)
    1
    >>> ledger.balances(), ledger.next_dealer()
    ({'Ann': 2, 'Bob': -1, 'Cy': -1}, 'Ann')

The ledger stores what the Ruleset settled; it computes no payment itself. Who deals next comes from the
variant's dealer rule (the same rule object the engine uses).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError, VariantError
from tonk_rules.table.ledger_db import create_database, discard_new, open_database, transaction
from tonk_rules.table.table_setup import check_table_setup, ruleset_for, why_bad_name, why_not_stakes
from tonk_rules.terms import Ending
from tonk_rules.variant.loader import load_variant


@dataclass(frozen=True)
class HandEntry:
    """One settled hand as it goes into the ledger (names in seat order; payments as payer, receiver, amount)."""

    kind: str  # "settled" (real cards) | "played" (in the engine, from a hand record)
    ending: str
    seats: tuple[str, ...]
    stakes: tuple[int, ...]
    counts: tuple[int, ...]
    winners: tuple[str, ...]
    knocker: str | None
    payments: tuple[tuple[str, str, int], ...]
    detail: dict[str, Any] = field(default_factory=dict)
    dealer: str | None = None  # a played hand names its dealer; a settled hand is dealt by the next dealer

    @property
    def void(self) -> bool:
        return Ending(self.ending).void


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Ledger:
    """An open ledger file. Every method that changes it is one transaction."""

    def __init__(self, path: Path, db: sqlite3.Connection) -> None:
        self.path, self.db = path, db
        self.meta: dict[str, str] = dict(db.execute("SELECT key, value FROM meta"))
        self.variant_ref = self.meta["variant"]

    # --- opening ---------------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, *, variant_ref: str, seats: list[str], stakes: list[int], currency: str,
               first_dealer: str | None = None, title: str | None = None,
               players: list[str | None] | None = None) -> Ledger:
        path = Path(path)
        why = check_table_setup(variant_ref, seats, stakes)
        if why:
            raise LedgerError(why)
        first = first_dealer if first_dealer is not None else seats[0]
        if first not in seats:
            raise LedgerError(f"first dealer {first!r} is not seated (seats: {', '.join(seats)})")
        if not currency.strip():
            raise LedgerError("the currency name is empty: name the money the table plays for (--currency chips)")
        meta = {"variant": variant_ref, "variant_sha256": load_variant(variant_ref).digest, "currency": currency,
                "title": title or "", "first_dealer": first, "next_dealer": first, "created": _now()}
        db = create_database(path, meta)
        try:
            with transaction(db):
                db.executemany("INSERT INTO players (name, player, stake, seat) VALUES (?, ?, ?, ?)",
                               [(name, (players or [None] * len(seats))[i], stakes[i], i)
                                for i, name in enumerate(seats)])
            return cls(path, db)
        except BaseException:
            discard_new(path, db)  # a create that fails leaves no file behind
            raise

    @classmethod
    def open(cls, path: str | Path) -> Ledger:
        path = Path(path)
        ledger = cls(path, open_database(path))
        try:
            digest = load_variant(ledger.variant_ref, named=True).digest
        except VariantError as exc:
            ledger.close()
            raise LedgerError(f"{path}: cannot read the session's rules ({exc}); the session was created with "
                              f"{ledger.variant_ref}: put that file back there to go on with this ledger") from None
        if digest != ledger.meta["variant_sha256"]:
            ledger.close()
            raise LedgerError(f"{path}: the rules of {ledger.variant_ref} changed since the session was created; "
                              "a session keeps one set of rules (start a new session for the new rules)")
        return ledger

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- reading ---------------------------------------------------------------------------------------
    @property
    def currency(self) -> str:
        return self.meta["currency"]

    def seated(self) -> list[tuple[str, int]]:
        """The players at the table in seat order, with their stakes."""
        return [(n, s) for n, s in self.db.execute(
            "SELECT name, stake FROM players WHERE seat IS NOT NULL ORDER BY seat")]

    def players(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT name, player, stake, seat FROM players ORDER BY seat IS NULL, seat, name")
        return [{"name": n, "player": p, "stake": s, "seated": seat is not None} for n, p, s, seat in rows]

    def next_dealer(self) -> str:
        return str(self.db.execute("SELECT value FROM meta WHERE key = 'next_dealer'").fetchone()[0])

    def hand_count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM hands").fetchone()[0])

    def balances(self) -> dict[str, int]:
        """Every player's balance (players who left keep theirs), in seat order then the others."""
        totals = {p["name"]: 0 for p in self.players()}
        for payer, receiver, amount in self.db.execute("SELECT payer, receiver, amount FROM payments"):
            totals[payer] -= amount
            totals[receiver] += amount
        return totals

    def hands(self) -> list[dict[str, Any]]:
        """The hand history, oldest first, each as the JSON of ``tonk replay --json`` plus the table's data."""
        out = []
        rows = self.db.execute("SELECT number, kind, ending, dealer, next_dealer, seats, stakes, counts, winners, "
                               "knocker, detail, recorded_at FROM hands ORDER BY number").fetchall()
        for number, kind, ending, dealer, nxt, seats, stakes, counts, winners, knocker, detail, at in rows:
            names = json.loads(seats)
            pays = [{"from": p, "to": r, "amount": a} for p, r, a in self.db.execute(
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

    def game_over(self) -> str | None:
        """With points scoring, as the engine's Session: who reached the target (None: play goes on)."""
        target = ruleset_for(self.variant_ref).points_target
        if target is None:
            return None
        leaders = [name for name, points in self.balances().items() if points >= target]
        return f"{', '.join(leaders)} reached the points target ({target})" if leaders else None

    def seating_log(self) -> list[dict[str, Any]]:
        return [{"after_hand": h, "name": n, "change": c, "at": at} for h, n, c, at in self.db.execute(
            "SELECT after_hand, name, change, at FROM seating ORDER BY id")]

    # --- changing --------------------------------------------------------------------------------------
    def record(self, entry: HandEntry) -> int:
        """Add a settled hand (one transaction) and pass the deal; return the hand's number."""
        seated = [n for n, _ in self.seated()]
        if why := check_table_setup(self.variant_ref, seated, list(entry.stakes)):
            raise LedgerError(why)
        if list(entry.seats) != seated:
            raise LedgerError(f"the hand's players ({', '.join(entry.seats)}) are not the players at the table "
                              f"in seat order ({', '.join(seated)})")
        if (over := self.game_over()) is not None:
            raise LedgerError(f"the session is over: {over}; start a new session for a new game")
        dealer = self.next_dealer()
        if entry.dealer is not None and entry.dealer != dealer:
            raise LedgerError(f"{dealer} deals this hand at the table, but the hand was dealt by {entry.dealer}")
        rules = ruleset_for(self.variant_ref)
        seat_of = {n: i for i, n in enumerate(seated)}
        following = rules.dealer.next_dealer(seat_of[dealer], len(seated),
                                             tuple(seat_of[w] for w in entry.winners), entry.void)
        with transaction(self.db):
            number = self.hand_count() + 1
            self.db.execute(
                "INSERT INTO hands (number, kind, ending, dealer, next_dealer, seats, stakes, counts, winners, "
                "knocker, detail, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (number, entry.kind, entry.ending, dealer, seated[following], json.dumps(seated, ensure_ascii=False),
                 json.dumps(dict(zip(seated, entry.stakes, strict=True)), ensure_ascii=False),
                 json.dumps(dict(zip(seated, entry.counts, strict=True)), ensure_ascii=False),
                 json.dumps(list(entry.winners), ensure_ascii=False), entry.knocker,
                 json.dumps(entry.detail, ensure_ascii=False), _now()))
            self.db.executemany("INSERT INTO payments (hand, payer, receiver, amount) VALUES (?, ?, ?, ?)",
                                [(number, p, r, a) for p, r, a in entry.payments])
            self._set_next_dealer(seated[following])
        return number

    def undo(self) -> dict[str, Any]:
        """Remove the last hand (one transaction); its dealer deals again. Returns the hand removed."""
        hands = self.hands()
        if not hands:
            raise LedgerError(f"{self.path}: there is no hand to undo")
        last = hands[-1]
        with transaction(self.db):
            self.db.execute("DELETE FROM payments WHERE hand = ?", (last["number"],))
            self.db.execute("DELETE FROM hands WHERE number = ?", (last["number"],))
            self._set_next_dealer(self._seated_from(last["dealer"], last["players"]))
        return last

    def join(self, name: str, *, stake: int | None = None, after: str | None = None, player: str | None = None) -> None:
        """Seat ``name`` between hands (at the end of the seat order, or after ``after``)."""
        if why := why_bad_name(name):
            raise LedgerError(why)
        seated = self.seated()
        names = [n for n, _ in seated]
        if name in names:
            raise LedgerError(f"{name} is already at the table")
        rules = ruleset_for(self.variant_ref)
        if stake is None:
            stake = seated[0][1] if seated else 1
        if len(names) + 1 > rules.max_players:
            raise LedgerError(f"this variant seats at most {rules.max_players} players")
        if why := why_not_stakes(rules, [s for _, s in seated] + [stake], len(names) + 1):
            raise LedgerError(why)
        if after is not None and after not in names:
            raise LedgerError(f"{after} is not at the table (seated: {', '.join(names)})")
        order = names[:]
        order.insert(order.index(after) + 1 if after is not None else len(order), name)
        with transaction(self.db):
            self.db.execute("INSERT INTO players (name, player, stake, seat) VALUES (?, ?, ?, NULL) "
                            "ON CONFLICT (name) DO UPDATE SET stake = excluded.stake, "
                            "player = COALESCE(excluded.player, players.player)", (name, player, stake))
            self._renumber(order)
            self._log(name, "join")

    def leave(self, name: str) -> None:
        """``name`` leaves the table between hands (keeping their balance); the deal passes on if theirs."""
        names = [n for n, _ in self.seated()]
        if name not in names:
            raise LedgerError(f"{name} is not at the table (seated: {', '.join(names)})")
        order = [n for n in names if n != name]
        least = ruleset_for(self.variant_ref).min_players
        if len(order) < least:
            raise LedgerError(f"{name} cannot leave: this variant needs at least {least} players at the table "
                              f"(seated: {', '.join(names)}); let someone join first, or end the session")
        with transaction(self.db):
            self.db.execute("UPDATE players SET seat = NULL WHERE name = ?", (name,))
            self._renumber(order)
            if self.next_dealer() == name:
                self._set_next_dealer(names[(names.index(name) + 1) % len(names)] if order else name)
            self._log(name, "leave")

    # --- helpers ---------------------------------------------------------------------------------------
    def _renumber(self, order: list[str]) -> None:
        self.db.execute("UPDATE players SET seat = NULL")
        self.db.executemany("UPDATE players SET seat = ? WHERE name = ?", [(i, n) for i, n in enumerate(order)])

    def _log(self, name: str, change: str) -> None:
        self.db.execute("INSERT INTO seating (after_hand, name, change, at) VALUES (?, ?, ?, ?)",
                        (self.hand_count(), name, change, _now()))

    def _set_next_dealer(self, name: str) -> None:
        self.db.execute("UPDATE meta SET value = ? WHERE key = 'next_dealer'", (name,))

    def _seated_from(self, name: str, order: list[str]) -> str:
        """``name`` if still seated, else the first seated player after them in ``order`` (the seats then)."""
        names = [n for n, _ in self.seated()]
        if name in names or not names:
            return name
        start = order.index(name) if name in order else 0
        for step in range(1, len(order) + 1):
            if (candidate := order[(start + step) % len(order)]) in names:
                return candidate
        return names[0]
