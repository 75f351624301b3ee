"""What the pages show, read from the event's ledgers and kept while nothing changes.

A table's version is its last event and its last correction: every change of a ledger, from the server or
from ``tonk`` in a terminal, logs one or the other. A page or a live fragment asked for
at an unchanged version is served from memory; the live updates ask every second, so a hand recorded
anywhere shows on every open page within two seconds.

Each worker thread keeps its ledgers open (:meth:`Views.ledger`): opening checks the whole file, which takes
longer as the evening grows, and an open connection sees every later commit anyway (WAL). A file replaced
under the same name is noticed by its inode and opened again.

A table whose ledger is busy (another program's lock, waited for at most
:data:`~tonk_rules.web.unavailable.SERVER_BUSY_S`) or cannot be read (removed, cut short, damaged) is
:class:`~tonk_rules.web.unavailable.TableUnavailable` for its own page; the event page and the standings show
the other tables, and say which table is left out and why.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError
from tonk_rules.event.event_folder import EVENT_FILE, Event, Standing, TableState
from tonk_rules.event.purses import Evening
from tonk_rules.ledger.corrections import corrections, last_correction, standing_hand_events, voided_events
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.web.money_words import money_view
from tonk_rules.web.refusal_words import say
from tonk_rules.web.unavailable import SERVER_BUSY_S, TableTurns, TableUnavailable, unavailable

#: the history a table page shows: the latest hands (the export holds them all)
HISTORY = 50


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = os.stat(path)
    except OSError:
        return (0, 0)
    return (info.st_mtime_ns, info.st_size)


@dataclass(frozen=True)
class TableView:
    state: TableState
    hands: list[dict[str, Any]]  # the latest first, each with "void" and its corrections
    version: str
    #: under an economy: each player's purse and who is out, with the words to show them (None: no economy)
    money: dict[str, Any] | None = None


@dataclass(frozen=True)
class EventView:
    title: str
    language: str
    currency: str
    tables: list[TableState]
    standings: list[Standing]
    version: str
    #: the tables left out of the standings, each (name, what is wrong with it in the event's language)
    unavailable: tuple[tuple[str, str], ...] = ()
    #: the evening's money under an economy, its words filled in (:func:`tonk_rules.web.money_words.money_view`);
    #: None: an event without one
    money: dict[str, Any] | None = None


class Views:
    """The event's pages' data, cached by version; safe to use from the server's worker threads."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._states: dict[str, tuple[str, TableState]] = {}
        self._tables: dict[str, TableView] = {}
        self._event: EventView | None = None
        self._open = threading.local()
        #: one write at a time per table inside this server (the writes wait for it a bounded time)
        self.turns = TableTurns()

    def event(self) -> Event:
        """The event, its tables' ledgers waited for at most :data:`SERVER_BUSY_S` (a console's write to a
        table another program holds locked says "table busy" within 2 s, as a phone's does)."""
        return Event.open(self.folder, busy_s=SERVER_BUSY_S)

    def ledger(self, event: Event, table: str) -> Ledger:
        """This thread's open ledger of ``table`` (opened, and checked, the first time); refused,
        :class:`TableUnavailable`, when it is busy or cannot be read."""
        path = event.ledger_path(table)
        pool: dict[str, tuple[int, Ledger]] = self._open.__dict__.setdefault("pool", {})
        held = pool.get(table)
        try:
            inode = os.stat(path).st_ino
            if held is not None and held[0] == inode:
                return held[1]
            if held is not None:
                del pool[table]
                held[1].close()
            led = Ledger.open(path, busy_s=SERVER_BUSY_S)
        except (LedgerError, OSError, sqlite3.Error) as exc:
            raise self._unavailable(event, table, exc) from None
        pool[table] = (inode, led)
        return led

    def _money(self, event: Event, tables: list[str]) -> dict[str, Any] | None:
        return _money_of(self, event, tables)

    def _table_money(self, event: Event) -> dict[str, Any] | None:
        """What a table page shows of the money under an economy: purses, and who is out."""
        whole = _money_of(self, event, event.table_names())
        if whole is None:
            return None
        return {"purse": whole["purse"], "purses": {n: p for n, p, _ in whole["rows"]},
                "out": {n: out for n, _, out in whole["rows"] if out}}

    def _unavailable(self, event: Event, table: str, exc: Exception) -> Exception:
        """The error a page says of ``table`` for ``exc`` (its ledger's trouble, or ``exc`` itself); this
        thread's connection to a ledger in trouble is dropped, so that it is opened and checked again."""
        said = unavailable(event.ledger_path(table), _title(event, table), exc)
        if said is None:
            return exc
        held = self._open.__dict__.get("pool", {}).pop(table, None)
        if held is not None:
            with contextlib.suppress(sqlite3.Error):
                held[1].close()
        return said

    def turn(self, event: Event, table: str) -> AbstractContextManager[None]:
        """This server's one write at a time at ``table``, waited for a bounded time (then "table busy")."""
        return self.turns.turn(table, _title(event, table))

    def table_version(self, event: Event, table: str) -> str:
        led = self.ledger(event, table)
        try:
            last = led.db.execute("SELECT MAX(id) FROM events").fetchone()[0] or 0
            return f"{table}.{last}.{last_correction(led)}"
        except (LedgerError, sqlite3.Error) as exc:  # cut short or damaged under an open connection
            raise self._unavailable(event, table, exc) from None

    def event_version(self, event: Event) -> str:
        return self._event_version(event)[0]

    def _event_version(self, event: Event) -> tuple[str, dict[str, TableUnavailable]]:
        """The event's version, and the tables in trouble (asked once: a busy table costs its wait once)."""
        stamp = _stamp(self.folder / EVENT_FILE)
        versions, trouble = [], {}
        for t in event.table_names():
            try:
                versions.append(self.table_version(event, t))
            except TableUnavailable as exc:  # the page changes when the table comes back
                trouble[t] = exc
                versions.append(f"{t}!{exc.refusal.code if exc.refusal else ''}")
        return f"{stamp[0]:x}.{stamp[1]:x}/" + "/".join(versions), trouble

    def state(self, event: Event, table: str) -> TableState:
        version = self.table_version(event, table)
        with self._lock:
            cached = self._states.get(table)
        if cached is not None and cached[0] == version:
            return cached[1]
        led = self.ledger(event, table)
        try:
            state = TableState.of(led, table, _title(event, table), event.language)
        except (LedgerError, sqlite3.Error) as exc:
            raise self._unavailable(event, table, exc) from None
        with self._lock:
            self._states[table] = (version, state)
        return state

    def table(self, event: Event, table: str) -> TableView:
        event.ledger_path(table)  # an unknown table is refused here, before any file is touched
        version = self.table_version(event, table)
        if event.economy is not None:  # the purses it shows are the evening's: a change at any table moves them
            version = f"{version}~{self.event_version(event)}"
        with self._lock:
            cached = self._tables.get(table)
        if cached is not None and cached.version == version:
            return cached
        state = self.state(event, table)
        led = self.ledger(event, table)
        try:
            hands = _history(led, state.hands)
        except (LedgerError, sqlite3.Error) as exc:
            raise self._unavailable(event, table, exc) from None
        view = TableView(state, hands, version, self._table_money(event))
        with self._lock:
            self._tables[table] = view
        return view

    def event_view(self, event: Event) -> EventView:
        version, trouble = self._event_version(event)
        with self._lock:
            cached = self._event
        if cached is not None and cached.version == version:
            return cached
        states, left_out = [], []
        for t in event.table_names():
            try:
                if t in trouble:
                    raise trouble[t]
                states.append(self.state(event, t))
            except TableUnavailable as exc:
                assert exc.refusal is not None
                left_out.append((t, say(exc.refusal, event.language)))
        view = EventView(event.title, event.language, event.currency, states, event.standings(states), version,
                         tuple(left_out), self._money(event, [s.name for s in states]))
        with self._lock:
            self._event = view
        return view


