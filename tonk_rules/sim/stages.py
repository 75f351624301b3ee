"""What a command is doing while it makes you wait: one stage at a time, on stderr.

A stage (compiling the kernel, tuning the default player to a rule set, simulating) says what it does and
about how long it takes before it starts, whether or not stderr is a terminal: on a terminal as a bar that
moves and an estimate that corrects itself as the stage runs; elsewhere (a pipe, a log, CI) as one line per
stage. Estimates are of CPU time, measured on this project's machine (docs/speed.md), turned into wall
time by the share of a core this process gets: read from the load average before the stage, and from the
process's own CPU clock during it, so they hold on a busy machine too.

    >>> import io
    >>> out = io.StringIO()
    >>> with stage("compiling the kernel", 30, "once", stream=out, load=(1.0, 2)):
    ...     pass
    >>> out.getvalue()
    'tonk: compiling the kernel, about 30 s (once) ...\\n'
    >>> with stage("tuning", 30, stream=out, load=(5.0, 2)):  # six runnable processes on two cores
    ...     pass
    >>> out.getvalue().splitlines()[-1]
    'tonk: tuning, about 90 s ...'
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar

if TYPE_CHECKING:
    from tonk_rules.ruleset import Ruleset

T = TypeVar("T")

#: The widest a line on stderr may be: an 80-column terminal's.
WIDTH = 80
#: Set while several rule sets are tuned under one stage (:func:`together`): each says nothing of its own.
GROUPED: ContextVar[bool] = ContextVar("GROUPED", default=False)

#: What the rule sets being prepared are, in the caller's words (a stage names them: "the one-rule
#: changes the report probes"), set with :func:`about`.
ABOUT: ContextVar[str | None] = ContextVar("ABOUT", default=None)


@contextlib.contextmanager
def about(what: str) -> Iterator[None]:
    """While in this block, a stage that prepares a rule set names it ``what``."""
    token = ABOUT.set(what)
    try:
        yield
    finally:
        ABOUT.reset(token)


def core_share(load: tuple[float, int] | None = None) -> float:
    """The share of a core this process can expect now: the cores over the runnable processes, at most 1
    (``load``: the load average and the number of cores, for a test; else the machine's)."""
    if load is None:
        try:
            load = (os.getloadavg()[0], os.cpu_count() or 1)
        except OSError:  # no load average on this system: assume an idle machine
            return 1.0
    average, cores = load
    return min(1.0, cores / (average + 1))  # + 1: this process, about to run


def seconds(value: float) -> str:
    """A duration as a person reads it: ``40 s``, ``3 min``."""
    return f"{value:.0f} s" if value < 120 else f"{value / 60:.0f} min"


def line(what: str, tail: str = "") -> str:
    """``tonk: what`` then ``tail``, at most :data:`WIDTH` columns: ``what`` is cut (with an ellipsis)
    where the whole would not fit.

    >>> line("tuning the default player for " + "x" * 80, ", about 5 s ...")[-24:]
    'xxxxxxxx…, about 5 s ...'
    >>> len(line("tuning the default player for " + "x" * 80, ", about 5 s ..."))
    80
    """
    room = WIDTH - len("tonk: ") - len(tail)
    if len(what) > room:
        what = what[: max(0, room - 1)].rstrip() + "…"
    return f"tonk: {what}{tail}"


@contextlib.contextmanager
def stage(what: str, cpu_seconds: float, note: str = "", *, stream: TextIO | None = None,
          load: tuple[float, int] | None = None) -> Iterator[None]:
    """Say that ``what`` starts and about how long it takes (``cpu_seconds`` of CPU, as wall time at this
    machine's share of a core), and ``note``; on a terminal, a bar that follows this process's CPU clock
    until it ends, the note above it."""
    out = sys.stderr if stream is None else stream
    estimate = cpu_seconds / core_share(load)
    said = f" ({note})" if note else ""
    if not out.isatty():
        print(line(what, f", about {seconds(estimate)}{said} ..."), file=out, flush=True)
        yield
        return
    if note:  # the bar goes when the stage ends: this line keeps what was done, and why it is once only
        print(line(what, said), file=out, flush=True)
    with _bar(what, cpu_seconds, estimate, out):
        yield


@contextlib.contextmanager
def _bar(what: str, cpu_seconds: float, estimate: float, out: TextIO) -> Iterator[None]:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    start_wall, start_cpu = time.monotonic(), time.process_time()
    done = threading.Event()
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[left]}"), console=Console(file=out), transient=True) as bar:
        task = bar.add_task(what, total=1.0, left=f"about {seconds(estimate)} left")

        def follow() -> None:
            while not done.wait(0.25):
                used = time.process_time() - start_cpu
                wall = time.monotonic() - start_wall
                fraction = min(0.99, used / cpu_seconds)
                # the share of a core this stage got so far turns the CPU still to come into wall time
                share = used / wall if wall > 1 and used > 0 else cpu_seconds / estimate
                left = max(0.0, cpu_seconds - used) / max(share, 0.05)
                bar.update(task, completed=fraction,
                           left="finishing" if fraction >= 0.99 else f"about {seconds(left)} left")

        watcher = threading.Thread(target=follow, daemon=True)
        watcher.start()
        try:
            yield
        finally:
            done.set()
            watcher.join()


