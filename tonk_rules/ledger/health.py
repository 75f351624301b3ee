"""What is wrong with a ledger, said exactly: a full disk, no permission, not a ledger, or really damaged.

A failure under the ledger is one of four things, and a game master acts differently on each, so each has
its own message and exit status (see :mod:`tonk_rules.errors`): only a real integrity failure (SQLite's
check, or content no ledger can hold) suggests restoring a copy; a full disk or a read-only folder leaves
every hand in the file, and restoring an older copy would lose the evening's last hands.

    >>> import sqlite3
    >>> full = sqlite3.OperationalError("database or disk is full")
    >>> full.sqlite_errorcode = 13
    >>> type(explain("t.sqlite", full)).__name__
    'LedgerDiskFullError'
    >>> damaged = sqlite3.DatabaseError("database disk image is malformed")
    >>> damaged.sqlite_errorcode = 11
    >>> str(explain("t.sqlite", damaged)).endswith("restore it from a copy or an export")
    True

:func:`why_not_content` reads every row a command may use (types, names, numbering, JSON) on the read-only
connection that checks a ledger at open: a file edited by hand (text amounts, a payee nobody sits as, a
gap in the hand numbers, a dropped table) is refused before any command reads or writes it.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from tonk_rules.errors import (
    LedgerDamagedError,
    LedgerDiskFullError,
    LedgerError,
    LedgerPermissionError,
)

#: how long a command waits for another terminal's write to finish before saying the ledger is busy
BUSY_TIMEOUT_S = 10.0

#: said of a ledger SQLite's integrity check (or its content check) finds damaged; it is only read, never changed
DAMAGED = ("the ledger file is damaged (SQLite's integrity check failed); nothing was changed; restore it from a "
           "copy or an export")

# SQLite's primary result codes (https://sqlite.org/rescode.html)
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 3, 5, 6, 8, 10, 11, 13, 14, 26


def busy_message(path: Path | str) -> str:
    return (f"{path}: the ledger is busy: another command has been writing to it for over {BUSY_TIMEOUT_S:g} s; "
            "nothing was changed: try again when it has finished")


def damaged(path: Path | str, why: str | None = None) -> LedgerDamagedError:
    if why is None:
        return LedgerDamagedError(f"{path}: {DAMAGED}")
    return LedgerDamagedError(f"{path}: the ledger file is damaged ({why}); nothing was changed; restore it from a "
                              "copy or an export")


def disk_full(path: Path | str) -> LedgerDiskFullError:
    return LedgerDiskFullError(f"{path}: the disk is full: nothing was changed, and the ledger still holds every "
                               "hand recorded so far; free some space and run the command again")


def why_not_writable(path: Path | str) -> str | None:
    """Why this user cannot write the ledger at ``path`` (None when they can): the file itself, or its folder,
    where SQLite must create its ``-wal`` and ``-shm`` files. ``os.access`` asks the kernel about the file (so
    root, who may write a read-only file, is not refused); the folder is probed by creating a file, since
    permission bits do not tell on a read-only file system."""
    target = Path(path)
    if target.exists() and not os.access(target, os.W_OK):
        return "the file is read-only for this user"
    return why_folder_not_writable(path)


def why_folder_not_writable(path: Path | str) -> str | None:
    """Why no file can be created beside ``path`` (None when one can; a full disk is not said here)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".tonk-probe-", suffix=".tmp")
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return None  # a full disk is said as such when SQLite meets it, not as a permission
        return (f"the folder {folder} does not let this user create files ({exc.strerror}); SQLite keeps its "
                "-wal and -shm files beside the ledger")
    os.close(fd)
    Path(probe).unlink(missing_ok=True)
    return None


def _disk_is_full(path: Path | str) -> bool:
    folder = Path(path).parent if str(Path(path).parent) else Path(".")
    try:
        return shutil.disk_usage(folder).free < 64 * 1024
    except OSError:
        return False


def read_only(path: Path | str, why: str | None = None) -> LedgerPermissionError:
    why = why or why_not_writable(path) or "SQLite may not write it (a read-only file, folder or file system)"
    return LedgerPermissionError(f"{path}: cannot write to the ledger: {why}; nothing was changed, and the ledger "
                                 "still holds every hand recorded so far")


def explain(path: Path | str, exc: sqlite3.Error | OSError) -> LedgerError:
    """The one-line error a failure of SQLite (or of the disk) under the ledger at ``path`` is."""
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return disk_full(path)
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return read_only(path)
        return LedgerError(f"{path}: cannot use the ledger: {exc.strerror or exc}")
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    text = str(exc)
    if code == _FULL or "disk is full" in text:
        return disk_full(path)
    if code in (_BUSY, _LOCKED) or "locked" in text or "busy" in text:
        return LedgerError(busy_message(path)).coded("ledger_busy")  # a page says it in its language
    if code in (_READONLY, _PERM) or "readonly" in text:
        return read_only(path)
    if code in (_CANTOPEN, _IOERR) and _disk_is_full(path):  # the -shm or -wal file could not be made
        return disk_full(path)
    if code == _CANTOPEN and (why := why_not_writable(path)) is not None:
        return read_only(path, why)
    if code in (_CORRUPT, _NOTADB) or "malformed" in text:
        return damaged(path)
    if code == _IOERR:
        return LedgerError(f"{path}: the disk reported an error reading or writing the ledger ({text}); "
                           "nothing was changed: check the disk and run the command again")
    return LedgerError(f"{path}: cannot use the ledger: {text}")


