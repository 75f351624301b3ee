"""An event of several tables: one folder holding each table's ledger, standings across them, moves.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "night"
    >>> event = Event.create(folder, title="Winter night", language="en", currency="crowns")
    >>> event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    >>> event.add_table("t2", variant_ref="russian", seats=["Dee", "Eve"], stakes=[1, 1])
    >>> event.move("Cy", "t1", "t2")
    >>> [(row.name, row.table) for row in event.standings()]
    [('Ann', 't1'), ('Bob', 't1'), ('Cy', 't2'), ('Dee', 't2'), ('Eve', 't2')]

The folder holds ``event.json`` (title, language, currency, the tables in order) and one ledger per table,
``<table>.sqlite``: each table is an ordinary session ledger (``tonk session …`` works on it), so the CLI and
the server read and write the same files, each change one ledger transaction. A player is known across the
event by their seat name: their standing is the sum of their balances at every table, so a player who moves
keeps their money (what they won at the first table stays in its ledger, and counts).
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.ledger.state_rows import now
from tonk_rules.ledger.stored_rules import StoredRules

EVENT_FORMAT = "tonk-event"
EVENT_VERSION = 1
EVENT_FILE = "event.json"
LANGUAGES = ("en", "ru")
#: a table's name is its file's name: short, lower-case, nothing a path or a URL would read differently
TABLE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
MAX_TABLES = 64


def why_bad_table_name(name: str) -> str | None:
    if TABLE_NAME.fullmatch(name) is None:
        return (f"a table's name is 1 to 32 lower-case letters, digits, '-' or '_', starting with a letter or "
                f"digit: {name[:40]!r}")  # said on a page as the code bad_table_name (web/refusal_words.py)
    return None


class NoSuchTable(LedgerError):
    """The event has no table of that name."""


@dataclass(frozen=True)
class Standing:
    """One player across the event: their total, their balance at each table, where they sit now."""

    name: str
    total: int
    by_table: dict[str, int] = field(default_factory=dict)
    table: str | None = None  # the table they are seated at (None: seated nowhere)


@dataclass(frozen=True)
class TableState:
    """What the event page shows of one table."""

    name: str
    title: str
    rules: str
    seated: list[tuple[str, int]]
    balances: dict[str, int]
    next_dealer: str
    hands: int
    game_over: str | None
    #: who reached the points target, and the target (a page says the game's end in its own language)
    leaders: tuple[str, ...] = ()
    target: int | None = None

    @classmethod
    def of(cls, led: Ledger, name: str, title: str) -> TableState:
        """The state of the table ``name`` (titled ``title``) from its ledger, the payments read once."""
        balances = led.balances()
        leaders = led.leaders(balances)
        return cls(name, title, led.stored_rules().title, led.seated(), balances, led.next_dealer(),
                   led.hand_count(), led.game_over(leaders), leaders, led.rules.points_target)


class Event:
    """An event folder. Opening it reads ``event.json``; every table is opened when used."""

    def __init__(self, folder: Path, data: dict[str, Any]) -> None:
        self.folder, self._data = folder, data

    # --- opening ---------------------------------------------------------------------------------------
    @classmethod
    def create(cls, folder: str | Path, *, title: str, language: str = "en", currency: str = "chips") -> Event:
        folder = Path(folder)
        if language not in LANGUAGES:
            raise LedgerError(f"the event's language is one of {', '.join(LANGUAGES)}, not {language!r}")
        if not title.strip() or not currency.strip():
            raise LedgerError("the event needs a title and a currency name")
        if (folder / EVENT_FILE).exists():
            raise LedgerError(f"{folder}: already holds an event ({EVENT_FILE})")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LedgerError(f"{folder}: cannot make the event folder: {exc.strerror}") from None
        data = {"format": EVENT_FORMAT, "version": EVENT_VERSION, "title": title.strip(), "language": language,
                "currency": currency.strip(), "created": now(), "tables": []}
        event = cls(folder, data)
        with event._locked():
            if (folder / EVENT_FILE).exists():
                raise LedgerError(f"{folder}: already holds an event ({EVENT_FILE})")
            event._write(data)
        return event

    @classmethod
    def open(cls, folder: str | Path) -> Event:
        folder = Path(folder)
        return cls(folder, _read(folder))

    def reload(self) -> None:
        self._data = _read(self.folder)

    @property
    def title(self) -> str:
        return str(self._data["title"])

    @property
    def language(self) -> str:
        return str(self._data["language"])

    @property
    def currency(self) -> str:
        return str(self._data["currency"])

    def tables(self) -> list[dict[str, str]]:
        """The tables in the order they were made: ``{"name", "title"}``."""
        return [dict(t) for t in self._data["tables"]]

    def tables_titled(self) -> dict[str, str]:
        """Each table's name and its title (what a page names it by)."""
        return {t["name"]: t["title"] for t in self._data["tables"]}

    def table_names(self) -> list[str]:
        return [t["name"] for t in self._data["tables"]]

    def ledger_path(self, table: str) -> Path:
        if table not in self.table_names():
            shown = ", ".join(self.table_names()) or "none yet"
            raise NoSuchTable(f"the event has no table {table[:40]!r} (tables: {shown})").coded(
                "no_table", "how", None, table=table)
        return self.folder / f"{table}.sqlite"

    @contextmanager
    def ledger(self, table: str, *, writable: bool = True) -> Iterator[Ledger]:
        with Ledger.open(self.ledger_path(table), writable=writable) as led:
            yield led

    # --- changing --------------------------------------------------------------------------------------
    def add_table(self, name: str, *, seats: list[str], stakes: list[int], variant_ref: str | None = None,
                  rules: StoredRules | None = None, first_dealer: str | None = None, title: str | None = None) -> None:
        """A new table with its own ledger (the event's currency); its players may not sit at another table."""
        if why := why_bad_table_name(name):
            raise LedgerError(why).coded("bad_table_name", "how", None, table=name)
        with self._locked():
            self.reload()
            if name in self.table_names():
                raise LedgerError(f"the event already has a table {name!r}").coded("table_exists", table=name)
            if len(self.table_names()) >= MAX_TABLES:
                raise LedgerError(f"an event has at most {MAX_TABLES} tables").coded("too_many_tables",
                                                                                     most=MAX_TABLES)
            elsewhere = {row.name: row.table for row in self.standings() if row.table is not None}
            for seat in seats:
                if seat in elsewhere:
                    raise LedgerError(f"{seat} is already seated at table {elsewhere[seat]}: move them instead").coded(
                        "seated_elsewhere", name=seat, table=elsewhere[seat])
            Ledger.create(self.folder / f"{name}.sqlite", seats=seats, stakes=stakes, currency=self.currency,
                          variant_ref=variant_ref, rules=rules, first_dealer=first_dealer,
                          title=title or name).close()
            data = {**self._data, "tables": [*self._data["tables"], {"name": name, "title": title or name}]}
            self._write(data)
            self._data = data

    def import_table(self, name: str, text: str, *, title: str | None = None) -> None:
        """A new table from a ledger export (``tonk session export --format json``), checked whole by the import;
        refused if one of its seated players sits at another table."""
        from tonk_rules.ledger.json_import import import_json

        if why := why_bad_table_name(name):
            raise LedgerError(why).coded("bad_table_name", "how", None, table=name)
        with self._locked():
            self.reload()
            if name in self.table_names():
                raise LedgerError(f"the event already has a table {name!r}").coded("table_exists", table=name)
            if len(self.table_names()) >= MAX_TABLES:
                raise LedgerError(f"an event has at most {MAX_TABLES} tables").coded("too_many_tables",
                                                                                     most=MAX_TABLES)
            elsewhere = {row.name: row.table for row in self.standings() if row.table is not None}
            path = self.folder / f"{name}.sqlite"
            with import_json(path, text, "the export") as led:
                clash = [n for n, _ in led.seated() if n in elsewhere]
            if clash:
                for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                    leftover.unlink(missing_ok=True)
                raise LedgerError(f"{clash[0]} is already seated at table {elsewhere[clash[0]]}").coded(
                    "import_seated_elsewhere", name=clash[0], table=elsewhere[clash[0]])
            data = {**self._data, "tables": [*self._data["tables"], {"name": name, "title": title or name}]}
            self._write(data)
            self._data = data

    def join(self, table: str, name: str, *, stake: int | None = None, after: str | None = None) -> None:
        """``name`` sits down at ``table`` (refused while they sit at another table: that is a move)."""
        seated_at = self.seated_at(name)
        if seated_at is not None and seated_at != table:
            raise LedgerError(f"{name} is seated at table {seated_at}: move them instead").coded(
                "seated_elsewhere", name=name, table=seated_at)
        with self.ledger(table) as led:
            led.join(name, stake=stake, after=after)

    def leave(self, table: str, name: str) -> None:
        with self.ledger(table) as led:
            led.leave(name)

    def move(self, name: str, source: str, target: str, *, stake: int | None = None,
             after: str | None = None) -> None:
        """``name`` leaves ``source`` and sits down at ``target``; their balance at ``source`` stays theirs.

        The join is checked first; if it is refused after the leave (the target changed meanwhile), the
        leave is taken back, so a move happens whole or not at all."""
        def sits_at_source(src: Ledger) -> None:
            seated = tuple(n for n, _ in src.seated())
            if name not in seated:
                raise LedgerError(f"{name} is not at table {source} (seated: {', '.join(seated)})").coded(
                    "not_at_table", name=name, table=source, seated=seated)

        with self.ledger(source) as src:  # who sits there first: a move to the same table says where they are
            sits_at_source(src)
        if source == target:
            raise LedgerError(f"{name} is already at table {source}").coded("already_at_table", name=name,
                                                                             table=source)
        with self.ledger(source) as src, self.ledger(target) as dst:
            sits_at_source(src)  # again inside the move: another console may have moved them meanwhile
            if name in [n for n, _ in dst.seated()]:
                raise LedgerError(f"{name} is already at table {target}").coded("already_at_table", name=name,
                                                                                 table=target)
            move = {"from": source, "to": target}
            src.leave(name, move=move)
            try:
                dst.join(name, stake=stake, after=after, move=move)
            except BaseException:
                src.undo()
                raise

    def last_change(self, table: str) -> dict[str, Any] | None:
        """What :meth:`undo` at ``table`` would take back now (None: nothing): a move's half names the move."""
        with self.ledger(table, writable=False) as led:
            return led.last_event()

    def undo(self, table: str, event_id: int, *, kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
        """Take back event ``event_id``, the last change at ``table`` (refused if it no longer is). A move is
        taken back whole, at both tables, or not at all: the other table's half must be its last change too."""
        with self.ledger(table) as led:
            last = led.last_event()
            move = last["detail"].get("move") if last and last["kind"] in ("join", "leave") else None
            if last is None or move is None or (kinds is not None and last["kind"] not in kinds):
                return led.undo(event=event_id, kinds=kinds)
            other = move["to"] if table == move["from"] else move["from"]
            with self.ledger(other) as far:
                theirs = far.last_event()
                if theirs is None or theirs["name"] != last["name"] or theirs["detail"].get("move") != move:
                    raise LedgerError(f"{last['name']}'s move cannot be taken back: table {other} has changed "
                                      "since").coded("move_moved_on", name=last["name"], table=other)
                # the join first, then the leave: the seats come back as they were before the move
                joined, left = (led, far) if table == move["to"] else (far, led)
                took = joined.undo(event=event_id if joined is led else theirs["event"])
                left.undo(event=event_id if left is led else theirs["event"])
        return {**took, "move": move}

    # --- reading ---------------------------------------------------------------------------------------
    def state(self, table: str) -> TableState:
        with self.ledger(table, writable=False) as led:
            return TableState.of(led, table, self._title_of(table))

    def states(self) -> list[TableState]:
        return [self.state(t) for t in self.table_names()]

    def standings(self, states: list[TableState] | None = None) -> list[Standing]:
        """Every player of the event, best total first (ties by name)."""
        totals: dict[str, dict[str, int]] = {}
        seated_at: dict[str, str] = {}
        for state in states if states is not None else self.states():
            for name, amount in state.balances.items():
                totals.setdefault(name, {})[state.name] = amount
            for name, _ in state.seated:
                seated_at[name] = state.name
        rows = [Standing(name, sum(by.values()), by, seated_at.get(name)) for name, by in totals.items()]
        return sorted(rows, key=lambda row: (-row.total, row.name))

    def seated_at(self, name: str) -> str | None:
        for state in self.states():
            if name in [n for n, _ in state.seated]:
                return state.name
        return None

    def _title_of(self, table: str) -> str:
        return next(str(t["title"]) for t in self._data["tables"] if t["name"] == table)

    # --- the event file --------------------------------------------------------------------------------
    @contextmanager
    def _locked(self) -> Iterator[None]:
        """One writer of ``event.json`` at a time (the server and a terminal may add tables at once)."""
        with open(self.folder / ".event.lock", "a+b") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _write(self, data: dict[str, Any]) -> None:
        """Written whole to a temporary file, synced, then renamed over: a crash leaves the old or the new."""
        target = self.folder / EVENT_FILE
        temporary = self.folder / f".{EVENT_FILE}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=2)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)


#: What a damaged event file does not touch (said with its refusal).
_HANDS_ARE_SAFE = "the hands themselves are in the tables' ledgers beside it"


def _read(folder: Path) -> dict[str, Any]:
    path = folder / EVENT_FILE
    if not path.is_file():
        raise LedgerError(f"{folder}: not an event folder (no {EVENT_FILE}; make one with `tonk event create`)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LedgerError(f"{path}: cannot be read as an event file: {exc.strerror or 'the system refused'}") from None
    except UnicodeDecodeError as exc:
        raise LedgerError(f"{path}: cannot be read as an event file: not UTF-8 text (byte {exc.start + 1}: "
                          f"damaged?); {_HANDS_ARE_SAFE}") from None
    except json.JSONDecodeError as exc:  # where and why, never the content
        if exc.pos >= len(exc.doc.rstrip()) or exc.msg.startswith("Unterminated string"):
            why = "it ends in the middle of its JSON (cut short, by a full disk or a partial copy?)"
        else:
            why = f"not JSON at line {exc.lineno}, column {exc.colno} ({exc.msg.lower()})"
        raise LedgerError(f"{path}: cannot be read as an event file: {why}; {_HANDS_ARE_SAFE}") from None
    if not isinstance(data, dict) or data.get("format") != EVENT_FORMAT:
        raise LedgerError(f"{path}: not a tonk event file")
    if data.get("version") != EVENT_VERSION:
        raise LedgerError(f"{path}: event file version {data.get('version')!r} is not the version this program "
                          f"reads ({EVENT_VERSION})")
    tables = data.get("tables")
    if (not isinstance(tables, list) or data.get("language") not in LANGUAGES
            or not all(isinstance(data.get(k), str) for k in ("title", "currency"))
            or not all(isinstance(t, dict) and isinstance(t.get("name"), str) and isinstance(t.get("title"), str)
                       and why_bad_table_name(t["name"]) is None for t in tables)):
        raise LedgerError(f"{path}: the event file is damaged (its title, language, currency or tables)")
    return data
