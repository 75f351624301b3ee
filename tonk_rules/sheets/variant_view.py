"""The one place the table tools read rule values from a variant: flat rule values and the parent to diff.

    >>> from tonk_rules.sheets.variant_view import load_view
    >>> view = load_view("russian-2001")
    >>> view.parent_name, sorted(path for path in view.differs if not path.startswith("payments."))
    ('russian', ['melds.ace', 'stakes.mode', 'taken_discard.rule'])
    >>> view.value("melds.ace")
    'low_or_high'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tonk_rules.variant.diff import rule_values
from tonk_rules.variant.inherited import file_label
from tonk_rules.variant.loader import LoadedVariant, load_variant
from tonk_rules.variant.model import Variant


@dataclass(frozen=True)
class VariantView:
    """A loaded variant with its flat rule values, and (for a file that extends another) what differs."""

    loaded: LoadedVariant
    values: dict[str, Any]
    parent_name: str | None
    differs: frozenset[str]

    @property
    def variant(self) -> Variant:
        return self.loaded.variant

    @property
    def name(self) -> str:
        return file_label(self.loaded.chain[0]) if self.loaded.chain else self.loaded.name

    def value(self, path: str) -> Any:
        return self.values[path]


def load_view(ref: str) -> VariantView:
    """Load ``ref`` (a built-in name or a file) and, when it extends a parent, the parent too, to compare."""
    loaded = load_variant(ref)
    values = rule_values(loaded.variant)
    if len(loaded.chain) < 2:
        return VariantView(loaded, values, None, frozenset())
    # the loader lists the chain child first; a parent entry is a built-in or a path usable from here
    parent_file = loaded.chain[1]
    parent = load_variant(file_label(parent_file))
    theirs = rule_values(parent.variant)
    differs = frozenset(path for path, value in values.items() if theirs.get(path) != value)
    return VariantView(loaded, values, file_label(parent_file), differs)
