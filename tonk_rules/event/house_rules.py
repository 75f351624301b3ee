"""A table's rules as the event keeps them: a built-in by its name, a house file by a name of its own inside the
event folder, never by a path of the game master's machine, and with what it is based on and the rules it
changes, so that every phone's sheet marks the house's own rules (★) and says what they are based on.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> house = read_house(folder, "extends: russian\\ntitle: Barracks\\nknocking: {max_count: 9}\\n", "t3")
    >>> house.ref, house.based_on, sorted(house.own)
    ('t3-....yaml', 'russian', ['knocking.max_count'])
    >>> sorted(p.name for p in folder.iterdir())  # read from a temporary file, nothing left behind
    []

A pasted house file is read from a temporary file inside the event folder (so ``extends: russian`` reads as in
any house file), removed at once; the event keeps a copy under ``houses/`` only once the table it makes (or
the rules change it is for) is written (:meth:`~tonk_rules.event.event_folder.Event.add_table`).
"""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tonk_rules.errors import LedgerError, Refusal, VariantError
from tonk_rules.event.table_names import checked_table_name
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.variant.diff import rule_values
from tonk_rules.variant.inherited import file_label
from tonk_rules.variant.loader import LoadedVariant, builtin_names, is_variant_path, load_variant

#: Where the event keeps the house files its tables were made with (a copy for the game master; the ledgers
#: keep the rules themselves)
HOUSES = "houses"


@dataclass(frozen=True)
class HouseRules(StoredRules):
    """Rules read from a house file: the stored rules, and what the sheet needs to mark the house's own."""

    based_on: str | None = None  # the built-in (or file name) it extends
    own: frozenset[str] = field(default_factory=frozenset)  # the rule paths whose value differs from it
    text: str = ""  # the file as given (kept in the event folder), empty where it was not given as text

    def registry_entry(self) -> dict[str, Any]:
        """What ``event.json`` keeps of these rules, by their digest."""
        return {"file": self.ref, "based_on": self.based_on, "own": sorted(self.own)}


def shown_name(ref: str) -> str:
    r"""A rules reference as a page or a sheet may show it: a built-in by its name, a file by its name alone
    (the folders of the game master's machine are nobody's business at the table).

    >>> shown_name("/home/gm/evenings/house.yaml"), shown_name("C:\\gm\\house.yaml"), shown_name("russian")
    ('house.yaml', 'house.yaml', 'russian')
    """
    return re.split(r"[\\/]", ref)[-1]


def _house_of(loaded: LoadedVariant, ref: str, text: str) -> HouseRules:
    values = rule_values(loaded.variant)
    based_on: str | None = None
    own: frozenset[str] = frozenset()
    if len(loaded.chain) >= 2:  # the loader lists the chain child first
        parent = load_variant(file_label(loaded.chain[1]))
        theirs = rule_values(parent.variant)
        own = frozenset(path for path, value in values.items() if theirs.get(path) != value)
        based_on = shown_name(file_label(loaded.chain[1]))
    return HouseRules(ref, loaded.variant.title, loaded.digest, loaded.variant, based_on, own, text)


def read_house(folder: Path, text: str, label: str) -> HouseRules:
    """The house file ``text`` (pasted on the console) for the table ``label``: checked as ``tonk check`` checks
    a file, named ``<label>-<digest>.yaml``; nothing is left in ``folder``, refused or not."""
    checked_table_name(label)
    temporary = folder / f".house-{secrets.token_hex(6)}.yaml"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        # read as `tonk check` reads a file the game master typed: every problem located, with "did you mean"
        loaded = load_variant(str(temporary))
        house = _house_of(loaded, f"{label}-{loaded.digest[:8]}.yaml", text)
    except VariantError as exc:
        first = exc.diagnostics[0]
        where = f"line {first.line}: " if first.line else ""
        message = first.message.replace(str(temporary), "the house-rule file").replace(str(folder), ".")
        raise LedgerError(f"the house-rule file: {where}{message}").refused_as(house_refusal(first)) from None
    except OSError as exc:
        raise LedgerError(f"the house-rule file cannot be read in the event folder: {exc.strerror}") from None
    finally:
        temporary.unlink(missing_ok=True)
    return house


def rules_of_ref(ref: str) -> StoredRules:
    """The rules of ``ref`` as a table of the event keeps them: a built-in by its name, a house file (a path
    given on the command line) by its file name alone, with what it is based on."""
    loaded = load_variant(ref)
    if not is_variant_path(ref) and ref in builtin_names():
        return StoredRules.of(loaded, ref)
    return _house_of(loaded, shown_name(ref), "")


#: A house file's problems a page words in its own language: the key unknown (with the key it is likely
#: meant to be), the parent unknown; any other is named by its line and key.
_UNKNOWN = re.compile(r"unknown (key|variant) '([^']{1,40})'(?:; did you mean '([^']{1,40})'\?)?")


def house_refusal(problem: Any) -> Refusal:
    """The code of the pasted house file's first problem (a :class:`~tonk_rules.errors.Diagnostic`)."""
    found = _UNKNOWN.match(problem.message)
    values = {"line": problem.line, "key": problem.key_path or "extends"}
    if found:
        kind, name, guess = found.groups()
        return Refusal(f"house_unknown_{kind}{'_guess' if guess else ''}", "how", None,
                       {**values, "name": name, "guess": guess or ""})
    return Refusal("house_problem", "how", None, values)
