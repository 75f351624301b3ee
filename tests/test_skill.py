"""Skill, measured (tonk_rules/sim/skill.py): the trace's tables, its figure, and how ``tonk compare`` reports
it (``skill`` in comparison.json, a sentence per variant in the terminal and the report, in English and
Russian)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_cli import tonk
from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_spec
from tonk_rules.errors import SimulationError
from tonk_rules.report.build import Plan, load_tables, run_comparison, write_report
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.skill import FULL, SHORT, Skill, Trace, skill_jobs, trace_named
from tonk_rules.sim.tally import SHARE_UNIT, Tally

TINY = Trace("short", (10, 20), 12)


def test_the_traces_double_from_ten() -> None:
    assert FULL.budgets == (10, 20, 40, 80, 160, 320, 640, 1280, 2560)
    assert SHORT.budgets == FULL.budgets[:4]
    assert trace_named("none") is None and trace_named("full") is FULL
    with pytest.raises(SimulationError, match="short, full or none"):
        trace_named("long")


def test_skill_jobs_seat_the_strong_player_in_every_seat_once_per_step() -> None:
    jobs = skill_jobs("pagat", load_ruleset("pagat"), 3, TINY, seed=4)
    assert len(jobs) == 2 * 3
    for k, budget in enumerate((10, 20)):
        for seat in range(3):
            seats = [str(s) for s in jobs[3 * k + seat].seats]
            assert seats[seat] == f"montecarlo:rollouts={budget}"
            assert seats[:seat] + seats[seat + 1:] == [f"montecarlo:rollouts={budget // 2}"] * 2
            assert jobs[3 * k + seat].hands == 4
    assert len({j.seed for j in jobs}) == len(jobs)  # every step and seat on deals of its own


def _tally(players: int, seat_share: int, decided: int, net: int) -> Tally:
    t = Tally.empty(players)
    t.hands = t.decided = decided
    t.seat_share = [[0, 0] for _ in range(players)]
    t.seat_net = [[0, 0] for _ in range(players)]
    for s in range(players):
        t.seat_share[s] = [seat_share * SHARE_UNIT, seat_share * SHARE_UNIT**2]
        t.seat_net[s] = [net, abs(net) * 4]
    return t


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=2, max_size=2))
def test_the_figure_is_the_mean_of_the_steps_orders(wins: list[int]) -> None:
    """Each step's strong seat winning ``w`` of 20 decided hands a seat: the figure is the mean of the steps'
    orders, inside its interval, and 0 exactly where each step wins its fair share."""
    tallies = [_tally(2, w, 20, 0) for w in wins for _ in range(2)]
    skill = Skill.of(TINY, 2, tallies)
    orders = [s.depth.order for s in skill.steps]
    assert orders == pytest.approx([(w / 20 - 0.5) / 0.5 for w in wins])
    assert skill.value == pytest.approx(sum(orders) / 2)
    lo, hi = skill.ci95()
    assert lo <= skill.value <= hi


def test_compare_reports_skill_per_variant(tmp_path: Path) -> None:
    greedy = parse_spec("greedy")
    plan = Plan(200, 30, 3, 0, (greedy,) * 3, greedy, parse_spec("random"), skill=TINY)
    comparison = run_comparison(load_tables(["russian", "pagat"]), plan, make_executor("local", 1))
    data = comparison.to_json()
    skill = data["skill"]
    assert skill["trace"] == "short" and skill["budgets"] == [10, 20] and skill["player"] == "montecarlo"
    assert skill["hands_per_step"] == 12 and skill["players"] == 3
    assert set(skill["variants"]) == {"russian", "pagat"}
    for name, v in skill["variants"].items():
        assert [s["strong"] for s in v["steps"]] == ["montecarlo:rollouts=10", "montecarlo:rollouts=20"]
        assert [s["weak"] for s in v["steps"]] == ["montecarlo:rollouts=5", "montecarlo:rollouts=10"]
        assert v["skill"] == pytest.approx(sum(s["order"] for s in v["steps"]) / 2)
        assert v["depth"]["strong"] == "greedy" and v["depth"]["weak"] == "random"
        assert v["said"].startswith(f"Skill in {name}: ") and "montecarlo" in v["said"]
        assert "greedy against random" in v["said"]
    written = write_report(comparison, tmp_path)
    assert "Skill in pagat" in written.markdown.read_text(encoding="utf-8")
    assert "Skill in russian" in written.html.read_text(encoding="utf-8")


def test_compare_without_a_trace_has_no_skill(tmp_path: Path) -> None:
    greedy = parse_spec("greedy")
    plan = Plan(100, 30, 2, 0, (greedy,) * 2, greedy, parse_spec("random"))
    comparison = run_comparison(load_tables(["russian", "pagat"]), plan, make_executor("local", 1))
    assert "skill" not in comparison.to_json()
    assert "Skill in" not in write_report(comparison, tmp_path).markdown.read_text(encoding="utf-8")
    proc = tonk("compare", "russian", "pagat", "--hands", "300", "--depth-hands", "60", "--probe-hands", "0",
                "--bots", "greedy", "--skill", "none", "--out", str(tmp_path / "cli"))
    assert proc.returncode == 0, proc.stderr
    assert "Skill in" not in proc.stdout
    assert "skill" not in json.loads((tmp_path / "cli" / "comparison.json").read_text(encoding="utf-8"))


def test_compare_cli_skill_sentences_in_russian(tmp_path: Path) -> None:
    out = tmp_path / "r"
    proc = tonk("compare", "russian", "pagat", "--hands", "300", "--depth-hands", "60", "--probe-hands", "0",
                "--skill-hands", "6", "--bots", "greedy", "--lang", "ru", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    said = [line for line in proc.stdout.replace("\n  ", " ").splitlines() if "Мастерство" in line]
    assert len(said) == 2
    for line in said:
        words = set(re.findall(r"[A-Za-z]+", line))
        assert words <= {"russian", "pagat", "montecarlo", "reckoner", "random"}, words
    data = json.loads((out / "comparison.json").read_text(encoding="utf-8"))
    assert data["skill"]["hands_per_step"] == 6
    assert data["skill"]["variants"]["pagat"]["said"].startswith("Мастерство в pagat: ")


def test_compare_cli_skill_misuse_is_refused(tmp_path: Path) -> None:
    proc = tonk("compare", "russian", "pagat", "--skill", "none", "--skill-hands", "10", "--out", str(tmp_path / "x"))
    assert proc.returncode != 0 and "--skill-hands" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "x").exists()
    proc = tonk("compare", "russian", "pagat", "--skill", "long", "--out", str(tmp_path / "y"))
    assert proc.returncode != 0 and "--skill" in proc.stderr and "Traceback" not in proc.stderr


def test_sweep_plays_a_trace_at_every_point() -> None:
    from tonk_rules.report.sweep_report import table_rows
    from tonk_rules.sim.sweep import SweepPlan, run_sweep

    greedy = parse_spec("greedy:knock=5")  # two points with russian's own rules: no tuning, two traces apart
    plan = SweepPlan("russian", (("description", ("a", "b")),), 200, 3, 3, (greedy,) * 3, skill=TINY)
    data = run_sweep(plan, make_executor("local", 1))
    assert data["skill"]["budgets"] == [10, 20]
    for point in data["points"]:
        steps = point["skill"]["steps"]
        assert [s["strong"] for s in steps] == ["montecarlo:rollouts=10", "montecarlo:rollouts=20"]
        assert sum(s["hands"] for s in steps) == 2 * 12  # 4 a seat, 3 seats
    headers, body = table_rows(data)
    assert headers[-1] == "skill (montecarlo, 10 to 20 playouts)"
    assert [row[-1] for row in body] == [f"{p['skill']['skill']:+.3f} [{p['skill']['ci95'][0]:+.3f}, "
                                         f"{p['skill']['ci95'][1]:+.3f}]" for p in data["points"]]
    plain = run_sweep(SweepPlan("russian", (("description", ("a", "b")),), 100, 3, 3, (greedy,) * 3),
                      make_executor("local", 1))
    assert "skill" not in plain and all("skill" not in p for p in plain["points"])


def test_sweep_cli_skill_hands_without_a_trace_is_refused() -> None:
    proc = tonk("sweep", "pagat", "--vary", "deal.upcard=true,false", "--hands", "100", "--skill-hands", "10")
    assert proc.returncode != 0 and "--skill-hands" in proc.stderr and "Traceback" not in proc.stderr


def _design(target: str, keep: tuple[str, ...], skill: Trace | None = TINY) -> dict:
    from tonk_rules.sim.design import run_design
    from tonk_rules.sim.design_goals import DesignPlan, parse_keep, parse_target

    greedy = parse_spec("greedy:knock=5")
    # two points whose rules are russian's own (a description changes no rule): the montecarlo seats' tuned
    # players are the built-in's, tuned already, and the two traces still play apart
    plan = DesignPlan("russian", (("description", ("a", "b")),), parse_target(target),
                      tuple(map(parse_keep, keep)), 200, 3, 1, (greedy,) * 3, skill=skill)
    return run_design(plan, make_executor("local", 1))


def test_design_bounds_skill_and_reads_each_points_trace() -> None:
    """--keep "skill >= …": every point's skill is measured, with its interval, and the bound is met, broken or
    left unsettled by that interval; a bound no point can keep leaves no winner."""
    data = _design("turns=min", ("skill>=-2",))
    assert data["skill"]["budgets"] == [10, 20]
    for point in data["points"]:
        cell = point["figures"]["skill"]
        assert cell["ci95"][0] <= cell["value"] <= cell["ci95"][1]
        assert point["constraints"]["skill >= -2"] == "met"  # an order is never below -1
    assert data["winner"] is not None
    none = _design("turns=min", ("skill>=1.5",))  # an order is never above 1
    assert none["winner"] is None
    assert all(p["constraints"]["skill >= 1.5"] == "broken" for p in none["points"])


def test_design_without_skill_plays_no_trace_and_skill_as_a_target_needs_none_given() -> None:
    from tonk_rules.sim.design_goals import DesignPlan, parse_keep, parse_target

    plain = _design("turns=min", (), skill=None)
    assert "skill" not in plain and all("skill" not in p["figures"] for p in plain["points"])
    named = DesignPlan("russian", (), parse_target("turns=min"), (parse_keep("skill>=0.1"),), 20, 3, 0, ())
    assert named.trace() is SHORT  # named in a bound: the short trace is played without being asked
    assert DesignPlan("russian", (), parse_target("skill=max"), (), 20, 3, 0, ()).trace() is SHORT
    aimed = _design("skill=max", ())
    assert aimed["target"]["figure"] == "skill" and all("skill" in p["figures"] for p in aimed["points"])
    assert aimed["recheck"] is None  # fresh deals of the main table cannot move a figure measured apart


def test_design_cli_refuses_skill_without_a_trace(tmp_path: Path) -> None:
    proc = tonk("design", "pagat", "--vary", "deal.upcard=true,false", "--target", "turns=min", "--keep",
                "skill>=0.1", "--skill", "none", "--hands", "100")
    assert proc.returncode != 0 and "--skill" in proc.stderr and "skill trace" in proc.stderr
    assert "Traceback" not in proc.stderr
