"""A table's rules sheet from the rules its ledger keeps (not from a file: the file may have changed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.sheets.rules_sheet import Sheet, build_sheet
from tonk_rules.sheets.sheet_render import render
from tonk_rules.sheets.variant_view import VariantView
from tonk_rules.variant.diff import rule_values
from tonk_rules.variant.loader import LoadedVariant

if TYPE_CHECKING:
    from tonk_rules.event.event_folder import Event


def stored_sheet(rules: StoredRules, lang: str) -> Sheet:
    """The sheet of ``rules`` in ``lang`` (``en`` or ``ru``)."""
    loaded = LoadedVariant(rules.ref, rules.variant, {}, ())
    return build_sheet(VariantView(loaded, rule_values(rules.variant), None, frozenset()), lang)


def table_sheet(event: Event, table: str, fmt: str) -> str:
    """``table``'s sheet in the event's language, as Markdown (``md``) or a printable page (``html``)."""
    with event.ledger(table, writable=False) as led:
        return render(stored_sheet(led.stored_rules(), event.language), fmt)
