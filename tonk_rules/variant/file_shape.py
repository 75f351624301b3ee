"""Whether a file named as a variant *inside another file* is a variant file, decided without quoting it.

A hand record, a session file or an ``extends`` line may name any path: ``/etc/shadow``, ``/proc/self/environ``,
a YAML file of passwords. Such a file is read only far enough to decide whether it has the shape of a variant
file, and when it has not, the only message is that it is not one, with a reason that quotes nothing from it:
no key, no value, no position of a character, no length. Values are quoted only from files that pass.

    >>> why_not_variant_shape({"extends": "pagat", "deal": {"hand_size": 7}}) is None
    True
    >>> why_not_variant_shape({"players": "hunter2-SECRET-VALUE"})
    'its values are not of the kinds a variant file holds there'
    >>> why_not_variant_shape({"root": "x", "extends": "pagat"})
    'it has keys that no variant file has'
    >>> why_not_variant_shape({"deal_check": {"at_most": "hunter2abc"}})
    'its values are not of the kinds a variant file holds there'
    >>> why_not_variant_shape({"deck": {"ranks": ["A", "2"], "SECRET": 1}})
    'it has keys that no variant file has'
    >>> why_not_variant_shape("root:*:19000:0:99999:7:::")
    'its top level is not a mapping of rule sections'
"""

from __future__ import annotations

import difflib
from functools import cache
from pathlib import Path
from typing import Any

from tonk_rules.errors import Diagnostic, YamlReadError
from tonk_rules.variant.schema import variant_file_schema
from tonk_rules.yamlio import YamlDocument, decode, read_limited, read_yaml_text

#: Formats of the project's other files, named when one of them is given where a variant is expected.
OTHER_TONK_FORMATS = ("tonk-hand/1", "tonk-session/1")

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "integer": (int,), "number": (int, float),
    "boolean": (bool,), "null": (type(None),),
}


@cache
def _top_level_types() -> dict[str, tuple[str, ...]]:
    """Each top-level key of a variant file and the JSON types its value may have (empty: not stated)."""
    schema = variant_file_schema()
    defs = schema.get("$defs", {})

    def types(node: dict[str, Any]) -> tuple[str, ...]:
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            node = defs.get(ref.rsplit("/", 1)[1], {})
        kind = node.get("type")
        if isinstance(kind, str):
            return (kind,)
        if isinstance(kind, list):
            return tuple(kind)
        branches = node.get("anyOf") or node.get("oneOf") or []
        found = [t for branch in branches for t in types(branch)]
        return tuple(found) if branches and all(types(b) for b in branches) else ()

    return {key: types(node) for key, node in schema["properties"].items()}


def _is(value: Any, kinds: tuple[str, ...]) -> bool:
    if not kinds:
        return True
    if isinstance(value, bool):  # a bool is an int to Python, never to JSON Schema
        return "boolean" in kinds
    return any(isinstance(value, _JSON_TYPES.get(kind, ())) for kind in kinds)


def _is_member(value: Any, members: list[Any]) -> bool:
    """``value`` is one of an enum's members, of the member's own kind (``true`` is not ``1``)."""
    return any(type(value) is type(member) and value == member for member in members)


def _why_not_fitting(value: Any, node: dict[str, Any]) -> str | None:
    """Why ``value`` does not fit the schema ``node`` at the level of kinds (None when it fits), unquoting.

    Kinds only: every key of a mapping is one the schema names, every value is of the type (or among the
    enum's members) the schema gives it, list items alike. Ranges (``minimum``, ``minItems``) and cross-field
    rules are not shape: a file that fits is a variant file, and those errors are quoted from it.
    """
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        node = {**variant_file_schema().get("$defs", {}).get(ref.rsplit("/", 1)[1], {}),
                **{k: v for k, v in node.items() if k != "$ref"}}
    branches = node.get("anyOf") or node.get("oneOf")
    if branches:
        reasons = [_why_not_fitting(value, branch) for branch in branches]
        if all(reasons):
            return next((r for r in reasons if r == _UNKNOWN_KEYS), _WRONG_KINDS)
    kinds = node.get("type")
    if kinds is not None and not _is(value, (kinds,) if isinstance(kinds, str) else tuple(kinds)):
        return _WRONG_KINDS
    if kinds is None and not branches and "enum" not in node and not isinstance(value, _JSON_VALUE):
        return _WRONG_KINDS  # a date, a set, a binary: YAML values no variant file holds anywhere
    if "enum" in node and not _is_member(value, node["enum"]):
        return _WRONG_KINDS
    if isinstance(value, dict):
        return _why_not_fitting_mapping(value, node)
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return next((r for item in value if (r := _why_not_fitting(item, node["items"]))), None)
    return None


