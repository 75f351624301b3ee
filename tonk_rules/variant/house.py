"""A ready-to-edit house-rule file: ``extends:``, a title, and every rule of the parent as a comment.

Each rule is listed with the parent's value and what the key means, commented out; uncommenting a section
line and a key line makes that key a house rule. The file is valid as written (it changes nothing yet).

    >>> from tonk_rules.variant.loader import load_variant
    >>> text = house_file_text(load_variant("pagat"), "pagat", "house.yaml", "file:///schema.json")
    >>> print(text.splitlines()[0])
    # yaml-language-server: $schema=file:///schema.json
    >>> "#   max: 3  # Most players" in text
    True
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel

from tonk_rules.variant.loader import LoadedVariant
from tonk_rules.variant.model import Variant
from tonk_rules.variant.sections import Payments, Section
from tonk_rules.words.variant_titles import house_title

COMMENT_WIDTH = 110


def _flow(value: Any) -> str:
    """A value as one line of YAML (lists and payment rules in flow style)."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False)
    return text.removesuffix("\n...\n").strip()


def _key_lines(indent: str, key: str, value: Any, meaning: str) -> list[str]:
    code = f"# {indent}{key}: {_flow(value)}"  # uncommenting (removing "# ") leaves valid YAML
    if len(code) > 40:  # a long value: its meaning goes on the lines below, not far to the right
        wrapped = textwrap.wrap(meaning, width=COMMENT_WIDTH - len(indent) - 6, break_long_words=False)
        return [code] + [f"# {indent}  # {line}" for line in wrapped]
    pad = " " * (len(code) + 2)
    wrapped = textwrap.wrap(meaning, width=max(40, COMMENT_WIDTH - len(pad) - 2), break_long_words=False)
    lines = [f"{code}  # {wrapped[0]}"] if wrapped else [code]
    lines += [f"#{pad[1:]}# {more}" for more in wrapped[1:]]
    return lines


def _section_lines(name: str, model: type[BaseModel], values: dict[str, Any], indent: str) -> list[str]:
    doc = " ".join((model.__doc__ or "").split())
    lines = [f"# {indent}{name}:" + (f"  # {doc}" if doc else "")]
    for key, field in model.model_fields.items():
        if key in ("source", "source_for"):
            continue
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, Section) and key in values:
            lines += _section_lines(key, annotation, values[key], indent + "  ")
        else:
            lines += _key_lines(indent + "  ", key, values[key], field.description or "")
    return lines


def house_file_text(parent: LoadedVariant, extends: str, file_name: str, schema: str, title: str | None = None) -> str:
    """The text of a new house-rule file extending ``parent`` (written as ``extends``)."""
    values = parent.variant.model_dump(mode="json")
    # no title given: named after the file in English and in Russian, as the loader names a file that gives none
    # (a title in English alone would leave a Russian event's pages with English words)
    own_ru = None if title else house_title("ru", Path(file_name).stem, parent.variant.title_in("ru"))
    title = title or house_title("en", Path(file_name).stem, parent.variant.title)
    lines = [
        f"# yaml-language-server: $schema={schema}",
        f"# House rules based on {parent.variant.title}.",
        "# This file changes only what it states; every other rule is the parent's. To change a rule,",
        "# uncomment its section line and its key line and edit the value. A parent's value that your change",
        "# leaves without effect is dropped (tonk check names it). Give a source where you have one:",
        '#   source: {assumed: "why our table plays it this way"}',
        f"# Check with `tonk check {file_name}`; see what it changes with `tonk diff {file_name} {extends}`.",
        f"extends: {_flow(extends)}",
        f"title: {_flow(title)}",
        *([f"title_ru: {_flow(own_ru)}"] if own_ru else []),
        "",
    ]
    for name, field in Variant.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, Section):
            lines += _section_lines(name, annotation, values[name], "")
        elif annotation is Payments:
            lines.append(f"# {name}:  # {' '.join((Payments.__doc__ or '').split())}")
            for event, event_field in Payments.model_fields.items():
                lines.append(f"#   {event}:  # {event_field.description}")
                rules = [{k: v for k, v in rule.items() if v is not None} for rule in values[name][event]["rules"]]
                lines.append("#     rules:" if rules else "#     rules: []")
                lines += [f"#       - {_flow(rule)}" for rule in rules]
        else:
            continue
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
