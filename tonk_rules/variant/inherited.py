"""Inherited values that a house file's own change leaves without effect: dropped, and named in a note.

A house file says only what it changes. ``extends: russian`` with ``deal_check: {enabled: false}`` leaves
russian's thresholds, ``several`` and deal-tonk payments with nothing to do; they are reset to the neutral
value of their row of ``DEPENDENT_OPTIONS`` (variant/checks.py) instead of refusing the file,
and ``tonk show`` / ``tonk check`` name them in one note per condition. Only values written *above* the file
whose change made them meaningless are dropped: a value the same file writes (or a file below it) that has
no effect stays an error, since whoever wrote it believes it does something.

Dropping can cascade: without the deal check ``several`` goes, and with it the only way a hand could be
void, so ``dealer.after_void`` goes too; a dropped value counts as changed by the file that caused the drop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from tonk_rules.variant.checks import Dependent, options_without_effect
from tonk_rules.variant.diagnose import parse_path
from tonk_rules.yamlio import KeyPath, YamlDocument

if TYPE_CHECKING:
    from tonk_rules.variant.model import Variant


@dataclass(frozen=True)
class DroppedValue:
    """One inherited value reset to its neutral value."""

    path: str  # e.g. "deal_check.at_most", or "payments.knock_won.rules.0.stake_of"
    row: Dependent
    set_in: str  # the file that wrote the value
    changed_in: str  # the file whose change left it without effect


def file_label(file: str) -> str:
    """A file as users name it: a built-in by its name, a file by its path."""
    if file.startswith("<builtin>/"):
        return Path(file).stem
    return file


def notes(dropped: tuple[DroppedValue, ...]) -> list[str]:
    """One line per condition and parent: what was dropped and why."""
    groups: dict[tuple[str, str], list[str]] = {}
    for value in dropped:
        groups.setdefault((value.row.condition, value.set_in), []).append(value.path)
    lines = []
    for (condition, set_in), paths in groups.items():
        verb = "has" if len(paths) == 1 else "have"
        lines.append(f"note: {', '.join(paths)} (inherited from {file_label(set_in)}) {verb} no effect unless "
                     f"{condition}; dropped")
    return lines


def _neutral(row: Dependent) -> Any:
    # the row's neutral value is written as YAML in its messages ("null", "[]", "none"); read it the same way
    return yaml.safe_load(row.neutral)


def _reset(data: dict[str, Any], path: KeyPath, row: Dependent) -> None:
    node: Any = data
    for part in path[:-1]:
        node = node[part]
    if row.neutral == "left out":
        node.pop(path[-1], None)
    else:
        node[path[-1]] = _neutral(row)


def drop_inherited(data: dict[str, Any], chain: list[YamlDocument],
                   validate: Callable[[dict[str, Any]], Variant]) -> tuple[Variant, tuple[DroppedValue, ...]]:
    """Validate ``data`` (the merged chain, child first in ``chain``), resetting in place every inherited value
    a more derived file's change leaves without effect. Returns the variant and what was dropped."""
    changed_at: dict[KeyPath, int] = {}  # a dropped value counts as written where the change was

    def depth(path: KeyPath) -> int:
        if path in changed_at:
            return changed_at[path]
        return next((i for i, doc in enumerate(chain) if path in doc.positions), len(chain))

    dropped: list[DroppedValue] = []
    while True:  # ends: each round resets at least one value to neutral, and a neutral value is never found again
        variant = validate(data)
        found = []
        for row, text in options_without_effect(variant):
            path = parse_path(text)
            cause = min(depth(parse_path(key)) for key in row.condition_keys)
            set_at = depth(path)
            if set_at > cause and set_at < len(chain):
                found.append((row, text, path, set_at, cause))
        if not found:
            return variant, tuple(dropped)
        for row, text, path, set_at, cause in found:
            _reset(data, path, row)
            changed_at[path] = cause
            dropped.append(DroppedValue(text, row, chain[set_at].file, chain[cause].file))
