"""The property budget's setting: 1 or 0 are read, anything else is refused (a misspelt value must not run the
quick budget where CI asked for the full one)."""

from __future__ import annotations

import budgets
import pytest


@pytest.mark.parametrize("value", ["", "0", "1"])
def test_the_settings_read(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(budgets.ENV, value)
    assert budgets.why_not_setting() is None


@pytest.mark.parametrize("value", ["true", "yes", "full", " 1"])
def test_any_other_value_is_refused_saying_what_to_give(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(budgets.ENV, value)
    assert budgets.why_not_setting() == f"TONK_FULL_BUDGET={value!r}: give 1 (every property at its full budget) or 0"


def test_the_quick_budget_is_a_third_and_never_below_the_floor() -> None:
    if budgets.FULL:
        assert budgets.examples(300) == 300
    else:
        assert [budgets.examples(n) for n in (300, 60, 15, 8)] == [100, 20, 10, 8]
