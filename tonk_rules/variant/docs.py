"""The house-rules guide's table of variant sections, generated from the model so that it cannot drift.

The guide (``docs/house-rules.md``, named by ``GUIDE``) holds the table between two marker comments; a test
fails when it is stale. Regenerate with::

    python -m tonk_rules.variant.docs docs/house-rules.md

    >>> print(sections_table().splitlines()[2])
    | `players` | `min`, `max` |
"""

from __future__ import annotations

import sys
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

from pydantic import BaseModel

GUIDE = "docs/house-rules.md"
START = f"<!-- sections table: generated from the model by `python -m tonk_rules.variant.docs {GUIDE}` -->"
END = "<!-- end of sections table -->"


def _choices(annotation: Any) -> list[str]:
    """The values a key allows, when they are a closed set (a Literal or an enum, possibly in a list/Optional)."""
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [str(m.value) for m in annotation]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return [str(a) for a in typing.get_args(annotation)]
    if origin in (list, typing.Union, types.UnionType):
        out: list[str] = []
        for arg in typing.get_args(annotation):
            out += [c for c in _choices(arg) if c not in out]
        return out
    return []


def _key(name: str, annotation: Any) -> str:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is list and args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
        return f"`{name}` (a list of `{{{', '.join(args[0].model_fields)}}}`)"
    choices = _choices(annotation)
    if not choices or len(choices) > 6:  # ranks: a list of 13 is no help here
        return f"`{name}`"
    return f"`{name}` ({'/'.join(f'`{c}`' for c in choices)})"


def _keys(model: type[BaseModel]) -> str:
    return ", ".join(_key(name, field.annotation) for name, field in model.model_fields.items()
                     if name not in ("source", "source_for"))


def sections_table() -> str:
    """The Markdown table: each section of a variant file and its keys, with the values an enum allows."""
    from tonk_rules.variant.model import Variant
    from tonk_rules.variant.sections import PaymentRule, Payments, Section

    rows = ["| section | keys |", "|---|---|"]
    for name, field in Variant.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, Section):
            rows.append(f"| `{name}` | {_keys(annotation)} |")
    events = ", ".join(f"`{e}`" for e in Payments.model_fields)
    fields = PaymentRule.model_fields
    keys = ", ".join(fields)
    roles = "/".join(f"`{c}`" for c in _choices(fields["payer"].annotation))
    stake_of = "/".join(f"`{c}`" for c in _choices(fields["stake_of"].annotation))
    rows.append(f"| `payments` | per ending ({events}): `rules`, a list of `{{{keys}}}`; payer and receiver are "
                f"roles ({roles}); `stake_of` is {stake_of} |")
    rows.append("| every section | `source` (a quotation `{ref, quote, note}` or `{assumed: reason}`), "
                "`source_for` (a source per key) |")
    return "\n".join(rows) + "\n"


def replace_table(guide: str) -> str:
    """``guide`` with the text between the markers replaced by the current table."""
    head, start, rest = guide.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"no sections-table markers (they belong in {GUIDE})")
    return f"{head}{START}\n{sections_table()}{END}{tail}"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(f"usage: python -m tonk_rules.variant.docs {GUIDE}", file=sys.stderr)
        return 2
    path = Path(argv[0])
    path.write_text(replace_table(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
