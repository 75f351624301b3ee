"""The "At the table" walk-through (docs/table.md), run block by block, in order, in one folder."""

from __future__ import annotations

import csv
import io
import re
import shlex
from pathlib import Path

import pytest
import yaml
from tablekit import ROOT, run

FENCE = re.compile(r"```(?P<lang>\w+)\n(?P<body>.*?)\n```", re.S)


def section() -> str:
    """The whole guide: every block of docs/table.md belongs to the walk-through."""
    return (ROOT / "docs" / "table.md").read_text(encoding="utf-8")


def test_a_game_masters_weekend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    commands = []
    for match in FENCE.finditer(section()):
        body = match.group("body")
        if match.group("lang") == "yaml":
            first = next(iter(yaml.safe_load(body)))
            Path("table2.yaml" if first == "format" else "house.yaml").write_text(body + "\n", encoding="utf-8")
        elif match.group("lang") == "sh":
            commands += [line.split("  #")[0].strip() for line in body.splitlines() if line.startswith("tonk ")]
    assert len(commands) >= 12
    for command in commands:
        # the person answers every prompt with move 1 (a knock, whenever it is allowed)
        proc = run(*shlex.split(command)[1:], stdin="1\n" * 200)
        assert proc.returncode == 0, f"{command}\n{proc.stderr}"
    sheet = Path("rules-ru.html").read_text(encoding="utf-8")
    assert "13 или меньше" in sheet and sheet.count('class="differs"') == 2
    history = run("session", "history", "table2.sqlite").stdout
    assert [line.split(" ")[0] for line in history.splitlines() if line.startswith("#")] == ["#1", "#2", "#3", "#4"]
    assert "Одноглазый joined" in history and "#2 settled, dealt by Костоправ: out by discard" in history
    rows = list(csv.DictReader(io.StringIO(Path("table2.csv").read_text(encoding="utf-8"))))
    assert {r["hand"] for r in rows} == {"1", "2", "3"} and sum(int(r["net"]) for r in rows) == 0
    balances = run("session", "balances", "table2.sqlite", "--json").stdout
    assert '"hands": 4' in balances
