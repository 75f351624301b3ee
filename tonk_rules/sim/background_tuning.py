"""Tuning a rule set's bots in a process of its own, at low priority, while this one goes on.

``tonk play`` of a house file plays at once on its parent's tuned values (:mod:`tonk_rules.table.house_tuning`)
and tunes the house rules here meanwhile, so the game never waits for the batch kernel's compile and the
tuning (tens of seconds of CPU on a first run). The child is ``python -m tonk_rules.sim.background_tuning
REF DIGEST PLAYERS KIND...``: it loads the rules from REF (a variant file or a built-in's name), refuses them
if their play digest is no longer DIGEST (the file was edited since the game began), and tunes each KIND
("greedy", "reckoner") at PLAYERS seats exactly as any command would on first use
(:func:`tonk_rules.sim.tuning.tuned`), into the tuning cache (:mod:`tonk_rules.sim.tuning_cache`), where the
parent finds the values. Its stage lines go to a log file, which the parent quotes when the child fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

#: How much lower than the game the child runs (``nice``): the person's moves and the bots' replies come first.
NICE = 10
#: Exit status of a child whose rules changed under it.
CHANGED = 3
KINDS = ("greedy", "reckoner")


@dataclass
class Background:
    """A tuning child: :meth:`finished` once it has exited, :meth:`failure` says why when it failed."""

    process: subprocess.Popen[bytes]
    log: Path
    _closed: bool = field(default=False, repr=False)

    def finished(self) -> bool:
        return self.process.poll() is not None

    def failure(self) -> str | None:
        """None if the child tuned everything; else its last line of output (or its exit status)."""
        if self.process.poll() == 0:
            return None
        try:
            lines = [line.strip() for line in self.log.read_text(encoding="utf-8", errors="replace").splitlines()]
        except OSError:
            lines = []
        said = [line for line in lines if line]
        return said[-1] if said else f"the tuning process ended with status {self.process.returncode}"

    def stop(self) -> bool:
        """End the child if it is still running (True then) and remove its log."""
        running = self.process.poll() is None
        if running:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if not self._closed:
            self._closed = True
            self.log.unlink(missing_ok=True)
        return running


def start(ref: str, digest: str, players: int, kinds: Sequence[str]) -> Background:
    """Start tuning ``kinds`` for the rules at ``ref`` (whose play digest is ``digest``) at ``players`` seats."""
    with tempfile.NamedTemporaryFile(prefix="tonk-tuning-", suffix=".log", delete=False) as log:
        path = Path(log.name)
    env = dict(os.environ)
    # the child runs this very copy of tonk-rules, whatever the current folder or the path hold
    here = str(Path(__file__).resolve().parents[2])  # the folder that holds tonk_rules/
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    with path.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-P", "-m", "tonk_rules.sim.background_tuning", ref, digest, str(players), *kinds],
            stdin=subprocess.DEVNULL, stdout=out, stderr=out, env=env)
    return Background(process, path)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 4 or not args[2].isdigit() or not set(args[3:]) <= set(KINDS):
        print("usage: python -m tonk_rules.sim.background_tuning REF DIGEST PLAYERS greedy|reckoner...",
              file=sys.stderr)
        return 2
    ref, digest, players, kinds = args[0], args[1], int(args[2]), args[3:]
    if hasattr(os, "nice"):
        os.nice(NICE)
    from tonk_rules.errors import TonkError
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.sim import stages, tuning
    from tonk_rules.variant.loader import load_variant

    try:
        ruleset = compile_ruleset(load_variant(ref).variant)
    except TonkError as exc:
        print(f"{ref} cannot be read now: {str(exc).splitlines()[0]}", file=sys.stderr)
        return CHANGED
    if tuning.play_digest(ruleset) != digest:
        print(f"{ref} was changed since the game began: its bots were not tuned", file=sys.stderr)
        return CHANGED
    with stages.about(f"the rules of {ref}"):
        for kind in kinds:
            if kind == "greedy":
                tuning.tuned(ruleset, players)
            else:
                tuning.tuned_reckoner(ruleset, players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
