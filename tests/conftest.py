"""Shared helpers: hands with a chosen deal, and variants written on the fly; and, before the test workers
start, the run's own tuning cache with the seed in it and the compiled kernel built once, while the tests that
need no kernel run (:func:`pytest_configure`)."""

from __future__ import annotations

import atexit
import os
import random
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import budgets
import kernel_warmup  # tests/ is on sys.path, as for tablekit
import pytest
import tuning_seed
from hypothesis import is_hypothesis_test, settings

from tonk_rules.engine.actions import Action, Knock, parse_action
from tonk_rules.engine.hand import Hand
from tonk_rules.records import parse_record

# The tests' kernel is compiled at numba's optimisation level 1 (44 s of CPU from an empty cache against 60 s at
# the default 3, measured with tests/kernel_warmup.py; the tests play few hands, so the slower machine code
# costs them less than the compile saves). Set here, before numba is first imported in this process, and
# inherited by the workers, the compile of the run and the `tonk` processes the tests start. The kernel's
# cache directory names the level (tonk_rules.kernel.jit.opt_suffix), so a person's cache never holds this
# build. An explicit NUMBA_OPT still decides (.ci/run runs the slow tier at the default level, the shipped build).
if "numba" not in sys.modules:
    os.environ.setdefault("NUMBA_OPT", "1")

# No hypothesis deadline anywhere: a deadline times the machine, and the suite runs on shared, loaded ones.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")

