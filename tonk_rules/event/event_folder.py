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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError
from tonk_rules.event.economy import EconomyFile, economy_of
from tonk_rules.event.house_rules import HOUSES, HouseRules, rules_of_ref
from tonk_rules.event.table_names import checked_table_name, why_bad_table_name
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.ledger.state_rows import now
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.outputs import sync_folder

EVENT_FORMAT = "tonk-event"
EVENT_VERSION = 1
EVENT_FILE = "event.json"
LANGUAGES = ("en", "ru")
MAX_TABLES = 64
__all__ = ["EVENT_FILE", "Event", "NoSuchTable", "Standing", "TableState", "why_bad_table_name"]
#: A table being made: its ledger is written under this name, and takes its own name only once ``event.json``
#: lists the table (a kill in between leaves a file that the next opening of the event finishes or removes)
CREATING = ".{table}.creating.sqlite"
#: A move under way: written (synced) before the leave, removed after the join; the next opening of the event
#: finds it and finishes the move, or takes the leave back
MOVING = ".move.json"
_SIDECARS = ("-wal", "-shm", "-journal")


class NoSuchTable(LedgerError):
    """The event has no table of that name."""


@dataclass(frozen=True)
class Standing:
    """One player across the event: their total, their balance at each table, where they sit now."""

    name: str
    total: int
    by_table: dict[str, int] = field(default_factory=dict)
    table: str | None = None  # the table they are seated at (None: seated nowhere)
    matches_won: int = 0  # the tables whose match to N hands won (scoring.mode: wins) they won


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
    #: a match to ``target`` hands won (scoring.mode: wins): ``leaders`` won the match
    match: bool = False
    #: in a match, the hands each player has won (empty in any other scoring)
    wins: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, led: Ledger, name: str, title: str, lang: str = "en") -> TableState:
        """The state of the table ``name`` (titled ``title``) from its ledger, the payments read once; its
        rules named by their title in ``lang``."""
        balances = led.balances()
        leaders = led.leaders(balances)
        return cls(name, title, led.stored_rules().title_in(lang), led.seated(), balances, led.next_dealer(),
                   led.hand_count(), led.game_over(leaders), leaders,
                   led.rules.points_target if led.rules.wins_target is None else led.rules.wins_target,
                   led.rules.wins_target is not None, led.wins() if led.rules.wins_target is not None else {})


