"""A rule added to the model after the first ledgers and hand records: :func:`added_rule`, the field to declare it.

Its own module, below the model (which imports it for every added rule) and the canonical form (which
reads the mark it leaves, :data:`ADDED_KEY`): the canonical form imports the model's modules, so the model
cannot import it.

An added rule need not be written in the root files: its default is what every variant that leaves it out
plays, and the source of that default (``source``, as a file's ``source`` would say it) is the value's
provenance wherever no file states the rule (:func:`added_sources`; ``tonk show VARIANT --provenance``).

    >>> added_rule(False, since="2026-12-02", description="…", source={"assumed": "no source names it"}
    ...            ).json_schema_extra
    {'x-added-in': '2026-12-02', 'x-default-source': {'assumed': 'no source names it'}}
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel, Field, JsonValue, TypeAdapter

from tonk_rules.variant.sources import Source

#: the key in a field's JSON Schema extra that marks a rule added after ledgers and records were written
ADDED_KEY = "x-added-in"
#: the key beside it that holds the source of the default (a ``source`` mapping)
SOURCE_KEY = "x-default-source"


def added_rule(default: Any, *, since: str, description: str, source: dict[str, JsonValue]) -> Any:
    """A field for a rule added to the model after the first ledgers: ``default`` must keep today's play, and
    ``source`` says where that default comes from (``{"assumed": "why"}`` or ``{"ref": …, "quote": …}``)."""
    TypeAdapter(Source).validate_python(source)  # a malformed source fails where the rule is declared
    return Field(default, description=description, json_schema_extra={ADDED_KEY: since, SOURCE_KEY: dict(source)})


@cache
def added_sources(model: type[BaseModel], prefix: str = "") -> dict[str, Source]:
    """The source of each added rule's default in ``model`` (a variant model), by dotted path (don't change the
    mapping: it is cached per model)."""
    out: dict[str, Source] = {}
    for name, field in model.model_fields.items():
        extra = field.json_schema_extra
        if isinstance(extra, dict) and SOURCE_KEY in extra:
            out[prefix + name] = TypeAdapter(Source).validate_python(extra[SOURCE_KEY])
        elif isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
            out.update(added_sources(field.annotation, f"{prefix}{name}."))
    return out
