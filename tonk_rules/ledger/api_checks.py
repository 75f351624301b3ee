"""The ledger API's argument checks: a wrong type is one clear :class:`LedgerError` naming the argument,
never a bare ``TypeError`` or ``AttributeError`` from deep inside (python-chess style: say what was given).

    >>> text("Ledger.join", "name", 5)
    Traceback (most recent call last):
    ...
    tonk_rules.errors.LedgerError: Ledger.join: name must be text (str), not int
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError


def _kind(value: object) -> str:
    return type(value).__name__


def path(where: str, value: object) -> Path:
    if isinstance(value, str | os.PathLike) and not isinstance(value, bytes):
        return Path(value)
    raise LedgerError(f"{where}: the path must be a str or a pathlib.Path, not {_kind(value)}")


def text(where: str, name: str, value: object, *, optional: bool = False) -> None:
    if not (isinstance(value, str) or (optional and value is None)):
        raise LedgerError(f"{where}: {name} must be text (str){' or None' if optional else ''}, not {_kind(value)}")


def whole(where: str, name: str, value: object, *, optional: bool = False) -> None:
    if not ((isinstance(value, int) and not isinstance(value, bool)) or (optional and value is None)):
        raise LedgerError(f"{where}: {name} must be a whole number (int){' or None' if optional else ''}, "
                          f"not {_kind(value)}")


def texts(where: str, name: str, value: object) -> None:
    if isinstance(value, str) or not isinstance(value, Sequence) or not all(isinstance(v, str) for v in value):
        raise LedgerError(f"{where}: {name} must be a list of names (str), not {_kind(value)}")


def wholes(where: str, name: str, value: object) -> None:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise LedgerError(f"{where}: {name} must be a list of whole numbers (int), not {_kind(value)}")


def create_arguments(where: object, seats: object, stakes: object, **named: object) -> Path:
    """:meth:`Ledger.create`'s arguments checked; its path as a Path."""
    folder = path("Ledger.create", where)
    texts("Ledger.create", "seats", seats)
    wholes("Ledger.create", "stakes", stakes)
    for name, value in named.items():
        text("Ledger.create", name, value, optional=name != "currency")
    return folder


def join_arguments(name: object, after: object, stake: object) -> None:
    text("Ledger.join", "name", name)
    text("Ledger.join", "after", after, optional=True)
    whole("Ledger.join", "stake", stake, optional=True)


def stored_rules(value: object) -> None:
    from tonk_rules.ledger.stored_rules import StoredRules

    if not isinstance(value, StoredRules):
        raise LedgerError("Ledger.change_rules: the rules must be StoredRules (StoredRules.of(load_variant(ref), "
                          f"ref)), not {_kind(value)}")


def why_not_entry_shape(entry: Any, entry_type: Any) -> str | None:
    """Why ``entry`` is not a well-formed ``entry_type`` (:class:`~tonk_rules.ledger.session_ledger.HandEntry`, given
    by the ledger: this module imports nothing of it) (None when it is)."""
    if not isinstance(entry, entry_type):
        return f"the hand must be a HandEntry, not {_kind(entry)}"
    def names(value: object) -> bool:
        return isinstance(value, tuple | list) and all(isinstance(v, str) for v in value)

    def ints(value: object, none_ok: bool = False) -> bool:
        return isinstance(value, tuple | list) and all(
            (isinstance(v, int) and not isinstance(v, bool)) or (none_ok and v is None) for v in value)

    checks = [("kind", entry.kind in ("settled", "played")), ("ending", isinstance(entry.ending, str)),
              ("seats", names(entry.seats)), ("stakes", ints(entry.stakes)), ("counts", ints(entry.counts, True)),
              ("winners", names(entry.winners)), ("knocker", entry.knocker is None or isinstance(entry.knocker, str)),
              ("payments", isinstance(entry.payments, tuple | list) and all(
                  isinstance(p, tuple | list) and len(p) == 3 for p in entry.payments)),
              ("detail", isinstance(entry.detail, dict))]
    for field, ok in checks:
        if not ok:
            return f"its {field} are not what a HandEntry holds ({_kind(getattr(entry, field))})"
    return None
