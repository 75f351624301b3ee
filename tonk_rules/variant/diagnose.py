"""Turning JSON Schema and pydantic errors into located, readable diagnostics."""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from functools import cache
from itertools import islice
from typing import Any

import jsonschema
from pydantic import TypeAdapter, ValidationError

from tonk_rules.errors import Diagnostic
from tonk_rules.yaml_hints import commented_section_above
from tonk_rules.yamlio import MAX_PROBLEMS, KeyPath, YamlDocument, capped

_TYPE_NAMES = {
    str: "string", int: "integer", float: "number", bool: "boolean", list: "list", dict: "mapping",
    type(None): "null",
}


def type_name(value: Any) -> str:
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    match = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"; did you mean {match[0]!r}?" if match else ""


def renamed_key(path: str, value: Any) -> str | None:
    """What a key an earlier version wrote (a variant file from an older ``tonk show``) is called now, and how
    its value is written there (None: the key was never renamed). Refused with this, not guessed: the new
    key says more than the old one did."""
    if path == "spreading.may_hold_books_of":
        ranks = value if isinstance(value, list) and all(isinstance(r, str | int) for r in value) else ["A"]
        books = ", ".join(f"{{rank: {r}, size: {n}}}" for r in ranks for n in (3, 4))
        return (f"'may_hold_books_of' was renamed to 'may_hold_books', whose books each name a rank and an exact "
                f"size; the same rule is: may_hold_books: [{books}]")
    return None


def dotted(path: Iterable[str | int]) -> str:
    return ".".join(str(p) for p in path)


def _expected_types(schema: dict[str, Any]) -> list[str]:
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        return [str({"object": "mapping", "array": "list"}.get(k, k)) for k in kinds]
    if "enum" in schema:
        return ["one of " + ", ".join(repr(v) for v in schema["enum"])]
    return [k for sub in schema.get("anyOf", []) for k in _expected_types(sub)]


