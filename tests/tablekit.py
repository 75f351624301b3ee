"""Helpers shared by the table-tool tests: running ``tonk`` as a user does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tonk(*args: str, cwd: Path = ROOT, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``tonk ARGS`` in a fresh process; a traceback on stderr fails the test."""
    proc = subprocess.run([sys.executable, "-m", "tonk_rules", *args], capture_output=True, text=True, cwd=cwd,
                          input=stdin)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc
