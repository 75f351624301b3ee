"""Rendering a resolved variant as a variant file (YAML), optionally with every value's source."""

from __future__ import annotations

from collections import Counter
from typing import Any

import yaml

from tonk_rules.variant.canonical import without_added_defaults
from tonk_rules.variant.loader import LoadedVariant
from tonk_rules.variant.provenance import strip_sources, value_keys
from tonk_rules.variant.schema import schema_location
from tonk_rules.variant.sources import Quote, registry

SCHEMA_COMMENT = f"# yaml-language-server: $schema={schema_location()}\n"


class _FileDumper(yaml.SafeDumper):
    pass


def _represent_dict(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    # payment rules read best on one line each, as in the built-in files
    flow = {"payer", "receiver", "stakes"} <= set(data) <= {"payer", "receiver", "stakes", "stake_of"}
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, dict | list) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_FileDumper.add_representer(dict, _represent_dict)
_FileDumper.add_representer(list, _represent_list)


def variant_yaml(loaded: LoadedVariant, *, provenance: bool = False) -> str:
    """The fully resolved variant as a root variant file (``extends`` resolved away).

    With ``provenance``, every value carries its source: each section's most common source as ``source``,
    the others in ``source_for``, so the output is itself a variant file with the same provenance.
    """
    data = without_added_defaults(loaded.variant)  # a rule added later shows where a file sets it (built-ins as before)
    strip_sources(data)
    for event in data["payments"].values():  # stake_of is left out where there is one stake for all
        event["rules"] = [{k: v for k, v in rule.items() if not (k == "stake_of" and v is None)}
                          for rule in event["rules"]]
    header = f"{SCHEMA_COMMENT}# resolved from: {' <- '.join(loaded.chain)}\n"
    if provenance:
        unsourced = _fill_sources(data, loaded)
        refs = sorted({p.source.ref for p in loaded.provenance.values() if isinstance(p.source, Quote)})
        header += "".join(f"# source {ref}: {registry()[ref].label}\n" for ref in refs)
        if unsourced:
            header += "# set without a source: " + ", ".join(unsourced) + "\n"
    body = yaml.dump(data, Dumper=_FileDumper, sort_keys=False, allow_unicode=True, width=110)
    return header + body


def _fill_sources(data: dict[str, Any], loaded: LoadedVariant) -> list[str]:
    """Write every value's source into ``data``; return the values that have none (with their file)."""
    unsourced = []
    for section, keys in value_keys().items():
        body: Any = data
        for part in section.split("."):
            body = body[part]
        found = {key: loaded.provenance.get(f"{section}.{key}") for key in keys if key in body}
        for key, prov in found.items():
            if prov is None or prov.source is None:
                unsourced.append(f"{section}.{key}" + (f" ({prov.file})" if prov else ""))
        sources = [p.source for p in found.values() if p is not None and p.source is not None]
        if not sources:
            continue
        # a section `source` would cover every key the output sets, so with an unsourced key in the section
        # each sourced key gets its own entry instead (loading the output back gives the same provenance)
        common = Counter(sources).most_common(1)[0][0] if len(sources) == len(found) else None
        if common is not None:
            body["source"] = common.model_dump(exclude_none=True)
        others = {key: p.source.model_dump(exclude_none=True) for key, p in found.items()
                  if p is not None and p.source is not None and p.source != common}
        if others:
            body["source_for"] = others
    return unsourced
