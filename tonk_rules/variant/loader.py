"""Loading a variant: YAML → duplicate keys refused → ``extends`` resolved → JSON Schema → models.

    >>> from tonk_rules.variant.loader import load_variant
    >>> loaded = load_variant("pagat")
    >>> loaded.variant.deal_check.at_least
    49
    >>> loaded.provenance["deal_check.at_least"].source.ref
    'gamerules-fi'

Every problem in the file and its parents is collected and raised together as one
:class:`~tonk_rules.errors.VariantError` whose diagnostics read ``FILE:LINE:COL: message (at key.path)``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from pydantic import ValidationError

from tonk_rules.errors import Diagnostic, VariantError
from tonk_rules.variant.added import added_sources
from tonk_rules.variant.canonical import canonical_rules
from tonk_rules.variant.checks import cross_field_problems
from tonk_rules.variant.diagnose import (
    cross_diagnostics,
    did_you_mean,
    model_diagnostics,
    parse_path,
    schema_diagnostics,
    source_diagnostics,
)
from tonk_rules.variant.file_shape import (
    OTHER_TONK_FORMATS,
    not_a_variant_file,
    read_named_variant_file,
    why_not_variant_shape,
)
from tonk_rules.variant.inherited import DroppedValue, drop_inherited, file_label
from tonk_rules.variant.inherited import notes as dropped_notes
from tonk_rules.variant.model import Variant
from tonk_rules.variant.provenance import Provenance
from tonk_rules.variant.provenance import resolve as resolve_provenance
from tonk_rules.variant.provenance import strip_sources as strip_sources  # re-exported: callers import it here
from tonk_rules.variant.schema import variant_file_schema
from tonk_rules.variant.sources import Assumption
from tonk_rules.variant.yaml_source import (
    MAX_FILE_BYTES,
    YamlDocument,
    YamlReadError,
    read_yaml_file,
    read_yaml_text,
)
from tonk_rules.words.variant_titles import house_description, house_title
from tonk_rules.yamlio import KeyPath

BUILTIN_PACKAGE = "tonk_rules.builtin_variants"


@dataclass(frozen=True)
class LoadedVariant:
    """A resolved variant with where each of its values came from."""

    name: str
    variant: Variant
    provenance: dict[str, Provenance]  # by value path, e.g. "players.max" (see provenance.py)
    chain: tuple[str, ...]
    dropped: tuple[DroppedValue, ...] = ()  # inherited values a house file's change left without effect

    @property
    def notes(self) -> list[str]:
        """What ``tonk show`` and ``tonk check`` say about the load: one line per group of dropped values."""
        return dropped_notes(self.dropped)

    @property
    def digest(self) -> str:
        """SHA-256 of the resolved rules (sources excluded): equal rules give equal digests."""
        # canonical: sources stripped, and a rule added to the model later left out while it holds the
        # default that plays as before, so ledgers and hand records keep their digests across upgrades
        rules = canonical_rules(self.variant)
        return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()


@cache
def builtin_names() -> tuple[str, ...]:
    root = resources.files(BUILTIN_PACKAGE)
    return tuple(sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml")))


def is_variant_path(ref: str) -> bool:
    """Whether ``ref`` names a file (a ``/`` or a .yaml/.yml suffix) rather than a built-in."""
    return _is_path(ref)


def _is_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml"))


#: how a built-in variant's file is named in its document and in diagnostics
BUILTIN_FILE = "<builtin>/"


@cache  # built-in files never change within a process, and parents are read by several children
def _read_builtin(name: str) -> YamlDocument:
    text = resources.files(BUILTIN_PACKAGE).joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    return read_yaml_text(f"{BUILTIN_FILE}{name}.yaml", text)


@cache
def _validator() -> jsonschema.protocols.Validator:
    schema = variant_file_schema()
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def _schema_problems(doc: YamlDocument) -> list[Diagnostic]:
    """The JSON Schema's problems with ``doc``. A built-in file is the same document in every load of a process
    (:func:`_read_builtin`), so its check (2-3 ms, most of a load) is made once: a house file's parent, a
    session's tables and a ledger's hands load the same built-ins thousands of times."""
    if doc.file.startswith(BUILTIN_FILE):
        return list(_builtin_problems(doc.file, "schema"))
    return schema_diagnostics(doc, _validator())


def _source_problems(doc: YamlDocument) -> list[Diagnostic]:
    """The source citations' problems with ``doc`` (once per built-in, as :func:`_schema_problems`)."""
    if doc.file.startswith(BUILTIN_FILE):
        return list(_builtin_problems(doc.file, "sources"))
    return source_diagnostics(doc)


@cache
def _builtin_problems(file: str, check: str) -> tuple[Diagnostic, ...]:
    doc = _read_builtin(file.removeprefix(BUILTIN_FILE).removesuffix(".yaml"))
    return tuple(schema_diagnostics(doc, _validator()) if check == "schema" else source_diagnostics(doc))


