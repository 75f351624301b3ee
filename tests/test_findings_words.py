"""The findings' sentences of ``tonk compare``: the check table's direction, settled and unsettled figures."""

from __future__ import annotations

from tonk_rules.report.compare import Test
from tonk_rules.report.findings import check
from tonk_rules.sim.paired import Difference

_MORE = Test("ends: knock_won", "russian", "pagat", Difference(0.03, (0.02, 0.04), 1e-9, True))


def _said(value: float, p: float, values: tuple[str, str]) -> str:
    return check(_MORE, Difference(value, (value - 0.01, value + 0.01), p, True), values, "random", "en")


def test_the_check_sentence_follows_the_check_tables_direction() -> None:
    assert _said(0.02, 0.001, ("18.50%", "20.50%")).startswith("Holds with random")
    assert _said(0.01, 0.3, ("18.50%", "19.50%")).startswith("With random it points the same way but is not")
    reversed_ = _said(-0.01, 0.3, ("19.50%", "18.50%"))
    assert reversed_ == "Does not hold with random: russian 19.50% vs pagat 18.50%."
    assert _said(0.0, 1.0, ("18.50%", "18.50%")).startswith("Does not hold with random")
    assert _said(-0.02, 0.001, ("20.50%", "18.50%")).startswith("Reverses with random")
