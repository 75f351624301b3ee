"""Comparing two resolved variants value by value, with where each side's value comes from.

A value is listed when the two values differ, or when they agree but the agreement is not the sources':
one side only assumes its value (or sets it without a source) and the two sides do not share that very
source. A house file compared with its parent therefore lists exactly the keys it changed.

    >>> from tonk_rules.variant.loader import load_variant
    >>> report = variant_diff(load_variant("russian"), load_variant("pagat"))
    >>> row = next(r for r in report.rows if r.path == "players.max")
    >>> (row.left.value, row.right.value, row.right.kind)
    (10, 3, 'quoted')
    >>> report.differ > 5 and report.by_assumption > 0
    True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tonk_rules.variant.loader import LoadedVariant, strip_sources
from tonk_rules.variant.model import Variant
from tonk_rules.variant.provenance import Provenance, value_paths
from tonk_rules.variant.sections import NAMING_KEYS
from tonk_rules.variant.sources import Assumption, Quote


@dataclass(frozen=True)
class Side:
    """One variant's value and its provenance; ``note`` numbers the source in the report's ``sources``."""

    value: Any  # JSON types: numbers, strings, booleans, null, lists (payment rules: lists of mappings)
    kind: str  # quoted | assumed | unsourced
    note: int | None  # 1-based index into DiffReport.sources (None: no source given)
    file: str
    own: bool = False  # set by the compared file itself (not inherited from a parent)


@dataclass(frozen=True)
class DiffRow:
    path: str
    differs: bool  # False: the values agree, but only by assumption or as a file's own setting
    left: Side
    right: Side

    @property
    def set_by_file(self) -> bool:
        """An agreeing row listed because a compared file sets the value itself, without a source (a house
        file restating its parent's value): not an assumption, a setting."""
        return not self.differs and any(s.own and s.note is None for s in (self.left, self.right))


@dataclass(frozen=True)
class DiffReport:
    left_name: str
    left_title: str
    right_name: str
    right_title: str
    rows: tuple[DiffRow, ...]
    sources: tuple[Quote | Assumption, ...]  # each quotation or assumption once, numbered from 1

    @property
    def differ(self) -> int:
        return sum(1 for r in self.rows if r.differs)

    @property
    def by_assumption(self) -> int:
        return sum(1 for r in self.rows if not r.differs and not r.set_by_file)

    @property
    def set_by_file(self) -> int:
        return sum(1 for r in self.rows if r.set_by_file)

    def heading(self) -> str:
        differ = "1 value differs" if self.differ == 1 else f"{self.differ} values differ"
        parts = [f"{self.left_name} vs {self.right_name}: {differ}"]
        if self.by_assumption or not self.set_by_file:
            parts.append(f"{self.by_assumption} more agree{'s' if self.by_assumption == 1 else ''} only by assumption")
        if self.set_by_file:
            files = dict.fromkeys(s.file for r in self.rows if r.set_by_file for s in (r.left, r.right)
                                  if s.own and s.note is None)
            parts.append(f"{self.set_by_file} more {'is' if self.set_by_file == 1 else 'are'} set by "
                         f"{' and '.join(files)} itself to the same value")
        return "; ".join(parts)


def rule_values(variant: Variant) -> dict[str, Any]:
    """Every rule value as ``section.key -> value`` (JSON types; sources, title and description left out): what
    the rules sheet and the compare report word (:func:`tonk_rules.words.sheet_lines.sheet_blocks`)."""
    data = variant.model_dump(mode="json", exclude=set(NAMING_KEYS))
    strip_sources(data)
    flat: dict[str, Any] = {}
    for section, body in data.items():
        for key, value in body.items():
            # payments: one entry per ending, holding its list of rules
            flat[f"{section}.{key}"] = value["rules"] if section == "payments" else value
    return flat


def label_of(path: str) -> str:
    """A value's name as shown: a payment's ``rules`` is the payment itself (``payments.knock_won``)."""
    return path.removesuffix(".rules")


def _values(loaded: LoadedVariant) -> dict[str, Any]:
    data = loaded.variant.model_dump(mode="json")
    out = {}
    for path in value_paths():
        node: Any = data
        for part in path.split("."):
            node = node[part]
        out[path] = node
    return out


def variant_diff(a: LoadedVariant, b: LoadedVariant) -> DiffReport:
    """The values where ``a`` and ``b`` differ or agree only by assumption, in the model's order."""
    left, right = _values(a), _values(b)
    sources: list[Quote | Assumption] = []

    def side(loaded: LoadedVariant, path: str, value: Any) -> Side:
        prov = loaded.provenance.get(path) or Provenance(None, loaded.name)
        note = None
        if prov.source is not None:
            if prov.source not in sources:
                sources.append(prov.source)
            note = sources.index(prov.source) + 1
        return Side(value, prov.kind, note, prov.file, prov.file == loaded.name)

    rows = []
    for path in value_paths():
        pa, pb = a.provenance.get(path), b.provenance.get(path)
        differs = left[path] != right[path]
        shared = pa is not None and pb is not None and pa.source is not None and pa.source == pb.source
        unsure = not (pa is not None and pa.quoted and pb is not None and pb.quoted)
        if differs or (unsure and not shared):
            rows.append(DiffRow(path, differs, side(a, path, left[path]), side(b, path, right[path])))
    return DiffReport(a.name, a.variant.title, b.name, b.variant.title, tuple(rows), tuple(sources))


def show_value(value: Any) -> str:
    """A value as a person reads it: lists joined, payment rules in words, a held book as ``3 × A``.

    >>> show_value([{"rank": "A", "size": 3}]), show_value([]), show_value(True)
    ('3 × A', 'none', 'yes')
    """
    if isinstance(value, list) and value and all(isinstance(v, dict) and "payer" in v for v in value):
        return "; ".join(_rule_words(rule) for rule in value)
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):  # books that may be held
        return ", ".join(f"{v['size']} × {v['rank']}" if {"rank", "size"} <= set(v) else
                         ", ".join(f"{k} {show_value(x)}" for k, x in v.items()) for v in value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _rule_words(rule: dict[str, Any]) -> str:
    words = f"{rule['payer']} pay {rule['receiver']} {rule['stakes']}x"
    stake_of = rule.get("stake_of")
    return f"{words} at the {stake_of}'s stake" if stake_of else words


def source_text(source: Quote | Assumption) -> str:
    return source.describe()


def side_mark(side: Side) -> str:
    """``quoted [3]``, ``assumed [4]``, ``set by this file (no source)`` or ``no source (FILE)``."""
    if side.note is None:
        return "set by this file (no source)" if side.own else f"no source ({side.file})"
    return f"{side.kind} [{side.note}]"


def diff_json(report: DiffReport) -> str:
    def side(s: Side) -> dict[str, Any]:
        return {"value": s.value, "kind": s.kind, "source": s.note, "file": s.file, "set_by_this_file": s.own}

    data = {
        "left": {"name": report.left_name, "title": report.left_title},
        "right": {"name": report.right_name, "title": report.right_title},
        "differ": report.differ,
        "agree_by_assumption": report.by_assumption,
        "set_by_the_file_itself": report.set_by_file,
        "rows": [{"value": label_of(r.path), "differs": r.differs, "left": side(r.left), "right": side(r.right)}
                 for r in report.rows],
        "sources": {str(i): _source_data(s) for i, s in enumerate(report.sources, 1)},
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _source_data(source: Quote | Assumption) -> dict[str, Any]:
    from tonk_rules.variant.sources import registry

    if isinstance(source, Quote):
        return {"ref": source.ref, "label": registry()[source.ref].label, "quote": source.quote, "note": source.note}
    return {"assumed": source.assumed}


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def diff_markdown(report: DiffReport) -> str:
    lines = [f"**{_md(report.heading())}**", "",
             f"- {report.left_name}: {_md(report.left_title)}", f"- {report.right_name}: {_md(report.right_title)}",
             ""]
    if report.rows:
        lines += [f"| value | {_md(report.left_name)} | {_md(report.right_name)} |", "|---|---|---|"]
        for r in report.rows:
            cells = [f"{_md(show_value(s.value))} ({_md(side_mark(s))})" for s in (r.left, r.right)]
            name = f"`{label_of(r.path)}`" + ("" if r.differs else " (same value)" if r.set_by_file else " (agree)")
            lines.append(f"| {name} | {cells[0]} | {cells[1]} |")
        lines += ["", "Sources:", ""]
        lines += [f"{i}. {_md(source_text(s))}" for i, s in enumerate(report.sources, 1)]
    return "\n".join(lines) + "\n"
