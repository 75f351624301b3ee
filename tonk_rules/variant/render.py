"""Rendering resolved variants: as a variant file (YAML) and as a side-by-side difference."""

from __future__ import annotations

import json
from typing import Any

import yaml

from tonk_rules.variant.loader import LoadedVariant, strip_sources

SCHEMA_COMMENT = "# yaml-language-server: $schema=https://tonk-rules.example/schemas/variant.schema.json\n"


class _FileDumper(yaml.SafeDumper):
    pass


def _represent_dict(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    # payment rules read best on one line each, as in the built-in files
    flow = set(data) == {"payer", "receiver", "stakes", "stake_of"}
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, dict | list) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_FileDumper.add_representer(dict, _represent_dict)
_FileDumper.add_representer(list, _represent_list)


def variant_yaml(loaded: LoadedVariant, *, provenance: bool = False) -> str:
    """The fully resolved variant as a root variant file (``extends`` resolved away)."""
    data = loaded.variant.model_dump(mode="json")
    if provenance:
        _fill_sources(data, loaded.provenance)
    else:
        strip_sources(data)
    body = yaml.dump(data, Dumper=_FileDumper, sort_keys=False, allow_unicode=True, width=110)
    return f"{SCHEMA_COMMENT}# resolved from: {' <- '.join(loaded.chain)}\n{body}"


def _fill_sources(data: dict[str, Any], provenance: dict[str, str], prefix: str = "") -> None:
    for key, value in data.items():
        if isinstance(value, dict):
            path = f"{prefix}{key}"
            if "source" in value or path in provenance:
                value["source"] = provenance.get(path, "not stated")
            _fill_sources(value, provenance, path + ".")


def _describe_rules(rules: list[dict[str, Any]]) -> str:
    parts = []
    for r in rules:
        stake = "payer's" if r["stake_of"] == "payer" else "receiver's"
        parts.append(f"{r['payer']} pay {r['receiver']} {r['stakes']}x ({stake} stake)")
    return "; ".join(parts) or "nothing"


def _leaves(data: dict[str, Any], prefix: str = "") -> dict[str, tuple[str, Any]]:
    """Rule leaves keyed by dotted path, with the section path whose provenance applies."""
    out: dict[str, tuple[str, Any]] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if key == "source":
            continue
        if isinstance(value, dict):
            if set(value) - {"source"} == {"rules"}:
                out[path] = (path, _describe_rules(value["rules"]))
            else:
                for sub, leaf in _leaves(value, path + ".").items():
                    out[sub] = leaf
        else:
            out[path] = (prefix.rstrip("."), value)
    return out


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def variant_diff(a: LoadedVariant, b: LoadedVariant) -> list[dict[str, str]]:
    """The rule dimensions whose values differ, with both values and both sources.

    A dimension whose values agree is listed too when one side states it from a source and the other only
    assumes it: the agreement is then the file author's choice, not the sources'.
    """
    left = _leaves(a.variant.model_dump(mode="json", exclude={"title", "description"}))
    right = _leaves(b.variant.model_dump(mode="json", exclude={"title", "description"}))
    rows = []
    for path, (section, value) in left.items():
        other = right[path][1]
        a_source = a.provenance.get(section, "not stated")
        b_source = b.provenance.get(section, "not stated")
        if value != other or _assumed(a_source) != _assumed(b_source):
            rows.append({
                "dimension": path,
                a.name: _show(value),
                b.name: _show(other),
                f"{a.name} source": a_source,
                f"{b.name} source": b_source,
            })
    return rows


def _assumed(source: str) -> bool:
    return source.startswith(("assumed", "not stated", "set in"))


def diff_markdown(rows: list[dict[str, str]]) -> str:
    if not rows:
        return "No differences.\n"
    headers = list(rows[0])
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    for row in rows:
        lines.append("| " + " | ".join(row[h].replace("|", "\\|") for h in headers) + " |")
    return "\n".join(lines) + "\n"


def diff_json(rows: list[dict[str, str]]) -> str:
    return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
