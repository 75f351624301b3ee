"""The rules a ledger keeps: the full resolved variant, stored in the ledger itself.

A ledger stores, at create, the resolved variant (every value, ``extends`` already applied), its digest and
its title. Every later command compiles the Ruleset from that copy, so the house file may be edited,
moved or deleted: the evening's money stays readable. Changing the rules mid-event is an explicit event
(:meth:`Ledger.change_rules`) that records what changed.

    >>> from tonk_rules.variant.loader import load_variant
    >>> stored = StoredRules.of(load_variant("russian"), "russian")
    >>> StoredRules.from_json(stored.to_json()).ruleset == stored.ruleset
    True
    >>> [row["path"] for row in rules_diff(stored, StoredRules.of(load_variant("pagat"), "pagat"))][:2]
    ['players.max', 'dealer.first']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from tonk_rules.errors import LedgerError
from tonk_rules.ruleset import Ruleset
from tonk_rules.variant.canonical import without_added_defaults
from tonk_rules.variant.loader import LoadedVariant
from tonk_rules.variant.model import Variant
from tonk_rules.variant.sections import NAMING_KEYS

#: compiled Rulesets by digest: equal rules compile to equal Rulesets, so one per digest is enough
_COMPILED: dict[str, Ruleset] = {}


@dataclass(frozen=True)
class StoredRules:
    """A variant as a ledger keeps it: where it came from (for people), its title, digest and full values."""

    ref: str  # the built-in name or file the rules were read from (shown, never read again)
    title: str
    digest: str
    variant: Variant

    @classmethod
    def of(cls, loaded: LoadedVariant, ref: str) -> StoredRules:
        return cls(ref, loaded.variant.title, loaded.digest, loaded.variant)

    @classmethod
    def from_data(cls, ref: str, data: Any, digest: str | None = None) -> StoredRules:
        """Rules from their stored values, checked: a copy whose digest is not its values' is refused."""
        try:
            variant = Variant.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise LedgerError(f"the stored rules are not a valid variant ({first['msg']} at {where})") from None
        actual = LoadedVariant(ref, variant, {}, ()).digest
        if digest is not None and digest != actual:
            raise LedgerError("the stored rules do not match their digest: the ledger was edited or damaged")
        return cls(ref, variant.title, actual, variant)

    def title_in(self, lang: str) -> str:
        """The title of these rules as a reader of ``lang`` reads it."""
        return _with_builtin_words(self.ref, self.variant).title_in(lang)

    def description_in(self, lang: str) -> str:
        """The description of these rules as a reader of ``lang`` reads it."""
        return _with_builtin_words(self.ref, self.variant).description_in(lang)

    @classmethod
    def from_json(cls, text: str, ref: str = "", digest: str | None = None) -> StoredRules:
        return cls.from_data(ref, json.loads(text), digest)

    def data(self) -> dict[str, Any]:
        """The stored values: every value but the rules added to the model since that hold their default
        (:func:`~tonk_rules.variant.canonical.without_added_defaults`), so that rules stored before a rule was
        added are the same data once read again, and an export of an older ledger imports unchanged."""
        return without_added_defaults(self.variant)

    def to_json(self) -> str:
        return json.dumps(self.data(), ensure_ascii=False, sort_keys=True)

    def meta(self) -> dict[str, str]:
        """The ledger's meta rows that hold these rules."""
        return {"variant": self.ref, "variant_title": self.title, "variant_sha256": self.digest,
                "variant_json": self.to_json()}

    @property
    def ruleset(self) -> Ruleset:
        compiled = _COMPILED.get(self.digest)
        if compiled is None:
            from tonk_rules.ruleset.compile import compile_ruleset

            compiled = _COMPILED[self.digest] = compile_ruleset(self.variant)
        return compiled


def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for key, value in data.items():
            out.update(_flatten(value, f"{prefix}{key}."))
        return out
    return {prefix.rstrip("."): data}


def rules_diff(before: StoredRules, after: StoredRules) -> list[dict[str, Any]]:
    """Every rule value that differs (title and description are names, not rules), in the model's order."""
    old = _flatten({k: v for k, v in before.data().items() if k not in NAMING_KEYS})
    new = _flatten({k: v for k, v in after.data().items() if k not in NAMING_KEYS})
    return [{"path": path, "before": old.get(path), "after": new.get(path)}
            for path in dict.fromkeys([*old, *new]) if old.get(path) != new.get(path)]


def describe_diff(diff: list[dict[str, Any]]) -> list[str]:
    """One line per changed value: ``deal_check.at_most: 9 -> 13``."""
    def show(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    return [f"{row['path']}: {show(row['before'])} -> {show(row['after'])}" for row in diff]


def first_format_rules(path: Any, meta: dict[str, str]) -> StoredRules:
    """The rules of a ledger of the first format, which named them by file (``meta``'s ``variant`` and
    ``variant_sha256``): that file read once, refused unless it still holds what the ledger was played by."""
    from tonk_rules.errors import VariantError
    from tonk_rules.variant.loader import load_variant

    ref, digest = meta["variant"], meta["variant_sha256"]
    try:
        loaded = load_variant(ref)
    except VariantError:
        loaded = None
    if loaded is None or loaded.digest != digest:
        what = "cannot be read" if loaded is None else "has changed since"
        raise LedgerError(f"{path}: this ledger comes from an earlier version that kept only the path of its "
                          f"rules, and {ref} {what}; put the file as it was back there once: the ledger then keeps "
                          "its rules inside and never needs the file again")
    return StoredRules.of(loaded, ref)


def _with_builtin_words(ref: str, variant: Variant) -> Variant:
    """Rules stored before variants had Russian titles: a built-in's, still titled as that built-in is, read
    with the built-in's Russian title and description (as they are read: what the ledger keeps stays as kept)."""
    from tonk_rules.variant.loader import builtin_names, load_variant

    if variant.title_ru is not None or ref not in builtin_names():
        return variant
    builtin = load_variant(ref).variant
    if builtin.title != variant.title or builtin.description != variant.description:
        return variant
    return variant.model_copy(update={"title_ru": builtin.title_ru, "description_ru": builtin.description_ru})


def titled_in(ref: str, title: str, lang: str) -> str:
    """A title a ledger's event keeps (a rules change's), in ``lang``: a built-in's own title read in ``lang``,
    any other as it was kept."""
    from tonk_rules.variant.loader import builtin_names, load_variant

    if ref in builtin_names() and load_variant(ref).variant.title == title:
        return load_variant(ref).variant.title_in(lang)
    return title
