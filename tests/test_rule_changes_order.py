"""The rules that differ are listed heading by heading: a rule only the second variant's sheet says (pagat's
"after a void hand the next player deals", russian has none) sits under its heading with the others, not
after every other heading (where "Players, cards and the deal" read as a second section of that name)."""

from __future__ import annotations

import itertools

import pytest

from tonk_rules.report.rule_changes import rule_changes
from tonk_rules.variant.loader import builtin_names, load_variant


@pytest.mark.parametrize(("a", "b"), list(itertools.permutations(builtin_names(), 2)))
def test_each_heading_of_the_rules_that_differ_comes_once(a: str, b: str) -> None:
    headings = [change.heading for change in rule_changes(load_variant(a), load_variant(b))]
    runs = [heading for heading, _ in itertools.groupby(headings)]
    assert len(runs) == len(set(runs)), headings


def test_russian_against_pagat_says_the_void_hands_dealer_with_the_deal() -> None:
    changes = rule_changes(load_variant("russian"), load_variant("pagat"))
    keys = [change.keys[0] for change in changes]
    assert keys.index("dealer.after_void") < keys.index("deal_check.at_most")