class Event:
    """An event folder. Opening it reads ``event.json``; every table is opened when used."""

    def __init__(self, folder: Path, data: dict[str, Any], *, busy_s: float | None = None) -> None:
        self.folder, self._data = folder, data
        #: how long a table's ledger is waited for when another program holds its lock (None: a terminal's
        #: ten seconds; the server waits less, so that a console's write says "table busy" within 2 s)
        self.busy_s = busy_s

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
    def open(cls, folder: str | Path, *, busy_s: float | None = None) -> Event:
        """The event in ``folder``; a table creation or a move that a killed process left half done is finished
        or undone first (under the event's lock, so never one that another process is making now). ``busy_s``:
        how long its tables' ledgers are waited for (:attr:`busy_s`)."""
        folder = Path(folder)
        event = cls(folder, _read(folder), busy_s=busy_s)
        if event._half_done():
            try:
                with event._locked():
                    event._recover()
            except OSError:  # a folder this user may only read (a copy, a read-only disk): read it as it is
                pass
        return event

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

    @property
    def economy(self) -> EconomyFile | None:
        """The event's economy (None: none, balances as they always were): :mod:`tonk_rules.event.economy`."""
        return economy_of(self._data.get("economy"))

    def set_economy(self, economy: EconomyFile) -> None:
        """Keep ``economy`` in ``event.json`` (the purses are handed out by
        :func:`tonk_rules.event.evening_money.set_economy`, which calls this)."""
        with self._locked():
            self.reload()
            self._write({**self._data, "economy": economy.data()})

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
        with Ledger.open(self.ledger_path(table), writable=writable, busy_s=self.busy_s) as led:
            yield led

    def house(self, digest: str) -> dict[str, Any] | None:
        """What the event keeps of house rules of this digest (their file, what they are based on, the rules
        they change), or None: rules of a built-in, or given to the ledger behind the event's back."""
        entry = self._data.get("houses", {}).get(digest)
        return dict(entry) if isinstance(entry, dict) else None

    # --- changing --------------------------------------------------------------------------------------
    def add_table(self, name: str, *, seats: list[str], stakes: list[int], variant_ref: str | None = None,
                  rules: StoredRules | None = None, first_dealer: str | None = None, title: str | None = None) -> None:
        """A new table with its own ledger (the event's currency); its players may not sit at another table.

        Everything is checked before a file is written; the ledger is made under a temporary name and takes
        its own once ``event.json`` lists the table, so a kill at any moment leaves no table or the whole one.
        ``variant_ref`` (a built-in, or a house file's path) is read here; house rules are kept by their file
        name alone, with a copy of a pasted file under ``houses/`` (:mod:`~tonk_rules.event.house_rules`)."""
        checked_table_name(name)
        if rules is None:
            if variant_ref is None:
                raise LedgerError("name the variant the table plays")
            rules = rules_of_ref(variant_ref)
        with self._locked():
            self.reload()
            self._recover()
            self._may_add(name)
            elsewhere = {row.name: row.table for row in self.standings() if row.table is not None}
            for seat in seats:
                if seat in elsewhere:
                    raise LedgerError(f"{seat} is already seated at table {elsewhere[seat]}: move them instead").coded(
                        "seated_elsewhere", name=seat, table=elsewhere[seat])
            making = self.folder / CREATING.format(table=name)
            try:
                Ledger.create(making, seats=seats, stakes=stakes, currency=self.currency, rules=rules,
                              first_dealer=first_dealer, title=title or name).close()
                self._list_table(name, title, rules)
            except Exception:  # refused, or not listed: no table (a killed process's file: the next _recover's)
                _remove_ledger_files(making)
                raise
            _settle_new_ledger(making, self.folder / f"{name}.sqlite")  # listed: should this fail, _recover ends it
        self._keep_house_file(rules)
        if self.economy is not None:  # its players are handed their purses as they sit down
            from tonk_rules.event.evening_money import hand_out_purses

            hand_out_purses(self, list(seats))

    def import_table(self, name: str, text: str, *, title: str | None = None) -> None:
        """A new table from a ledger export (``tonk session export --format json``), checked whole by the import;
        refused if one of its seated players sits at another table (made as :meth:`add_table` makes a table)."""
        from tonk_rules.ledger.json_import import import_json

        checked_table_name(name)
        with self._locked():
            self.reload()
            self._recover()
            self._may_add(name)
            elsewhere = {row.name: row.table for row in self.standings() if row.table is not None}
            making = self.folder / CREATING.format(table=name)
            try:
                with import_json(making, text, "the export") as led:
                    clash = [n for n, _ in led.seated() if n in elsewhere]
                if clash:
                    raise LedgerError(f"{clash[0]} is already seated at table {elsewhere[clash[0]]}").coded(
                        "import_seated_elsewhere", name=clash[0], table=elsewhere[clash[0]])
                self._list_table(name, title, None)
            except Exception:
                _remove_ledger_files(making)
                raise
            _settle_new_ledger(making, self.folder / f"{name}.sqlite")
        if self.economy is not None:  # its players who have no purse yet are handed theirs (the export's stay)
            from tonk_rules.event.evening_money import hand_out_purses

            hand_out_purses(self)

    def change_rules(self, table: str, rules: StoredRules, *, playing: str | None = None) -> list[dict[str, Any]]:
        """``table`` plays on under ``rules`` from its next hand (the ledger's rules change, with its diff);
        house rules are kept as a table's are (by name, with what they are based on): listed before the
        ledger changes, so that a kill in between leaves a sheet with its ★ marks, and unlisted again if the
        ledger refuses them. ``playing``: the digest of the rules the change was previewed on, refused if the
        table plays other rules by now (checked with the ledger open for writing, so nothing slips between)."""
        with self.ledger(table) as led:
            if playing is not None and led.stored_rules().digest != playing:
                raise LedgerError("the table's rules changed since the preview: look again").coded("rules_moved_on")
            if not isinstance(rules, HouseRules) or self.house(rules.digest) is not None:
                return led.change_rules(rules)
            self._set_house(rules.digest, rules.registry_entry())
            try:
                diff = led.change_rules(rules)
            except LedgerError:
                self._set_house(rules.digest, None)
                raise
        self._keep_house_file(rules)
        return diff

    def _set_house(self, digest: str, entry: dict[str, Any] | None) -> None:
        with self._locked():
            self.reload()
            houses = {k: v for k, v in self._data.get("houses", {}).items() if k != digest}
            self._write({**self._data, "houses": houses if entry is None else {**houses, digest: entry}})

    def join(self, table: str, name: str, *, stake: int | None = None, after: str | None = None) -> None:
        """``name`` sits down at ``table`` (refused while they sit at another table: that is a move)."""
        with self._locked():
            self._recover()
            seated_at = self.seated_at(name)
            if seated_at is not None and seated_at != table:
                raise LedgerError(f"{name} is seated at table {seated_at}: move them instead").coded(
                    "seated_elsewhere", name=name, table=seated_at)
            with self.ledger(table) as led:
                led.join(name, stake=stake, after=after)
        if self.economy is not None:  # a newcomer is handed their purse as they sit down
            from tonk_rules.event.evening_money import hand_out_purses

            hand_out_purses(self, [name])

    def leave(self, table: str, name: str) -> None:
        with self._locked():
            self._recover()
            with self.ledger(table) as led:
                led.leave(name)

    def move(self, name: str, source: str, target: str, *, stake: int | None = None,
             after: str | None = None) -> None:
        """``name`` leaves ``source`` and sits down at ``target``; their balance at ``source`` stays theirs.

        A move happens whole or not at all, even if the process is killed half way: it is written down
        (``.move.json``, synced) before the leave and removed after the join, and whoever opens the event next
        finishes it, or takes the leave back where the join is refused (:meth:`_finish_move`). A join refused
        here takes the leave back at once."""
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
        with self._locked():
            self._recover()
            with self.ledger(source) as src, self.ledger(target) as dst:
                sits_at_source(src)  # again inside the move: another console may have moved them meanwhile
                if name in [n for n, _ in dst.seated()]:
                    raise LedgerError(f"{name} is already at table {target}").coded("already_at_table", name=name,
                                                                                     table=target)
                plan = {"name": name, "source": source, "target": target, "stake": stake, "after": after}
                _write_synced(self.folder / MOVING, plan)
                move = {"from": source, "to": target}  # each half marked, so the console undoes the move whole
                try:
                    src.leave(name, move=move)
                except LedgerError:  # refused: nothing changed
                    (self.folder / MOVING).unlink()
                    raise
                try:
                    dst.join(name, stake=stake, after=after, move=move)
                except LedgerError:
                    _take_leave_back(src, name)
                    (self.folder / MOVING).unlink()
                    raise
            (self.folder / MOVING).unlink()

    # --- a creation or a move left half done -----------------------------------------------------------
    def _may_add(self, name: str) -> None:
        """Refuse a new table ``name`` the event has, one too many, or whose ledger file is taken."""
        if name in self.table_names():
            raise LedgerError(f"the event already has a table {name!r}").coded("table_exists", table=name)
        if len(self.table_names()) >= MAX_TABLES:
            raise LedgerError(f"an event has at most {MAX_TABLES} tables").coded("too_many_tables",
                                                                                 most=MAX_TABLES)
        stray = self.folder / f"{name}.sqlite"
        if stray.exists() or stray.is_symlink():
            if not _is_empty_ledger(stray):
                raise LedgerError(f"{stray.name} in the event folder is the ledger of no table of this event: move "
                                  "it away first").coded("stray_ledger", table=name)
            # a table an earlier version was making when it was killed: it holds nothing, and blocks the name
            _remove_ledger_files(stray)

    def _list_table(self, name: str, title: str | None, rules: StoredRules | None) -> None:
        """List the table in ``event.json``: the moment it exists (its ledger then takes its own name)."""
        houses = dict(self._data.get("houses", {}))
        if isinstance(rules, HouseRules):
            houses[rules.digest] = rules.registry_entry()
        data = {**self._data, "tables": [*self._data["tables"], {"name": name, "title": title or name}],
                **({"houses": houses} if houses else {})}
        self._write(data)

    def _keep_house_file(self, rules: StoredRules) -> None:
        """A copy of a pasted house file under ``houses/``, for the game master (the ledger keeps the rules)."""
        if not isinstance(rules, HouseRules) or not rules.text:
            return
        houses = self.folder / HOUSES
        houses.mkdir(exist_ok=True)
        if not (houses / rules.ref).exists():
            _write_synced(houses / rules.ref, rules.text)

    def _half_done(self) -> bool:
        """Whether a killed process left a table creation or a move half done (one look at the folder)."""
        try:
            return any(entry.name == MOVING or (entry.name.startswith(".") and entry.name.endswith(".creating.sqlite"))
                       for entry in os.scandir(self.folder))
        except OSError:
            return False

    def _recover(self) -> None:
        """Finish or undo what a killed process left half done (called with the event's lock held)."""
        self.reload()
        listed = set(self.table_names())
        for entry in list(os.scandir(self.folder)):
            if not (entry.name.startswith(".") and entry.name.endswith(".creating.sqlite")):
                continue
            table = entry.name[1:-len(".creating.sqlite")]
            making, final = Path(entry.path), self.folder / f"{table}.sqlite"
            if table in listed and not final.exists():
                _settle_new_ledger(making, final)  # listed, then killed before the rename: finish it
            else:
                _remove_ledger_files(making)  # killed before the table was listed: it never existed
        if (self.folder / MOVING).exists():
            self._finish_move()

    def _finish_move(self) -> None:
        """A move the process was killed in: done whole (the join made) or not at all (the leave taken back)."""
        plan = json.loads((self.folder / MOVING).read_text(encoding="utf-8"))
        name, source, target = plan["name"], plan["source"], plan["target"]
        with self.ledger(source) as src, self.ledger(target) as dst:
            at_source = name in [n for n, _ in src.seated()]
            at_target = name in [n for n, _ in dst.seated()]
            if not at_source and not at_target:  # killed between the leave and the join
                try:
                    dst.join(name, stake=plan.get("stake"), after=plan.get("after"),
                             move={"from": source, "to": target})
                except LedgerError:
                    _take_leave_back(src, name)
        (self.folder / MOVING).unlink()

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
            return TableState.of(led, table, self._title_of(table), self.language)

    def states(self) -> list[TableState]:
        return [self.state(t) for t in self.table_names()]

    def standings(self, states: list[TableState] | None = None) -> list[Standing]:
        """Every player of the event, best total first (ties by name)."""
        totals: dict[str, dict[str, int]] = {}
        seated_at: dict[str, str] = {}
        matches: dict[str, int] = {}  # the matches each player won (scoring.mode: wins)
        for state in states if states is not None else self.states():
            for name, amount in state.balances.items():
                totals.setdefault(name, {})[state.name] = amount
            for name, _ in state.seated:
                seated_at[name] = state.name
            for name in state.leaders if state.match else ():
                matches[name] = matches.get(name, 0) + 1
        rows = [Standing(name, sum(by.values()), by, seated_at.get(name), matches.get(name, 0))
                for name, by in totals.items()]
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
        _write_synced(self.folder / EVENT_FILE, data)
        self._data = data


