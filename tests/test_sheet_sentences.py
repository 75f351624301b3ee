"""Every rule field has its own sentence on the rules sheet, and that sentence says the field's value.

For every leaf field of the variant model (walked by tests/model_fields.py: a new field is covered without
editing this file) and each allowed value that makes a valid variant, the sheet is rendered at the old and
the new value, in both languages; the sentences tied to the field (``Line.paths``) must change, and must name
the new value (the words of :mod:`tonk_rules.words` for it, or the number itself). A field with no
sentence, or a sentence that does not follow its value, fails here by name.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from model_fields import FIELD_IDS, FIELDS, Path, changes, get, label
from pydantic.fields import FieldInfo
from test_table_sheets import _expected

from tonk_rules.sheets.rules_sheet import build_sheet
from tonk_rules.sheets.variant_view import VariantView, load_view
from tonk_rules.variant.diff import rule_values
from tonk_rules.variant.model import Variant
from tonk_rules.words import WORDS

LANGS = ("en", "ru")
VIEW = load_view("pagat")  # a container for the values: the sheet is built from ``values`` only


def sheet_path(path: Path) -> str:
    """The sheet's name for a model field: ``section.key``; a payment rule's parts belong to its ending."""
    return ".".join(path[:2])


def _view(data: dict[str, Any]) -> VariantView:
    return dataclasses.replace(VIEW, values=rule_values(Variant.model_validate(data)))


def own_sentences(view: VariantView, lang: str, path: str) -> list[str]:
    """The sheet's sentences tied to the rule ``path`` (with their lead-in labels)."""
    sheet = build_sheet(view, lang)
    return [f"{line.label} {line.text}" for block in sheet.blocks for line in block.lines if path in line.paths]


def same_play(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The two variants say the same thing in other words: after a won knock the winner is the knocker, so
    a knock_won payment to (or from) "winners" or "knocker" is one rule, and one sentence."""
    def normal(data: dict[str, Any]) -> Any:
        rules = [{**r, "payer": "winners" if r["payer"] == "knocker" else r["payer"],
                  "receiver": "winners" if r["receiver"] == "knocker" else r["receiver"]}
                 for r in data["payments"]["knock_won"]["rules"]]
        return {**data, "payments": {**data["payments"], "knock_won": {"rules": rules}}}
    return bool(normal(a) == normal(b))


def fragments(name: str, value: Any, lang: str, values: dict[str, Any]) -> list[str]:
    """What the sentence of ``name`` must contain at ``value`` (the rules sheet test's expectations)."""
    if name == "scoring.mode" and value == "points":
        return [WORDS[lang]["scoring.points"].split("{")[0], str(values["scoring.target"])]
    if name == "scoring.mode" and value == "wins":  # a match to N hands won
        return [WORDS[lang]["scoring.wins"].split("{")[0], str(values["scoring.target"])]
    return _expected(name, value, lang, values)


@pytest.mark.parametrize(("path", "info"), FIELDS, ids=FIELD_IDS)
def test_each_field_has_a_sentence_that_follows_its_value(path: Path, info: FieldInfo) -> None:
    name = sheet_path(path)
    seen: set[str] = set()
    for data, where, value, variation in changes(path, info):
        if repr(value) in seen or same_play(data, variation):
            continue  # one variant per value: the first base it is valid in
        seen.add(repr(value))
        before, after = _view(data), _view(variation)
        for lang in LANGS:
            old, new = own_sentences(before, lang, name), own_sentences(after, lang, name)
            what = f"{lang}: {label(where, get(data, where), value, data)}"
            assert new, f"{what}: the sheet has no sentence for {name}"
            assert old != new, f"{what}: {name}'s sentence reads the same: {new}"
            text = " ".join(new)
            for fragment in fragments(name, after.values[name], lang, after.values):
                assert fragment in text, f"{what}: {name}'s sentence does not say {fragment!r}: {new}"
    assert seen, f"{name}: no valid value found"


def test_both_languages_have_words_for_the_same_sentences() -> None:
    """A sentence worded in one language only would be a KeyError on the other's sheet: say which, here."""
    english, russian = set(WORDS["en"]), set(WORDS["ru"])
    assert sorted(map(str, english - russian)) == [], "give these ru= words in tonk_rules/words/"
    assert sorted(map(str, russian - english)) == [], "give these en= words in tonk_rules/words/"
