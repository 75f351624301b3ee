"""Opening a session ledger for a command: SQLite failures become one line, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def open_ledger(ledger: str) -> Iterator[Any]:
    """The ledger, open; an SQLite failure anywhere in the command (a lock held past the busy timeout, a
    disk that fills) becomes one line and exit status 1, and the transaction it hit is rolled back."""
    import sqlite3

    from tonk_rules.errors import LedgerError
    from tonk_rules.table.ledger import Ledger
    from tonk_rules.table.ledger_db import busy_message, is_busy

    try:
        with Ledger.open(ledger) as led:
            yield led
    except sqlite3.Error as exc:
        if is_busy(exc):
            raise LedgerError(busy_message(ledger)) from None
        raise LedgerError(f"{ledger}: cannot use the ledger: {exc}") from None
