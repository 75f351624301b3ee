"""The JSON Schema of a variant *file*, generated from the pydantic models.

A file that has ``extends:`` may give any subset of keys, so nested ``required`` lists are dropped; a root
file (no ``extends``) must give every section, which the top-level ``if``/``then`` states. Completeness
inside sections of a root file is checked by the models after ``extends`` is resolved.

Regenerate the checked-in copy with ``tonk schema > schemas/variant.schema.json``.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from tonk_rules.variant.model import Variant

SCHEMA_ID = "https://tonk-rules.example/schemas/variant.schema.json"


def _drop_required(node: Any) -> None:
    if isinstance(node, dict):
        node.pop("required", None)
        if isinstance(node.get("title"), str):
            del node["title"]  # pydantic's generated titles only repeat the key names
        for value in node.values():
            _drop_required(value)
    elif isinstance(node, list):
        for item in node:
            _drop_required(item)


@cache
def variant_file_schema() -> dict[str, Any]:
    full = Variant.model_json_schema()
    top_required = list(full.get("required", []))
    _drop_required(full)
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
    return schema


def schema_text() -> str:
    return json.dumps(variant_file_schema(), indent=2, ensure_ascii=False) + "\n"
