"""The house-rule form of ``tonk serve``: every rule of a built-in parent as a field, checked as ``tonk check``.

``/rules`` lists the built-in variants to start from; ``/rules/{parent}`` shows every rule value (the 40
dimensions of :func:`~tonk_rules.variant.provenance.value_paths`) as a field with its allowed values, the
parent's value and the source's quotation beside it. Sending the form ("Check") writes the house file
``extends: PARENT`` plus the fields that differ from the parent and loads it with the variant loader, so the
page shows exactly ``tonk check``'s located messages (beside their fields), the rules sheet of the house
rules and the diff with the parent; "Download" returns that same file, only when the loader accepts it.

A field's value is written into the file as the text it holds: a choice's value is its JSON text (JSON is
YAML 1.2), a list its flow form (``[3, 4]``), so the loader's own reader reads every value. A value with a
line break or a comment could change the file's shape and is refused beside its field.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tonk_rules.errors import VariantError
from tonk_rules.variant.diff import label_of, rule_values, show_value, variant_diff
from tonk_rules.variant.loader import LoadedVariant, builtin_names, load_variant
from tonk_rules.variant.provenance import value_paths
from tonk_rules.variant.schema import variant_file_schema
from tonk_rules.variant.sources import Assumption, registry
from tonk_rules.web.pages import chosen_language, message, page, session_of, site
from tonk_rules.web.refusal_words import diagnostic_in
from tonk_rules.words.descriptions_ru import DESCRIPTIONS_RU
from tonk_rules.words.designer_lines import DESIGN_LINES
from tonk_rules.words.numbers import fill_line
from tonk_rules.words.sheet_lines import Block, sheet_blocks

#: the form's fields are the rule values and the title: far fewer than this
MOST_FIELDS = 100
#: the longest value a field may hold (a payment's list of rules in flow form stays far below)
LONGEST_VALUE = 2000


@dataclass(frozen=True)
class Field:
    """One rule value of the form."""

    key: str  # the dotted value path, e.g. deal_check.at_most or payments.knock_won.rules
    section: str
    description: str
    choices: tuple[tuple[str, str], ...]  # (value as JSON text, as shown); empty: a text field
    parent_text: str  # the parent's value as the field holds it
    parent_shown: str  # the parent's value in words
    source: str  # the parent's source for the value, as `tonk show --provenance` words it


@cache
def _schema() -> dict[str, Any]:
    return variant_file_schema()


def _resolved(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref", "")
    return schema["$defs"][ref.rsplit("/", 1)[1]] if ref.startswith("#/$defs/") else node


def _node(key: str) -> dict[str, Any]:
    schema = _schema()
    node: dict[str, Any] = schema
    for part in key.split("."):
        node = _resolved(schema, node).get("properties", {}).get(part, {})
    return node


def _choices(node: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """A field's allowed values where the schema lists them (an enum, a boolean, either or null)."""
    schema = _schema()
    out: list[Any] = []
    for option in [node, *node.get("anyOf", [])]:
        option = _resolved(schema, option)
        out += option.get("enum", [])
        if option.get("type") == "boolean":
            out += [True, False]
        if option.get("type") == "null":
            out.append(None)
    if out and any(option.get("type") in ("integer", "number", "array", "string") and "enum" not in option
                   for option in (_resolved(schema, o) for o in [node, *node.get("anyOf", [])])):
        return ()  # a number or a list beside the choices: a text field holds all of them
    return tuple((json.dumps(v, ensure_ascii=False), show_value(v)) for v in dict.fromkeys(out))


def _value(data: Any, key: str) -> Any:
    for part in key.split("."):
        data = data[part]
    return data


def said(key: str, lang: str, **values: Any) -> str:
    """The designer's line ``key`` in ``lang`` (:mod:`tonk_rules.words.designer_lines`)."""
    return fill_line(DESIGN_LINES, key, lang, **values)


def shown(value: Any, lang: str) -> str:
    """A value as the form shows it: English in words (:func:`~tonk_rules.variant.diff.show_value`); Russian
    as a file types it, a flag in words (``да (true)``)."""
    if lang == "en":
        return show_value(value)
    if isinstance(value, bool):
        return f"{said('yes' if value else 'no', lang)} ({json.dumps(value)})"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _source_words(source: Any, lang: str) -> str:
    """A value's source as the form says it: English as ``tonk show --provenance``; Russian names the source by
    its id and quotes only a Russian source (an assumption's reason and other quotations are English)."""
    if lang == "en":
        return str(source.describe())
    if isinstance(source, Assumption):
        return said("assumed", lang, why=source.assumed)
    info = registry()[source.ref]
    key = "quoted_other" if info.language == "ru" else "quoted_foreign"
    return said(key, lang, label=info.label, ref=source.ref, quote=source.quote)


