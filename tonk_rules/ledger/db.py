"""The SQLite file under a session ledger: its versioned schema, opening it safely, one transaction per change.

The file is opened read-write only if it already exists (a mistyped path never creates an empty ledger),
checked (``PRAGMA quick_check``, the format marker, the schema version) before anything is written, and
kept in WAL mode with ``synchronous=FULL``: a writer killed at any moment leaves every committed hand in
the file and the file readable, and a reader (``balances`` in another terminal) never blocks the writer.

Every change is one ``BEGIN IMMEDIATE`` transaction that also does the reads it depends on (the next hand's
number, the dealer, the last event): two terminals writing at once are served one after the other, and a
writer that finds the ledger busy waits up to :data:`BUSY_TIMEOUT_S` seconds, then says so in one line.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.sqlite"
    >>> db = create_database(path, {"currency": "crowns", "next_dealer": "Ann"})
    >>> with transaction(db):
    ...     _ = db.execute("INSERT INTO players (name, stake, seat) VALUES ('Ann', 1, 0)")
    >>> db.close()
    >>> open_database(path).execute("SELECT name FROM players").fetchall()
    [('Ann',)]
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tonk_rules.errors import LedgerError, NotALedgerError
from tonk_rules.ledger.health import (
    BUSY_TIMEOUT_S,
    busy_message,
    damaged,
    explain,
    why_folder_not_writable,
    why_not_content,
    why_not_writable,
)

FORMAT = "tonk-ledger"
SCHEMA_VERSION = 2
#: versions this program opens: version 1 (rules kept as a file path, seating log) is migrated on open
READABLE_VERSIONS = ("1", "2", "3")
#: the event kinds of version 3: a correction (void, amend) and a movement of money (the economy's), each an event
#: of its own that undo takes back; a version-2 ledger takes them on at its first such event
#: (:func:`allow_new_event_kinds`), so a ledger that never needs them stays as earlier versions wrote it
NEW_EVENT_KINDS = ("correct", "money")
__all__ = ["BUSY_TIMEOUT_S", "busy_message", "checkpoint", "create_database", "open_database", "transaction"]
# "TONK" in ASCII: lets `file` and sqlite tools recognise the file's application
APPLICATION_ID = 0x544F4E4B

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE players (
    name TEXT PRIMARY KEY,
    player TEXT,
    stake INTEGER NOT NULL CHECK (stake >= 1),
    seat INTEGER                       -- position clockwise, NULL while the player is not at the table
);
CREATE TABLE hands (
    number INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('settled', 'played')),
    ending TEXT NOT NULL,
    dealer TEXT NOT NULL,
    next_dealer TEXT NOT NULL,
    seats TEXT NOT NULL,               -- JSON: the names in seat order
    stakes TEXT NOT NULL,              -- JSON: name -> stake
    counts TEXT NOT NULL,              -- JSON: name -> count
    winners TEXT NOT NULL,             -- JSON: names
    knocker TEXT,
    detail TEXT NOT NULL,              -- JSON: the cards given (settled) or the hand record (played)
    recorded_at TEXT NOT NULL
);
CREATE TABLE payments (
    hand INTEGER NOT NULL REFERENCES hands (number) ON DELETE CASCADE,
    payer TEXT NOT NULL,
    receiver TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0)
);
CREATE INDEX payments_by_hand ON payments (hand);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,            -- the order things happened at the table
    kind TEXT NOT NULL CHECK (kind IN ('hand', 'join', 'leave', 'rules', 'undo')),
    after_hand INTEGER NOT NULL,       -- hands in the ledger before this event (a hand event: its number - 1)
    name TEXT,                         -- who joined or left
    detail TEXT NOT NULL,              -- JSON: what is needed to show the event and to take it back
    at TEXT NOT NULL,
    undone_by INTEGER REFERENCES events (id)  -- the undo event that took this one back (NULL: it stands)
);
"""


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    uri = f"file:{quote(str(path))}?mode={mode}"
    if mode == "ro" and _cannot_share(path):
        # a folder this user cannot write holds no -wal (nobody can be writing): SQLite reads the file as it is,
        # instead of failing to create the -shm file a reader of a WAL ledger otherwise needs
        uri += "&immutable=1"
    # isolation_level=None: no implicit transactions; every change goes through `transaction` below
    db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    if mode == "ro":
        return db
    db.execute("PRAGMA foreign_keys = ON")
    db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    return db


def _waiting(db: sqlite3.Connection, busy_s: float) -> sqlite3.Connection:
    """``db`` waiting ``busy_s`` for another program's lock (the default: a terminal's wait)."""
    if busy_s != BUSY_TIMEOUT_S:
        db.execute(f"PRAGMA busy_timeout = {int(busy_s * 1000)}")
    return db


