"""Rule values given on the command line (``--vary KEY=V1,V2``, ``--with KEY=V``), read one way: as in a file.

A value is read by the hardened YAML reader of variant files (:mod:`tonk_rules.yamlio`, YAML 1.2 core
types, within its limits), so ``012`` is 12 as in a house file, never octal 10; ``1:30`` and ``13_0`` are
text (which the rule then refuses), never 90 or 130; a 100,000-digit number is one clear refusal. The key
must be a rule of the variant model, named as typed: ``extends`` or ``title`` are not rules, and an unknown
key is said of the option, not of a temporary file. ``tonk sweep`` and ``tonk design`` both read here.

    >>> read_key_values("--vary", "deal_check.at_most=012,13,null")
    ('deal_check.at_most', [12, 13, None])
    >>> read_key_values("--vary", "extends=pagat")
    Traceback (most recent call last):
    ...
    tonk_rules.errors.SimulationError: --vary extends: not a rule (the varied variant is the one named \
before the options); give a rule key such as deal_check.at_most
"""

from __future__ import annotations

import difflib
import types
import typing
from typing import Any

from pydantic import BaseModel

from tonk_rules.errors import SimulationError, YamlReadError
from tonk_rules.variant.model import Variant
from tonk_rules.variant.sections import NAMING_KEYS
from tonk_rules.variant.yaml_source import MAX_FILE_BYTES
from tonk_rules.yamlio import read_yaml_text

Scalar = str | int | float | bool | None

#: Keys of a variant file that are not rules: what it extends, its title and description, provenance.
NOT_RULES = frozenset({"extends", "source", "source_for", "sources", "format", *NAMING_KEYS})


def _model_of(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if (model := _model_of(arg)) is not None:
                return model
    return None


def why_not_rule_key(key: str) -> str | None:
    """Why ``key`` (dotted, as typed) names no rule of a variant (None when it does)."""
    parts = key.split(".")
    if any(not part.strip() or part != part.strip() for part in parts):
        return "not a dotted rule key such as deal_check.at_most"
    model: type[BaseModel] | None = Variant
    for depth, part in enumerate(parts):
        where = ".".join(parts[:depth])
        if model is None:
            return f"{where} is a value, not a section: it has no key {part!r}"
        if part in NOT_RULES:
            what = ("the varied variant is the one named before the options" if part == "extends"
                    else "a point's title and description are made for it")
            return f"not a rule ({what}); give a rule key such as deal_check.at_most"
        fields = model.model_fields
        if part not in fields:
            known = [name for name in fields if name not in NOT_RULES]
            close = difflib.get_close_matches(part, known, n=1)
            guess = f"; did you mean {close[0]!r}?" if close else ""
            of = f" of {where}" if where else ""
            return f"{part!r} is not a rule{of}{guess} (the rules there: {', '.join(known)})"
        model = _model_of(fields[part].annotation)
    return None


def read_value(option: str, key: str, raw: str) -> Scalar:
    """One value of ``key`` as typed after ``option``, read as a variant file reads it."""
    text = raw.strip()
    if not text:
        raise SimulationError(f"{option} {key}: a value is empty (values are YAML scalars: 13, true, null, free)")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise SimulationError(f"{option} {key}: a value of {len(text):,} characters; a rule value is short")
    try:
        data = read_yaml_text(f"{option} {key}", f"value: {text}\n", limit=MAX_FILE_BYTES, what="value").data
    except YamlReadError as exc:
        message = exc.diagnostics[0].message
        raise SimulationError(f"{option} {key}: {_shown(text)} is not a single value ({message})") from None
    value = data.get("value") if isinstance(data, dict) else None
    if isinstance(value, list | dict):
        raise SimulationError(f"{option} {key}: {_shown(text)} is not a single value (values are YAML scalars: "
                              "13, true, null, free)")
    return typing.cast(Scalar, value)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else f"{text[:40]}…")


def read_key_values(option: str, text: str) -> tuple[str, list[Scalar]]:
    """``KEY=V1,V2,…`` after ``option`` -> (the rule key, its values). Raises :class:`SimulationError`."""
    key, sep, listed = text.partition("=")
    key = key.strip()
    if not sep or not key or not listed.strip():
        raise SimulationError(f"{option} {_shown(text)}: write KEY=V1,V2,… (e.g. deal_check.at_most=13,15,17)")
    if why := why_not_rule_key(key):
        raise SimulationError(f"{option} {key}: {why}")
    values: list[Scalar] = []
    for raw in listed.split(","):
        value = read_value(option, key, raw)
        if any(value == v and type(value) is type(v) for v in values):
            raise SimulationError(f"{option} {key}: the value {raw.strip()} is given twice")
        values.append(value)
    return key, values
