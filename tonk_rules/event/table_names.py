"""A table's name: its ledger's file name and its part of every URL, so checked before anything is written.

    >>> why_bad_table_name("t1") is None
    True
    >>> why_bad_table_name("../../x")
    "a table's name is 1 to 32 lower-case letters, digits, '-' or '_', starting with a letter or digit: '../../x'"
    >>> checked_table_name("/etc/passwd")
    Traceback (most recent call last):
    ...
    tonk_rules.errors.LedgerError: a table's name is 1 to 32 lower-case letters, digits, '-' or '_', starting \
with a letter or digit: '/etc/passwd'
"""

from __future__ import annotations

import re

from tonk_rules.errors import LedgerError

#: a table's name is its file's name: short, lower-case, nothing a path or a URL would read differently
TABLE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


def why_bad_table_name(name: str) -> str | None:
    if TABLE_NAME.fullmatch(name) is None:
        return (f"a table's name is 1 to 32 lower-case letters, digits, '-' or '_', starting with a letter or "
                f"digit: {name[:40]!r}")  # said on a page as the code bad_table_name (web/refusal_words.py)
    return None


def shown_table_name(name: str) -> str:
    """A refused name as a message may quote it: short, and its control characters (a line break) escaped."""
    short = name[:40]
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in short)


def checked_table_name(name: str) -> str:
    """``name`` when it may name a table; else the refusal, coded ``bad_table_name`` for the pages."""
    if why := why_bad_table_name(name):
        raise LedgerError(why).coded("bad_table_name", "how", None, table=shown_table_name(name))
    return name
