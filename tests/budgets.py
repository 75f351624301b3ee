"""How many examples a property test draws: a third of its full budget in the default run, all of it where
``TONK_FULL_BUDGET=1`` (``.ci/run`` runs every property test so, with the slow tier).

A property's full budget is written once, at the test (``@settings(max_examples=examples(300))``). The
default run must fit a 2-core machine (docs/speed.md, "The test suite"); there the property tests drew 15 s of
CPU of about 135, and a third of the examples still reaches each property's usual failures (a wrong meld, a
card lost, an import that drifts) in every run, the rarer ones waiting for the full run in CI. Every
hypothesis test is marked ``property`` (tests/conftest.py), and so is, by hand, a test that draws seeded
random cases with a budget from here; ``TONK_FULL_BUDGET=1 python -m pytest -m property`` runs them all at
their full budget.
"""

from __future__ import annotations

import os

#: The environment variable that asks for every property test's full budget.
ENV = "TONK_FULL_BUDGET"
#: Whether this run draws the full budgets (read once: the workers and their test modules inherit it; any
#: value but 1, 0 or none is refused by :func:`why_not_setting`, not read as "no").
FULL = os.environ.get(ENV) == "1"
#: The fewest examples the default run draws (a property with a smaller full budget draws all of it).
QUICK_FLOOR = 10


def why_not_setting() -> str | None:
    """Why the environment's :data:`ENV` is not a setting this module reads (a misspelt ``true`` would
    otherwise run the quick budget where the full one was asked for), or None."""
    value = os.environ.get(ENV, "")
    return None if value in ("", "0", "1") else f"{ENV}={value!r}: give 1 (every property at its full budget) or 0"


def examples(full: int) -> int:
    """The examples to draw for a property whose full budget is ``full``: in the default run 300 → 100,
    60 → 20, 15 → 10, 8 → 8."""
    return full if FULL else max(min(full, QUICK_FLOOR), full // 3)