# --- the content check -------------------------------------------------------------------------------
#: the columns every command reads, by table (version 1 ledgers have `seating` instead of `events`)
_COLUMNS = {
    "meta": {"key", "value"},
    "players": {"name", "player", "stake", "seat"},
    "hands": {"number", "kind", "ending", "dealer", "next_dealer", "seats", "stakes", "counts", "winners", "knocker",
              "detail", "recorded_at"},
    "payments": {"hand", "payer", "receiver", "amount"},
}
_V2_COLUMNS = {"events": {"id", "kind", "after_hand", "name", "detail", "at", "undone_by"}}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def why_not_tables(db: sqlite3.Connection, version: str) -> str | None:
    tables = dict(_COLUMNS, **(_V2_COLUMNS if version != "1" else {}))
    for table, columns in tables.items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if not have:
            return f"its {table} table is missing"
        if missing := sorted(columns - have):
            return f"its {table} table lacks the column(s) {', '.join(missing)}"
    return None


def _why_not_hand(row: tuple[Any, ...], players: set[str]) -> str | None:
    number, seats, stakes, counts, winners, knocker, detail = row
    try:
        seats, stakes, counts = json.loads(seats), json.loads(stakes), json.loads(counts)
        winners, detail = json.loads(winners), json.loads(detail)
    except (TypeError, ValueError):
        return f"hand {number} holds text that is not JSON"
    if not (isinstance(seats, list) and all(isinstance(n, str) for n in seats) and set(seats) <= players):
        return f"hand {number}'s players are not names of the ledger's players"
    if not (isinstance(stakes, dict) and list(stakes) == seats and all(_is_int(s) for s in stakes.values())):
        return f"hand {number}'s stakes are not whole numbers for its players"
    if not (isinstance(counts, dict) and list(counts) == seats
            and all(c is None or _is_int(c) for c in counts.values())):
        return f"hand {number}'s counts are not whole numbers for its players"
    if not (isinstance(winners, list) and all(isinstance(w, str) and w in seats for w in winners)):
        return f"hand {number}'s winners are not among its players"
    if knocker is not None and knocker not in seats:
        return f"hand {number}'s knocker is not one of its players"
    if not isinstance(detail, dict):
        return f"hand {number}'s detail is not a JSON object"
    return None


def why_not_content(db: sqlite3.Connection, version: str) -> str | None:
    """What in the ledger's rows no ledger this program wrote could hold (None: every row is readable)."""
    if why := why_not_tables(db, version):
        return why
    meta = dict(db.execute("SELECT key, value FROM meta"))
    for key in ("currency", "next_dealer"):  # (the stored rules are checked against their digest at open)
        if not isinstance(meta.get(key), str):
            return f"its {key!r} is missing"
    players = {}
    for name, stake, seat in db.execute("SELECT name, stake, seat FROM players"):
        if not isinstance(name, str) or not _is_int(stake) or not (seat is None or _is_int(seat)):
            return f"the player {name!r} has a stake or seat that is not a whole number"
        players[name] = seat
    if players and meta["next_dealer"] not in players:
        return f"its next dealer {meta['next_dealer']!r} is not one of its players"
    for payer, receiver, amount, hand in db.execute("SELECT payer, receiver, amount, hand FROM payments"):
        if not _is_int(amount) or amount <= 0:
            return f"a payment of hand {hand} is {amount!r}, not a positive whole number"
        if payer not in players or receiver not in players:
            return f"a payment of hand {hand} names someone who is not one of its players"
    numbers = [n for (n,) in db.execute("SELECT number FROM hands ORDER BY number")]
    if numbers != list(range(1, len(numbers) + 1)):
        gap = next(i for i, n in enumerate(numbers, 1) if n != i)
        return f"its hands are not numbered 1, 2, 3, … (hand {gap} is missing)"
    rows = db.execute("SELECT number, seats, stakes, counts, winners, knocker, detail FROM hands")
    for row in rows:
        if why := _why_not_hand(row, set(players)):
            return why
    if version == "1":
        return None
    for event, kind, after, detail, undone_by in db.execute(
            "SELECT id, kind, after_hand, detail, undone_by FROM events"):
        try:
            data = json.loads(detail)
        except (TypeError, ValueError):
            return f"event {event} holds text that is not JSON"
        if not isinstance(data, dict) or not _is_int(after):
            return f"event {event} is not an event this program writes"
        if kind == "hand" and undone_by is None and not 1 <= after + 1 <= len(numbers):
            return f"event {event} records hand {after + 1}, which is not in the ledger"
        if kind == "hand" and undone_by is not None and not isinstance(data.get("hand"), dict):
            return f"event {event} took back a hand it does not hold"
    return _why_not_money(db)


def _why_not_money(db: sqlite3.Connection) -> str | None:
    """What in the economy's movements of money (a ``money`` table, where there is one) no ledger holds."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'money'").fetchone() is None:
        return None
    events = {int(e) for (e,) in db.execute("SELECT id FROM events")}
    for event, kind, payer, receiver, amount in db.execute(
            "SELECT event, kind, payer, receiver, amount FROM money"):
        if not _is_int(amount) or amount <= 0:
            return f"a movement of money of event {event} is {amount!r}, not a positive whole number"
        if not isinstance(payer, str) or not isinstance(receiver, str) or event not in events:
            return f"a movement of money ({kind}) names no event or no account of the ledger"
    return None