def _cannot_share(path: Path) -> bool:
    """Whether a reader cannot make the ``-shm`` file beside the ledger, and no ``-wal`` is there to read."""
    if any(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-shm")):
        return False
    return why_folder_not_writable(path) is not None


def is_busy(exc: sqlite3.Error) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc))


@contextmanager
def transaction(db: sqlite3.Connection, path: Path | str = "the ledger") -> Iterator[sqlite3.Connection]:
    """One write transaction: all of it is committed, or (on any error, or a killed process) none of it.

    ``BEGIN IMMEDIATE`` takes the write lock before the first read, so what the transaction reads (the
    hand count, the next dealer) cannot change under it. An SQLite failure anywhere in it (a lock held
    elsewhere longer than the busy timeout, a full disk, a read-only file) rolls it back and is one
    :class:`LedgerError` saying which (:func:`~tonk_rules.ledger.health.explain`), not a traceback.
    After the commit the write-ahead log is checkpointed into the file itself: a plain copy of the ledger
    file (``cp``, a sync folder) then holds every acknowledged change, not only the ``-wal`` file beside it."""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise explain(path, exc) from None
    try:
        yield db
    except sqlite3.Error as exc:
        _rollback(db)
        raise explain(path, exc) from None
    except BaseException:
        _rollback(db)
        raise
    try:
        db.execute("COMMIT")
    except sqlite3.Error as exc:
        _rollback(db)
        raise explain(path, exc) from None
    checkpoint(db)


def _rollback(db: sqlite3.Connection) -> None:
    # after a full disk or an I/O error SQLite may have rolled back already; a second failure says nothing new
    with suppress(sqlite3.Error):
        if db.in_transaction:
            db.execute("ROLLBACK")


def checkpoint(db: sqlite3.Connection) -> None:
    """Copy the write-ahead log into the ledger file, without waiting on readers (PASSIVE): the change is
    committed already, so a checkpoint that cannot finish now (a reader in another terminal, a full disk)
    loses nothing and is completed by the next one or at close."""
    with suppress(sqlite3.Error):
        db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


def create_database(path: Path, meta: dict[str, str]) -> sqlite3.Connection:
    """Create a new, empty ledger file at ``path`` (refused when something is there already)."""
    try:  # claimed with O_EXCL: of two terminals creating the same file, one gets it, the other is refused
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        raise LedgerError(f"{path}: already exists; a new session needs a new file (or open this one)") from None
    except OSError as exc:
        raise LedgerError(f"{path}: cannot create the ledger: {exc.strerror}") from None
    db: sqlite3.Connection | None = None
    try:
        db = _connect(path, "rw")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        with transaction(db, path):
            # statement by statement: executescript would commit first and leave the transaction
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                           [("format", FORMAT), ("schema_version", str(SCHEMA_VERSION)), *meta.items()])
    except sqlite3.Error as exc:
        discard_new(path, db)
        raise LedgerError(f"{path}: cannot create the ledger: {exc}") from None
    except LedgerError:
        discard_new(path, db)
        raise
    return db


def discard_new(path: Path, db: sqlite3.Connection | None) -> None:
    """Remove a ledger this process was creating when creating it failed: a half-built file is no ledger."""
    if db is not None:
        db.close()
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        leftover.unlink(missing_ok=True)


def open_database(path: Path, *, writable: bool = True, busy_s: float = BUSY_TIMEOUT_S) -> sqlite3.Connection:
    """Open an existing ledger after checking it is one, undamaged, of a version this program reads.

    ``writable=False`` opens it read-only (for commands that only read it): such a ledger may sit in a folder
    this user cannot write, or on a read-only disk. ``busy_s``: how long to wait for another program's lock
    before saying the ledger is busy (the server waits less than a terminal: a phone is waiting)."""
    if not path.exists():
        raise LedgerError(f"{path}: no such ledger (create one with `tonk session create`)")
    if not path.is_file():
        raise LedgerError(f"{path}: not a file")
    # every check runs on a read-only connection first: a damaged file is never written to, not even by the
    # checkpoint SQLite makes when the last connection closes
    _check(path, "ro", busy_s)
    # a reader that may write opens read-write all the same: SQLite removes its -wal and -shm files at close
    # only then (a read-only connection leaves them beside the ledger)
    mode = "rw" if writable or why_not_writable(path) is None else "ro"
    try:
        return _waiting(_connect(path, mode), busy_s)
    except sqlite3.Error as exc:
        raise explain(path, exc) from None


_SQLITE_HEADER = b"SQLite format 3\x00"


