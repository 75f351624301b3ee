"""The "At the table" walk-through (docs/table.md), run block by block, in order, in one folder.

A line of a shell block is run as a game master types it: `tonk ...` (in this process), `cd DIR`,
`mv A B`, `echo 'TEXT' >> FILE`, steps joined by `&&`; a line ending in `&` runs in a second terminal (a
process of its own) at the same time as the next line, and `wait` waits for it.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from tablekit import ROOT, run

from tonk_rules.ledger.session_ledger import Ledger

FENCE = re.compile(r"```(?P<lang>\w+)\n(?P<body>.*?)\n```", re.S)


def section() -> str:
    """The whole guide: every block of docs/table.md belongs to the walk-through."""
    return (ROOT / "docs" / "table.md").read_text(encoding="utf-8")


def _step(words: list[str], background: list[subprocess.Popen[str]], in_background: bool) -> None:
    if words[0] == "cd":
        os.chdir(words[1])
    elif words[0] == "mv":
        Path(words[1]).rename(words[2])
    elif words[0] == "echo":
        assert words[2] == ">>", words
        with Path(words[3]).open("a", encoding="utf-8") as file:
            file.write(words[1] + "\n")
    elif words[0] == "wait":
        for proc in background:
            out, err = proc.communicate(timeout=900)  # turns a hang into a failure; not a speed limit
            assert proc.returncode == 0 and "Recorded as hand" in out, err
        background.clear()
    elif in_background:  # the second terminal
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        background.append(subprocess.Popen([sys.executable, "-m", "tonk_rules", *words[1:]], text=True, env=env,
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    else:
        assert words[0] == "tonk", words
        # the person answers every prompt with move 1 (a knock, whenever it is allowed)
        proc = run(*words[1:], stdin="1\n" * 200)
        assert proc.returncode == 0, f"{' '.join(words)}\n{proc.stderr}"


def test_a_game_masters_weekend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "evening").mkdir()
    monkeypatch.chdir(tmp_path / "evening")
    lines = []
    for match in FENCE.finditer(section()):
        body = match.group("body")
        if match.group("lang") == "yaml":
            data = yaml.safe_load(body)
            first = next(iter(data))
            name = "house.yaml" if first != "format" else "economy.yaml" if str(data["format"]).startswith(
                "tonk-economy") else "table2.yaml"
            Path(name).write_text(body + "\n", encoding="utf-8")
        elif match.group("lang") == "sh":
            lines += [line.split("  #")[0].strip() for line in body.splitlines() if line.strip()]
    assert sum(line.startswith("tonk ") for line in lines) >= 20
    background: list[subprocess.Popen[str]] = []
    for line in lines:
        in_background = line.endswith(" &")
        for step in line.removesuffix(" &").split(" && "):
            _step(shlex.split(step), background, in_background)
    assert not background, "a second terminal was never waited for"
    assert Path.cwd().name == "saturday" and not (tmp_path / "evening").exists()
    money = run("event", "money", "vecher").stdout  # the evening's money, as the guide shows it
    assert "Банк: 2; выдано: 330; докупок: 1" in money and "Открытых расписок нет." in money
    assert "  Шёпот           38\n" in money and "  Костоправ       28\n" in money and "  Молчун          30\n" in money
    sheet = Path("rules-ru.html").read_text(encoding="utf-8")
    assert "13 или меньше" in sheet and sheet.count('class="differs"') == 2
    history = run("session", "history", "table2.sqlite").stdout
    numbers = [line.split(" ")[0] for line in history.splitlines() if line.startswith("#")]
    assert numbers == [f"#{n}" for n in range(1, 10)]
    assert "Одноглазый joined" in history and "#2 settled, dealt by Костоправ: out by discard" in history
    assert "-- Ильмо joined (undone)" in history and "undo: took back Ильмо joining the table" in history
    assert "out by spread" in history and "(undone)" in history.split("out by spread")[1].splitlines()[0]
    assert "rules changed to Black Company weekend" in history and "knocking.max_count: null -> 9" in history
    rows = list(csv.DictReader(io.StringIO(Path("table2.csv").read_text(encoding="utf-8"))))
    assert {r["hand"] for r in rows} == {"1", "2", "3"} and sum(int(r["net"]) for r in rows) == 0
    excel = Path("table2-excel.csv").read_bytes()
    assert excel.startswith(b"\xef\xbb\xbf") and excel.count(b"\n") == 1 + 3 * 3 + 6 * 4  # 3 hands at 3 seats, 6 at 4
    with Ledger.open("table2-backup.sqlite") as backup:  # taken mid-evening: the hands before it, nothing after
        assert backup.hand_count() == 7 and backup.stored_rules().variant.knocking.max_count == 9
    with Ledger.open("table2.sqlite") as led:
        hands = led.hands()
        assert all(h["dealer"] == before["next_dealer"] for before, h in zip(hands, hands[1:], strict=False))
        assert sum(led.balances().values()) == 0 and led.rules.knocking.max_count == 9
        assert hands[4]["counts"] == {"Костоправ": 12, "Гоблин": 31, "Элмо": 9, "Одноглазый": 40}
        assert hands[6]["ending"] == "deal_tonk" and hands[6]["winners"] == ["Костоправ"]