def _read_chain(ref: str, diagnostics: list[Diagnostic], *, named: bool) -> list[YamlDocument]:
    """The file and its ancestors, child first. Problems go to ``diagnostics``.

    Every parent is named inside a file (its child's ``extends``), and so is ``ref`` itself when ``named``:
    such a file is read by :func:`read_named_variant_file`, which quotes nothing from a file that is not a
    variant file. Only the file the user typed is read with every located message.
    """
    chain: list[YamlDocument] = []
    seen: set[str] = set()
    current, base_dir = ref, Path.cwd()
    origin: tuple[str, int, int] | None = None  # where the `extends:` naming `current` was written

    def report(message: str) -> None:
        if origin is None:
            diagnostics.append(Diagnostic(current, 0, 0, message))
        else:
            diagnostics.append(Diagnostic(*origin, message, "extends"))

    def shown_as_written() -> bool:
        """Whether ``current`` may be quoted: typed by the user, or written in the file the user typed (a
        file read as named is known only to have a variant's shape, so what its `extends` says is not shown)."""
        return origin is None or (not named and len(chain) == 1)

    while True:
        # the file the user named is shown as they typed it; parents resolve against their child's folder
        path = Path(current) if Path(current).is_absolute() or not chain else base_dir / current
        if "\x00" in current:
            report("the path contains a NUL byte")
            return chain
        if _is_path(current):
            # realpath, not Path.resolve: a symlink loop must reach the reader's clear refusal, not raise
            key = os.path.realpath(path)
        elif current in builtin_names():
            key = f"<builtin>/{current}"
        else:
            if not shown_as_written():
                # written in a file read as named: only its shape is known to be a variant's, so not quoted
                report(f"`extends` names no built-in variant (built-ins: {', '.join(builtin_names())}) and no "
                       "file (a file path needs a .yaml suffix or a /)")
                return chain
            hint = did_you_mean(current, builtin_names())
            report(f"unknown variant {current!r}{hint} (built-ins: {', '.join(builtin_names())}; "
                   "a file path needs a .yaml suffix or a /)")
            return chain
        if key in seen:
            report("`extends` cycle: " + (" -> ".join([d.file for d in chain] + [current]) if shown_as_written()
                                          else "a parent extends one of its own children"))
            return chain
        seen.add(key)
        try:
            if not _is_path(current):
                doc = _read_builtin(current)
            elif named or origin is not None:
                doc = read_named_variant_file(path, str(path), MAX_FILE_BYTES)
            else:
                doc = read_yaml_file(path)
                if "format" not in doc.data and (why := why_not_variant_shape(doc.data, typed=True)):
                    # values are quoted only from files shaped like a variant file (a record's `format`
                    # is named below)
                    raise not_a_variant_file(doc.file, why)
        except YamlReadError as exc:
            if exc.opening and origin is not None:
                parent = repr(current) if shown_as_written() else "(named by a parent file)"
                report(f"parent {parent}: {exc.diagnostic.message}")
            else:
                diagnostics.extend(exc.diagnostics)
            return chain
        chain.append(doc)
        parent = doc.data.get("extends")
        if not isinstance(parent, str) or not parent:
            return chain  # no parent, or a wrong type that the schema reports
        if _is_path(current):
            base_dir = path.parent
        origin = (doc.file, *doc.where(("extends",)))
        current = parent


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    result = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            result[key] = _merge(base[key], value)
        else:
            result[key] = value
    return result


def _house_title(doc: YamlDocument, parent: dict[str, Any]) -> dict[str, Any]:
    """A file that extends another without a title of its own is named after itself, not after its parent
    (in English and in Russian, the parent named by its title in each)."""
    named = dict(doc.data)
    if "title" not in named:
        for lang, key in (("en", "title"), ("ru", "title_ru")):
            parent_title = str(parent.get(key) or parent.get("title", ""))
            named[key] = house_title(lang, Path(doc.file).stem, parent_title)
    if "description" not in named:
        for lang, key in (("en", "description"), ("ru", "description_ru")):
            parent_title = str(parent.get("title_ru" if lang == "ru" else "title") or parent.get("title", ""))
            named[key] = house_description(lang, Path(doc.file).name, parent_title)
    return named


def _own_words(merged: dict[str, Any], data: dict[str, Any]) -> None:
    """A file's Russian title and description belong to it: a file that gives its own title (or description)
    without the Russian one leaves the parent's Russian words behind, which named the parent, not it."""
    for key, local in (("title", "title_ru"), ("description", "description_ru")):
        if key in data and local not in data:
            merged.pop(local, None)