def _check(path: Path, mode: str, busy_s: float) -> None:
    """Check the file is an undamaged ledger; when it is not, leave it (and its folder) exactly as it was."""
    sidecars = [Path(f"{path}{suffix}") for suffix in ("-wal", "-shm", "-journal")]
    before = {p for p in sidecars if p.exists()}
    try:
        _check_file(path, mode, busy_s)
    except LedgerError:
        # a read-only connection to a WAL file still makes -shm/-wal next to it: remove what this check made
        for made in (p for p in sidecars if p not in before):
            made.unlink(missing_ok=True)
        raise


def _check_file(path: Path, mode: str, busy_s: float) -> None:
    try:
        with path.open("rb") as handle:
            header = handle.read(len(_SQLITE_HEADER))
    except OSError as exc:
        raise LedgerError(f"{path}: cannot read the ledger: {exc.strerror}") from None
    if header != _SQLITE_HEADER:  # not SQLite at all: refused without letting SQLite near it
        raise NotALedgerError(f"{path}: not a tonk session ledger (not an SQLite file)")
    try:
        db = _waiting(_connect(path, mode), busy_s)
    except sqlite3.Error as exc:
        raise explain(path, exc) from None
    try:
        db.execute("BEGIN")  # one snapshot for every check: a writer in another terminal commits meanwhile
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            # SQLite's report (pages and cells, over several lines) helps no one at the table
            raise damaged(path)
        ours = db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        has_meta = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone()
        found = dict(db.execute("SELECT key, value FROM meta WHERE key IN ('format', 'schema_version')")
                     if has_meta else [])
        if found.get("format") != FORMAT:
            if ours:  # marked as a ledger when it was made: its marker rows are what was lost
                raise damaged(path, "its format marker is missing")
            raise NotALedgerError(f"{path}: not a tonk session ledger (an SQLite database of something else)")
        version = found.get("schema_version")
        if version not in READABLE_VERSIONS:
            raise LedgerError(f"{path}: ledger schema version {version} is not the version this program reads "
                              f"({SCHEMA_VERSION})")
        if why := why_not_content(db, str(version)):
            raise damaged(path, why)
    except sqlite3.Error as exc:
        raise explain(path, exc) from None
    finally:
        db.close()


def allow_new_event_kinds(db: sqlite3.Connection) -> None:
    """Let the ``events`` table of a version-2 ledger hold :data:`NEW_EVENT_KINDS` (inside the caller's write
    transaction, so that the change and the first such event are committed together or not at all).

    The table's CHECK constraint is widened in place, as SQLite documents for loosening a constraint (the
    schema text rewritten with ``writable_schema``, its version bumped so that every open connection reads it
    again): no row is copied, and every row already there satisfies the wider constraint."""
    if schema_version(db) >= 3:
        return
    old = "'rules', 'undo')"
    row = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").fetchone()
    if row is None or old not in row[0]:
        raise LedgerError("the ledger's events table is not the one this program writes: it cannot take a "
                          "correction or a movement of money")
    wider = "'rules', 'undo', " + ", ".join(f"'{k}'" for k in NEW_EVENT_KINDS) + ")"
    version = int(db.execute("PRAGMA schema_version").fetchone()[0])
    db.execute("PRAGMA writable_schema = ON")
    try:
        db.execute("UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = 'events'",
                   (old, wider))
        db.execute(f"PRAGMA schema_version = {version + 1}")
    finally:
        db.execute("PRAGMA writable_schema = OFF")
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', '3')")
    db.execute("PRAGMA user_version = 3")


def schema_version(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])


def migrate_v1(db: sqlite3.Connection, path: Path, rules_meta: dict[str, str]) -> None:
    """Turn a version-1 ledger into version 2 (one transaction): its rules stored inside it, its seating
    log and hands as events. Nothing else changes: the hands, payments and balances stay as they were."""
    import json

    with transaction(db, path):
        if schema_version(db) != 1:  # another terminal migrated it meanwhile
            return
        for statement in _SCHEMA.split(";"):
            if "CREATE TABLE events" in statement or "CREATE INDEX" in statement:
                db.execute(statement)
        # (sort key, kind, hands before, name, detail, at): a seating change after k hands came after hand k
        # and before hand k + 1
        migrated = json.dumps({"migrated": True})
        rows: list[tuple[Any, ...]] = [((number, 0), "hand", number - 1, None, migrated, at)
                                       for number, at in db.execute("SELECT number, recorded_at FROM hands")]
        rows += [((after, 1, i), change, after, name, migrated, at)
                 for i, (after, name, change, at) in
                 enumerate(db.execute("SELECT after_hand, name, change, at FROM seating ORDER BY id"))]
        rows.sort(key=lambda row: row[0])
        db.executemany("INSERT INTO events (kind, after_hand, name, detail, at) VALUES (?, ?, ?, ?, ?)",
                       [row[1:] for row in rows])
        db.execute("DROP TABLE seating")
        db.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                       [*rules_meta.items(), ("schema_version", str(SCHEMA_VERSION))])
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