#: The run's own tuning cache and the seed's keys planted in it (:func:`pytest_configure`).
_TUNING = pytest.StashKey[tuple[Path, set[str]]]()
#: The run's compile of the kernel, when it started one (:func:`pytest_configure`).
_WARMUP = pytest.StashKey[kernel_warmup.Warmup]()

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def _whole_suite(config: pytest.Config) -> bool:
    """The run names no test file or folder: it is the suite (or a tier of it, ``-m slow``)."""
    return config.args_source is pytest.Config.ArgsSource.TESTPATHS


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n logical`` (addopts) spreads the whole suite over one worker per CPU; a run of chosen files stays
    in one process (starting workers would cost more than it saves, on a machine shared with others).
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` or an explicit ``-n N`` still decide."""
    if _whole_suite(config) or os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own count
    return 0


def pytest_configure(config: pytest.Config) -> None:
    """Before the workers start (``-n``, pytest-xdist), the controller gives the run a tuning cache of its
    own with the seed planted in it (:mod:`tuning_seed`: the workers and the ``tonk`` processes the tests
    start inherit ``TONK_CACHE_DIR``), and, for a run of the whole suite, starts compiling the kernel once in
    a process of its own (:mod:`kernel_warmup`): else every worker would compile the same kernel at the same
    time. A chosen test file does not wait for a kernel it may not need; from a warm cache the compiling
    process only loads it. While it compiles, the workers run a notch below it (``nice`` 5): the compile
    keeps a core of its own, the workers share the other, and neither waits for it idle. A property budget
    the tests cannot read (:mod:`budgets`) stops the run before anything runs."""
    if why := budgets.why_not_setting():
        raise pytest.UsageError(why)
    if hasattr(config, "workerinput"):
        if os.environ.get(kernel_warmup.ENV):
            os.nice(5)
        return
    config.stash[_TUNING] = tuning_seed.plant()  # first: the compiling process inherits TONK_CACHE_DIR too
    if _whole_suite(config):
        # The compile is the run's longest path: it starts at once. Whether the cache is warm is the compiling
        # process's question (a warm cache loads there in about a second), so this process does not import
        # numba to ask (a second of the path before the workers start).
        config.stash[_WARMUP] = kernel_warmup.Warmup()


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects: ``-m property`` must see the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each hypothesis test is marked ``property`` (:mod:`budgets`: ``TONK_FULL_BUDGET=1 python -m pytest -m
    property`` runs them all at their full budget). While the kernel compiles, the files that need none go
    first (in their order; the rest in theirs), and of the rest those that mostly wait on a real process
    (:data:`kernel_warmup.WAITING`) lead: last, such a test kept one worker busy for seconds after the other
    had finished (measured: 3 s of a 93 s run)."""
    for item in items:
        if is_hypothesis_test(getattr(item, "obj", None)):
            item.add_marker(pytest.mark.property)
    if os.environ.get(kernel_warmup.ENV):
        items.sort(key=lambda item: (not _kernel_free(item), _file(item) not in kernel_warmup.WAITING))


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test that may play on the kernel waits for the run's compile (:mod:`kernel_warmup`)."""
    if os.environ.get(kernel_warmup.ENV) and not _kernel_free(item):
        kernel_warmup.wait()


def _file(item: pytest.Item) -> str:
    return item.nodeid.split("::")[0]


def _kernel_free(item: pytest.Item) -> bool:
    return _file(item) in kernel_warmup.KERNEL_FREE


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """Say what the run tuned that the seed lacks (a test that plays a new house rule set: each costs seconds
    in every fresh clone's run); ``python tests/tuning_seed.py`` writes the seed from what a run tunes."""
    if _WARMUP in config.stash and (why := config.stash[_WARMUP].failure()):
        terminalreporter.write_line(f"the kernel's compile before the tests failed:\n{why}", red=True)
    if _TUNING not in config.stash:
        return
    folder, planted = config.stash[_TUNING]
    if os.environ.get(tuning_seed.WRITE_ENV):
        entries = tuning_seed.found(folder)
        tuning_seed.write_seed(entries)
        terminalreporter.write_line(f"tuning seed: {len(entries)} entries written to {tuning_seed.SEED}")
        return
    missing = tuning_seed.unseeded(folder, planted)
    if missing:
        terminalreporter.write_line(
            f"tuning seed: this run tuned {len(missing)} rule set(s) that {tuning_seed.SEED.name} lacks "
            f"({', '.join(missing[:3])}{', …' if len(missing) > 3 else ''}); `python tests/tuning_seed.py` "
            "writes the seed again", yellow=True)


def pytest_unconfigure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):
        atexit.register(_end_worker)  # registered last: runs first
        return
    if _WARMUP in config.stash:
        config.stash[_WARMUP].stop()
        shutil.rmtree(config.stash[_WARMUP].folder, ignore_errors=True)
    if _TUNING in config.stash:
        shutil.rmtree(config.stash[_TUNING][0], ignore_errors=True)


def _end_worker() -> None:
    """A worker's end, once pytest has finished in it and its results are with the controller: every other
    exit function runs (temporary folders, child processes, logging), the output is flushed, and the process
    ends without tearing down its heap (numba's, hypothesis', every module's): that teardown took 2.5 s of the
    run's wall clock, measured, while the controller waited for both workers with the cores idle."""
    atexit.unregister(_end_worker)
    atexit._run_exitfuncs()  # the others, each once, as at a normal exit
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def make_hand(variant: str, hands: list[str], upcard: str | None = None, stock: str = "",
              stakes: int | dict[str, int] = 1, base: Path = Path(".")) -> Hand:
    """A hand dealt as given; the last player deals, so the first plays first."""
    players = NAMES[: len(hands)]
    deal: dict[str, object] = {"hands": dict(zip(players, hands, strict=True)), "stock": stock}
    if upcard is not None:
        deal["upcard"] = upcard
    record = parse_record({"format": "tonk-hand/1", "variant": variant, "players": players,
                           "dealer": players[-1], "stakes": stakes, "deal": deal, "actions": []}, base)
    return record.new_hand()


def play(hand: Hand, *actions: str) -> Hand:
    for text in actions:
        hand.apply(parse_action(text))
    return hand


@pytest.fixture
def variant_file(tmp_path: Path) -> Callable[[str], str]:
    """Write a small variant file and return its path."""
    counter = iter(range(1000))

    def write(text: str) -> str:
        path = tmp_path / f"v{next(counter)}.yaml"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def choose(hand: Hand, rng: random.Random) -> Action:
    """A random legal action that rarely knocks, so hands reach spreads, hits and the empty stock."""
    actions = hand.legal_actions()
    others = [a for a in actions if not isinstance(a, Knock)]
    if not others or rng.random() < 0.03:
        return rng.choice(actions)
    return rng.choice(others)
