"""The JSON Schema of a variant *file*, generated from the pydantic models.

A file that has ``extends:`` may give any subset of keys, so nested ``required`` lists are dropped; a root
file (no ``extends``) must give every section, which the top-level ``if``/``then`` states. Completeness
inside sections of a root file is checked by the models after ``extends`` is resolved.

Regenerate the checked-in copy with ``tonk schema --out schemas/variant.schema.json`` (which, unlike a
redirection, leaves the file as it was when the model cannot be imported).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from tonk_rules.variant.model import Variant

# An identifier, not an address: the schema is not published on the web. Editors find it through the
# `$schema` comment of a variant file: a path beside the file or the installed package's copy.
SCHEMA_ID = "urn:tonk-rules:schema:variant"
SCHEMA_FILE = "variant.schema.json"


def schema_location() -> str:
    """The installed package's copy of the schema, as a ``file:`` URI an editor can open.

    >>> schema_location().startswith("file://") and schema_location().endswith("/variant.schema.json")
    True
    """
    from importlib import resources
    from pathlib import Path

    return Path(str(resources.files("tonk_rules.builtin_schemas").joinpath(SCHEMA_FILE))).resolve().as_uri()


def drop_generated(node: Any, *, required: bool = False) -> None:
    """Remove pydantic's generated ``title`` strings (they only repeat the key names) from a JSON Schema
    tree, and with ``required`` every ``required`` list too; the hand-record schema uses it as well."""
    if isinstance(node, dict):
        if required:
            node.pop("required", None)
        if isinstance(node.get("title"), str):
            del node["title"]
        for value in node.values():
            drop_generated(value, required=required)
    elif isinstance(node, list):
        for item in node:
            drop_generated(item, required=required)


@cache
def variant_file_schema() -> dict[str, Any]:
    full = Variant.model_json_schema()
    top_required = list(full.get("required", []))
    drop_generated(full, required=True)
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "tonk-rules variant file",
        "description": "A Tonk variant: a root file states every rule section; a file with `extends` "
        "lists only what differs from its parent.",
        "type": "object",
        "properties": {
            "extends": {
                "type": "string",
                "minLength": 1,
                "description": "Parent variant: a built-in name (e.g. pagat) or a path relative to this file.",
            },
            **full["properties"],
        },
        "additionalProperties": False,
        "if": {"not": {"required": ["extends"]}},
        "then": {"required": top_required},
        "$defs": full.get("$defs", {}),
    }
    _name_source_keys(schema["$defs"])
    return schema


def _name_source_keys(defs: dict[str, Any]) -> None:
    """``source_for`` may name only the keys of its own section: say so, so editors complete and check them."""
    from tonk_rules.variant.sections import Section

    for cls in _section_classes():
        keys = [k for k in cls.model_fields if k not in ("source", "source_for")]
        props = defs.get(cls.__name__, {}).get("properties", {})
        if "source_for" in props and issubclass(cls, Section):
            props["source_for"]["propertyNames"] = {"enum": keys}


def _section_classes() -> list[type[Any]]:
    from tonk_rules.variant.sections import Section

    seen: list[type[Any]] = []
    stack: list[type[Any]] = [Section]
    while stack:
        for sub in stack.pop().__subclasses__():
            seen.append(sub)
            stack.append(sub)
    return seen


def schema_text() -> str:
    return json.dumps(variant_file_schema(), indent=2, ensure_ascii=False) + "\n"
