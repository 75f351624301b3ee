"""What compare, design and sweep say on stderr while they prepare fits an 80-column terminal (issue 39, item
3): each line at most 80 columns, naming no path (not the tuning cache's, not the home folder, not /tmp), and
one line per stage: the rule sets one command tunes are tuned under one stage, so no line is said twice. And
compare describes its players once, with only what differs per variant in a short line each."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tablekit import tonk

from tonk_rules.sim import reckoner_tuning, tuning


@pytest.fixture
def cold_tuning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty tuning cache in ``tmp_path``, so that every house rule set is tuned (on few hands: what is
    said is under test, not the values)."""
    monkeypatch.setenv("TONK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(reckoner_tuning, "HOUSE_HANDS", 100)
    monkeypatch.setattr(tuning, "HOUSE_HANDS", 100)
    tuning.tuned_reckoner.cache_clear()
    tuning.tuned.cache_clear()
    yield tmp_path
    tuning.tuned_reckoner.cache_clear()  # values tuned on 100 hands leave with this test
    tuning.tuned.cache_clear()


def _fits(stderr: str, tmp_path: Path) -> list[str]:
    lines = stderr.splitlines()
    for line in lines:
        assert len(line) <= 80, line
        for path in (str(tmp_path), "/tmp", str(Path.home()), "/root", os.getcwd()):
            assert path not in line, line
    assert len(lines) == len(set(lines)), lines
    return lines


def test_compare_says_each_stage_once_in_80_columns(cold_tuning: Path) -> None:
    proc = tonk("compare", "russian", "pagat", "-n", "200", "--depth-hands", "40", "--probe-hands", "40",
                "--check-bots", "casual", "-w", "1", "--out", "r", cwd=cold_tuning)
    assert proc.returncode == 0, proc.stderr
    lines = _fits(proc.stderr, cold_tuning)
    tuned = [line for line in lines if line.startswith("tonk: tuning")]
    assert tuned == ["tonk: tuning the default player for 7 one-rule probes, about " + tuned[0].split("about ")[1]]
    assert re.fullmatch(r"tonk: tuning .*, about \d+ (s|min) \(once\) \.\.\.", tuned[0]), tuned


def test_design_says_each_stage_once_in_80_columns(cold_tuning: Path) -> None:
    proc = tonk("design", "russian", "--vary", "deal_check.at_most=11,13", "--vary", "hitting.books=none,anyone",
                "--target", "turns=min", "-n", "200", "-w", "1", "--out", "d", cwd=cold_tuning)
    assert proc.returncode == 0, proc.stderr
    tuned = [line for line in _fits(proc.stderr, cold_tuning) if line.startswith("tonk: tuning")]
    assert len(tuned) == 1 and tuned[0].startswith("tonk: tuning the default player for 4 design points, about ")


def test_sweep_says_each_stage_once_in_80_columns(cold_tuning: Path) -> None:
    proc = tonk("sweep", "russian", "--vary", "deal_check.at_most=12,13,14", "-n", "200", "-w", "1",
                "--out", "s", cwd=cold_tuning)
    assert proc.returncode == 0, proc.stderr
    tuned = [line for line in _fits(proc.stderr, cold_tuning) if line.startswith("tonk: tuning")]
    assert len(tuned) == 1 and tuned[0].startswith("tonk: tuning the default player for "), tuned


def test_compare_describes_its_players_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    proc = tonk("compare", "pagat", "pagat-no-upcard", "pagat-spread-bonus", "pagat-must-spread", "-n", "200",
                "--depth-hands", "40", "--probe-hands", "0", "--workers", "1", "--out", "r", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    before = proc.stdout.split("FINDINGS")[0]
    words = " ".join(before.split())
    assert words.count("Knocks when the knock's expected payoff") == 1, before
    assert words.count("Discards the card worth least") == 1, before
    # what differs, per variant where the player plays otherwise: a short line or two, no whole description
    per_variant = re.findall(r"^    (pagat-[a-z-]+): (.*(?:\n      .*)*)", before, re.M)
    assert per_variant and all(len(words) < 240 for _, words in per_variant), before
    assert len(before.splitlines()) < 30, before
    # the report files keep every variant's whole sentences
    report = " ".join((tmp_path / "r" / "report.md").read_text(encoding="utf-8").split())
    assert report.count("Knocks when the knock's expected payoff") == 4  # one per variant