def _description(key: str, node: dict[str, Any], lang: str) -> str:
    return DESCRIPTIONS_RU[key] if lang == "ru" else str(node.get("description", ""))


def form_fields(parent: LoadedVariant, lang: str = "en") -> list[Field]:
    """Every rule value of ``parent`` as a field, in the model's order, said in ``lang``."""
    data = parent.variant.model_dump(mode="json")
    out = []
    for key in value_paths():
        node = _node(key)
        value = _value(data, key)
        prov = parent.provenance.get(key)
        source = _source_words(prov.source, lang) if prov is not None and prov.source is not None else said(
            "no_source", lang)
        choices = tuple((text, shown(json.loads(text), lang)) for text, _ in _choices(node))
        out.append(Field(key, key.split(".")[0], _description(key, node, lang), choices,
                         json.dumps(value, ensure_ascii=False), shown(value, lang), source))
    return out


def house_text(parent: str, title: str, given: dict[str, str], fields: list[Field],
               lang: str = "en") -> tuple[str, dict[str, str]]:
    """The house file of the form: ``extends``, the title, and every field whose text differs from the
    parent's; with the fields refused before the loader reads anything (a line break, a comment)."""
    refused: dict[str, str] = {}
    tree: dict[str, Any] = {}
    for f in fields:
        text = given.get(f.key, f.parent_text).strip()
        if text == f.parent_text:
            continue
        if not text or any(ch in text for ch in "\n\r#") or len(text) > LONGEST_VALUE:
            refused[f.key] = said("one_line", lang)
            continue
        node = tree
        *parents, leaf = f.key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = text
    named = json.dumps(title or said("default_title", lang, parent=parent), ensure_ascii=False)
    lines = [f"extends: {parent}", f"title: {named}"]
    lines += _nested(tree, "")
    return "\n".join(lines) + "\n", refused


def _nested(tree: dict[str, Any], indent: str) -> list[str]:
    out = []
    for key, value in tree.items():
        if isinstance(value, dict):
            out += [f"{indent}{key}:", *_nested(value, indent + "  ")]
        else:
            out.append(f"{indent}{key}: {value}")
    return out


@dataclass(frozen=True)
class Checked:
    """What the loader made of the form's file: its messages by field (``""``: not about one field), or the
    house rules with their sheet and their diff with the parent."""

    text: str
    messages: dict[str, list[str]]
    notes: list[str]
    sheet: tuple[Block, ...]
    diff: list[tuple[str, str, str]]  # value, the parent's, the house file's
    house: LoadedVariant | None = None

    @property
    def valid(self) -> bool:
        return not self.messages


def check(parent: LoadedVariant, text: str, refused: dict[str, str], keys: list[str], lang: str) -> Checked:
    """Load ``text`` as ``tonk check`` would (from a temporary file named house.yaml) and say what it found."""
    messages: dict[str, list[str]] = {key: [why] for key, why in refused.items()}
    with tempfile.TemporaryDirectory(prefix="tonk-form-") as folder:
        path = Path(folder) / "house.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            loaded = load_variant(path)
        except VariantError as exc:
            for d in exc.diagnostics:
                key = next((k for k in keys if d.key_path == k or d.key_path.startswith(f"{k}.")), "")
                where = f"house.yaml:{d.line}:{d.column}: " if d.line else ""
                # in the page's language: coded, as a pasted house file is refused on the event's pages
                said_in = diagnostic_in(replace(d, file="house.yaml"), lang) if lang != "en" else f"{where}{d.message}"
                messages.setdefault(key, []).append(said_in)
            return Checked(text, messages, [], (), [])
    if messages:
        return Checked(text, messages, [], (), [])
    report = variant_diff(parent, loaded)
    diff = [(label_of(r.path), shown(r.left.value, lang), shown(r.right.value, lang)) for r in report.rows
            if r.differs]
    changed = {label_of(r.path) for r in report.rows if r.differs}
    notes = list(loaded.notes) if lang == "en" else []  # (the loader's notes are English)
    return Checked(text, {}, notes, sheet_blocks(rule_values(loaded.variant), changed, lang), diff, loaded)


