"""What a first run says while it tunes (issue 24, item 1): off a terminal, one line per stage, and the
one-rule probes of a comparison of built-ins say that they are probes (numbered), never "rules not shipped"."""

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


def test_each_probe_tuned_says_it_is_a_one_rule_probe_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
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
    assert len(tuning_lines) == 2, tuning_lines  # the two probes; pagat's values are shipped
    for nth, line in enumerate(tuning_lines, 1):
        assert line.startswith(f"tonk: tuning the default player to one-rule probe {nth} of 2 (pagat with one rule "
                               "changed, run by the report to tell which rule makes a difference) at 3 players, "
                               "about "), line
        assert "not shipped" not in line


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
    assert [line.split(" at 3 players")[0] for line in tuning_lines] == [  # 15 is russian's own: shipped values
        "tonk: tuning the default player to the rules of russian with deal_check.at_most=14",
        "tonk: tuning the default player to the rules of russian with deal_check.at_most=16"], tuning_lines
