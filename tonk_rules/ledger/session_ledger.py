"""A table's session ledger: seats, stakes, every hand with its payments, balances, the next dealer, the events.

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
    >>> ledger.undo()["said"]
    'hand 1 (knock won, won by Ann)'

The ledger stores what the Ruleset settled; it computes no payment itself. Who deals next comes from the
variant's dealer rule (the same rule object the engine uses), read from the rules stored in the ledger
(:mod:`tonk_rules.ledger.stored_rules`): the house file is read once, at create.

Every change is one ``BEGIN IMMEDIATE`` transaction holding its own reads (numbering, the dealer, the seats,
the last event), and is logged as an event (hand, join, leave, rules change) that ``undo`` can take back.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError, Refusal
from tonk_rules.ledger import api_checks as checks
from tonk_rules.ledger import state_rows as rows
from tonk_rules.ledger.db import (
    BUSY_TIMEOUT_S,
    create_database,
    discard_new,
    migrate_v1,
    open_database,
    schema_version,
)
from tonk_rules.ledger.db import transaction as db_transaction
from tonk_rules.ledger.entry import HandEntry, why_not_entry
from tonk_rules.ledger.money import Movement, write_rows
from tonk_rules.ledger.resettle import why_not_entry_as_settled
from tonk_rules.ledger.stored_rules import StoredRules, first_format_rules, rules_diff
from tonk_rules.ledger.undo import last_event, take_back
from tonk_rules.ruleset import Ruleset
from tonk_rules.table.names import canonical, why_clash
from tonk_rules.table.table_setup import check_seating, seating_refusal, why_bad_name, why_not_stakes

__all__ = ["AlreadyRecorded", "HandEntry", "Ledger"]


class AlreadyRecorded(LedgerError):
    """The hand's idempotency key is a hand's already (:attr:`number`): the same form or command sent twice."""

    def __init__(self, number: int, key: str) -> None:
        super().__init__(f"this hand was recorded already, as hand {number} (key {key})")
        self.number = number


class Ledger:
    """An open ledger file. Every method that changes it is one transaction."""

    def __init__(self, path: Path, db: sqlite3.Connection) -> None:
        self.path, self.db = path, db
        self._rules: StoredRules | None = None

    # --- opening ---------------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, *, seats: list[str], stakes: list[int], currency: str,
               variant_ref: str | None = None, rules: StoredRules | None = None, first_dealer: str | None = None,
               title: str | None = None, players: list[str | None] | None = None,
               created: str | None = None) -> Ledger:
        """A new ledger holding the resolved rules of ``variant_ref`` (or ``rules``): never read again."""
        path = checks.create_arguments(path, seats, stakes, currency=currency, title=title,
                                       first_dealer=first_dealer, variant_ref=variant_ref)
        seats = [canonical(name) for name in seats]  # one spelling per name: kept and looked up in NFC
        first_dealer = None if first_dealer is None else canonical(first_dealer)
        if rules is None:
            from tonk_rules.variant.loader import load_variant

            if variant_ref is None:
                raise LedgerError("name the variant the table plays")
            rules = StoredRules.of(load_variant(variant_ref), variant_ref)
        if found := seating_refusal(rules.ruleset, seats, stakes):
            raise LedgerError(found[0]).refused_as(found[1])
        first = first_dealer if first_dealer is not None else seats[0]
        if first not in seats:
            raise LedgerError(f"first dealer {first!r} is not seated (seats: {', '.join(seats)})").coded(
                "first_dealer_not_seated", name=first, seated=tuple(seats))
        if not currency.strip():
            raise LedgerError("the currency name is empty: name the money the table plays for (--currency chips)")
        meta = {**rules.meta(), "currency": currency, "title": title or "", "first_dealer": first,
                "next_dealer": first, "created": created or rows.now()}
        db = create_database(path, meta)
        try:
            with db_transaction(db, path):
                db.executemany("INSERT INTO players (name, player, stake, seat) VALUES (?, ?, ?, ?)",
                               [(name, (players or [None] * len(seats))[i], stakes[i], i)
                                for i, name in enumerate(seats)])
            return cls(path, db)
        except BaseException:
            discard_new(path, db)  # a create that fails leaves no file behind
            raise

    @classmethod
    def open(cls, path: str | Path, *, writable: bool = True, busy_s: float | None = None) -> Ledger:
        """The ledger at ``path``, checked (``writable=False``: read-only, e.g. in a folder one may not write;
        ``busy_s``: how long to wait for another program's lock, the terminal's 10 s unless given)."""
        path = checks.path("Ledger.open", path)
        wait = BUSY_TIMEOUT_S if busy_s is None else busy_s
        ledger = cls(path, open_database(path, writable=writable, busy_s=wait))
        try:
            if schema_version(ledger.db) == 1:
                if not writable:  # the migration writes, once
                    ledger.db.close()
                    ledger.db = open_database(path, busy_s=wait)
                ledger._migrate_v1()
            ledger.stored_rules()  # the stored rules are checked against their digest before any use
        except BaseException:
            ledger.close()
            raise
        return ledger

    def _migrate_v1(self) -> None:
        """A ledger of the first format named its rules by file: read that file once, keep it inside."""
        migrate_v1(self.db, self.path, first_format_rules(self.path, self.meta).meta())

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def transaction(self) -> Any:
        return db_transaction(self.db, self.path)

    # --- reading ---------------------------------------------------------------------------------------
    @property
    def meta(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT key, value FROM meta"))

    @property
    def variant_ref(self) -> str:
        """Where the session's rules were read from (shown to people; never read again)."""
        return rows.meta_value(self.db, "variant")

    @property
    def currency(self) -> str:
        return rows.meta_value(self.db, "currency")

    def stored_rules(self) -> StoredRules:
        """The session's rules as stored now (a rules change in another terminal is seen)."""
        digest = rows.meta_value(self.db, "variant_sha256")
        if self._rules is None or self._rules.digest != digest or self._rules.ref != self.variant_ref:
            try:
                self._rules = StoredRules.from_json(rows.meta_value(self.db, "variant_json"), self.variant_ref,
                                                    digest)
            except (ValueError, LedgerError) as exc:
                raise LedgerError(f"{self.path}: {exc}") from None
        return self._rules

    @property
    def rules(self) -> Ruleset:
        return self.stored_rules().ruleset

    def seated(self) -> list[tuple[str, int]]:
        """The players at the table in seat order, with their stakes."""
        return rows.seated(self.db)

    def players(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT name, player, stake, seat FROM players ORDER BY seat IS NULL, seat, name")
        return [{"name": n, "player": p, "stake": s, "seated": seat is not None} for n, p, s, seat in rows]

    def next_dealer(self) -> str:
        return rows.meta_value(self.db, "next_dealer")

    def hand_count(self) -> int:
        return rows.hand_count(self.db)

    def balances(self) -> dict[str, int]:
        """Every player's balance (players who left keep theirs), in seat order then the others."""
        totals = {p["name"]: 0 for p in self.players()}
        for payer, receiver, amount in self.db.execute("SELECT payer, receiver, amount FROM payments"):
            totals[payer] -= amount
            totals[receiver] += amount
        return totals

    def hands(self, number: int | None = None) -> list[dict[str, Any]]:
        """The hand history, oldest first, each as the JSON of ``tonk replay --json`` plus the table's data."""
        checks.whole("Ledger.hands", "number", number, optional=True)
        return rows.hand_rows(self.db, number)

    def events(self) -> list[dict[str, Any]]:
        """Everything that happened at the table, in order; a hand event carries its hand (kept when undone)."""
        out = []
        standing = {h["number"]: h for h in self.hands()}
        for id_, kind, after, name, detail, at, undone_by in self.db.execute(
                "SELECT id, kind, after_hand, name, detail, at, undone_by FROM events ORDER BY id").fetchall():
            data = json.loads(detail)
            event = {"event": id_, "kind": kind, "after_hand": after, "name": name, "at": at,
                     "undone_by": undone_by, "detail": data}
            if kind == "hand" and undone_by is None:
                event["hand"] = standing[after + 1]
            elif kind == "hand":
                event["hand"] = data["hand"]
            out.append(event)
        return out

    def game_over(self, leaders: tuple[str, ...] | None = None) -> str | None:
        """With points scoring, as the engine's Session: who reached the target (None: play goes on); in a
        match to N hands won, who won the match; ``leaders`` as :meth:`leaders` gave them, where the caller has
        them."""
        leaders = self.leaders() if leaders is None else leaders
        if leaders and self.rules.wins_target is not None:
            return f"{', '.join(leaders)} won the match ({self.rules.wins_target} hands won)"
        return f"{', '.join(leaders)} reached the points target ({self.rules.points_target})" if leaders else None

    def wins(self) -> dict[str, int]:
        """Every player's hands won (a hand's winners; a void hand has none), in seat order then the others."""
        totals = {p["name"]: 0 for p in self.players()}
        for (winners,) in self.db.execute("SELECT winners FROM hands"):
            for name in json.loads(winners):
                totals[name] = totals.get(name, 0) + 1
        return totals

    def leaders(self, balances: dict[str, int] | None = None) -> tuple[str, ...]:
        """With points scoring, the players who reached the target: the session is over (none: it goes on);
        in a match to N hands won, the players who won N hands (``balances`` is not read then)."""
        if (to_win := self.rules.wins_target) is not None:
            return tuple(n for n, won in self.wins().items() if won >= to_win)
        target = self.rules.points_target
        if target is None:
            return ()
        return tuple(n for n, points in (self.balances() if balances is None else balances).items() if points >= target)

    # --- changing: each one transaction, its reads inside it ----------------------------------------------
    def record(self, entry: HandEntry, *, at: str | None = None, expected: int | None = None,
               money: list[Movement] | None = None) -> int:
        """Add a settled hand and pass the deal; return the hand's number.

        Both checks that keep a hand from being recorded twice are made inside the write transaction, so that
        whoever writes the table (a phone through the server, ``tonk event record`` in a terminal) is served
        one after the other by the ledger's own lock, with nothing between the check and the write: a hand
        whose idempotency key (``entry.detail["submission"]``) a hand has already is refused
        (:class:`AlreadyRecorded`, naming that hand), and with ``expected`` a hand is recorded only as that
        number (refused, code ``hand_moved_on``, when another writer recorded a hand meanwhile). ``money``:
        what the event's economy moves with the hand (the bank's cut, IOUs), kept as part of the hand's event
        in the same transaction (:mod:`tonk_rules.ledger.money`)."""
        if why := checks.why_not_entry_shape(entry, HandEntry):
            raise LedgerError(f"Ledger.record: {why}")
        key = entry.detail.get("submission") if isinstance(entry.detail, dict) else None
        with self.transaction():
            if isinstance(key, str) and (done := rows.hand_with_key(self.db, key)) is not None:
                raise AlreadyRecorded(done, key)
            if expected is not None and self.hand_count() + 1 != expected:
                raise LedgerError(f"another writer has just recorded hand {self.hand_count()} at this table: "
                                  f"this hand would be hand {self.hand_count() + 1}, not {expected}; nothing was "
                                  "recorded: check the history, record again if yours is a different hand").coded(
                    "hand_moved_on", number=expected, n=self.hand_count() + 1)
            seated = [n for n, _ in self.seated()]
            rules = self.rules
            if why := check_seating(rules, seated, list(entry.stakes)):
                raise LedgerError(why)
            if list(entry.seats) != seated:
                raise LedgerError(f"the hand's players ({', '.join(entry.seats)}) are not the players at the "
                                  f"table in seat order ({', '.join(seated)})")
            if why := why_not_entry(entry) or why_not_entry_as_settled(rules, entry):
                # the Ruleset settles every hand again: the API refuses what the command line refuses
                raise LedgerError(f"the hand cannot be recorded: {why}")
            if entry.rules is not None and entry.rules != self.stored_rules().digest:
                raise LedgerError("the session's rules changed (in another terminal) while the hand was being "
                                  "settled: settle it again")
            if (over := self.game_over()) is not None:
                if rules.wins_target is not None:
                    raise LedgerError(f"the match is over: {over}; start a new session for a new match").coded(
                        "match_over", "how", None, target=rules.wins_target, leaders=self.leaders())
                raise LedgerError(f"the session is over: {over}; start a new session for a new game").coded(
                    "game_over", "how", None, target=rules.points_target, leaders=self.leaders())
            dealer = self.next_dealer()
            if entry.dealer is not None and entry.dealer != dealer:
                raise LedgerError(f"{dealer} deals this hand at the table, but the hand was dealt by {entry.dealer}")
            seat_of = {n: i for i, n in enumerate(seated)}
            following = seated[rules.dealer.next_dealer(seat_of[dealer], len(seated),
                                                        tuple(seat_of[w] for w in entry.winners), entry.void)]
            number = self.hand_count() + 1
            at = at or rows.now()
            self.db.execute(
                "INSERT INTO hands (number, kind, ending, dealer, next_dealer, seats, stakes, counts, winners, "
                "knocker, detail, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (number, entry.kind, entry.ending, dealer, following, rows.to_json(seated),
                 rows.to_json(dict(zip(seated, entry.stakes, strict=True))),
                 rows.to_json(dict(zip(seated, entry.counts, strict=True))), rows.to_json(list(entry.winners)),
                 entry.knocker, rows.to_json(entry.detail), at))
            self.db.executemany("INSERT INTO payments (hand, payer, receiver, amount) VALUES (?, ?, ?, ?)",
                                [(number, p, r, a) for p, r, a in entry.payments])
            rows.set_next_dealer(self.db, following)
            event = rows.log_event(self.db, "hand", None, {"before": rows.seat_state(self.db, dealer)}, at)
            write_rows(self.db, event, money or [], hand=event)
        return number

    def join(self, name: str, *, stake: int | None = None, after: str | None = None, player: str | None = None,
             at: str | None = None, move: dict[str, str] | None = None) -> None:
        """Seat ``name`` between hands (at the end of the seat order, or after ``after``); ``move``: the join is
        half of a move (``{"from", "to"}``: the tables), kept so that the move is taken back whole."""
        checks.join_arguments(name, after, stake)
        name, after = canonical(name), None if after is None else canonical(after)
        if why := why_bad_name(name):
            raise LedgerError(why).coded("bad_name", "seats", None, name=name)
        with self.transaction():
            if why := why_clash(name, (p["name"] for p in self.players())):
                raise LedgerError(why)
            seated = self.seated()
            names = [n for n, _ in seated]
            if name in map(canonical, names):
                raise LedgerError(f"{name} is already at the table").coded("already_seated", name=name)
            rules = self.rules
            given = stake
            stake = stake if stake is not None else seated[0][1] if seated else 1
            if len(names) + 1 > rules.max_players:
                raise LedgerError(f"this variant seats at most {rules.max_players} players").coded(
                    "table_full", most=rules.max_players)
            if why := why_not_stakes(rules, [s for _, s in seated] + [stake], len(names) + 1):
                raise LedgerError(why)
            if after is not None and after not in names:
                raise LedgerError(f"{after} is not at the table (seated: {', '.join(names)})")
            was = self.db.execute("SELECT stake, player FROM players WHERE name = ?", (name,)).fetchone()
            detail = {"stake": given, "after": after, "player": player, "before": rows.seat_state(self.db),
                      "was": None if was is None else {"stake": was[0], "player": was[1]},
                      **({"move": move} if move else {})}
            order = names[:]
            order.insert(order.index(after) + 1 if after is not None else len(order), name)
            self.db.execute("INSERT INTO players (name, player, stake, seat) VALUES (?, ?, ?, NULL) "
                            "ON CONFLICT (name) DO UPDATE SET stake = excluded.stake, "
                            "player = COALESCE(excluded.player, players.player)", (name, player, stake))
            rows.renumber_seats(self.db, order)
            rows.log_event(self.db, "join", name, detail, at)

    def leave(self, name: str, *, at: str | None = None, move: dict[str, str] | None = None) -> None:
        """``name`` leaves the table between hands (keeping their balance); the deal passes on if theirs
        (``move``: as :meth:`join`'s)."""
        checks.text("Ledger.leave", "name", name)
        name = canonical(name)
        with self.transaction():
            names = [n for n, _ in self.seated()]
            if name not in names:
                raise LedgerError(f"{name} is not at the table (seated: {', '.join(names)})").coded(
                    "not_seated_here", name=name, seated=tuple(names))
            order = [n for n in names if n != name]
            least = self.rules.min_players
            if len(order) < least:
                raise LedgerError(f"{name} cannot leave: this variant needs at least {least} players at the "
                                  f"table (seated: {', '.join(names)}); let someone join first, or end the session"
                                  ).coded("cannot_leave", name=name, least=least)
            detail = {"before": rows.seat_state(self.db), **({"move": move} if move else {})}
            self.db.execute("UPDATE players SET seat = NULL WHERE name = ?", (name,))
            rows.renumber_seats(self.db, order)
            if self.next_dealer() == name:
                rows.set_next_dealer(self.db, names[(names.index(name) + 1) % len(names)])
            rows.log_event(self.db, "leave", name, detail, at)

    def change_rules(self, new: StoredRules, *, at: str | None = None) -> list[dict[str, Any]]:
        """Play on under ``new`` rules from the next hand: an event holding the old rules and the diff."""
        checks.stored_rules(new)
        with self.transaction():
            old = self.stored_rules()
            diff = self.rules_change(new)
            detail = {"ref": new.ref, "title": new.title, "sha256": new.digest, "diff": diff,
                      "variant": new.data(), "before": old.meta()}
            rows.set_meta(self.db, new.meta())
            rows.log_event(self.db, "rules", None, detail, at)
        return diff

    def rules_change(self, new: StoredRules) -> list[dict[str, Any]]:
        """What changing to ``new`` rules would change (nothing written), refused as :meth:`change_rules`
        refuses it: the same rules, or rules the table as seated cannot play."""
        old = self.stored_rules()
        diff = rules_diff(old, new)
        if not diff:
            raise LedgerError(f"{new.ref} has the same rules as the session's ({old.title}): nothing to change"
                              ).coded("same_rules")
        names, stakes = zip(*self.seated(), strict=True)
        if found := seating_refusal(new.ruleset, list(names), list(stakes)):
            refusal = found[1] if found[1] is not None and found[1].code.startswith(("seats_", "stakes_")) else None
            raise LedgerError(f"the table as seated cannot play the new rules: {found[0]}").refused_as(
                refusal and Refusal(f"new_rules_{refusal.code}", "seats", None, refusal.params))
        return diff

    def undo(self, *, at: str | None = None, event: int | None = None,
             kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
        """Take back the last event that stands (a hand, a join, a leave, a rules change); say what it was.
        ``event``: only if it is still that event (as a confirmation showed it); ``kinds``: only one of these."""
        with self.transaction():
            return take_back(self.db, self.path, at or rows.now(), event_id=event, kinds=kinds)

    def last_event(self) -> dict[str, Any] | None:
        """What :meth:`undo` would take back now (None: nothing)."""
        return last_event(self.db)
