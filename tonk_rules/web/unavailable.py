"""A table the server cannot use right now: its ledger busy (another program holds its lock) or unreadable
(removed, cut short, damaged, not a ledger, not allowed), said for that table only.

The server waits for another program's lock at most :data:`SERVER_BUSY_S` (a terminal waits ten seconds: a
phone is waiting here, and a worker thread), then answers "table busy"; the other tables, the standings and
the console go on. What is wrong is a code (:class:`~tonk_rules.errors.Refusal`), worded in the event's
language by :mod:`tonk_rules.web.refusal_words`, naming the table by its title: never a path, never
"something went wrong".
"""

from __future__ import annotations

import errno
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tonk_rules.errors import LedgerDamagedError, LedgerError, LedgerPermissionError, NotALedgerError

#: how long a page or a form waits for a ledger another program has locked: a phone gets its answer in 2 s
SERVER_BUSY_S = 1.5


class TableUnavailable(LedgerError):
    """The table's ledger is busy or cannot be read (its :attr:`refusal`'s code says which)."""


def unavailable(path: Path, title: str, error: Exception) -> TableUnavailable | None:
    """What ``error``, met opening or reading the ledger at ``path`` of the table titled ``title``, says of the
    table (None: not an error of its ledger). Only for reads: a write's refusal is its own."""
    if isinstance(error, TableUnavailable):
        return error
    coded_busy = isinstance(error, LedgerError) and error.refusal is not None and error.refusal.code == "ledger_busy"
    if coded_busy or (isinstance(error, sqlite3.OperationalError) and ("locked" in str(error) or "busy" in str(error))):
        code = "table_busy"
    elif not path.exists() or (isinstance(error, OSError) and error.errno == errno.ENOENT):
        code = "table_ledger_missing"
    elif isinstance(error, NotALedgerError):
        code = "table_ledger_not_ledger"
    elif isinstance(error, (LedgerDamagedError, sqlite3.DatabaseError)):
        code = "table_ledger_damaged"
    elif isinstance(error, LedgerPermissionError) or (isinstance(error, OSError) and error.errno in (
            errno.EACCES, errno.EPERM)):
        code = "table_ledger_no_permission"
    elif isinstance(error, (LedgerError, OSError, sqlite3.Error)):
        code = "table_ledger_unreadable"
    else:
        return None
    return TableUnavailable(f"{path.name}: {code.replace('_', ' ')}").coded(code, table=title)


def other_ledger(error: Exception, titles: Callable[[], dict[str, str]], lang: str) -> str | None:
    """An action refused because a table's ledger cannot be read (a move or a join looks at every table): said
    of that table, by its title (``titles``: the event's, by table name), in ``lang`` (None: not such an error)."""
    from tonk_rules.errors import TonkError
    from tonk_rules.web.refusal_words import in_language

    if not isinstance(error, (LedgerDamagedError, NotALedgerError, LedgerPermissionError)):
        return None
    path = Path(str(error).split(": ", 1)[0])  # each of these errors begins with its ledger's path
    try:
        title = titles().get(path.stem, path.stem)
    except TonkError:
        title = path.stem
    coded = unavailable(path, title, error)
    return in_language(coded, lang) if coded is not None else None


class TableTurns:
    """One write at a time per table inside this server, waited for at most :data:`SERVER_BUSY_S`: a table whose
    write hangs on another program's lock answers "busy" to the next phone, instead of holding one worker
    thread per waiting phone (eight of them froze every page)."""

    def __init__(self) -> None:
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    @contextmanager
    def turn(self, table: str, title: str) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(table, threading.Lock())
        if not lock.acquire(timeout=SERVER_BUSY_S):
            raise TableUnavailable(f"{table}: table busy").coded("table_busy", table=title)
        try:
            yield
        finally:
            lock.release()
