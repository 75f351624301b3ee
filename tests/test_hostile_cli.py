"""Hostile input through the real `tonk` process: both malformed corpora, special files, misuse, odd paths.

Every run must end with exit status 0, 1 (invalid input) or 2 (misuse) and never print a traceback.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tonk_rules.cli import main
from tonk_rules.errors import TonkError
from tonk_rules.records import load_record
from tonk_rules.variant.loader import load_variant

ROOT = Path(__file__).resolve().parent.parent
VARIANT_CORPUS = sorted((ROOT / "tests" / "malformed").glob("*.yaml"))
RECORD_CORPUS = sorted((ROOT / "tests" / "malformed_records").glob("*.yaml"))


def tonk(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    # the timeout only turns a hang into a failure; it is not a speed figure
    proc = subprocess.run([sys.executable, "-m", "tonk_rules", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600, errors="replace")
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    assert proc.returncode in (0, 1, 2), (proc.returncode, proc.stderr)
    return proc


def expected_lines(path: Path) -> list[int]:
    text = path.read_bytes().decode("utf-8", "replace")
    return [int(n) for n in re.findall(r"^# expect (?:[\w.-]+:)?(\d+): ", text, flags=re.M)]


def test_check_goes_through_the_whole_variant_corpus_and_counts() -> None:
    proc = tonk("check", *(str(p) for p in VARIANT_CORPUS))
    assert proc.returncode == 1
    n = len(VARIANT_CORPUS)
    assert proc.stderr.splitlines()[-1] == f"{n} files: 0 valid, {n} invalid"
    for path in VARIANT_CORPUS:
        assert path.name in proc.stderr, f"nothing reported for {path.name}"


def test_check_counts_valid_and_invalid_files() -> None:
    files = [str(ROOT / "variants" / "pagat.yaml"), str(VARIANT_CORPUS[0]), str(VARIANT_CORPUS[1])]
    proc = tonk("check", *files)
    assert proc.returncode == 1
    assert "pagat.yaml: ok" in proc.stdout
    assert proc.stderr.splitlines()[-1] == "3 files: 1 valid, 2 invalid"


def test_replay_goes_through_the_whole_record_corpus_with_located_lines() -> None:
    proc = tonk("replay", *(str(p) for p in RECORD_CORPUS))
    assert proc.returncode == 1
    n = len(RECORD_CORPUS)
    assert proc.stderr.splitlines()[-1] == f"{n} files: 0 replayed, {n} invalid"
    for path in RECORD_CORPUS:
        for line in expected_lines(path):
            assert f"{path.name}:{line}:" in proc.stderr, f"{path.name}: nothing at line {line}"


def test_valid_records_still_replay() -> None:
    proc = tonk("replay", str(ROOT / "examples" / "example-1.yaml"), str(ROOT / "examples" / "example-2.yaml"))
    assert proc.returncode == 0, proc.stderr
    assert "2 files: 2 replayed, 0 invalid" in proc.stdout


@pytest.mark.parametrize("args", [["replay", "--json", "a.yaml", "b.yaml"], ["check"], ["frobnicate"],
                                  ["replay", "--cards", "klingon", "x.yaml"]])
def test_misuse_exits_2(args: list[str]) -> None:
    assert tonk(*args).returncode == 2


def test_paths_with_control_characters_and_markup_are_printed_safely(tmp_path: Path) -> None:
    name = "\x1b[2J[/bold]\nfake.yaml:1:1: ok.yaml"
    proc = tonk("check", str(tmp_path / name))
    assert proc.returncode == 1
    assert "\x1b" not in proc.stderr and "\\x1b[2J[/bold]\\nfake.yaml" in proc.stderr
    assert len(proc.stderr.splitlines()) == 2  # the problem and the count: the newline did not forge a line


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


def finishes_within(seconds: float, work: Callable[[], None]) -> BaseException | None:
    """Run ``work`` in a thread; fail if it has not finished after ``seconds`` (a hang, not a speed test)."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            work()
            outcome.append(None)
        except BaseException as exc:  # handed back to the test
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s: it blocks"
    return outcome[0]


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "symlink-loop", "directory"])
def test_special_files_are_refused_at_once(special: str, fifo: Path, tmp_path: Path) -> None:
    if special == "fifo":
        path = str(fifo)
    elif special == "symlink-loop":
        loop = tmp_path / "loop.yaml"
        loop.symlink_to(loop)
        path = str(loop)
    elif special == "directory":
        path = str(tmp_path)
    else:
        path = special
    house = tmp_path / "house.yaml"
    house.write_text(f'extends: "{path}"\n', encoding="utf-8")
    record = tmp_path / "record.yaml"
    record.write_text((ROOT / "examples" / "example-1.yaml").read_text(encoding="utf-8")
                      .replace("variant: russian", f'variant: "{house}"'), encoding="utf-8")
    for work in (lambda: load_variant(Path(path)), lambda: load_record(path), lambda: load_variant(house),
                 lambda: load_record(record)):
        error = finishes_within(2.0, work)
        assert isinstance(error, TonkError), error


def test_special_files_through_the_cli(fifo: Path, tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(f'extends: "{fifo}"\n', encoding="utf-8")
    proc = tonk("check", str(fifo), "/dev/zero", str(house))
    assert proc.returncode == 1
    assert f"{fifo}: is a FIFO (named pipe), not a variant file" in proc.stderr
    assert "/dev/zero: is a device, not a variant file" in proc.stderr
    assert "3 files: 0 valid, 3 invalid" in proc.stderr
    proc = tonk("replay", str(fifo), "/dev/zero")
    assert proc.returncode == 1
    assert f"{fifo}: is a FIFO (named pipe), not a hand record" in proc.stderr


def test_unexpected_errors_print_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    def broken(ref: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("tonk_rules.variant.loader.load_variant", broken)
    monkeypatch.delenv("TONK_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        main(["show", "pagat"])
    assert exit_info.value.code == 3
    err = capsys.readouterr().err
    assert err.startswith("tonk: internal error: RuntimeError: boom") and "Traceback" not in err
    monkeypatch.setenv("TONK_DEBUG", "1")
    with pytest.raises(RuntimeError, match="boom"):
        main(["show", "pagat"])
