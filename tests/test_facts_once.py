"""Domain facts are written once (issue 13 item 1): the seat count and its wording, what a deck can deal, and
which stakes a table may play for live in ruleset/table_bounds.py (the deck's capacity in cards.py, below the variant
checks that need it); every other module asks them. A grep over the package's code (docstrings left out, so
the examples that show a message do not count) finds each fact in one place."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from tonk_rules.ruleset import compile_ruleset
from tonk_rules.ruleset.table_bounds import why_not_seat, why_not_stakes
from tonk_rules.variant.loader import load_variant

PACKAGE = Path(__file__).resolve().parent.parent / "tonk_rules"


def _without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            body[0].value.value = ""
    return tree


@cache
def code() -> dict[str, str]:
    """Each module's code as ast.unparse writes it: one spelling of every expression, no comments."""
    return {str(path.relative_to(PACKAGE.parent)): ast.unparse(_without_docstrings(ast.parse(path.read_text("utf-8"))))
            for path in sorted(PACKAGE.rglob("*.py"))}


def places(pattern: str) -> list[str]:
    return [f"{name}:{line}" for name, text in code().items() for line in text.splitlines()
            if re.search(pattern, line)]


FACTS = {
    "the seat-count check": (r"min_players\s*<=\s*[\w.]+\s*<=\s*[\w.]*max_players",
                             "tonk_rules/ruleset/table_bounds.py"),
    # an f-string (the rules sheet's "For exactly {min} players." is a sentence of the sheet, not this message)
    "the seat-count wording": (r"f['\"]exactly \{", "tonk_rules/ruleset/table_bounds.py"),
    "the deck-capacity formula": (r"\*\s*[\w.]*hand_size\s*\+", "tonk_rules/cards.py"),
    "the deck-capacity wording": (r"but the deck has", "tonk_rules/cards.py"),
    "what a stake is": (r"a stake is a whole number of at least 1, not", "tonk_rules/ruleset/table_bounds.py"),
    "stakes when playing to points": (r"every stake is 1", "tonk_rules/ruleset/table_bounds.py"),
    "one stake for all": (r"one agreed stake: give", "tonk_rules/ruleset/table_bounds.py"),
}


@pytest.mark.parametrize("fact", sorted(FACTS))
def test_each_fact_is_written_once(fact: str) -> None:
    pattern, home = FACTS[fact]
    found = places(pattern)
    assert len(found) == 1 and found[0].startswith(home + ":"), f"{fact} should be written once, in {home}: {found}"


def test_every_caller_words_the_seat_count_alike() -> None:
    """The drift the issue found ("seats 2 to 2") cannot come back: one phrase for one count, one for a range."""
    assert why_not_seat(2, 2, 3) == "this variant seats exactly 2 players, not 3"
    assert why_not_seat(2, 6, 7, subject="pagat") == "pagat seats 2 to 6 players, not 7"
    assert why_not_seat(2, 6, 6) is None
    classic = compile_ruleset(load_variant("classic-pc").variant)
    assert classic.why_not_seat(3) == "this variant seats exactly 2 players, not 3"


def test_stakes_and_deck_capacity_follow_the_rules() -> None:
    russian = compile_ruleset(load_variant("russian").variant)
    assert russian.table_sizes() == tuple(range(2, 11))  # 10 x 5 + the upcard = 51 of 52 cards
    assert russian.why_not_deal(11) == "11 players x 5 cards + the upcard = 56 cards, but the deck has 52"
    assert why_not_stakes([1, 1], 2, points=True, per_player=False) is None
    assert why_not_stakes([2, 2], 2, points=True, per_player=True) == "this variant plays to points: every stake is 1"
    assert why_not_stakes([True, 1], 2, points=False, per_player=True) == \
        "a stake is a whole number of at least 1, not True"
