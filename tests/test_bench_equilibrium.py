"""benchmarks/bench_equilibrium.py at a tiny size: the outside players' lines under each table's line, their
figures in the table's JSON line, --outside-only, and a bad outside player refused."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).parent.parent / "benchmarks" / "bench_equilibrium.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_equilibrium", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_equilibrium"] = module
    spec.loader.exec_module(module)
    return module


def test_the_outside_player_is_measured_under_its_tables_line_and_in_its_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    _bench().main(["--variant", "classic-pc", "--screen-hands", "60", "--recheck-hands", "120",
                   "--settle-hands", "0", "--no-pairs", "--outside-hands", "300", "--json"])
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert "outside players baseline over 300 paired hands (seed 6)" in lines[0]
    table = next(i for i, line in enumerate(lines) if line.startswith("classic-pc         2  "))
    assert lines[table + 1].startswith("classic-pc         2 outside baseline ")
    assert "cleared" in lines[table + 1] and "over 300 paired hands" in lines[table + 1]
    [record] = [json.loads(line) for line in captured.err.splitlines() if line.startswith("{")]
    mean, low, high, verdict, hands = record["outside"]["baseline"]
    assert low < mean < high < 0 and verdict == "cleared" and hands == 300
    assert "casual" in record["screen"]  # the family's figures stay beside it


def test_outside_only_skips_the_family_and_none_leaves_the_output_as_it_was(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    bench.main(["--variant", "classic-pc", "--outside-only", "--outside-hands", "200", "--json"])
    captured = capsys.readouterr()
    [record] = [json.loads(line) for line in captured.err.splitlines() if line.startswith("{")]
    assert set(record) == {"variant", "players", "params", "outside"} and record["outside"]["baseline"][4] == 200
    assert "the family's stages skipped" in captured.out and "best greedy" not in captured.out
    bench.main(["--variant", "classic-pc", "--screen-hands", "60", "--recheck-hands", "120", "--settle-hands", "0",
                "--no-pairs", "--outside", "", "--json"])
    captured = capsys.readouterr()
    assert " outside " not in captured.out and "outside players" not in captured.out
    assert "outside" not in json.loads(captured.err.splitlines()[-1])


@pytest.mark.parametrize(("args", "message"), [
    (["--outside", "baselin"], "unknown outside player 'baselin'; outside players: baseline"),
    (["--outside", "", "--outside-only"], "--outside-only needs at least one player"),
    (["--outside-hands", "0"], "--outside-hands must be 1 or more"),
])
def test_a_bad_outside_option_is_refused_with_one_message(args: list[str], message: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        _bench().main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