def _write_synced(path: Path, content: Any) -> None:
    """``content`` (JSON data, or text) to ``path`` whole: a temporary file, synced, renamed over, the folder
    synced, so that after a kill the file is there whole or not at all."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        if isinstance(content, str):
            handle.write(content)
        else:
            json.dump(content, handle, ensure_ascii=False, indent=2)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    sync_folder(path.parent)


def _remove_ledger_files(path: Path) -> None:
    for leftover in (path, *(Path(f"{path}{suffix}") for suffix in _SIDECARS)):
        leftover.unlink(missing_ok=True)


def _settle_new_ledger(making: Path, final: Path) -> None:
    """The new ledger at ``making`` (closed) takes its own name ``final``, with its log if SQLite left one."""
    Path(f"{making}-shm").unlink(missing_ok=True)
    for suffix in ("-wal", "-journal"):
        if Path(f"{making}{suffix}").exists():
            os.replace(f"{making}{suffix}", f"{final}{suffix}")
    os.replace(making, final)
    sync_folder(final.parent)


def _is_empty_ledger(path: Path) -> bool:
    """Whether ``path`` is a ledger that holds nothing yet (no hand, no event): what a killed creation leaves."""
    try:
        with Ledger.open(path, writable=False) as led:
            return led.hand_count() == 0 and not led.events()
    except LedgerError:
        return False


def _take_leave_back(src: Ledger, name: str) -> None:
    """``name`` sits at ``src`` again after a move whose join was refused: the leave undone where it is still the
    table's last event, else (a hand was recorded there meanwhile) a join of their own, at their stake."""
    standing = [e for e in src.events() if e["undone_by"] is None and e["kind"] != "undo"]
    if standing and standing[-1]["kind"] == "leave" and standing[-1]["name"] == name:
        src.undo()
        return
    stake = next((p["stake"] for p in src.players() if p["name"] == name), None)
    src.join(name, stake=stake)


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
                       and why_bad_table_name(t["name"]) is None for t in tables)
            or not isinstance(data.get("houses", {}), dict)):
        raise LedgerError(f"{path}: the event file is damaged (its title, language, currency or tables)")
    if data.get("economy") is not None:
        try:
            economy_of(data["economy"])
        except ValueError:  # pydantic's ValidationError: an economy edited by hand into one no file gives
            raise LedgerError(f"{path}: the event file is damaged (its economy: check it with `tonk event economy "
                              "FOLDER FILE`)") from None
    return data
