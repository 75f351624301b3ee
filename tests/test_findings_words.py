"""The findings' sentences of ``tonk compare``: the check table's direction, settled and unsettled figures."""

from __future__ import annotations

from pathlib import Path

from tests.test_cli import tonk
from tonk_rules.report.compare import Test
from tonk_rules.report.findings import check, settled_small, unmoved
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


def test_a_figure_not_shown_small_is_not_settled_rather_than_unmoved(tmp_path: Path) -> None:
    proc = tonk("compare", "pagat", "pagat-no-upcard", "--hands", "2", "--depth-hands", "1", "--probe-hands", "1",
                "-w", "1", "--out", str(tmp_path / "r"))
    assert proc.returncode == 0, proc.stderr
    said = " ".join(proc.stdout.split())
    assert "No figure is shown to differ" in said
    unsettled = said.split("Not settled by this many hands")[1].split("RULES THAT DIFFER")[0]
    assert "mean actions per hand" in unsettled
    assert "Did not move by more than" not in said.split("RULES THAT DIFFER")[0] or "mean actions per hand" not in (
        said.split("Did not move by more than")[1].split("Not settled")[0])


def test_only_a_figure_whose_interval_lies_within_the_threshold_did_not_move() -> None:
    small = Test("ends: knock_won", "a", "b", Difference(0.001, (-0.004, 0.004), 0.5, True))
    wide = Test("ends: knock_won", "a", "b", Difference(0.001, (-0.03, 0.03), 0.9, True))
    assert settled_small(small, 0.005) and not settled_small(wide, 0.005)
    words = unmoved(["ends: knock_won"], ["mean actions per hand"], "en")
    assert words.startswith("Did not move by more than") and words.endswith(
        "Not settled by this many hands (the 95% interval of the difference reaches past the practical threshold, "
        "but the difference is not shown to be that large): mean actions per hand.")
