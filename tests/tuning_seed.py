"""The tuning seed: the tuned values of every house rule set the default run simulates, planted in the run's
own tuning cache before any test starts, so that a fresh clone does not spend minutes tuning them.

Tuning a rule set that is not a built-in takes 1–8 s of CPU (:mod:`tonk_rules.sim.reckoner_tuning`), and the
default run plays about seventy of them (one-rule probes of ``compare``, sweep and design points, house files):
about 90 s of CPU from an empty cache, more than half the run. None of those tests asserts what the tuning
finds; the tests of tuning itself (``test_tuning*.py``, ``test_play_house_tuning.py``,
``test_first_run_stages.py``) point ``TONK_CACHE_DIR`` at folders of their own and tune there.

How: :func:`plant` (called by ``tests/conftest.py`` before the workers start) makes a fresh cache folder for
the run, points ``TONK_CACHE_DIR`` at it (the workers and every ``tonk`` the tests start inherit it, so the
person's own cache is neither read nor written by the tests) and writes each entry of ``tuning_seed.json``
into it under the running kernel's name (:func:`tonk_rules.sim.tuning_cache.cache_file`): an entry is keyed by
what it tuned, the rules' play digest and the table size, not by the kernel's source hash, so a change to the
kernel's code does not throw the seed away (values tuned by an earlier kernel are good enough for tests that
do not assert them). At the end of the run :func:`unseeded` names what was tuned that the seed lacks, and the
run says so in its summary.

``python tests/tuning_seed.py`` writes the seed again: it runs the default run and the slow tier (``-m "not
browser"``) with an empty seed and keeps every entry the run's cache then holds (several minutes on two cores).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SEED = Path(__file__).with_name("tuning_seed.json")
FORMAT = "tonk-tuning-seed/1"
#: Set to this by :func:`main`: the run plants nothing and writes the seed from what it tuned.
WRITE_ENV = "TONK_TUNING_SEED_WRITE"
#: A cache entry's file name: ``[KIND-]DIGEST-Np-SOURCEHASH.json`` (greedy's have no kind prefix).
_ENTRY = re.compile(r"^(?:(?P<kind>[a-z]+)-)?(?P<digest>[0-9a-f]{16})-(?P<players>[0-9]+)p-[0-9a-z]+\.json$")


def _parse(kind: str, data: Any) -> None:
    """Raise ValueError/KeyError/TypeError unless ``data`` is a good entry of ``kind`` (as the cache reads it)."""
    from tonk_rules.sim.reckoner_tuning import TunedReckoner
    from tonk_rules.sim.tuning import checked_tuned

    if kind == "reckoner":
        TunedReckoner.from_json(data)
    elif kind == "greedy":
        checked_tuned(data)
    else:
        raise ValueError(f"unknown kind {kind!r}")


def _key(kind: str, digest: str, players: int) -> str:
    return f"{kind}:{digest}:{players}"


def read_seed(path: Path = SEED, check: bool = False) -> dict[str, Any]:
    """The seed's entries ``{"KIND:DIGEST:PLAYERS": entry}`` (with ``check``, each checked as the cache would
    check it: the cache checks them anyway when it reads them)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a {FORMAT} file")
    entries: dict[str, Any] = data["entries"]
    for key, entry in entries.items() if check else ():
        _parse(key.split(":")[0], entry)
    return entries


def plant(path: Path = SEED) -> tuple[Path, set[str]]:
    """A fresh tuning cache for this run, ``TONK_CACHE_DIR`` pointed at it, and the seed written into it
    (nothing when :data:`WRITE_ENV` is set): the folder and the keys planted."""
    from tonk_rules.sim import tuning_cache

    folder = Path(tempfile.mkdtemp(prefix="tonk-test-cache-"))
    os.environ["TONK_CACHE_DIR"] = str(folder)
    entries = {} if os.environ.get(WRITE_ENV) else read_seed(path)
    for key, entry in entries.items():
        kind, digest, players = key.split(":")
        tuning_cache.write_entry(tuning_cache.cache_file(kind, digest, int(players)), entry)
    return folder, set(entries)


def found(folder: Path) -> dict[str, Any]:
    """Every good entry in the run's cache ``folder``, keyed as the seed keys them."""
    entries: dict[str, Any] = {}
    for file in sorted((folder / "tuning").glob("*.json")):
        match = _ENTRY.match(file.name)
        if not match:
            continue
        kind = match["kind"] or "greedy"
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
            _parse(kind, data)
        except (OSError, ValueError, KeyError, TypeError):
            continue
        entries[_key(kind, match["digest"], int(match["players"]))] = data
    return entries


def unseeded(folder: Path, planted: set[str]) -> list[str]:
    """The entries the run tuned that the seed did not hold."""
    return sorted(set(found(folder)) - planted)


def write_seed(entries: dict[str, Any], path: Path = SEED) -> None:
    """The seed file, one entry a line (a diff shows which rule sets came and went)."""
    lines = [f"  {json.dumps(key)}: {json.dumps(entries[key], sort_keys=True)}" for key in sorted(entries)]
    path.write_text(f'{{"format": "{FORMAT}", "entries": {{\n' + ",\n".join(lines) + "\n}}\n", encoding="utf-8")


def main() -> int:
    """Run both tiers with an empty seed; the run's summary hook writes the seed from what they tuned."""
    root = SEED.parent.parent
    env = {**os.environ, WRITE_ENV: "1"}
    return subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not browser"],
                           cwd=root, env=env)


if __name__ == "__main__":
    sys.exit(main())
