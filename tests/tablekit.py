"""Helpers shared by the table-tool tests: running ``tonk`` as a user does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tonk(*args: str, cwd: Path = ROOT, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``tonk ARGS`` from ``cwd`` in this process (:func:`run`; a new process costs about 0.8 s of CPU);
    a traceback on stderr fails the test."""
    import os

    before = os.getcwd()
    os.chdir(cwd)
    try:
        proc = run(*args, stdin=stdin or "")
    finally:
        os.chdir(before)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``tonk ARGS`` in this process (fast), exactly as ``main`` handles errors; a traceback fails."""
    import contextlib
    import io

    from tonk_rules.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    finally:
        sys.stdin = old_stdin
    return subprocess.CompletedProcess(["tonk", *args], code, out.getvalue(), err.getvalue())