@cache
def _parents() -> tuple[str, ...]:
    return tuple(builtin_names())


def _parent(request: Request) -> LoadedVariant:
    name = str(request.path_params["parent"])
    if name not in _parents():
        raise LookupError(name)
    return load_variant(name)


async def rules_index(request: Request) -> Response:
    lang = chosen_language(request)
    loaded = await run_in_threadpool(lambda: [(n, load_variant(n).variant.title_in(lang)) for n in _parents()])
    return page(request, "design_index.html", parents=loaded, title=said("index_title", lang), lang=lang,
                d=_lines(lang))


def _lines(lang: str) -> dict[str, str]:
    """The designer's lines without values, for its templates (the command they name set as code)."""
    return {key: Markup(escape(said(key, lang)).replace("tonk check", Markup("<code>tonk check</code>")))
            for key, words in DESIGN_LINES.items() if "{" not in words["en"]}


async def rules_form(request: Request) -> Response:
    lang = chosen_language(request)
    try:
        parent = await run_in_threadpool(_parent, request)
    except LookupError:
        return message(request, 404, said("no_parent", lang), back="/rules", lang=lang)
    fields = form_fields(parent, lang)
    values = {f.key: f.parent_text for f in fields}
    title = said("default_title", lang, parent=parent.name)
    if request.method == "GET":
        return _form_page(request, parent, fields, values, title, None, lang)
    given = await _read(request)
    title = given.pop("title", title).strip()[:200]
    values.update({k: v for k, v in given.items() if k in values})
    text, refused = house_text(parent.name, title, values, fields, lang)
    checked = await run_in_threadpool(check, parent, text, refused, [f.key for f in fields], lang)
    if given.get("action") == "download" and checked.valid:
        return Response(checked.text, media_type="application/yaml; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="{parent.name}-house.yaml"'})
    play = None
    if given.get("action") == "play" and checked.valid and checked.house is not None:
        play = await run_in_threadpool(_start_play, parent, checked.house, lang)
    return _form_page(request, parent, fields, values, title, checked, lang, 200 if checked.valid else 400, play)


def _start_play(parent: LoadedVariant, house: LoadedVariant, lang: str = "en") -> tuple[str | None, str]:
    """Start the play check (:mod:`tonk_rules.web.design_play`): its id, or None and why not."""
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.sim.table_size import TableSizeError, players_for
    from tonk_rules.web.design_play import start_check

    rules = [(parent.name, compile_ruleset(parent.variant)), ("your rules", compile_ruleset(house.variant))]
    try:
        players = players_for(rules, None)
    except TableSizeError as exc:
        return None, said("no_table_size", lang, why=str(exc))
    key = start_check(parent.name, rules[0][1], rules[1][1], players, lang)
    return key, "" if key else said("busy", lang)


def _form_page(request: Request, parent: LoadedVariant, fields: list[Field], values: dict[str, str], title: str,
               checked: Checked | None, lang: str, status: int = 200,
               play: tuple[str | None, str] | None = None) -> Response:
    from tonk_rules.web.design_play import check_state

    sections: dict[str, list[Field]] = {}
    for f in fields:
        sections.setdefault(f.section, []).append(f)
    return page(request, "design_form.html", status, parent=parent.name, parent_title=parent.variant.title_in(lang),
                sections=sections, values=values, house_title=title, checked=checked, title=title, lang=lang,
                d=_lines(lang), differs=said("differs", lang, parent=parent.name),
                nothing_differs=said("nothing_differs", lang, parent=parent.name),
                play_key=play[0] if play else None, play_refused=play[1] if play else "",
                play=check_state(play[0]) if play and play[0] else None, lines=_play_lines(play))


def _play_lines(play: tuple[str | None, str] | None) -> dict[str, str]:
    from tonk_rules.web.design_play import check_state, play_lines

    check = check_state(play[0]) if play and play[0] else None
    return play_lines(check) if check is not None else {}


async def _read(request: Request) -> dict[str, str]:
    async with request.form(max_files=0, max_fields=MOST_FIELDS, max_part_size=LONGEST_VALUE * 4) as form:
        values = {k: v for k, v in form.items() if isinstance(v, str)}
    if not site(request).keys.is_csrf(session_of(request), values.pop("csrf", None)):
        raise PermissionError("csrf")
    return values


ROUTES = [
    Route("/rules", rules_index),
    Route("/rules/{parent}", rules_form, methods=["GET", "POST"]),
]
