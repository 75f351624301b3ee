"""The README's "At the table" walk-through, run as a game master runs it."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from tablekit import run

HOUSE = """extends: russian
title: Black Company weekend
description: our house rules
deal_check: {at_most: 13}
hitting: {books: anyone}
"""
SESSION = """# yaml-language-server: $schema=https://tonk-rules.example/schemas/session.schema.json
format: tonk-session/1
title: Black Company weekend, table 2
variant: house.yaml
currency: крона
stakes: 2
seats:
  - Костоправ
  - {name: Гоблин, player: Anna}
  - Элмо
first_dealer: Элмо
"""


def ok(*args: str, stdin: str = "") -> str:
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_game_masters_weekend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("house.yaml").write_text(HOUSE, encoding="utf-8")
    Path("table2.yaml").write_text(SESSION, encoding="utf-8")
    ok("rules", "house.yaml", "--lang", "ru", "--format", "html", "--out", "rules-ru.html")
    sheet = Path("rules-ru.html").read_text(encoding="utf-8")
    assert "13 или меньше" in sheet and sheet.count('class="differs"') == 2
    assert "Next dealer: Элмо" in ok("session", "create", "table2.sqlite", "--from", "table2.yaml")
    ledger = "table2.sqlite"
    ok("session", "record", ledger, "--hand", "Костоправ=5п 4т", "--hand", "Гоблин=3п 3т 2п Тт Тч",
       "--hand", "Элмо=7п 7ч 6б 2т 2б", "--knock", "Костоправ")
    ok("session", "record", ledger, "--hand", "Костоправ=Кп", "--hand", "Гоблин=", "--hand", "Элмо=9ч 9б",
       "--out", "Гоблин", "--no-discard", "--new-spread")
    assert "Undid hand 2" in ok("session", "undo", ledger)
    ok("session", "record", ledger, "--hand", "Костоправ=Кп", "--hand", "Гоблин=", "--hand", "Элмо=9ч 9б",
       "--out", "Гоблин")
    # a hand played in the engine by the same seats, dealt by the table's next dealer, then added
    balances = ok("session", "balances", ledger)
    assert "Next dealer: Гоблин" in balances
    played = ok("play", "house.yaml", "--players", "Костоправ,Гоблин=bot:random,Элмо=bot:random",
                "--dealer", "Гоблин", "--stake", "2", "--seed", "3", "--record", "hand.yaml",
                stdin="1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n" * 5)
    assert "=== The hand is over ===" in played
    assert "Recorded as hand 3" in ok("session", "add-played", ledger, "hand.yaml")
    ok("session", "join", ledger, "Одноглазый")
    history = ok("session", "history", ledger)
    assert history.count("\n#") + history.startswith("#") == 3 and "Одноглазый joined" in history
    ok("session", "export", ledger, "--format", "csv", "--out", "table2.csv")
    rows = list(csv.DictReader(io.StringIO(Path("table2.csv").read_text(encoding="utf-8"))))
    assert {r["hand"] for r in rows} == {"1", "2", "3"} and sum(int(r["net"]) for r in rows) == 0
    assert os.path.getsize(ledger) > 0
