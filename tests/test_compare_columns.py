"""A compare of several variants at 80 columns: columns headed by the variants' titles, the figures and the
differences in tables of their own, the significance marks once; one rule is one row of "Rules that differ"."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import tonk

from tonk_rules.report.rule_changes import rule_changes
from tonk_rules.variant.loader import load_variant


def test_four_variants_read_at_80_columns_under_their_titles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    # in this process (a new one costs a second of CPU); a relative --out: the files' paths are printed, and a
    # path is not wrapped
    proc = tonk("compare", "pagat", "pagat-no-upcard", "pagat-spread-bonus", "pagat-must-spread", "-n", "400",
                "--depth-hands", "40", "--probe-hands", "0", "--workers", "1", "--out", "r", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    heads = " ".join(" ".join(line.replace("┃", " ").split()) for line in lines)
    assert "[1] Pagat / common" in heads and "[2] Pagat, no" in heads  # numbered columns under their titles
    assert "A≠" not in proc.stdout and "(A)" not in proc.stdout  # no letters standing in for the variants
    figures_end = next(i for i, line in enumerate(lines) if "Each later variant minus [1] pagat" in line)
    assert not any("− [1]" in line for line in lines[:figures_end])  # the figures, then the differences
    assert "[4] − [1]" in "\n".join(lines[figures_end:])


def test_must_spread_is_one_row_of_rules_that_differ() -> None:
    [change] = rule_changes(load_variant("pagat"), load_variant("pagat-must-spread"))
    assert change.keys == ("spreading.must_spread", "spreading.may_hold_books")
    assert change.left.startswith("You may keep books") and change.right.startswith("You must lay every book")
