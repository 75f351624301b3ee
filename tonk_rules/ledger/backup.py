"""``tonk session backup``: a consistent copy of a ledger at any moment, by SQLite's backup API.

A plain copy of the file holds every acknowledged hand too (each write is checkpointed into the file), but
a copy taken while a checkpoint is writing pages could be torn; the backup API copies one snapshot, so the
copy is right even while another terminal records. The copy goes to a temporary file beside the target,
is checked as any ledger is at open, and is then renamed into place.

    >>> import tempfile, pathlib
    >>> from tonk_rules.ledger.session_ledger import Ledger
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> led = Ledger.create(folder / "a.sqlite", variant_ref="pagat", seats=["Ann", "Bob"], stakes=[1, 1],
    ...                     currency="chips")
    >>> backup(led, folder / "copy.sqlite")
    0
    >>> Ledger.open(folder / "copy.sqlite").seated()
    [('Ann', 1), ('Bob', 1)]
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.db import discard_new, open_database
from tonk_rules.ledger.health import explain

if TYPE_CHECKING:
    from tonk_rules.ledger.session_ledger import Ledger


def backup(ledger: Ledger, dest: Path) -> int:
    """Copy ``ledger`` to ``dest`` (replacing a regular file there: the caller checked it may); return the
    number of hands the copy holds."""
    folder = dest.parent if str(dest.parent) else Path(".")
    work = folder / f".{dest.name}.backup-{os.getpid()}"
    target: sqlite3.Connection | None = None
    try:
        target = sqlite3.connect(work, isolation_level=None)
        ledger.db.backup(target)
        target.close()
        target = None
        copy = open_database(work, writable=False)  # the copy is checked as the ledger was
        try:
            hands = int(copy.execute("SELECT COUNT(*) FROM hands").fetchone()[0])
        finally:
            copy.close()
        os.replace(work, dest)
        discard_new(work, None)  # what the check's read-only connection may have left beside the copy
    except sqlite3.Error as exc:
        discard_new(work, target)
        raise explain(dest, exc) from None
    except OSError as exc:
        discard_new(work, target)
        raise LedgerError(f"{dest}: cannot write the backup: {exc.strerror}") from None
    except BaseException:
        discard_new(work, target)
        raise
    return hands
