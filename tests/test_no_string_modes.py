"""No rule mode is compared as a string in the engine or the rule objects: they compare enum members of
``tonk_rules.terms`` (a misspelt string would silently never match; a misspelt member fails at import)."""

from __future__ import annotations

import ast
import enum
from pathlib import Path

import pytest

from tonk_rules import terms

PACKAGE = Path(terms.__file__).parent
MODE_NAMES = {m.value for obj in vars(terms).values()
              if isinstance(obj, type) and issubclass(obj, enum.StrEnum) and obj is not enum.StrEnum for m in obj}
FILES = sorted([*(PACKAGE / "engine").glob("*.py"), *(PACKAGE / "ruleset").glob("*.py"), PACKAGE / "cards.py"])


def string_mode_comparisons(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        # the text form's verbs ("discard 5H") are words of the record format, not rule modes
        if isinstance(node, ast.Compare) and not (isinstance(node.left, ast.Name) and node.left.id == "verb"):
            for operand in [node.left, *node.comparators]:
                elements = operand.elts if isinstance(operand, ast.Tuple | ast.List | ast.Set) else [operand]
                for element in elements:
                    if isinstance(element, ast.Constant) and element.value in MODE_NAMES:
                        found.append(f"line {node.lineno}: {element.value!r}")
    return found


def test_the_check_finds_a_string_comparison() -> None:
    assert string_mode_comparisons('if mode == "reshuffle": pass\nok = x in ("void", "same")') == [
        "line 1: 'reshuffle'", "line 2: 'void'", "line 2: 'same'"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_rule_mode_is_compared_as_a_string(path: Path) -> None:
    assert string_mode_comparisons(path.read_text(encoding="utf-8")) == []
