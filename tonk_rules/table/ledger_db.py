"""The SQLite file under a session ledger: its versioned schema, opening it safely, one transaction per change.

The file is opened read-write only if it already exists (a mistyped path never creates an empty ledger),
checked (``PRAGMA quick_check``, the format marker, the schema version) before anything is written, and
kept in WAL mode with ``synchronous=FULL``: a writer killed at any moment leaves every committed hand in
the file and the file readable, and a reader (``balances`` in another terminal) never blocks the writer.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.sqlite"
    >>> db = create_database(path, {"currency": "crowns"})
    >>> with transaction(db):
    ...     _ = db.execute("INSERT INTO players (name, stake, seat) VALUES ('Ann', 1, 0)")
    >>> db.close()
    >>> open_database(path).execute("SELECT name FROM players").fetchall()
    [('Ann',)]
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from tonk_rules.errors import LedgerError

FORMAT = "tonk-ledger"
SCHEMA_VERSION = 1
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
CREATE TABLE seating (
    id INTEGER PRIMARY KEY,
    after_hand INTEGER NOT NULL,       -- the change happened after this many hands
    name TEXT NOT NULL,
    change TEXT NOT NULL CHECK (change IN ('join', 'leave')),
    at TEXT NOT NULL
);
"""


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; every change goes through `transaction` below
    db = sqlite3.connect(f"file:{quote(str(path))}?mode={mode}", uri=True, isolation_level=None, timeout=10)
    if mode == "ro":
        return db
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 10000")
    return db


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: all of it is committed, or (on any error, or a killed process) none of it."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def create_database(path: Path, meta: dict[str, str]) -> sqlite3.Connection:
    """Create a new, empty ledger file at ``path`` (refused when something is there already)."""
    if path.exists() or path.is_symlink():
        raise LedgerError(f"{path}: already exists; a new session needs a new file (or open this one)")
    db: sqlite3.Connection | None = None
    try:
        db = _connect(path, "rwc")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        with transaction(db):
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
    return db


def discard_new(path: Path, db: sqlite3.Connection | None) -> None:
    """Remove a ledger this process was creating when creating it failed: a half-built file is no ledger."""
    if db is not None:
        db.close()
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        leftover.unlink(missing_ok=True)


def open_database(path: Path) -> sqlite3.Connection:
    """Open an existing ledger after checking it is one, undamaged, of a version this program reads."""
    if not path.exists():
        raise LedgerError(f"{path}: no such ledger (create one with `tonk session create`)")
    if not path.is_file():
        raise LedgerError(f"{path}: not a file")
    # every check runs on a read-only connection first: a damaged file is never written to, not even by the
    # checkpoint SQLite makes when the last connection closes
    _check(path, "ro")
    try:
        return _connect(path, "rw")
    except sqlite3.Error as exc:
        raise LedgerError(f"{path}: cannot open the ledger: {exc}") from None


def _check(path: Path, mode: str) -> None:
    try:
        db = _connect(path, mode)
    except sqlite3.Error as exc:
        raise LedgerError(f"{path}: cannot open the ledger: {exc}") from None
    try:
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise LedgerError(f"{path}: the ledger file is damaged ({check}); restore it from a copy or an export")
        found = dict(db.execute("SELECT key, value FROM meta WHERE key IN ('format', 'schema_version')"))
    except sqlite3.DatabaseError as exc:
        raise LedgerError(f"{path}: not a readable tonk session ledger ({exc})") from None
    finally:
        db.close()
    if found.get("format") != FORMAT:
        raise LedgerError(f"{path}: not a tonk session ledger")
    if found.get("schema_version") != str(SCHEMA_VERSION):
        raise LedgerError(f"{path}: ledger schema version {found.get('schema_version')} is not the version this "
                          f"program reads ({SCHEMA_VERSION})")
