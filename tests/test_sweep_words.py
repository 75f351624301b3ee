"""A sweep that speaks: findings in words, each note once, messages that finish the thought, tables that fit
80 columns and plots whose legends fit, with distinct colours."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tablekit import tonk

from tests.test_cli import ROOT
from tonk_rules.bots.specs import parse_specs
from tonk_rules.errors import VariantError
from tonk_rules.report.sweep_findings import sweep_findings
from tonk_rules.report.sweep_report import colours, plot
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.sweep import SweepPlan, grid, load_points, run_sweep, where

SEATS = tuple(parse_specs("greedy") * 3)


def sweep(varied: dict[str, tuple[Any, ...]], hands: int = 1500) -> dict[str, Any]:
    return run_sweep(SweepPlan("russian", tuple(varied.items()), hands, 3, 7, SEATS), make_executor("local", workers=1))


def test_a_change_that_never_comes_into_play_is_said_to_play_exactly_as_the_first_point() -> None:
    data = sweep({"title": ("a", "b")}, hands=300)
    assert data["points"][1]["difference"]["identical"] is True
    [line] = sweep_findings(data)
    assert line.startswith("title=b plays exactly as the first point (title=a) on every deal: on these hands the "
                           "change made no difference to any move")
    assert data["in_play"] == []  # a title is no rule of a hand: nothing to count


def test_a_varied_rule_that_never_came_into_play_is_named_as_such() -> None:
    # several deal tonks at once: none in 300 hands of seed 7, so what the rule does cannot be seen
    plan = SweepPlan("russian", (("deal_check.several", ("all_paid", "void")),), 300, 3, 7, SEATS,
                     (("dealer.after_void", "next"),))
    data = run_sweep(plan, make_executor("local", workers=1))
    [rule] = data["in_play"]
    assert rule["hands"] == {"deal_check.several=all_paid": 0, "deal_check.several=void": 0}
    found = sweep_findings(data)
    assert found[-1] == ("deal_check.several: came into play in 0 of 300 hands with these players — this "
                         "comparison cannot say what it does.")
    # a rule met in many hands is not singled out
    often = sweep({"hitting.books": ("none", "anyone")}, hands=300)
    assert not any("came into play" in line for line in sweep_findings(often))


def test_a_steady_trend_and_the_largest_effect_are_said_in_words_with_their_intervals() -> None:
    data = sweep({"deal_check.at_most": (11, 14, 17)})
    found = sweep_findings(data)
    rise = next(line for line in found if line.startswith("ends: deal_tonk rises steadily with deal_check.at_most"))
    assert "at 11" in rise and "at 17" in rise and "points [+" in rise  # the end-to-end change and its interval
    assert not any(line.startswith("ends: deal_tonk: the largest") for line in found)  # said once, as the trend


def test_a_sweep_where_nothing_is_settled_says_so_once_and_more_hands_settle_it() -> None:
    # seed 7: 300 hands leave the two within chance; 600 hands settle the deal tonks' rise
    [line] = sweep_findings(sweep({"deal_check.at_most": (13, 15)}, hands=300))
    assert line.startswith("No difference from the first point (deal_check.at_most=13) is settled")
    [line] = sweep_findings(sweep({"deal_check.at_most": (13, 15)}, hands=600))
    assert line.startswith("ends: deal_tonk: the largest change is at deal_check.at_most=15, +0.83 points [+0.11,")


def test_a_note_true_at_several_points_is_said_once_naming_them_together() -> None:
    points = grid([("stock_exhaustion.when_empty", ["end_lowest_wins", "reshuffle"]),
                   ("deal_check.at_most", [13, 15])])
    notes: list[str] = []
    load_points("russian", points, {"dealer.after_void": "next"}, notes)
    assert len(notes) == 2
    assert notes[0].startswith("note: at every sweep point with stock_exhaustion.when_empty=end_lowest_wins: "
                               "dealer.after_void (inherited from --with) has no effect")
    assert where(points[:1], points) == "sweep point stock_exhaustion.when_empty=end_lowest_wins deal_check.at_most=13"
    assert where([points[0], points[3]], points).startswith("sweep points ")


def test_a_value_a_point_needs_is_given_with_the_with_option_it_takes() -> None:
    with pytest.raises(VariantError, match=r"dealer.after_void must be given .*; give it with --with "
                                           r"dealer.after_void=next"):
        load_points("russian", [{"stock_exhaustion.when_empty": "reshuffle"}])


def test_the_sweep_reads_at_80_columns_when_piped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    # in this process, its output captured as a pipe's would be (a new process costs a second of CPU)
    proc = tonk("sweep", "russian", "--vary", "deal_check.at_most=11,13,15,17", "--vary", "deal.upcard=true,false",
                "--hands", "300", "--workers", "1", cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert max(len(line) for line in proc.stdout.splitlines()) <= 80
    assert "Columns: deal_check.at_most, deal.upcard." in " ".join(proc.stdout.split())
    assert "Difference from the first point" in proc.stdout and "[+" in proc.stdout  # differences keep intervals


def test_colours_are_never_reused_and_a_grid_plots_as_small_multiples(tmp_path: Path) -> None:
    assert len(set(colours(28))) == 28
    data = sweep({"deal_check.at_most": (13, 17), "deal.upcard": (True, False), "knocking.max_count": (5, 10)},
                 hands=200)
    png = plot(data, "sweep-endings")
    assert png.startswith(b"\x89PNG")
    (tmp_path / "endings.png").write_bytes(png)  # looked at by hand: one panel per ending, legend of 4 below
