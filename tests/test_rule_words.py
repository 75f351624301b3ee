"""A rule field's words are written once, in tonk_rules/words/: its description (which the model and the
JSON schema show), its refusals and its sheet sentences in English and Russian. A field of the variant model
without words fails here, naming the module to add them to.
"""

from __future__ import annotations

import re

import pytest
import sources
from pydantic import BaseModel

from tonk_rules.variant.model import Variant
from tonk_rules.words import DESCRIPTIONS, RULE_WORDS, SECTION_MODULES, fill, refusal, sentence

PACKAGE = sources.PACKAGE
DOCUMENTATION_ONLY = {"title", "description", "title_ru", "description_ru", "source", "source_for"}


def _sections() -> dict[str, type[BaseModel]]:
    out = {}
    for name, info in Variant.model_fields.items():
        if name not in DOCUMENTATION_ONLY:
            assert isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel)
            out[name] = info.annotation
    return out


SECTIONS = _sections()
FIELD_PATHS = [f"{section}.{key}" for section, model in SECTIONS.items() for key in model.model_fields
               if key not in DOCUMENTATION_ONLY]


def _home(path: str) -> str:
    section = path.split(".")[0]
    module = SECTION_MODULES.get(section, "<a module of its own, named in words.SECTION_MODULES>")
    return f"tonk_rules/words/{module}.py"


@pytest.mark.parametrize("path", FIELD_PATHS)
def test_each_rule_field_has_its_words_in_one_place(path: str) -> None:
    assert path in RULE_WORDS, f"{path} has no words: add a RuleWords entry for it to {_home(path)}"
    section, key = path.split(".")
    # the model shows the words' description (and so does the JSON schema built from it)
    assert SECTIONS[section].model_fields[key].description == RULE_WORDS[path].description
    words = RULE_WORDS[path]
    if words.said_with is None:
        assert words.en or words.ru, f"{path} has no sheet words: give it en= and ru= in {_home(path)}"
    else:
        assert words.said_with in RULE_WORDS and RULE_WORDS[words.said_with].en, f"{path}: said_with names no words"
    assert set(words.en) == set(words.ru), (f"{path}'s English and Russian words are for different values: "
                                            f"{set(words.en) ^ set(words.ru)} ({_home(path)})")


def test_no_words_for_a_field_the_model_lacks() -> None:
    assert sorted(set(RULE_WORDS) - set(FIELD_PATHS)) == [], "these words name no field of variant/sections.py"


def test_the_parts_of_a_value_are_described_by_the_words_too() -> None:
    """Every field of the variant model's classes has a description, and none is written in the model (its
    sections' classes, variant/sections.py, or the Variant of variant/model.py)."""
    for name in ("sections.py", "model.py"):
        model_source = (PACKAGE / "variant" / name).read_text(encoding="utf-8")
        for text in DESCRIPTIONS.values():
            assert text[:40] not in model_source, f"a description written in variant/{name} too: {text[:40]!r}"


def test_no_sentence_of_a_rule_is_written_a_second_time_elsewhere() -> None:
    texts = [t for words in RULE_WORDS.values() for t in [*words.en.values(), *words.ru.values(),
                                                           *words.refusals.values()]]
    pieces = {piece for t in texts for piece in re.split(r"\{[^}]*\}", t) if len(piece) >= 30}
    outside = [path for path in sources.modules() if path.parent.name != "words"]
    twice = {piece: where for piece in pieces
             if (where := [str(path.relative_to(PACKAGE)) for path in outside if piece in sources.text(path)])}
    assert twice == {}, "a rule's words belong in tonk_rules/words/ only"


@pytest.mark.parametrize(("n", "en", "ru"), [
    (1, "after 1 turn of your own", "после 1 своего хода"),
    (2, "after 2 turns of your own", "после 2 своих ходов"),
    (5, "after 5 turns of your own", "после 5 своих ходов"),
    (11, "after 11 turns of your own", "после 11 своих ходов"),
    (21, "after 21 turns of your own", "после 21 своего хода"),
])
def test_a_number_of_turns_reads_right_in_both_languages(n: int, en: str, ru: str) -> None:
    assert en in sentence("knocking.min_turns", n, "en")
    assert ru in sentence("knocking.min_turns", n, "ru")


def test_plural_forms_are_counted_for_the_language() -> None:
    with pytest.raises(ValueError, match="ru needs 3 forms"):
        fill("{n:ход|хода}", "ru", n=2)
    assert fill("{n} {n:игрок|игрока|игроков}", "ru", n=22) == "22 игрока"


def test_a_refusal_is_worded_by_its_rule() -> None:
    """The engine's message for a knock too early is the rule's refusal, with its number in the right form."""
    assert refusal("knocking.min_turns", "too_early", min_turns=1, turns_taken=0) == (
        "a knock is allowed only after 1 turn (you have had 0)")
    with pytest.raises(KeyError):
        refusal("knocking.min_turns", "no_such_refusal")