def load_variant(ref: str | Path, *, named: bool = False) -> LoadedVariant:
    """Load a built-in variant by name, or a variant file by path (``extends`` resolved).

    ``named``: ``ref`` was written inside another file (a hand record, a session file), not typed by the user;
    a file that is not a variant file is then refused without a word of its content (see
    :mod:`tonk_rules.variant.file_shape`), in a diagnostic at line 0 that the caller places at its own line.
    """
    text_ref = str(ref)
    if isinstance(ref, Path) and not _is_path(text_ref):
        text_ref = f"./{text_ref}"
    diagnostics: list[Diagnostic] = []
    chain = _read_chain(text_ref, diagnostics, named=named)
    form = chain[0].data.get("format") if chain else None
    if isinstance(form, str) and form.startswith("tonk-"):
        # a hand record (or another tonk file) given where a variant is expected: say only that
        line, col = chain[0].where(("format",))
        kind = f"a {form}" if form in OTHER_TONK_FORMATS else "another tonk"
        raise VariantError([Diagnostic(chain[0].file, line, col, f"this is {kind} file, not a variant file (a hand "
                                       "record is replayed with `tonk replay`)", "format")])
    for doc in chain:
        diagnostics.extend(_schema_problems(doc))
    if not diagnostics:
        for doc in chain:
            diagnostics.extend(_source_problems(doc))
    if diagnostics or not chain:
        raise VariantError(diagnostics + _checks_beside(chain, diagnostics))
    return _resolve(text_ref, chain)


def _checks_beside(chain: list[YamlDocument], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The problems between values that the file has besides ``diagnostics`` (every problem is reported at
    once, not the next only after the first is fixed): the file is resolved again without the values those
    name, which its parents then give, and what that finds elsewhere is added. Only for a house file whose
    own values were diagnosed (a broken parent, or a key it lacks, leaves nothing to resolve)."""
    if len(chain) < 2 or not diagnostics or any(d.file != chain[0].file or not d.key_path for d in diagnostics):
        return []
    bad = [parse_path(d.key_path) for d in diagnostics]
    data = copy.deepcopy(chain[0].data)
    for path in bad:
        _remove(data, path)
    pruned = replace(chain[0], data=data)
    if schema_diagnostics(pruned, _validator()) or source_diagnostics(pruned):
        return []
    try:
        _resolve(pruned.file, [pruned, *chain[1:]], beside=tuple(bad))
    except VariantError as exc:  # problems between values, none of them a value already diagnosed
        return [d for d in exc.diagnostics if not _under(d.key_path, bad)]
    return []


def _under(paths: str, bad: list[KeyPath]) -> bool:
    """One of ``paths`` (dotted, ``|``-separated) is at or below one of ``bad``."""
    return any(parse_path(text)[:len(p)] == p for text in paths.split("|") for p in bad)


def _remove(data: Any, path: tuple[str | int, ...]) -> None:
    for key in path[:-1]:
        if not isinstance(data, dict) or key not in data:
            return
        data = data[key]
    if isinstance(data, dict) and path:
        data.pop(path[-1], None)


def _resolve(text_ref: str, chain: list[YamlDocument], beside: tuple[KeyPath, ...] = ()) -> LoadedVariant:
    """The variant of a chain of valid documents (child first): merged, its inherited values that the
    house file's own change makes meaningless dropped, checked across fields (leaving out problems that
    involve a value ``beside`` names: :func:`_checks_beside`)."""
    merged: dict[str, Any] = {}
    for doc in reversed(chain):
        data = _house_title(doc, merged) if merged else doc.data
        _own_words(merged, data)
        merged = _merge(merged, {k: v for k, v in data.items() if k != "extends"})
    provenance = resolve_provenance((doc.file, doc.data) for doc in reversed(chain))
    merged = copy.deepcopy(merged)  # it shares nodes with the (cached) documents, which must keep their sources
    strip_sources(merged)

    def validate(data: dict[str, Any]) -> Variant:
        try:
            return Variant.model_validate(data, context={"defer_cross_checks": True})
        except ValidationError as exc:
            raise VariantError(model_diagnostics(chain, exc)) from None

    variant, dropped = drop_inherited(merged, chain, validate)
    problems = [(paths, why) for paths, why in cross_field_problems(variant) if not _under(paths, list(beside))]
    if problems:
        raise VariantError(cross_diagnostics(chain, problems))
    for path, source in added_sources(type(variant)).items():  # an added rule that no file states: its default's
        provenance.setdefault(path, Provenance(source, chain[-1].file))  # source, as if stated by the root file
    for value in dropped:
        if value.path in provenance:  # a value inside a list (a payment rule's stake_of) has its list's source
            why = f"{file_label(value.set_in)}'s value has no effect unless {value.row.condition}; dropped"
            provenance[value.path] = Provenance(Assumption(assumed=why), value.changed_in)
    return LoadedVariant(name=text_ref, variant=variant, provenance=provenance, chain=tuple(d.file for d in chain),
                         dropped=dropped)
