"""A table's rules sheet from the rules its ledger keeps (not from a file: the file may have changed), as
``tonk rules`` prints it: headed by the variant's title, named by a built-in's name or a house file's name
alone (never a path of the game master's machine), and for rules based on others, «Based on …» with ★ on
the house's own rules.

    >>> import tempfile, pathlib
    >>> from tonk_rules.event.event_folder import Event
    >>> event = Event.create(pathlib.Path(tempfile.mkdtemp()) / "night", title="Night", language="ru",
    ...                      currency="крона")
    >>> event.add_table("t1", variant_ref="russian-2001", seats=["Ann", "Bob"], stakes=[1, 1])
    >>> table_sheet(event, "t1", "md").splitlines()[2:4]
    ['Вариант: russian-2001', '*Основано на «russian»; правила, помеченные ★, отличаются от него.*']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tonk_rules.errors import VariantError
from tonk_rules.event.house_rules import shown_name
from tonk_rules.ledger.stored_rules import StoredRules
from tonk_rules.sheets.rules_sheet import Sheet, build_sheet
from tonk_rules.sheets.sheet_render import render
from tonk_rules.sheets.variant_view import VariantView, load_view
from tonk_rules.variant.diff import rule_values
from tonk_rules.variant.loader import LoadedVariant, builtin_names

if TYPE_CHECKING:
    from tonk_rules.event.event_folder import Event


def stored_sheet(rules: StoredRules, lang: str, house: dict[str, Any] | None = None) -> Sheet:
    """The sheet of ``rules`` in ``lang`` (``en`` or ``ru``). ``house``: what the event keeps of house rules
    (:meth:`~tonk_rules.event.event_folder.Event.house`), to say what they are based on and mark their own.
    Built-in rules are the built-in's sheet, with its own parent, while the built-in still holds them."""
    if house is not None:
        parent = house.get("based_on")
        own = frozenset(path for path in house.get("own", ()) if isinstance(path, str))
        view = _view(rules, str(house.get("file") or rules.ref), parent if isinstance(parent, str) else None, own)
        return build_sheet(view, lang)
    if rules.ref in builtin_names():
        try:
            builtin = load_view(rules.ref)
        except VariantError:
            builtin = None
        if builtin is not None and builtin.loaded.digest == rules.digest:
            return build_sheet(builtin, lang)
    return build_sheet(_view(rules, rules.ref, None, frozenset()), lang)


def _view(rules: StoredRules, name: str, parent: str | None, own: frozenset[str]) -> VariantView:
    loaded = LoadedVariant(shown_name(name), rules.variant, {}, ())
    return VariantView(loaded, rule_values(rules.variant), parent, own if parent is not None else frozenset())


def event_sheet(event: Event, table: str) -> Sheet:
    """``table``'s sheet in the event's language, from the rules it plays now."""
    with event.ledger(table, writable=False) as led:
        rules = led.stored_rules()
    return stored_sheet(rules, event.language, event.house(rules.digest))


def table_sheet(event: Event, table: str, fmt: str) -> str:
    """``table``'s sheet in the event's language, as Markdown (``md``) or a printable page (``html``)."""
    return render(event_sheet(event, table), fmt)
