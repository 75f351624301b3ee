"""``tonk sweep``: each point is the variant with the change, on the same deals; files, table and refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_cli import tonk
from tonk_rules.bots.specs import parse_specs
from tonk_rules.errors import SimulationError, VariantError
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.paired import unpaired_proportions
from tonk_rules.sim.paired_run import run_all
from tonk_rules.sim.simulate import Job
from tonk_rules.sim.sweep import SweepPlan, grid, house_file_text, load_points, parse_vary, parse_with, run_sweep
from tonk_rules.variant.loader import load_variant


def test_values_are_yaml_scalars() -> None:
    assert parse_vary("deal.upcard=true,false") == ("deal.upcard", [True, False])
    assert parse_vary("deal_check.at_most= 13, null") == ("deal_check.at_most", [13, None])
    assert parse_vary("dealer.first=agreed") == ("dealer.first", ["agreed"])
    for bad, why in (("deal_check.at_most", "KEY=V1,V2"), ("deal_check.at_most=[1, 2]", "not a single value"),
                     ("deal_check.at_most=[1]", "not a single value"), ("a..b=1", "dotted rule key"),
                     ("deal_check.at_most=1,1", "given twice"), ("x=1", "'x' is not a rule")):
        with pytest.raises(SimulationError, match=why):
            parse_vary(bad)


@settings(max_examples=examples(100))
@given(st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=3, unique=True), min_size=1, max_size=3))
def test_the_grid_has_every_combination_once(values: list[list[int]]) -> None:
    varied = [(f"k{i}", list(v)) for i, v in enumerate(values)]
    points = grid(varied)
    assert len(points) == len({tuple(p.values()) for p in points})
    expected = 1
    for v in values:
        expected *= len(v)
    assert len(points) == expected


def test_a_point_is_the_house_file_extending_the_variant() -> None:
    text = house_file_text("russian", {"deal_check.at_most": 17, "deal.upcard": False})
    assert text.splitlines() == ["extends: russian", "deal_check:", "  at_most: 17", "deal:", "  upcard: false"]
    [rules] = load_points("russian", [{"deal_check.at_most": 17}])
    assert rules.deal_check.at_most == 17 and rules.deal_check.at_least == 49


def test_a_bad_key_or_value_gets_the_loaders_message_naming_the_point() -> None:
    with pytest.raises(VariantError, match=r"sweep point deal_check.at_mots=13: unknown key 'at_mots'; did you "
                                           r"mean 'at_most'"):
        load_points("russian", [{"deal_check.at_mots": 13}])
    proc = tonk("sweep", "russian", "--vary", "deal_check.at_most=13,99", "--hands", "10")
    assert proc.returncode == 1
    assert "sweep point deal_check.at_most=99: deal_check.at_most (99) is outside the counts" in proc.stderr
    assert "tonk-sweep-" not in proc.stderr  # no temporary file names


WHEN_EMPTY = [{"stock_exhaustion.when_empty": "end_lowest_wins"}, {"stock_exhaustion.when_empty": "reshuffle"}]


def test_a_companion_value_is_kept_where_it_means_something_and_dropped_with_a_note_elsewhere() -> None:
    """``dealer.after_void`` is needed at the reshuffle point only: given once with ``--with``, it is inherited
    by every point and dropped (like a house file's inherited value) where the point's change voids it."""
    with pytest.raises(VariantError, match="reshuffle: dealer.after_void must be given"):
        load_points("russian", WHEN_EMPTY)
    notes: list[str] = []
    ending, reshuffle = load_points("russian", WHEN_EMPTY, {"dealer.after_void": "next"}, notes)
    assert ending.dealer.after_void is None and reshuffle.dealer.after_void is not None
    assert reshuffle.dealer.after_void.value == "next"
    assert [n for n in notes if "--with" in n] == [
        "note: at sweep point stock_exhaustion.when_empty=end_lowest_wins: dealer.after_void (inherited from "
        "--with) has no effect unless a hand can be void (deal_check.several, stock_exhaustion.when_empty or "
        "stock_exhaustion.ties is void, or the stock is reshuffled); dropped"]


def test_a_companion_value_meaningless_at_every_point_or_also_varied_is_refused() -> None:
    with pytest.raises(VariantError, match="at_most=13: dealer.after_void has no effect"):
        load_points("russian", [{"deal_check.at_most": 13}], {"dealer.after_void": "next"})
    with pytest.raises(SimulationError, match="--with deal_check.at_most: the key is varied too"):
        load_points("russian", [{"deal_check.at_most": 13}], {"deal_check.at_most": 15})
    assert parse_with("dealer.after_void=next") == ("dealer.after_void", "next")
    for bad, why in (("dealer.after_void=next,same", "give one value"), ("dealer.after_void", "--with .*KEY=V")):
        with pytest.raises(SimulationError, match=why):
            parse_with(bad)


def test_sweep_with_a_companion_runs_and_prints_the_note() -> None:
    proc = tonk("sweep", "russian", "--vary", "stock_exhaustion.when_empty=end_lowest_wins,reshuffle",
                "--with", "dealer.after_void=next", "--hands", "40", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["with"] == {"dealer.after_void": "next"} and len(data["points"]) == 2
    assert "dealer.after_void (inherited from --with) has no effect" in proc.stderr
    assert "tonk-sweep-" not in proc.stderr + proc.stdout


def test_every_point_plays_the_same_deals() -> None:
    # 5 and 5.0 are the same rule: on the same deals the two points must give identical figures
    plan = SweepPlan("russian", (("knocking.max_count", (5, 5.0)),), 400, 3, 7, tuple(parse_specs("greedy") * 3))
    data = run_sweep(plan, make_executor("local", workers=1), run_all)
    first, second = (p["figures"] for p in data["points"])
    assert first == second and data["paired"] is True
    # the deal check happens before any play: raising the low tonk only adds deal tonks, on the same deals
    plan = SweepPlan("russian", (("deal_check.at_most", (13, 17)),), 2_000, 3, 7, tuple(parse_specs("greedy") * 3))
    low, high = (p["figures"] for p in run_sweep(plan, make_executor("local", workers=1), run_all)["points"])
    assert low["deal_check"]["fraction"] < high["deal_check"]["fraction"]
    assert abs(high["deal_check"]["exact"] - 0.0538) < 0.001


def test_later_points_carry_their_difference_from_the_first_paired_where_the_deals_agree() -> None:
    seats = tuple(parse_specs("greedy") * 3)
    plan = SweepPlan("russian", (("deal_check.at_most", (13, 17)),), 2_000, 3, 7, seats)
    data = run_sweep(plan, make_executor("local", workers=1))
    assert data["paired"] is True and "difference" not in data["points"][0]
    low, high = (p["figures"] for p in data["points"])
    change = data["points"][1]["difference"]
    assert change["paired"] is True
    tonks = change["figures"]["ends: deal_tonk"]
    expected = high["endings"]["deal_tonk"]["fraction"] - low["endings"]["deal_tonk"]["fraction"]
    assert tonks["value"] == pytest.approx(expected)
    assert 0 < tonks["ci95"][0] < tonks["value"] < tonks["ci95"][1]
    # on the same deals the interval is narrower than an unpaired one (a deal tonk at 13 is one at 17 too)
    n = 2_000
    unpaired = unpaired_proportions(round(high["endings"]["deal_tonk"]["fraction"] * n), n,
                                    round(low["endings"]["deal_tonk"]["fraction"] * n), n)
    assert tonks["ci95"][1] - tonks["ci95"][0] < 0.8 * (unpaired.ci95[1] - unpaired.ci95[0])
    # a point that changes the deal cannot be paired
    plan = SweepPlan("russian", (("players.max", (7,)), ("deal.hand_size", (5, 6))), 300, 3, 7, seats)
    data = run_sweep(plan, make_executor("local", workers=1))
    assert data["paired"] is False and data["points"][1]["difference"]["paired"] is False


def test_sweep_writes_its_files_and_refuses_a_used_directory(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    proc = tonk("sweep", "russian", "--vary", "deal_check.at_most=13,17", "--vary", "deal.upcard=true,false",
                "--hands", "100", "--workers", "1", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "Columns: deal_check.at_most, deal.upcard." in " ".join(proc.stdout.split()) and "17, false" in proc.stdout
    assert "deal check sim / exact" in proc.stdout
    data = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    assert [p["values"] for p in data["points"]] == [
        {"deal_check.at_most": 13, "deal.upcard": True}, {"deal_check.at_most": 13, "deal.upcard": False},
        {"deal_check.at_most": 17, "deal.upcard": True}, {"deal_check.at_most": 17, "deal.upcard": False}]
    assert {"endings", "seats", "mean_turns", "deal_check"} <= set(data["points"][0]["figures"])
    assert "Each point minus the first (deal_check.at_most=13 deal.upcard=true)" in proc.stdout
    page = (out / "sweep.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 4 and "src=\"http" not in page
    assert "![How hands end](sweep-endings.png)" in (out / "sweep.md").read_text(encoding="utf-8")
    assert (out / "sweep-deal-check.png").read_bytes().startswith(b"\x89PNG")
    again = tonk("sweep", "russian", "--vary", "deal_check.at_most=13", "--hands", "10", "--out", str(out))
    assert again.returncode == 2 and "not empty" in again.stderr and "--force" in again.stderr
    forced = tonk("sweep", "russian", "--vary", "deal_check.at_most=13", "--hands", "10", "--workers", "1",
                  "--out", str(out), "--force")
    assert forced.returncode == 0, forced.stderr
    assert len(json.loads((out / "sweep.json").read_text(encoding="utf-8"))["points"]) == 1


def test_a_point_with_the_variants_own_value_plays_exactly_as_simulate() -> None:
    seats = tuple(parse_specs("greedy") * 3)
    plan = SweepPlan("russian", (("deal_check.at_most", (15,)),), 400, 3, 7, seats)
    [point] = run_sweep(plan, make_executor("local", workers=1))["points"]
    [tally] = run_all([Job("russian", compile_ruleset(load_variant("russian").variant), seats, 400, 7)],
                      make_executor("local", workers=1))
    assert {k: v for k, v in point["figures"].items() if k != "deal_check"} == tally.to_json(["greedy"] * 3)
