"""Nothing uncompiled: every rule field of the variant model reaches the compiled Ruleset.

For every leaf field of the model (walked from the pydantic classes, so a new field is found without
editing this test), each changed value that still makes a valid variant must change the compiled Ruleset,
and at least one such change must exist. A dimension added to the model and the YAML but forgotten by
``compile_ruleset`` makes this test fail. Only documentation fields are exempt (the allow-list below).
"""

from __future__ import annotations

import copy
import itertools
import types
import typing
from collections.abc import Iterator
from enum import Enum
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.compile import compile_ruleset
from tonk_rules.variant.loader import builtin_names, load_variant
from tonk_rules.variant.model import Variant

#: Fields that only document a variant: they must never change play.
DOCUMENTATION_ONLY = {"title", "description", "source", "source_for"}

Path = tuple[str, ...]  # "*" stands for any list index


def _strip_optional(annotation: Any) -> tuple[Any, bool]:
    args = typing.get_args(annotation)
    if (typing.get_origin(annotation) in (typing.Union, types.UnionType)) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return rest[0], True
    return annotation, False


def leaf_fields(model: type[BaseModel], prefix: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every leaf field of ``model`` (lists of models are walked into as ``*``)."""
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
                yield path, info.annotation  # the list itself: add or remove an entry
                yield from leaf_fields(item, (*path, "*"))
                continue
        yield path, info.annotation


def _choices(annotation: Any) -> list[Any] | None:
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [m.value for m in annotation]
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    return None


def alternatives(annotation: Any, value: Any, data: dict[str, Any]) -> list[Any]:
    """Changed values of the type of ``annotation`` (some may be invalid: the caller validates)."""
    inner, optional = _strip_optional(annotation)
    out: list[Any] = [None] if optional and value is not None else []
    if inner is bool:
        return [not value]
    if inner is int:
        if value is None:
            return [0, 1, 3, 5, 10, 15, 20, 30, 40, 45, 49, 50, 100]
        return [*out, value + 1, value - 1, value + 10]
    choices = _choices(inner)
    if choices is not None:
        return [*out, *(c for c in choices if c != value)]
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
    raise AssertionError(f"no alternatives for a field of type {annotation!r}: extend this test")


def _sample_entries(item: type[BaseModel], data: dict[str, Any]) -> list[dict[str, Any]]:
    if item.__name__ == "HeldBook":
        return [{"rank": "A", "size": 3}, {"rank": "K", "size": 4}]
    if item.__name__ == "PaymentRule":
        stake_of = "payer" if data["stakes"]["mode"] == "per_player" else None
        return [{"payer": "others", "receiver": "winners", "stakes": 3, "stake_of": stake_of}]
    raise AssertionError(f"no sample entry for {item.__name__}: extend this test")


def paths_in(data: Any, path: Path) -> Iterator[tuple[int | str, ...]]:
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


def get(data: Any, path: tuple[int | str, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def changed(data: dict[str, Any], path: tuple[int | str, ...], value: Any) -> dict[str, Any]:
    new = copy.deepcopy(data)
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
}


def _stakes_of_every_rule(data: dict[str, Any], stake_of: str | None) -> dict[str, Any]:
    new = copy.deepcopy(data)
    for event in new["payments"].values():
        for rule in event["rules"]:
            rule["stake_of"] = stake_of
    return new


def variations(data: dict[str, Any], where: tuple[int | str, ...], value: Any) -> Iterator[dict[str, Any]]:
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


def bases() -> list[dict[str, Any]]:
    """Every built-in's rules, and each played to points (so point-only fields have a home)."""
    out = []
    for name in builtin_names():
        data = load_variant(name).variant.model_dump(mode="json")
        out.append(data)
        points = copy.deepcopy(data)
        points["scoring"] = {"mode": "points", "target": 100}
        points["stakes"] = {"mode": "uniform"}
        out.append(_stakes_of_every_rule(points, None))
    return out


def compiled(data: dict[str, Any]) -> Ruleset | None:
    try:
        return compile_ruleset(Variant.model_validate(data))
    except (ValidationError, ValueError):
        return None


FIELDS = list(leaf_fields(Variant))
BASES = bases()
BASE_RULESETS = [compiled(b) for b in BASES]


def test_the_walk_finds_the_model_fields() -> None:
    names = {".".join(p) for p, _ in FIELDS}
    assert {"deal.first_turn", "spreading.may_hold_books.*.size", "payments.knock_caught.rules.*.stake_of",
            "stock_exhaustion.ties", "scoring.target"} <= names
    assert all(r is not None for r in BASE_RULESETS)


@pytest.mark.parametrize(("path", "annotation"), FIELDS, ids=[".".join(p) for p, _ in FIELDS])
def test_every_valid_change_of_a_rule_field_changes_the_ruleset(path: Path, annotation: Any) -> None:
    tried = 0
    for data, ruleset in zip(BASES, BASE_RULESETS, strict=True):
        for where in paths_in(data, path):
            for value in alternatives(annotation, get(data, where), data):
                for variation in variations(data, where, value):
                    other = compiled(variation)
                    if other is None:
                        continue  # not a valid variant: nothing to compile
                    tried += 1
                    assert other != ruleset, (f"{'.'.join(map(str, where))}: {get(data, where)!r} -> {value!r} "
                                              f"does not change the compiled Ruleset (in {data['title']!r})")
    assert tried, f"{'.'.join(path)}: no valid changed value found; give this test a base where it matters"
