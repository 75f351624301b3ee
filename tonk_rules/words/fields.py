"""The shape of a rule field's words, and the lookups the rest of the package uses.

Each rule field (``section.key`` of the variant model) has one :class:`RuleWords` entry, in the module of its
section (:mod:`~tonk_rules.words.deal_rules`, :mod:`~tonk_rules.words.turn_rules`,
:mod:`~tonk_rules.words.stakes_rules`): the description the model and the JSON schema show, the words of
each refusal the engine gives because of it, and its sentences on the rules sheet in English and Russian.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class _Any:
    """The key of a sheet sentence that holds for any value without words of its own: the value is ``{n}``."""

    def __repr__(self) -> str:
        return "ANY"


#: See :class:`_Any`.
ANY: Any = _Any()


@dataclass(frozen=True)
class Part:
    """The key of a piece of words the sheet composes with other rules' values (a lead-in, a clause): its
    name on the sheet, e.g. ``Part("players.range")``."""

    name: str


@dataclass(frozen=True)
class RuleWords:
    """One rule field's words.

    ``en`` and ``ru`` key each sheet sentence by the value it says (an enum's value, a flag, ``None``, a
    number), by :data:`ANY` for a template of any other value, or by a :class:`Part` the sheet composes;
    ``said_with`` names the field whose sentence says this one's value too (``players.max`` with
    ``players.min``). ``refusals``: the engine's words, by name, for an action this rule refuses (English;
    ``{n:one|other}`` picks a noun's form, :func:`~tonk_rules.words.numbers.fill`); ``refusals_ru`` the same
    refusals in Russian, where a page of a Russian event says them (:mod:`tonk_rules.web.refusal_words`).
    ``on_sheet``: the rules sheet's block that says the rule in a sentence of its own (``"cards"``, ``"turn"``,
    ``"knock"``), in the order of the words' tables, or right after the rule ``sheet_after`` names
    (:func:`sheet_order`); None for a rule the sheet composes with others (``words/sheet_lines.py``).
    """

    description: str
    en: Mapping[Any, str] = field(default_factory=dict)
    ru: Mapping[Any, str] = field(default_factory=dict)
    refusals: Mapping[str, str] = field(default_factory=dict)
    refusals_ru: Mapping[str, str] = field(default_factory=dict)
    said_with: str | None = None
    on_sheet: str | None = None
    sheet_after: str | None = None

    def sheet(self, lang: str) -> Mapping[Any, str]:
        return self.en if lang == "en" else self.ru


def flat_sheet_words(fields: Mapping[str, RuleWords], lang: str) -> dict[Any, str]:
    """The sheet's keys for every field's words in ``lang``: ``(path, value)`` for a value's sentence,
    ``path`` for the :data:`ANY` template, the part's name for a :class:`Part`."""
    out: dict[Any, str] = {}
    for path, words in fields.items():
        for key, text in words.sheet(lang).items():
            flat = path if key is ANY else key.name if isinstance(key, Part) else (path, key)
            if flat in out:
                raise ValueError(f"two rule fields word the sheet's {flat!r}: one is {path}")
            out[flat] = text
    return out


def sheet_order(fields: Mapping[str, RuleWords]) -> dict[str, tuple[str, ...]]:
    """Each block of the rules sheet -> the rules it says in a sentence of their own (:attr:`RuleWords.on_sheet`),
    in order: the fields' order, but a field with ``sheet_after`` right after the rule it names."""
    blocks: dict[str, list[str]] = {}
    placed = [path for path, words in fields.items() if words.on_sheet and not words.sheet_after]
    for path in placed:
        blocks.setdefault(fields[path].on_sheet or "", []).append(path)
    waiting = [path for path, words in fields.items() if words.on_sheet and words.sheet_after]
    while waiting:
        ready = [path for path in waiting if fields[path].sheet_after in placed]
        if not ready:
            raise ValueError(f"{waiting[0]} is placed on the sheet after {fields[waiting[0]].sheet_after}, which "
                             "is not on it (RuleWords.sheet_after names a rule with a sheet of its own)")
        for path in ready:
            block = blocks.setdefault(fields[path].on_sheet or "", [])
            after = fields[path].sheet_after
            if after not in block:
                raise ValueError(f"{path} is placed after {after}, which is in another block of the sheet")
            block.insert(block.index(after) + 1, path)
            placed.append(path)
            waiting.remove(path)
    return {block: tuple(paths) for block, paths in blocks.items()}
