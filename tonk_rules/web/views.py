"""What the pages show, read from the event's ledgers and kept while nothing changes.

A table's version is the state of its ledger files (size and modification time of the file and its WAL):
any commit, from the server or from ``tonk`` in a terminal, changes it. A page or a live fragment asked for
at an unchanged version is served from memory; the live updates ask every second, so a hand recorded
anywhere shows on every open page within two seconds.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tonk_rules.table.event import EVENT_FILE, Event, Standing, TableState
from tonk_rules.table.ledger_correct import corrections, voided_events


def _stamp(path: Path) -> tuple[int, int]:
    try:
        info = os.stat(path)
    except OSError:
        return (0, 0)
    return (info.st_mtime_ns, info.st_size)


@dataclass(frozen=True)
class TableView:
    state: TableState
    hands: list[dict[str, Any]]  # newest first, each with "void" and its corrections
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
        self._tables: dict[str, TableView] = {}
        self._event: EventView | None = None

    def event(self) -> Event:
        return Event.open(self.folder)

    def table_version(self, table: str) -> str:
        base = self.folder / f"{table}.sqlite"
        stamps = (_stamp(base), _stamp(Path(f"{base}-wal")))
        return "-".join(f"{a:x}.{b:x}" for a, b in stamps)

    def event_version(self, event: Event) -> str:
        stamp = _stamp(self.folder / EVENT_FILE)
        return f"{stamp[0]:x}.{stamp[1]:x}/" + "/".join(self.table_version(t) for t in event.table_names())

    def table(self, event: Event, table: str) -> TableView:
        event.ledger_path(table)  # an unknown table is refused here, before any file is touched
        version = self.table_version(table)
        with self._lock:
            cached = self._tables.get(table)
        if cached is not None and cached.version == version:
            return cached
        with event.ledger(table, writable=False) as led:
            state = TableState(table, next(t["title"] for t in event.tables() if t["name"] == table),
                               led.stored_rules().title, led.seated(), led.balances(), led.next_dealer(),
                               led.hand_count(), led.game_over())
            voided = voided_events(led)
            fixes: dict[int, list[dict[str, Any]]] = {}
            for fix in corrections(led):
                fixes.setdefault(fix["hand"], []).append(fix)
            standing = {e["after_hand"] + 1: e["event"] for e in led.events()
                        if e["kind"] == "hand" and e["undone_by"] is None}
            hands = []
            for hand in reversed(led.hands()):
                event_id = standing.get(hand["number"])
                hand_fixes = [f for f in fixes.get(hand["number"], []) if f["event"] == event_id]
                hands.append({**hand, "void": event_id in voided, "corrections": hand_fixes})
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
        states = [self.table(event, t).state for t in event.table_names()]
        view = EventView(event.title, event.language, event.currency, states, event.standings(states), version)
        with self._lock:
            self._event = view
        return view
