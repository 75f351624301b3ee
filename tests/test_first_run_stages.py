"""What a first run says while it tunes (issue 24, item 1; issue 39, item 3): off a terminal, one line per
stage, at most 80 columns, no path; the one-rule probes of a comparison of built-ins are tuned under one stage
that says they are probes, never "rules not shipped"."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tonk_rules.bots.specs import BotSpec
from tonk_rules.ruleset.compile import load_ruleset
from tonk_rules.sim import reckoner_tuning, stages, tuning
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.paired_run import PairedJob
from tonk_rules.sim.progress import run_with_feedback
from tonk_rules.table.table_setup import ruleset_for


def test_the_probes_tuned_say_they_are_one_rule_probes_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(reckoner_tuning, "HOUSE_HANDS", 100)  # what is said is under test, not the values
    probes = []
    for n, change in enumerate(("knocking:\n  max_count: 20\n", "knocking:\n  max_count: 25\n")):
        house = tmp_path / f"probe{n}.yaml"
        house.write_text(f"extends: pagat\n{change}", encoding="utf-8")
        probes.append(ruleset_for(str(house)))
    pagat = load_ruleset("pagat")
    job = PairedJob("pagat one rule at a time", (pagat, *probes, pagat), (BotSpec("reckoner", {}),) * 3, 10, 1, ())
    tuning.tuned_reckoner.cache_clear()  # equal rules tuned by another test stay in memory, not in this cache
    run_with_feedback([job], make_executor("local", 1), run=lambda jobs, executor: [])
    tuning.tuned_reckoner.cache_clear()  # values tuned on 100 hands leave with this test
    tuning_lines = [line for line in capsys.readouterr().err.splitlines() if "tuning" in line]
    assert len(tuning_lines) == 1, tuning_lines  # the two probes, in one stage; pagat's values are shipped
    assert tuning_lines[0].startswith("tonk: tuning the default player for 2 one-rule probes, about "), tuning_lines
    assert len(tuning_lines[0]) <= 80 and str(tmp_path) not in tuning_lines[0]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_a_stage_keeps_one_line_saying_what_it_did_when_its_bar_goes() -> None:
    out = _Terminal()
    with stages.stage("compiling the reckoner player's decisions", 0.01, "once: later runs load it", stream=out):
        pass
    lines = [line for line in out.getvalue().splitlines() if line.startswith("tonk:")]
    assert lines == ["tonk: compiling the reckoner player's decisions (once: later runs load it)"]


def test_each_sweep_point_tuned_is_named_by_its_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from tonk_rules.sim.sweep import SweepPlan, run_sweep

    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(reckoner_tuning, "HOUSE_HANDS", 100)  # what is said is under test, not the values
    jobs: list[PairedJob] = []

    class Played(Exception):
        pass

    def keep(played: list[PairedJob], executor: object) -> list[object]:
        jobs.extend(played)
        raise Played

    plan = SweepPlan("russian", (("deal_check.at_most", (14, 15, 16)),), 10, 3, 1, (BotSpec("reckoner", {}),) * 3)
    with pytest.raises(Played):
        run_sweep(plan, make_executor("local", 1), keep)  # type: ignore[arg-type]
    tuning.tuned_reckoner.cache_clear()
    run_with_feedback(jobs, make_executor("local", 1), run=lambda jobs, executor: [])
    tuning.tuned_reckoner.cache_clear()
    tuning_lines = [line for line in capsys.readouterr().err.splitlines() if "tuning" in line]
    # 15 is russian's own: shipped values; 14 and 16 in one stage
    assert [line.split(", about")[0] for line in tuning_lines] == [
        "tonk: tuning the default player for 2 sweep points"], tuning_lines


def test_one_sweep_point_tuned_is_named_by_its_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from tonk_rules.sim.sweep import SweepPlan, run_sweep

    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(reckoner_tuning, "HOUSE_HANDS", 100)
    jobs: list[PairedJob] = []

    class Played(Exception):
        pass

    def keep(played: list[PairedJob], executor: object) -> list[object]:
        jobs.extend(played)
        raise Played

    plan = SweepPlan("russian", (("deal_check.at_most", (14, 15)),), 10, 3, 1, (BotSpec("reckoner", {}),) * 3)
    with pytest.raises(Played):
        run_sweep(plan, make_executor("local", 1), keep)  # type: ignore[arg-type]
    tuning.tuned_reckoner.cache_clear()
    run_with_feedback(jobs, make_executor("local", 1), run=lambda jobs, executor: [])
    tuning.tuned_reckoner.cache_clear()
    tuning_lines = [line for line in capsys.readouterr().err.splitlines() if "tuning" in line]
    assert [line.split(", about")[0] for line in tuning_lines] == [
        "tonk: tuning the default player for deal_check.at_most=14"], tuning_lines
