"""The source of every value of a resolved variant, following ``extends`` key by key.

In a file, a section's ``source`` covers the keys that file sets in the section, and ``source_for`` gives a
key its own source::

    dealer:
      first: high_card_cut
      rotation: left
      source: {ref: gamerules-fi, quote: "korkeimman kortin saanut pelaaja toimii jakajana"}
      source_for:
        after_void: {assumed: "the sources only say a new hand is dealt"}

A child file that changes one key keeps its parent's sources for the other keys. A section that sets no
key but gives ``source`` cites the source for every key of the section without changing a value (how
``russian-2001`` cites its own text where it agrees with ``russian``). A value set without a source is
shown as set in its file.

    >>> from tonk_rules.variant.loader import load_variant
    >>> load_variant("pagat").provenance["players.max"].describe()
    'gamerules.com Tonk rules, Finnish translation (fi, undated): «PELAAJIEN MÄÄRÄ: 2-3 pelaajaa»'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel, TypeAdapter

from tonk_rules.variant.sources import Assumption, Quote, Source

SOURCE_KEYS = ("source", "source_for")


@dataclass(frozen=True)
class Provenance:
    """Where one value comes from: a quotation, an assumption, or neither (``source`` None)."""

    source: Quote | Assumption | None
    file: str  # the file that set or cited the value

    @property
    def quoted(self) -> bool:
        return isinstance(self.source, Quote)

    @property
    def kind(self) -> str:
        """``quoted``, ``assumed`` or ``unsourced``."""
        if isinstance(self.source, Quote):
            return "quoted"
        return "assumed" if isinstance(self.source, Assumption) else "unsourced"

    def describe(self) -> str:
        if self.source is None:
            return f"set in {self.file}, no source given"
        return self.source.describe()

    def as_data(self) -> dict[str, Any]:
        """The ``source`` mapping a file would write (``{set_in: FILE}`` when there is none)."""
        if self.source is None:
            return {"set_in": self.file}
        return self.source.model_dump(exclude_none=True)


@cache
def _adapter() -> TypeAdapter[Source]:
    return TypeAdapter(Source)


@cache
def value_keys() -> dict[str, tuple[str, ...]]:
    """Every section path of a variant and its value keys: ``{"players": ("min", "max"), ...}``."""
    from tonk_rules.variant.model import Variant
    from tonk_rules.variant.sections import Payments, Section

    out: dict[str, tuple[str, ...]] = {}

    def visit(model: type[BaseModel], prefix: str) -> None:
        for name, field in model.model_fields.items():
            kind = field.annotation
            if isinstance(kind, type) and issubclass(kind, Section):
                out[prefix + name] = tuple(k for k in kind.model_fields if k not in SOURCE_KEYS)
            elif kind is Payments:
                visit(kind, prefix + name + ".")

    visit(Variant, "")
    return out


@cache
def _added_paths() -> frozenset[str]:
    """The rules added to the model since the first ledgers (``added_rule``), by dotted path."""
    from tonk_rules.variant.added import added_sources
    from tonk_rules.variant.model import Variant

    return frozenset(added_sources(Variant))


def value_paths() -> Iterable[str]:
    """Every value of a variant as a dotted path (``players.min``, ``payments.deal_tonk.rules``)."""
    for section, keys in value_keys().items():
        for key in keys:
            yield f"{section}.{key}"


def _section(data: dict[str, Any], path: str) -> dict[str, Any] | None:
    node: Any = data
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else None


def resolve(chain: Iterable[tuple[str, dict[str, Any]]]) -> dict[str, Provenance]:
    """The provenance of every value set in ``chain``: ``(file, data)`` pairs, root file first."""
    out: dict[str, Provenance] = {}
    for file, data in chain:
        for section, keys in value_keys().items():
            body = _section(data, section)
            if body is None:
                continue
            default = body.get("source")
            per_key = body.get("source_for") or {}
            set_here = [k for k in keys if k in body]
            covered = set_here or (list(keys) if default is not None else [])
            for key in keys:
                if key in per_key:
                    out[f"{section}.{key}"] = Provenance(_adapter().validate_python(per_key[key]), file)
                elif key in covered and (set_here or f"{section}.{key}" in out
                                         or f"{section}.{key}" not in _added_paths()):
                    # (a section that cites every key unchanged does not cite a rule added to the model since,
                    # which no file of the chain states: that one keeps its default's source)
                    source = _adapter().validate_python(default) if default is not None else None
                    out[f"{section}.{key}"] = Provenance(source, file)
    return out


def strip_sources(node: Any) -> None:
    """Remove every ``source`` and ``source_for`` key, in place (rules only: for digests and plain output)."""
    if isinstance(node, dict):
        for key in SOURCE_KEYS:
            node.pop(key, None)
        for value in node.values():
            strip_sources(value)
    elif isinstance(node, list):
        for item in node:
            strip_sources(item)
