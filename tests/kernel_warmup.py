"""The kernel compiled once for the whole run, in a process of its own while the tests that need no kernel run.

From an empty kernel cache, compiling every entry the suite calls takes about 40 s of CPU on one core. The run
of the whole suite (``tests/conftest.py``) starts :func:`start` before its workers: this process compiles
into the disk cache while the workers collect and run the test files of :data:`KERNEL_FREE` first (about
950 tests, 40 s of CPU: the engine, the files, the table, the web pages); a test of any other file (and
every doctest) waits in :func:`wait` until the compile has finished, then loads the kernel from the cache.
Without this every worker would compile the same kernel at once, and with it serially before the workers
(the run before) the second core would idle for the whole compile.

A file wrongly listed here stays correct (a kernel test that runs during the compile compiles what it
needs itself); it only costs time. ``python tests/kernel_warmup.py MARKER`` compiles and writes MARKER.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

#: The marker file's path, for the workers and for the tests' own ``tonk`` processes (inherited).
ENV = "TONK_TEST_KERNEL_WARMUP"
#: How long a test waits for the compile before it goes on (and compiles what it needs itself).
WAIT_S = 20 * 60

#: Test files that play nothing on the compiled kernel, in this process or in the ``tonk`` processes they
#: start (measured: each file run alone from an empty kernel cache compiles nothing). They run first; among them
#: the real processes (a killed server, hostile input, a killed writer), whose waits cost nothing while the
#: compile keeps a core busy.
KERNEL_FREE = frozenset(f"tests/{name}.py" for name in (
    "test_api_errors", "test_budgets", "test_cards", "test_cli", "test_core_used_both_ways", "test_diff_set_by_file",
    "test_engine_rules", "test_executors", "test_facts_once", "test_fidelity", "test_fuzz", "test_golden",
    "test_hostile_cli", "test_house_drop", "test_house_files", "test_kernel_cache", "test_layers",
    "test_ledger_names", "test_ledger_trust", "test_legal_actions", "test_malformed", "test_malformed_records",
    "test_moves_ask_legality", "test_no_string_modes", "test_nothing_uncompiled", "test_older_files",
    "test_packaging", "test_properties", "test_public_api", "test_readme", "test_records", "test_rule_words",
    "test_sheet_sentences", "test_stored_upgrade", "test_table_concurrent", "test_table_event", "test_table_events",
    "test_table_import", "test_table_ledger", "test_table_quick", "test_table_review", "test_table_settle",
    "test_table_sheets", "test_tuning_seed", "test_variants", "test_web", "test_web_gm_refusals",
    "test_web_refusals", "test_web_server", "test_yamlio"))

#: Test files that play on the kernel but mostly wait on real processes (a terminal driven by ``pexpect``, a
#: ``tonk`` process per case): they start the kernel's part of the run, so that none is left to run alone
#: at its end while the other worker idles.
WAITING = frozenset(f"tests/{name}.py" for name in (
    "test_table_play", "test_table_play_sitting", "test_table_walkthrough", "test_kernel", "test_outputs"))


def warm() -> None:
    """Compile every entry of the kernel the suite calls, so that it is in the disk cache: the compiled
    search as a bot of the reference engine first (it compiles most of what the rest shares), then tables of
    each compiled policy (the default player, casual, greedy, random, the search), the reference engine's
    bots, rollouts, and the kernel's facts of a position. With a warm cache this only loads it."""
    from tonk_rules.kernel.jit import AVAILABLE

    if not AVAILABLE:
        return
    from tonk_rules.engine.hand import Hand
    from tonk_rules.kernel.rollout import encode, rollout, state_from_hand
    from tonk_rules.kernel.rules_nb import position_facts_of
    from tonk_rules.kernel.tables import tables_of
    from tonk_rules.ruleset.compile import load_ruleset
    from tonk_rules.sim import reference
    from tonk_rules.sim.runner import play_hands

    pagat = load_ruleset("pagat")  # seats 2 to 3
    reference.play_hands(pagat, [("montecarlo", {"rollouts": 4}), ("random", {})], 1, 1)
    play_hands(pagat, [("reckoner", {}), ("casual", {}), ("greedy", {"knock": 5})], 2, 1)
    hand = Hand.shuffled(pagat, ["a", "b", "c"], 0, random.Random(1))
    rollout(pagat, state_from_hand(hand), [("greedy", {"knock": 5})] * 3, 2, 1)
    position_facts_of(encode(tables_of(pagat), state_from_hand(hand)), 0)  # called from Python by a test
    play_hands(pagat, [("random", {}), ("montecarlo", {"rollouts": 4})], 1, 1)
    reference.play_hands(pagat, [("reckoner", {}), ("casual", {}), ("greedy", {"knock": 5})], 1, 1)


def _say(marker: Path, text: str) -> None:
    """Write the marker whole (a reader sees none or all of it)."""
    partial = marker.with_suffix(".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(marker)


class Warmup:
    """The compiling process, its log and its marker (``ok``, or ``failed`` and why)."""

    def __init__(self) -> None:
        import tonk_rules

        self.folder = Path(tempfile.mkdtemp(prefix="tonk-test-kernel-"))
        self.marker, self.log = self.folder / "done", self.folder / "log"
        # the same copy of tonk_rules as this run's (its kernel cache is its own __pycache__)
        root = str(Path(tonk_rules.__file__).resolve().parent.parent)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])])}
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen([sys.executable, __file__, str(self.marker)], stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
        os.environ[ENV] = str(self.marker)
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        code = self.process.wait()
        if not self.marker.exists():  # killed, or died before it could say
            _say(self.marker, f"failed\nthe compiling process ended with exit status {code}")

    def failure(self) -> str | None:
        """Why the compile failed (the marker and the log's last lines), or None."""
        said = self.marker.read_text(encoding="utf-8") if self.marker.exists() else "ok"
        if said == "ok":
            return None
        log = self.log.read_text(encoding="utf-8", errors="replace").splitlines()[-20:]
        return "\n".join([said.removeprefix("failed\n"), *log])

    def stop(self) -> None:
        if self.process.poll() is None:  # the run ended (or was stopped) before the compile
            self.process.terminate()
            self.process.wait()


def wait() -> None:
    """Until the compile of this run has finished (at most :data:`WAIT_S`)."""
    marker = os.environ.get(ENV)
    if not marker:
        return
    deadline = time.monotonic() + WAIT_S
    while not os.path.exists(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.environ.pop(ENV)  # once is enough in this process


def main(argv: list[str]) -> int:
    marker = Path(argv[0])
    try:
        warm()
    except BaseException:
        _say(marker, "failed\n" + traceback.format_exc())
        return 1
    _say(marker, "ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
