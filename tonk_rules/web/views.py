"""What the pages show, read from the event's ledgers and kept while nothing changes.

A table's version is its last event and its last correction: every change of a ledger, from the server or
from ``tonk`` in a terminal, logs one or the other. A page or a live fragment asked for
at an unchanged version is served from memory; the live updates ask every second, so a hand recorded
anywhere shows on every open page within two seconds.

Each worker thread keeps its ledgers open (:meth:`Views.ledger`): opening checks the whole file, which takes
longer as the evening grows, and an open connection sees every later commit anyway (WAL). A file replaced
under the same name is noticed by its inode and opened again.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tonk_rules.event.event_folder import EVENT_FILE, Event, Standing, TableState
from tonk_rules.ledger.corrections import corrections, last_correction, standing_hand_events, voided_events
from tonk_rules.ledger.session_ledger import Ledger

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


@dataclass(frozen=True)
class EventView:
    title: str
    language: str
    currency: str
    tables: list[TableState]
    standings: list[Standing]
    version: str


class Views:
    """The event's pages' data, cached by version; safe to use from the server's worker threads."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._states: dict[str, tuple[str, TableState]] = {}
        self._tables: dict[str, TableView] = {}
        self._event: EventView | None = None
        self._open = threading.local()

    def event(self) -> Event:
        return Event.open(self.folder)

    def ledger(self, event: Event, table: str) -> Ledger:
        """This thread's open ledger of ``table`` (opened, and checked, the first time)."""
        path = event.ledger_path(table)
        pool: dict[str, tuple[int, Ledger]] = self._open.__dict__.setdefault("pool", {})
        inode = os.stat(path).st_ino
        held = pool.get(table)
        if held is not None and held[0] == inode:
            return held[1]
        if held is not None:
            held[1].close()
        led = Ledger.open(path)
        pool[table] = (inode, led)
        return led

    def table_version(self, event: Event, table: str) -> str:
        led = self.ledger(event, table)
        last = led.db.execute("SELECT MAX(id) FROM events").fetchone()[0] or 0
        return f"{table}.{last}.{last_correction(led)}"

    def event_version(self, event: Event) -> str:
        stamp = _stamp(self.folder / EVENT_FILE)
        return f"{stamp[0]:x}.{stamp[1]:x}/" + "/".join(self.table_version(event, t) for t in event.table_names())

    def state(self, event: Event, table: str) -> TableState:
        version = self.table_version(event, table)
        with self._lock:
            cached = self._states.get(table)
        if cached is not None and cached[0] == version:
            return cached[1]
        led = self.ledger(event, table)
        state = TableState.of(led, table, next(t["title"] for t in event.tables() if t["name"] == table))
        with self._lock:
            self._states[table] = (version, state)
        return state

    def table(self, event: Event, table: str) -> TableView:
        event.ledger_path(table)  # an unknown table is refused here, before any file is touched
        version = self.table_version(event, table)
        with self._lock:
            cached = self._tables.get(table)
        if cached is not None and cached.version == version:
            return cached
        state = self.state(event, table)
        led = self.ledger(event, table)
        first = max(1, state.hands - HISTORY + 1)
        voided = voided_events(led)
        standing = standing_hand_events(led, first)
        fixes: dict[int, list[dict[str, Any]]] = {}
        for fix in corrections(led):
            fixes.setdefault(fix["hand"], []).append(fix)
        hands = []
        for number in range(state.hands, first - 1, -1):
            hand = led.hands(number)[0]
            event_id = standing.get(number)
            hands.append({**hand, "void": event_id in voided,
                          "corrections": [f for f in fixes.get(number, []) if f["event"] == event_id]})
        view = TableView(state, hands, version)
        with self._lock:
            self._tables[table] = view
        return view

    def event_view(self, event: Event) -> EventView:
        version = self.event_version(event)
        with self._lock:
            cached = self._event
        if cached is not None and cached.version == version:
            return cached
        states = [self.state(event, t) for t in event.table_names()]
        view = EventView(event.title, event.language, event.currency, states, event.standings(states), version)
        with self._lock:
            self._event = view
        return view
