"""A numba cache that cannot be loaded never breaks a run: a truncated file, or a FIFO where the index was,
is discarded with one line of warning and the function compiled again (the next run loads it silently).

A tiny function compiled by the kernel's own :func:`~tonk_rules.kernel.jit.njit_entry` stands in for the kernel
(whose compilation takes about a minute), cached in a folder of the test's own (``NUMBA_CACHE_DIR``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tablekit import ROOT

from tonk_rules.kernel.jit import AVAILABLE

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="numba is not installed")

TINY = "from tonk_rules.kernel.jit import njit_entry\n\n\n@njit_entry\ndef add(a, b):\n    return a + b\n"


def _run(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}", "NUMBA_CACHE_DIR": str(folder / "cache")}
    # a timeout turns a read blocked on a FIFO into a failure (it is not a speed limit)
    return subprocess.run([sys.executable, "-c", "import tiny; print(tiny.add(2, 3))"], capture_output=True,
                          text=True, env=env, timeout=300)


@pytest.fixture
def cached(tmp_path: Path) -> Path:
    (tmp_path / "tiny.py").write_text(TINY, encoding="utf-8")
    first = _run(tmp_path)
    assert first.stdout == "5\n" and first.stderr == "", first.stderr
    assert sorted(p.suffix for p in (tmp_path / "cache").rglob("*.nb*")) == [".nbc", ".nbi"]
    return tmp_path


def _files(folder: Path, suffix: str) -> list[Path]:
    return sorted((folder / "cache").rglob(f"*{suffix}"))


# each case compiles in three new processes (2.5 s of CPU, the most of any default-run case): all three run in the
# slow tier; the default run keeps the FIFO below (the same guard, jit._guarded, at half the cost)
@pytest.mark.slow
@pytest.mark.parametrize("which", [".nbi", ".nbc", "both"])
def test_a_truncated_cache_file_is_discarded_and_compiled_again(cached: Path, which: str) -> None:
    for path in (_files(cached, ".nbi") + _files(cached, ".nbc")):
        if which in ("both", path.suffix):
            data = path.read_bytes()
            path.write_bytes(data[: len(data) // 2])
    damaged = _run(cached)
    assert damaged.returncode == 0 and damaged.stdout == "5\n", damaged.stderr
    lines = damaged.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tonk: the compiled-kernel cache could not be read"), lines
    assert "discarded, compiling again" in lines[0] and "Traceback" not in damaged.stderr
    assert len(lines[0]) <= 80 and str(cached) not in lines[0]
    again = _run(cached)  # the cache was written anew: loaded without a word
    assert again.stdout == "5\n" and again.stderr == ""


def test_a_fifo_in_place_of_the_index_does_not_block(cached: Path) -> None:
    index = _files(cached, ".nbi")[0]
    index.unlink()
    os.mkfifo(index)
    run = _run(cached)
    assert run.stdout == "5\n" and run.stderr.count("\n") == 1 and "not a regular file" not in run.stdout
    assert index.is_file()  # replaced by a real index
