"""A rule added to the model after the first ledgers and hand records: :func:`added_rule`, the field to declare it.

Its own module, below the model (which imports it for every added rule) and the canonical form (which
reads the mark it leaves, :data:`ADDED_KEY`): the canonical form imports the model's modules, so the model
cannot import it.

    >>> added_rule(False, since="2026-12-02", description="…").json_schema_extra
    {'x-added-in': '2026-12-02'}
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

#: the key in a field's JSON Schema extra that marks a rule added after ledgers and records were written
ADDED_KEY = "x-added-in"


def added_rule(default: Any, *, since: str, description: str) -> Any:
    """A field for a rule added to the model after the first ledgers: ``default`` must keep today's play."""
    return Field(default, description=description, json_schema_extra={ADDED_KEY: since})