def as_written(value: Any) -> str | None:
    """A value as the user wrote it where Python's spelling would differ (``true``, ``null``, a number YAML read
    as infinity), else None.

    >>> as_written(True), as_written(None), as_written(float("inf")), as_written(-float("inf")), as_written(3)
    ('true', 'null', 'a number too large to read', 'a negative number too large to read', None)
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and math.isinf(value):
        return "a number too large to read" if value > 0 else "a negative number too large to read"
    if isinstance(value, float) and math.isnan(value):
        return ".nan (not a number)"
    return None


def got(value: Any) -> str:
    """``got …`` of a type error: the kind and the value, or the value as written where Python's spelling
    would differ (``got true``, never ``got boolean True``)."""
    return f"got {written}" if (written := as_written(value)) else f"got {type_name(value)} {short_repr(value)}"


def short_repr(value: Any, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, so a wrong mapping does not flood the message."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 4] + " ..."


ROOT_FILE_STATES_EVERY_SECTION = "a root file (no `extends`) states every section"


def _yaml_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) or value is None else str(value)


def _unquoted_name(instance: Any, options: Any) -> bool:
    """A number, boolean or null whose YAML spelling is one of the allowed names."""
    return not isinstance(instance, str) and isinstance(options, list) and \
        _yaml_text(instance) in [str(o) for o in options]


def list_form(instance: Any) -> str:
    """How a value written where a list is expected is written as one: ``3, 4`` (text to YAML) is ``[3, 4]``.

    >>> list_form("3, 4"), list_form(5), list_form("A")
    ('[3, 4]', '[5]', '[A]')
    """
    items = [item.strip() for item in instance.split(",")] if isinstance(instance, str) else [_yaml_text(instance)]
    return "[" + ", ".join(item for item in items if item) + "]"


def _type_hint(expected: str, instance: Any) -> str:
    """Why a value YAML 1.1 habits would read differently is text here."""
    if not isinstance(instance, str):
        return ""
    if "boolean" in expected and instance.lower() in ("yes", "no", "on", "off", "y", "n"):
        return "; write true or false (yes/no/on/off are text)"
    if ("integer" in expected or "number" in expected) and ":" in instance:
        return "; a number is written in plain digits (1:30 is text, not 90)"
    return ""


def _leaf_errors(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """For an ``anyOf`` whose value has the right type for a branch but breaks that branch's constraint
    (``stakes: 0``, a digest of the wrong form), that constraint's error: "too small" says more than
    "expected integer or mapping, got integer 0"."""
    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return [error]
    specific = [c for c in error.context if c.validator != "type" and len(c.relative_schema_path) > 0]
    if not specific:
        return [error]
    return [leaf for c in specific for leaf in _leaf_errors(c)]


def schema_diagnostics(doc: YamlDocument, validator: jsonschema.protocols.Validator,
                       missing: str = ROOT_FILE_STATES_EVERY_SECTION) -> list[Diagnostic]:
    """Every JSON Schema error of ``doc.data``, located; ``missing`` explains why a missing key is needed."""
    out: list[Diagnostic] = []
    # a file with thousands of wrong keys gets its first screenful, not megabytes of messages
    errors = [leaf for error in islice(validator.iter_errors(doc.data), MAX_PROBLEMS + 1)
              for leaf in _leaf_errors(error)]
    # An unquoted `2` where a name like '2' is expected fails both `enum` and `type`: say it once, clearly.
    unquoted = {tuple(e.absolute_path) for e in errors
                if e.validator == "enum" and _unquoted_name(e.instance, e.validator_value)}
    reported_missing: set[KeyPath] = set()
    for error in errors:
        path: KeyPath = tuple(error.absolute_path)
        kind = error.validator
        if path in unquoted and kind in ("type", "anyOf"):
            continue
        # jsonschema types these as possibly unset; for the validators handled here they are always set
        instance: Any = error.instance
        schema: Any = error.schema
        value: Any = error.validator_value
        if kind == "additionalProperties":
            allowed = list(schema.get("properties", {}))
            for extra in sorted(set(instance) - set(allowed), key=str)[:MAX_PROBLEMS + 1]:
                hint = did_you_mean(extra, allowed) or f"; expected one of: {', '.join(allowed)}"
                line, col = doc.where((*path, extra), key=True)
                if (hidden := commented_section_above(doc.lines, line)) is not None:  # "# knocking:" above
                    hint = (f"{hint}; perhaps the section line above it is commented out: line {hidden[0]} "
                            f"'# {hidden[1]}:', remove its '#'")
                said = renamed_key(dotted((*path, extra)), instance[extra]) or f"unknown key {extra!r}{hint}"
                out.append(Diagnostic(doc.file, line, col, said, dotted((*path, extra))))
            continue
        if kind == "required":
            line, col = doc.where(path)
            for name in value:  # jsonschema reports each missing key as its own error: keep one line each
                if name not in instance and (*path, name) not in reported_missing:
                    reported_missing.add((*path, name))
                    out.append(Diagnostic(doc.file, line, col, f"missing key {name!r}: {missing}",
                                          dotted((*path, name))))
            continue
        line, col = doc.where(path)
        if kind in ("type", "anyOf"):
            expected = " or ".join(_expected_types(schema)) or "another type"
            message = f"expected {expected}, {got(instance)}"
            message += _type_hint(expected, instance)
            if expected.split(" or ")[0] == "list" and not isinstance(instance, dict | list):
                message = f"expected a list, {got(instance)}: write it as {list_form(instance)}"
        elif kind == "enum" and path in unquoted:
            text = _yaml_text(instance)
            read_as = "a number" if isinstance(instance, int | float) and not isinstance(instance, bool) else text
            message = f"{text} is read as {read_as}, not as the name {text!r}: write it in quotes"
        elif kind == "enum":
            options = [str(v) for v in value]
            hint = did_you_mean(str(instance), options)
            message = f"{instance!r} is not allowed; expected one of: {', '.join(options)}{hint}"
        elif kind in ("minimum", "maximum") and as_written(instance):
            message = f"{got(instance)}; the {kind} is {value}"
        elif kind == "minimum":
            message = f"{instance!r} is too small: the minimum is {value}"
        elif kind == "maximum":
            message = f"{instance!r} is too large: the maximum is {value}"
        elif kind == "minItems":
            message = f"needs at least {value} item(s)"
        elif kind == "minLength":
            message = "must not be empty"
        elif kind == "const":
            message = f"expected {value!r}, got {as_written(instance) or short_repr(instance)}"
        elif kind == "pattern":
            message = f"{short_repr(instance)} does not have the expected form ({value})"
        elif kind in ("minProperties", "maxProperties"):
            message = f"expected {value} key(s), found {len(instance)}"
        else:
            message = error.message
        out.append(Diagnostic(doc.file, line, col, message, dotted(path)))
    return capped(out, doc.file)


def parse_path(text: str) -> KeyPath:
    return tuple(int(p) if p.isdigit() else p for p in text.split(".") if p)


def locate(chain: list[YamlDocument], path: KeyPath) -> tuple[str, int, int]:
    """Where the value at ``path`` of the resolved variant was written: the most derived file giving it."""
    for cut in range(len(path), -1, -1):
        for doc in chain:
            if path[:cut] in doc.positions:
                line, col = doc.positions[path[:cut]]
                return doc.file, line, col
    return chain[-1].file, 1, 1


def model_diagnostics(chain: list[YamlDocument], error: ValidationError) -> list[Diagnostic]:
    out = []
    for item in error.errors(include_url=False):
        path: KeyPath = tuple(item["loc"])
        if item["type"] == "missing":
            file, line, col = locate(chain, path[:-1])
            message = f"missing key {path[-1]!r}: {_why_required(path)}"
        else:
            file, line, col = locate(chain, path)
            message = item["msg"]
            if item["type"] in ("list_type", "tuple_type", "set_type", "frozen_set_type"):
                message = f"expected a list: write it as {list_form(item['input'])}"
        out.append(Diagnostic(file, line, col, message, dotted(path)))
    return out


def _why_required(path: KeyPath) -> str:
    """Why a key may not be missing: a list item stands alone, whatever file it is in; a section of a root file
    must be complete."""
    if len(path) >= 3 and path[0] == "payments" and isinstance(path[-2], int):
        return ("each payment rule gives payer, receiver and stakes (a file's `rules` replace its parent's whole "
                "list, so no key comes from the parent)")
    if any(isinstance(part, int) for part in path):
        return "each item of this list is complete in itself (a list replaces its parent's whole list)"
    return "a root file states every rule (no silent defaults)"


def _depth(chain: list[YamlDocument], path: KeyPath) -> int:
    """Index in the chain (0 = the file itself) of the most derived file that writes ``path``."""
    return next((i for i, doc in enumerate(chain) if path in doc.positions), len(chain))


def cross_diagnostics(chain: list[YamlDocument], problems: list[tuple[str, str]]) -> list[Diagnostic]:
    out = []
    for paths_text, message in problems:
        paths = [parse_path(p) for p in paths_text.split("|")]
        blamed = min(paths, key=lambda p: _depth(chain, p))  # first of the equally derived ones
        file, line, col = locate(chain, blamed)
        out.append(Diagnostic(file, line, col, message, dotted(blamed)))
    return out


@cache
def _source_adapter() -> TypeAdapter[Any]:
    from tonk_rules.variant.sources import Source

    return TypeAdapter(Source)


def source_diagnostics(doc: YamlDocument) -> list[Diagnostic]:
    """Every ``source``/``source_for`` entry of ``doc`` that is not a quotation or an assumption, located.

    The file schema lets an ``extends`` file give any subset of keys, so it cannot require a quotation's
    ``ref``; this check does, before provenance is resolved from the entries.
    """
    from tonk_rules.variant.provenance import value_keys

    adapter = _source_adapter()
    out: list[Diagnostic] = []
    data = doc.data if isinstance(doc.data, dict) else {}
    for section in value_keys():
        path: KeyPath = tuple(section.split("."))
        body: Any = data
        for part in path:
            body = body.get(part) if isinstance(body, dict) else None
        if not isinstance(body, dict):
            continue
        entries: list[tuple[KeyPath, Any]] = []
        if body.get("source") is not None:
            entries.append(((*path, "source"), body["source"]))
        if isinstance(body.get("source_for"), dict):
            entries += [((*path, "source_for", key), value) for key, value in body["source_for"].items()]
        for where, value in entries:
            try:
                adapter.validate_python(value)
            except ValidationError as exc:
                first = exc.errors(include_url=False)[0]
                line, col = doc.where(where)
                out.append(Diagnostic(doc.file, line, col, "a source is {ref: ID, quote: TEXT} or {assumed: TEXT}: "
                                      f"{first['msg']} ({dotted(first['loc']) or 'the entry'})", dotted(where)))
    return out