def _money_of(views: Views, event: Event, tables: list[str]) -> dict[str, Any] | None:
    """The evening's money from the tables that can be read now (None without an economy)."""
    economy = event.economy
    if economy is None:
        return None
    money = Evening()
    for table in tables:
        try:
            money.add_table(views.ledger(event, table))
        except (LedgerError, sqlite3.Error):  # said of the table already: its money is left out with it
            continue
    return money_view(event.language, economy, money, event.currency)


def _title(event: Event, table: str) -> str:
    return next((t["title"] for t in event.tables() if t["name"] == table), table)


def _history(led: Ledger, count: int) -> list[dict[str, Any]]:
    """The latest :data:`HISTORY` hands of ``count``, the latest first, each with "void" and its corrections."""
    first = max(1, count - HISTORY + 1)
    voided = voided_events(led)
    standing = standing_hand_events(led, first)
    fixes: dict[int, list[dict[str, Any]]] = {}
    for fix in corrections(led):
        fixes.setdefault(fix["hand"], []).append(fix)
    hands = []
    for number in range(count, first - 1, -1):
        hand = led.hands(number)[0]
        event_id = standing.get(number)
        hands.append({**hand, "void": event_id in voided,
                      "corrections": [f for f in fixes.get(number, []) if f["event"] == event_id]})
    return hands
