"""Opening a session ledger for a command: SQLite failures become one line, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def open_ledger(ledger: str, *, writable: bool = True) -> Iterator[Any]:
    """The ledger, open; an SQLite failure anywhere in the command (a lock held past the busy timeout, a
    disk that fills, a folder that may not be written) becomes one line saying which, with its own exit
    status (:func:`~tonk_rules.ledger.health.explain`), and the transaction it hit is rolled back.
    ``writable=False`` for the commands that only read: they work in a folder this user cannot write."""
    import sqlite3

    from tonk_rules.ledger.health import explain
    from tonk_rules.ledger.session_ledger import Ledger

    try:
        with Ledger.open(ledger, writable=writable) as led:
            yield led
    except sqlite3.Error as exc:
        raise explain(ledger, exc) from None
