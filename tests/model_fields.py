"""The variant model's leaf fields and their allowed values, walked from the pydantic classes.

Shared by the tests that must cover every rule field without a hand-kept list: a field added to
``tonk_rules/variant/sections.py`` is found here, with its values (every enum member, both flags, a few whole
numbers across the valid range, subsets of a list of choices, an entry added to or dropped from a list of
rules), and each changed value is applied to the built-ins (with the companion changes the model's cross
checks require) and kept only where the variant stays valid.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import types
import typing
from collections.abc import Iterator
from enum import Enum
from typing import Any

import annotated_types
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.compile import compile_ruleset
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.model import Variant

#: Fields that only document a variant (presentation: the title, what the variant is, where each rule comes
#: from): they must never change play, so no behaviour is asked of them.
DOCUMENTATION_ONLY = {"title", "description", "title_ru", "description_ru", "source", "source_for"}

Path = tuple[str, ...]  # "*" stands for any list index
Where = tuple[int | str, ...]  # a concrete place in a variant's data


def _strip_optional(annotation: Any) -> tuple[Any, bool]:
    args = typing.get_args(annotation)
    if (typing.get_origin(annotation) in (typing.Union, types.UnionType)) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return rest[0], True
    return annotation, False


def leaf_fields(model: type[BaseModel] = Variant, prefix: Path = ()) -> Iterator[tuple[Path, FieldInfo]]:
    """Every leaf field of ``model`` (lists of models are walked into as ``*``), with its pydantic field."""
    for name, info in model.model_fields.items():
        if name in DOCUMENTATION_ONLY:
            continue
        annotation, _ = _strip_optional(info.annotation)
        path = (*prefix, name)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            yield from leaf_fields(annotation, path)
            continue
        if typing.get_origin(annotation) is list:
            (item,) = typing.get_args(annotation)
            if isinstance(item, type) and issubclass(item, BaseModel):
                yield path, info  # the list itself: add or remove an entry
                yield from leaf_fields(item, (*path, "*"))
                continue
        yield path, info


def _choices(annotation: Any) -> list[Any] | None:
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [m.value for m in annotation]
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    return None


def _bounds(info: FieldInfo) -> tuple[int, int]:
    low, high = 0, 50  # a count of cards or points: no rule value of Tonk goes beyond a hand's count
    for meta in info.metadata:
        if isinstance(meta, annotated_types.Ge):
            low = int(meta.ge)  # type: ignore[call-overload]
        if isinstance(meta, annotated_types.Le):
            high = int(meta.le)  # type: ignore[call-overload]
    return low, high


def whole_numbers(info: FieldInfo, value: Any) -> list[int]:
    """A few whole numbers across the field's valid range, and next to its current value."""
    low, high = _bounds(info)
    picks = {low, low + 1, low + 2, (low + high) // 2, high - 1, high}
    if isinstance(value, int):
        picks |= {value - 1, value + 1}
    return sorted(p for p in picks if low <= p <= high)


def values_of(info: FieldInfo, value: Any, data: dict[str, Any]) -> list[Any]:
    """Every allowed value of the field other than ``value`` (some may make the variant invalid: the caller
    validates)."""
    inner, optional = _strip_optional(info.annotation)
    out: list[Any] = [None] if optional and value is not None else []
    if inner is bool:
        return [not value]
    if inner is int:
        return [*out, *(v for v in whole_numbers(info, value) if v != value)]
    choices = _choices(inner)
    if choices is not None:
        return [*out, *(c for c in choices if c != value)]
    if typing.get_origin(inner) is dict:  # house values by rank (deck.values): faces by rank, a high ace, none
        return [v for v in ({"J": 11, "Q": 12, "K": 13}, {"A": 11}, {}) if v != value]
    if typing.get_origin(inner) is list:
        (item,) = typing.get_args(inner)
        choices = _choices(item)
        if choices is None and item is int:
            choices = [3, 4]
        if choices is not None:
            subsets = [list(c) for r in (1, 2, len(choices) - 1, len(choices)) if 0 < r <= len(choices)
                       for c in itertools.combinations(choices, r)]
            return [s for s in subsets if set(s) != set(value)]
        if isinstance(item, type) and issubclass(item, BaseModel):  # add an entry, or drop one
            grown = [[*value, entry] for entry in _sample_entries(item, data)]
            return [*grown, *([value[:i] + value[i + 1:] for i in range(len(value))])]
    raise AssertionError(f"no values for a field of type {info.annotation!r}: extend tests/model_fields.py")


def _sample_entries(item: type[BaseModel], data: dict[str, Any]) -> list[dict[str, Any]]:
    if item.__name__ == "HeldBook":
        return [{"rank": "A", "size": 3}, {"rank": "K", "size": 4}]
    if item.__name__ == "PaymentRule":
        stake_of = "payer" if data["stakes"]["mode"] == "per_player" else None
        return [{"payer": "others", "receiver": "winners", "stakes": 3, "stake_of": stake_of}]
    raise AssertionError(f"no sample entry for {item.__name__}: extend tests/model_fields.py")


def paths_in(data: Any, path: Path) -> Iterator[Where]:
    """Concrete paths in ``data`` matching ``path`` (``*`` expanded over list indexes)."""
    if not path:
        yield ()
        return
    head, rest = path[0], path[1:]
    if head == "*":
        for i, item in enumerate(data):
            for tail in paths_in(item, rest):
                yield (i, *tail)
    elif isinstance(data, dict) and head in data:
        for tail in paths_in(data[head], rest):
            yield (head, *tail)


def get(data: Any, path: Where) -> Any:
    for key in path:
        data = data[key]
    return data


def copied(data: Any) -> Any:
    """A deep copy of plain data (dicts, lists, scalars: a variant's data): the per-field sweeps copy a variant
    tens of thousands of times, and ``copy.deepcopy`` (which tracks shared objects) took several seconds of it."""
    if isinstance(data, dict):
        return {key: copied(value) for key, value in data.items()}
    if isinstance(data, list):
        return [copied(value) for value in data]
    return data


def changed(data: dict[str, Any], path: Where, value: Any) -> dict[str, Any]:
    new: dict[str, Any] = copied(data)
    node = new
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return new


#: Keys that cannot change alone without making the variant invalid (an option left with no effect): also
#: tried together with these companion changes in the same section, or (payment roles) the rule swapped.
#: A companion key with a dot is a path from the top (another section, e.g. the payment an option governs).
_DEAL_TONK = {"rules": [{"payer": "others", "receiver": "winners", "stakes": 2}]}
COMPANIONS: dict[tuple[str, str], list[dict[str, Any]]] = {
    ("deal_check", "enabled"): [{"at_most": None, "at_least": None, "several": None,
                                 "payments.deal_tonk": {"rules": []}},
                                {"at_least": 49, "several": "all_paid", "payments.deal_tonk": _DEAL_TONK}],
    ("deal_check", "several"): [{"dealer.after_void": "next"}, {"dealer.after_void": None}],
    ("stock_exhaustion", "when_empty"): [{"ties": None, "payments.stock_exhausted": {"rules": []},
                                          "dealer.after_void": "next"}],
    ("scoring", "mode"): [{"target": None}, {"target": 50}],
    ("melds", "wild_most"): [{"wild": ["K"]}],  # the rules of wild cards matter only with wild cards
    ("melds", "wild_hits"): [{"wild": ["K"]}],
    ("melds", "wild"): [{"wild_most": 2}],
}


def _stakes_of_every_rule(data: dict[str, Any], stake_of: str | None) -> dict[str, Any]:
    new: dict[str, Any] = copied(data)
    for event in new["payments"].values():
        for rule in event["rules"]:
            rule["stake_of"] = stake_of
    return new


def variations(data: dict[str, Any], where: Where, value: Any) -> Iterator[dict[str, Any]]:
    """``data`` with ``value`` at ``where``, then the same with each companion change."""
    yield changed(data, where, value)
    for extra in COMPANIONS.get((str(where[0]), str(where[-1])), []):
        new = changed(data, where, value)
        for key, companion in extra.items():
            section, _, name = key.rpartition(".")
            new[section or where[0]][name] = companion
        yield new
    if where == ("stakes", "mode"):  # with stakes per player every payment says whose stake; with one, none does
        yield _stakes_of_every_rule(changed(data, where, value), "receiver" if value == "per_player" else None)
    if where[-1] in ("payer", "receiver"):  # a rule's roles changed together: who pays becomes who receives
        rule = get(data, where[:-1])
        yield changed(data, where[:-1], {**rule, "payer": rule["receiver"], "receiver": rule["payer"]})


def _crowded(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` on a deck of six ranks, with a deal check at both ends: books, several deal tonks and void
    deals — rare in a full deck — happen in most hands, so the rules about them show in a few seeded hands."""
    new = copy.deepcopy(data)
    new["title"] = f"{data['title']} (six ranks)"
    new["players"] = {"min": 2, "max": 4}
    new["deck"] = {"ranks": ["A", "2", "3", "4", "5", "6"]}
    new["deal_check"] = {"enabled": True, "at_most": 12, "at_least": 22, "several": "void"}
    new["dealer"] = {**new["dealer"], "after_void": "next"}
    new["melds"] = {**new["melds"], "ace": "low"}
    return new


@functools.cache
def bases() -> tuple[dict[str, Any], ...]:
    """Every built-in's rules, and each played to points (so point-only fields have a home), and the
    built-ins that must spread on a crowded deck (see :func:`_crowded`)."""
    out = []
    for name in builtin_names():
        data = load_variant(name).variant.model_dump(mode="json")
        out.append(data)
        points = copy.deepcopy(data)
        points["scoring"] = {"mode": "points", "target": 100}
        points["stakes"] = {"mode": "uniform"}
        out.append(_stakes_of_every_rule(points, None))
        if data["spreading"]["must_spread"]:
            out.append(_crowded(data))
    return tuple(out)


def compiled(data: dict[str, Any]) -> Ruleset | None:
    """The Ruleset of ``data``, or None when it is not a valid variant (compiled once per distinct data)."""
    key = json.dumps(data, sort_keys=True)
    if key not in _COMPILED:
        try:
            _COMPILED[key] = compile_ruleset(Variant.model_validate(data))
        except (ValidationError, ValueError):
            _COMPILED[key] = None
    return _COMPILED[key]


_COMPILED: dict[str, Ruleset | None] = {}


FIELDS: list[tuple[Path, FieldInfo]] = list(leaf_fields())
FIELD_IDS = [".".join(p) for p, _ in FIELDS]


def changes(path: Path, info: FieldInfo) -> Iterator[tuple[dict[str, Any], Where, Any, dict[str, Any]]]:
    """(base, where, new value, changed variant data) for every valid change of the field, base by base."""
    for data in bases():
        for where in paths_in(data, path):
            for value in values_of(info, get(data, where), data):
                for variation in variations(data, where, value):
                    if compiled(variation) is not None:
                        yield data, where, value, variation


def label(where: Where, before: Any, after: Any, data: dict[str, Any]) -> str:
    return f"{'.'.join(map(str, where))}: {before!r} -> {after!r} (in {data['title']!r})"