def _why_not_fitting_mapping(value: dict[Any, Any], node: dict[str, Any]) -> str | None:
    properties: dict[str, Any] = node.get("properties", {})
    extra = node.get("additionalProperties", True)
    names = node.get("propertyNames", {})
    for key, item in value.items():
        if not isinstance(key, str) or ("enum" in names and not _is_member(key, names["enum"])):
            return _UNKNOWN_KEYS
        if key in properties:
            sub = properties[key]
        elif extra is False:
            return _UNKNOWN_KEYS
        elif isinstance(extra, dict):
            sub = extra
        else:
            continue
        if why := _why_not_fitting(item, sub):
            return why
    return None


_UNKNOWN_KEYS = "it has keys that no variant file has"
_WRONG_KINDS = "its values are not of the kinds a variant file holds there"
_JSON_VALUE = (dict, list, str, int, float, bool, type(None))


def why_not_variant_shape(data: Any, *, typed: bool = False) -> str | None:
    """Why parsed data is not shaped like a variant file (None when it is), in words that quote none of it.

    The shape: a mapping whose every key is a top-level key of a variant file and whose every value has the
    type the schema gives that key (sections are mappings, ``title`` is text, ...). ``typed``: the file is the
    one the user typed, whose mistakes deserve detail: a key close to a variant key passes (to be reported with
    a suggestion), and a value of the wrong kind is named by its key (a variant key, never the file's own word).
    """
    if not isinstance(data, dict):
        return "its top level is not a mapping of rule sections"
    form = data.get("format")
    if isinstance(form, str) and form in OTHER_TONK_FORMATS:
        return f"it is a {form} file"
    expected = _top_level_types()
    unknown = [key for key in data if key not in expected]
    if typed:
        if unknown and not any(key in expected or difflib.get_close_matches(key, expected, n=1, cutoff=0.75)
                               for key in data):
            return "none of its keys is a variant file's"
    elif unknown:
        return _UNKNOWN_KEYS
    else:
        properties = variant_file_schema()["properties"]
        if why := next((r for key, value in data.items() if (r := _why_not_fitting(value, properties[key]))),
                       None):
            return why
    for key, value in data.items():
        if key in expected and not _is(value, expected[key]):
            if not typed:
                return _WRONG_KINDS
            if not isinstance(value, str | dict | list):
                continue  # a number, true/false or null says nothing private: the schema's message quotes it
            wanted = " or ".join(_WORDS.get(k, k) for k in expected[key])
            return f"its {key!r} holds {_kind_of(value)}, where a variant file has {wanted}"
    return None


_WORDS = {"object": "a mapping", "array": "a list", "string": "text", "integer": "a whole number",
          "number": "a number", "boolean": "true or false", "null": "null"}


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return _WORDS["boolean"]
    for kind in ("object", "array", "string", "integer", "number", "null"):
        if isinstance(value, _JSON_TYPES[kind]):
            return _WORDS[kind]
    return "another kind of value"


def not_a_variant_file(file: str, why: str) -> YamlReadError:
    """The one refusal of a named file that is not a variant file: about the path, so ``opening=True``."""
    return YamlReadError([Diagnostic(file, 0, 0, f"not a variant file ({why}); nothing of its content is shown")],
                         opening=True)


def read_named_variant_file(path: Path, display: str, limit: int) -> YamlDocument:
    """Read a variant file named inside another file; anything that would quote it is :func:`not_a_variant_file`.

    Opening problems (no such file, a directory, a device, no permission) are about the path and pass as they
    are; a file too large, not UTF-8, not YAML, or not of a variant's shape is refused with one reason that is
    the same whatever the content (the reasons for too large and not YAML are deliberately one).
    """
    unreadable = "it is not UTF-8 YAML text of a variant file's size"
    try:
        raw = read_limited(path, limit, display=display, what="variant file")
    except YamlReadError as exc:
        if exc.opening:
            raise
        raise not_a_variant_file(display, unreadable) from None
    try:
        doc = read_yaml_text(display, decode(display, raw), limit=limit, what="variant file")
    except YamlReadError:
        raise not_a_variant_file(display, unreadable) from None
    if why := why_not_variant_shape(doc.data):
        raise not_a_variant_file(display, why)
    return doc
