"""``tonk diff``: a value a house file sets itself is said to be set by that file, not assumed."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_cli import tonk


def test_a_value_the_house_file_restates_is_set_by_this_file_not_an_assumption(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("extends: russian\ntitle: Ours\ndeal_check:\n  at_most: 15\n", encoding="utf-8")
    proc = tonk("diff", "h.yaml", "russian", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())
    assert "h.yaml vs russian: 0 values differ; 1 more is set by h.yaml itself to the same value" in text
    assert "only by assumption" not in text
    assert "(same value) set by this file (no source)" in text
    data = json.loads(tonk("diff", "h.yaml", "russian", "--format", "json", cwd=tmp_path).stdout)
    assert data["set_by_the_file_itself"] == 1 and data["agree_by_assumption"] == 0
    assert data["rows"][0]["left"]["set_by_this_file"] is True and data["rows"][0]["right"]["set_by_this_file"] is False


def test_a_changed_value_without_a_source_is_marked_as_the_files_own(tmp_path: Path) -> None:
    (tmp_path / "h.yaml").write_text("extends: russian\ndeal_check:\n  at_most: 13\n", encoding="utf-8")
    out = tonk("diff", "h.yaml", "russian", cwd=tmp_path).stdout
    assert "set by this file (no source)" in out and "no source (h.yaml)" not in out
