"""Outputs and numbers (issue 14, item 6): a full disk or a closed pipe, counts beyond their limits, an
unreachable Ray address, and every ``--out`` checked before the work and never replacing what is not a file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tablekit import run
from tonk_rules.errors import TableInputError
from tonk_rules.limits import MAX_HANDS, MAX_ROLLOUTS
from tonk_rules.outputs import why_not_writable, why_not_writable_folder, write_atomic

FULL = Path("/dev/full")


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "night.sqlite"
    created = run("session", "create", str(path), "--variant", "pagat", "--players", "Ann,Bob", "--currency", "c")
    assert created.returncode == 0, created.stderr
    recorded = run("session", "record", str(path), "--knock", "Ann", "--hand", "Ann=2C 3C 4C",
                   "--hand", "Bob=KS QS JS 10S 9S")
    assert recorded.returncode == 0, recorded.stderr
    return path


def tonk_to(stdout: int | object, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tonk_rules", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=60)


def commands(ledger: Path, every: bool) -> list[tuple[str, ...]]:
    """The commands that write their output at once: a variant command and a ledger command (every one of
    them in the slow run: each is a new process, and they share one way of writing, outputs.py)."""
    if not every:
        return [("show", "pagat"), ("session", "export", str(ledger))]
    return [("show", "pagat"), ("rules", "russian"), ("variants",), ("diff", "russian", "pagat"), ("schema",),
            ("session", "export", str(ledger)), ("session", "history", str(ledger)),
            ("session", "balances", str(ledger))]


EVERY = [pytest.param(False, id="two"), pytest.param(True, id="every", marks=pytest.mark.slow)]


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("every", EVERY)
def test_a_full_disk_gives_one_line_and_exit_1(ledger: Path, every: bool) -> None:
    with FULL.open("w") as full:
        for args in commands(ledger, every):
            proc = tonk_to(full, *args)
            assert proc.returncode == 1, (args, proc.stderr)
            assert proc.stderr.splitlines() == ["tonk: cannot write the output: No space left on device"], args


@pytest.mark.parametrize("every", EVERY)
def test_a_closed_pipe_gives_one_line_and_exit_1(ledger: Path, every: bool) -> None:
    for args in commands(ledger, every):
        read_end, write_end = os.pipe()
        os.close(read_end)  # the reader is gone before tonk writes a byte (`| head -0`)
        try:
            proc = tonk_to(write_end, *args)
        finally:
            os.close(write_end)
        assert proc.returncode == 1, (args, proc.stderr)
        assert proc.stderr.splitlines() == ["tonk: cannot write the output: the reader closed the pipe"], args


@pytest.mark.parametrize(("args", "limit"), [
    (("simulate", "pagat", "--hands", str(10**18)), f"1<=x<={MAX_HANDS}"),
    (("compare", "pagat", "russian", "--hands", str(10**18)), f"1<=x<={MAX_HANDS}"),
    (("compare", "pagat", "russian", "--depth-hands", str(10**18)), f"1<=x<={MAX_HANDS}"),
    (("simulate", "pagat", "--budget", str(10**18), "--bots", "montecarlo"), f"1<=x<={MAX_ROLLOUTS}"),
    (("simulate", "pagat", "--seed", str(2**64)), "0<=x<=18446744073709551615"),
    (("simulate", "pagat", "--workers", str(10**9)), "1<=x<=1024"),
    (("odds", "pagat", "--players", str(10**18)), "1<=x<=52"),
])
def test_counts_above_their_stated_limit_are_refused_at_once(args: tuple[str, ...], limit: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert limit in proc.stderr
    option = next(a for a in args if a.startswith("--"))
    assert limit in " ".join(run(args[0], "--help").stdout.split()), f"{option}'s limit is not in --help"


def test_the_api_refuses_too_many_hands_too() -> None:
    from tonk_rules import load_ruleset
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.errors import SimulationError
    from tonk_rules.sim.executors import make_executor
    from tonk_rules.sim.simulate import Job, run_jobs

    job = Job("pagat", load_ruleset("pagat"), tuple(parse_specs("greedy,greedy")), 10**18, 1)
    with pytest.raises(SimulationError, match="from 1 to 100,000,000"):
        run_jobs([job], make_executor("local", workers=1))


# each starts a process that imports Ray (about 1 s of CPU, 2 s of wall): a refused connection, a name that does
# not resolve and an address without a port, all in the slow tier (Ray is an optional extra; .ci/run runs them)
@pytest.mark.slow
@pytest.mark.parametrize("address", ["bogus:1", "127.0.0.1:1", "no-port"])
def test_an_unreachable_ray_address_is_refused(address: str) -> None:
    pytest.importorskip("ray", reason="Ray is the ray extra: pip install '.[ray]'")
    proc = tonk_to(subprocess.PIPE, "simulate", "pagat", "--hands", "10", "--executor", "ray", "--address", address)
    assert proc.returncode == 1
    assert f"cannot reach Ray at {address}" in proc.stderr
    assert "internal error" not in proc.stderr


def test_compare_refuses_an_existing_report_before_simulating(tmp_path: Path) -> None:
    out = tmp_path / "report"
    out.mkdir()
    (out / "report.md").write_text("mine\n", encoding="utf-8")
    proc = run("compare", "pagat", "russian", "--out", str(out))
    assert proc.returncode == 2 and "report.md: already exists; give --force" in proc.stderr
    assert (out / "report.md").read_text(encoding="utf-8") == "mine\n"
    assert proc.stdout == ""  # nothing was simulated


def test_compare_refuses_an_unwritable_folder_before_simulating() -> None:
    proc = run("compare", "pagat", "russian", "--out", "/proc/rep")
    assert proc.returncode == 2 and "/proc/rep" in proc.stderr and proc.stdout == ""


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
def test_force_never_replaces_what_is_not_a_regular_file(tmp_path: Path) -> None:
    device_link = tmp_path / "report.md"
    device_link.symlink_to("/dev/null")
    folder_link = tmp_path / "sheet.md"
    folder_link.symlink_to(tmp_path)
    proc = run("rules", "pagat", "--out", "/dev/null", "--force")
    assert proc.returncode == 2 and "/dev/null: is a device; --force replaces only a regular file" in proc.stderr
    proc = run("rules", "pagat", "--out", str(folder_link), "--force")
    assert proc.returncode == 2 and ("is a folder" in proc.stderr or "is a directory" in proc.stderr)
    proc = run("session", "export", str(tmp_path / "none.sqlite"), "--out", str(device_link), "--force")
    assert proc.returncode == 2 and "is a device" in proc.stderr
    proc = run("compare", "pagat", "russian", "--out", str(tmp_path), "--force")
    assert proc.returncode == 2 and "is a device" in proc.stderr
    assert device_link.is_symlink() and os.readlink(device_link) == "/dev/null"


def test_force_replaces_a_regular_file_and_only_with_force(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.md"
    sheet.write_text("old\n", encoding="utf-8")
    proc = run("rules", "pagat", "--out", str(sheet))
    assert proc.returncode == 2 and "already exists; give --force" in proc.stderr
    assert sheet.read_text(encoding="utf-8") == "old\n"
    assert run("rules", "pagat", "--out", str(sheet), "--force").returncode == 0
    assert "Pagat" in sheet.read_text(encoding="utf-8")


def test_the_output_checks_in_one_module(tmp_path: Path) -> None:
    assert why_not_writable_folder(tmp_path / "new" / "deeper", ["a.md"], force=False) is None
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert "is not a folder" in (why_not_writable_folder(tmp_path / "file", ["a.md"], force=True) or "")
    assert "is a folder" in (why_not_writable(tmp_path, force=True) or "")
    target = tmp_path / "swapped"
    target.mkdir()  # a folder appeared where the file was checked: the write refuses it
    with pytest.raises(TableInputError, match="is a folder"):
        write_atomic(target, "text")
