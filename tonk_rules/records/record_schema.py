"""The JSON Schema of ``tonk-hand/1`` record files, generated from :class:`~tonk_rules.records.record_model.RecordFile`.

The checked-in copy ``schemas/hand-record.schema.json`` is what records are validated against (a test keeps
it equal to the generated one). Regenerate it with::

    python -m tonk_rules.records.record_schema > schemas/hand-record.schema.json
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from tonk_rules.records.record_model import ENTRY_SCHEMA, RecordFile
from tonk_rules.variant.schema import drop_generated

SCHEMA_ID = "urn:tonk-rules:schema:hand-record"
SCHEMA_FILE = "hand-record.schema.json"


def record_schema() -> dict[str, Any]:
    """The schema as generated from the model now."""
    generated = RecordFile.model_json_schema()
    generated["properties"]["actions"]["items"] = ENTRY_SCHEMA
    drop_generated(generated)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "tonk-rules hand record (tonk-hand/1)",
        **{k: v for k, v in generated.items() if k not in ("$schema", "$id")},
    }


def schema_text() -> str:
    return json.dumps(record_schema(), indent=2, ensure_ascii=False) + "\n"


@cache
def checked_in_schema() -> dict[str, Any]:
    """The schema file that ships with the package (validation uses this one)."""
    text = resources.files("tonk_rules.builtin_schemas").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


if __name__ == "__main__":
    print(schema_text(), end="")
