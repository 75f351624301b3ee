"""How long the first `tonk play` of a house file makes a person wait, from empty caches (docs/speed.md,
"First runs").

Plays ``tonk play house.yaml --players B1=bot:reckoner,B2=bot:reckoner,Ann`` in this process, with the kernel
cache (``NUMBA_CACHE_DIR``) and the tuning cache (``TONK_CACHE_DIR``) in empty temporary folders unless
``--warm`` is given, until the person is first asked for anything (their first move, or "Another hand?" when
the bots end the hand first), then leaves the table. Prints this process's CPU seconds and the wall clock
until then, the CPU the background tuning child used until it was stopped, and the load average.
``house.yaml`` extends pagat and changes ``knocking.max_count``: it has no tuned values of its own.

    python benchmarks/bench_first_play.py [--seed N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

HOUSE = "extends: pagat\ntitle: House\nknocking:\n  max_count: 20\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--keep", type=Path, default=None,
                        help="use (and keep) these cache folders: a second run with it measures a warm start")
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="tonk-first-play-"))
    root.mkdir(parents=True, exist_ok=True)
    # before anything imports numba: the caches this run starts from
    os.environ["NUMBA_CACHE_DIR"] = str(root / "numba")
    os.environ["TONK_CACHE_DIR"] = str(root / "tonk")
    house = root / "house.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    load = os.getloadavg()
    wall0 = time.monotonic()
    asked: dict[str, float] = {}

    def ask(prompt: str) -> str:
        if not asked:
            usage = resource.getrusage(resource.RUSAGE_SELF)
            asked.update(cpu=usage.ru_utime + usage.ru_stime, wall=time.monotonic() - wall0)
            asked["prompt"] = 1.0 if prompt.startswith("Your move") else 0.0
        return "quit" if prompt.startswith("Your move") else "n"

    from tonk_rules.cli.terminal_play import run_terminal_game

    notes: list[str] = []
    run_terminal_game(variant=str(house), players="B1=bot:reckoner,B2=bot:reckoner,Ann", seed=args.seed,
                      dealer=None, stakes=[], style="english", record_file=None, ledger_path=None,
                      echo=lambda _: None, misuse=ValueError, ask=ask, note=notes.append)
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    for line in notes:
        print(line, file=sys.stderr)
    what = "the person's first move" if asked.get("prompt") else "the end of the first hand (the bots ended it)"
    print(f"until {what}: {asked['cpu']:.1f} s CPU in the game's process, {asked['wall']:.1f} s wall")
    print(f"the background tuning child until it was stopped: {child.ru_utime + child.ru_stime:.1f} s CPU")
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; caches in {root}")


if __name__ == "__main__":
    main()
