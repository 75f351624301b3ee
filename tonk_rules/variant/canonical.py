"""The canonical form of a variant's rules: what its digest covers, stable when the model gains a rule.

A ledger stores its rules and their digest; a hand record names its variant and the digest of its rules.
Both must still open and replay after this program learns a new rule. So a rule added to the model later
comes with a default that plays exactly as before (:func:`added_rule`), and the canonical form leaves out
every added rule that holds that default: a variant that does not use the new rule keeps its digest, and
rules stored without the field validate with the default filled in. A variant that sets the new rule to
something else gets a new digest, as it plays differently.

    >>> from tonk_rules.variant.loader import load_variant
    >>> rules = canonical_rules(load_variant("russian").variant)
    >>> "title" in rules, "source" in rules["knocking"]
    (False, False)
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from tonk_rules.variant.added import ADDED_KEY, added_rule
from tonk_rules.variant.sections import NAMING_KEYS

__all__ = ["ADDED_KEY", "added_rule", "canonical_rules", "without_added_defaults"]


def _is_added_default(model: BaseModel, name: str) -> bool:
    field = type(model).model_fields[name]
    extra = field.json_schema_extra
    return (isinstance(extra, dict) and ADDED_KEY in extra
            and getattr(model, name) == field.get_default(call_default_factory=True))


def _drop_added_defaults(value: Any, data: Any) -> None:
    if isinstance(value, BaseModel) and isinstance(data, dict):
        for name in type(value).model_fields:
            if name not in data:
                continue
            if _is_added_default(value, name):
                del data[name]
            else:
                _drop_added_defaults(getattr(value, name), data[name])
    elif isinstance(value, list | tuple) and isinstance(data, list):
        for item, dumped in zip(value, data, strict=False):
            _drop_added_defaults(item, dumped)
    elif isinstance(value, dict) and isinstance(data, dict):
        for key, item in value.items():
            if str(key) in data:
                _drop_added_defaults(item, data[str(key)])


def canonical_rules(variant: BaseModel) -> dict[str, Any]:
    """The rules as the digest sees them: every value but title, description, sources and added rules at
    their default."""
    from tonk_rules.variant.provenance import strip_sources

    data = variant.model_dump(mode="json", exclude=set(NAMING_KEYS))
    _drop_added_defaults(variant, data)
    strip_sources(data)
    return data


def without_added_defaults(variant: BaseModel) -> dict[str, Any]:
    """Every value of ``variant`` as stored data, but the added rules that hold their default: what a ledger
    keeps, so that a ledger written before a rule was added reads, exports and imports as the same data."""
    data = variant.model_dump(mode="json")
    _drop_added_defaults(variant, data)
    for key in NAMING_KEYS - {"title", "description"}:  # a title in a language the file does not give
        if data.get(key, "") is None:
            del data[key]
    return data
