"""benchmarks/bench_yardstick.py runs end to end at a tiny size: every part, whole rotations of seats, the
figures in its JSON, the same figures from the same seed. Needs the ``[openspiel]`` extra (interop tier)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")

pytestmark = pytest.mark.interop

BENCH = Path(__file__).parent.parent / "benchmarks" / "bench_yardstick.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_yardstick", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_yardstick"] = module  # the worker processes unpickle its tasks by this name
    spec.loader.exec_module(module)
    return module


def test_yardstick_runs_tiny(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    out = tmp_path / "yard.json"
    args = ["--variants", "pagat", "--sims", "3", "--hands", "2", "--cheap-hands", "4", "--players", "3",
            "--workers", "1", "--seed", "5", "--head-sims", "2", "--head-rollouts", "30", "--head-match-sims", "2",
            "--json", str(out)]
    assert bench.main(args) == 0
    data = json.loads(out.read_text())
    figures = data["figures"]
    parts = [(f["part"], f["tested"], f["table"]) for f in figures]
    assert parts == [("default", "ismcts:3", "reckoner"),
                     *(("baseline", p, "baseline") for p in ("reckoner", "montecarlo", "greedy", "random", "ismcts:3")),
                     ("head", "ismcts:2", "montecarlo:rollouts=30"), ("head", "montecarlo:rollouts=1000", "ismcts:2")]
    for f in figures:
        assert f["hands"] == f["deals"] * f["players"] > 0  # whole rotations only
        lo, hi = f["ci95"]
        assert lo <= f["mean"] <= hi
    cheap = next(f for f in figures if f["tested"] == "random")
    assert cheap["hands"] == 6  # 4 hands asked, rounded up to whole rotations of 3 seats
    assert "replay: --head-rollouts 30 --head-match-sims 2" in capsys.readouterr().out
    first = [(f["mean"], f["hands"]) for f in figures]
    assert bench.main([*args[:-1], str(tmp_path / "again.json")]) == 0
    again = json.loads((tmp_path / "again.json").read_text())["figures"]
    assert [(f["mean"], f["hands"]) for f in again] == first  # the seed fixes every hand