#: CPU seconds each stage takes, measured on this project's 2-core machine (docs/speed.md, "First runs"):
#: compiling the batch player (every compiled policy: the default player, casual, greedy, random), compiling
#: the search on top of it (montecarlo seats), tuning one rule set at one table size.
COMPILE_BATCH_CPU = 30.0
COMPILE_SEARCH_CPU = 14.0
TUNING_CPU = 2.0
_ONCE = "once"
#: Each compiled entry by the file its cache holds (:func:`tonk_rules.kernel.jit.cache_dir`).
_ENTRIES = {"batch": "policies_nb.play_batch", "search": "policies_nb.mc_choice"}


def compiled(entry: str) -> bool:
    """Whether the kernel's disk cache holds ``entry`` ("batch" or "search") compiled."""
    return compiled_file(_ENTRIES[entry])


def compiling(entry: str) -> contextlib.AbstractContextManager[None]:
    """The stage of compiling ``entry`` into the kernel's disk cache (the caller compiles in the block)."""
    if entry == "search":
        return stage("compiling the kernel's search for montecarlo seats", COMPILE_SEARCH_CPU, _ONCE)
    return stage("compiling the simulation kernel", COMPILE_BATCH_CPU, _ONCE)


def compile_batch(ruleset: Ruleset) -> None:
    """Compile the batch player now, under its stage, unless the disk cache holds it (then nothing)."""
    if compiled("batch"):
        return
    from tonk_rules.kernel.api import play_hands

    with compiling("batch"):
        play_hands(ruleset, [("random", {})] * ruleset.table_sizes()[0], 1, 1)


def tuning(who: str, ruleset: Ruleset, players: int, cache: Path, measure: Callable[[], T]) -> T:
    """``measure()``, the tuning of ``who`` to ``ruleset`` at ``players`` seats, under its stage (named by
    :func:`about`'s words, else as house rules: not shipped with tonk-rules), after the batch player it plays with
    is compiled under its own; within :func:`together`, under that one stage (nothing said here). The
    values go to the tuning cache (``cache``), which a line on stderr does not name: nothing there is for
    a person to do."""
    compile_batch(ruleset)
    if GROUPED.get():
        return measure()
    what = ABOUT.get() or "house rules"
    with stage(f"tuning {who} for {what}", TUNING_CPU, _ONCE):
        return measure()


def tuned_who(kinds: set[str] | list[str]) -> str:
    """Who is tuned, for the tuned values ``kinds`` ("greedy", "reckoner")."""
    if set(kinds) == {"greedy"}:
        return "greedy's knock threshold"
    return "the default player" if set(kinds) == {"reckoner"} else "the players"


@contextlib.contextmanager
def together(who: str, what: str, count: int) -> Iterator[None]:
    """One stage for ``count`` tunings of ``who`` to ``what`` (say "7 one-rule probes"): the tunings done in
    this block say nothing of their own."""
    token = GROUPED.set(True)
    try:
        with stage(f"tuning {who} for {what}", TUNING_CPU * count, _ONCE):
            yield
    finally:
        GROUPED.reset(token)


#: The compiled decision of each bot that decides in the kernel one move at a time (a table in the
#: terminal), by the file its cache holds; compiling one alone takes about :data:`DECISION_CPU`.
_DECISIONS = {"reckoner": "reckoner_nb.reckoner_choice", "casual": "reckoner_nb.casual_knock",
              "greedy": "policies_nb.greedy_choice", "montecarlo": "policies_nb.mc_choice"}
DECISION_CPU = 6.0


def ready_to_decide(name: str, decide_once: Callable[[], object]) -> None:
    """Before a ``name`` bot's first move at a table: compile its decision now, under its stage, by
    ``decide_once()`` (one move on a position of its own), unless the disk cache holds it (then nothing)."""
    entry = _DECISIONS.get(name)
    if entry is None or compiled_file(entry):
        return
    with stage(f"compiling the {name} player's decisions", DECISION_CPU, _ONCE):
        decide_once()


def compiled_file(entry: str) -> bool:
    """Whether the kernel's disk cache holds the compiled ``module.function`` ``entry``."""
    from tonk_rules.kernel.jit import cache_dir

    return any(cache_dir().rglob(f"{entry}-*.nbc"))
