"""Greedy tuned to each variant and table size, and the one place where bot specs become seats.

``greedy`` with no knock parameter is the *tuned* default: its knock threshold (or a mixture of two, see
:mod:`tonk_rules.sim.equilibrium`) is chosen for the rules and the number of players, so that no fixed
``greedy:knock=K`` gains more than 0.01 stakes per hand against a table of them. ``greedy:knock=K`` stays
the fixed bot. :func:`seats_for` resolves a table's specs — every runner that turns specs into seats calls it.

Where the tuned values come from, keyed by :func:`play_digest` (a hash of exactly what the kernel plays)
and the table size:

* the built-in variants ship theirs in ``tuned_greedy.json`` beside this module, for every size from 2 to
  6 they seat; ``python -m tonk_rules.sim.tuning --regenerate [--hands N] [--workers W]`` measures them
  again (minutes per variant on one core), ``--rekey`` keeps the values under new digests after a change to
  the kernel's tables that changes no built-in's play;
* any other rule set (a house file) is tuned on first use with a small paired budget (seconds) and cached
  on disk: ``$TONK_CACHE_DIR/tuning``, else ``$XDG_CACHE_HOME`` (or ``~/.cache``) ``/tonk-rules/tuning``,
  else the system temporary directory; the cache file is named by the digest, the size and the kernel's
  source hash (:func:`tonk_rules.kernel.jit.source_hash`), so a changed kernel tunes afresh.

    >>> from tonk_rules.bots.specs import parse_specs
    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> seats = seats_for(load_ruleset("pagat"), 3, parse_specs("greedy,greedy:knock=5,random"))
    >>> seats[1:]
    [('greedy', {'knock': 5}), ('random', {})]
    >>> seats[0][1] == tuned(load_ruleset("pagat"), 3).params()
    True
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from tonk_rules.bots.specs import BotSpec
from tonk_rules.kernel.jit import AVAILABLE, source_hash
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.kernel.tables import tables_of
from tonk_rules.ruleset import Ruleset, slots
from tonk_rules.ruleset.params import neutral
from tonk_rules.sim.equilibrium import Tuned, search
from tonk_rules.sim.executors import Executor, make_executor

DATA_FILE = "tuned_greedy.json"
#: Paired hands per measurement when a house file is tuned on first use: seconds on one core, gains to about
#: ±0.02 (`tonk tune FILE --hands N` checks a house file's values more closely).
HOUSE_HANDS = 4_000
#: Paired hands per measurement for the shipped built-in values (``--regenerate``).
BUILTIN_HANDS = 60_000
#: Table sizes tuned and shipped for the built-ins.
SIZES = range(2, 7)
SEED = 1
#: The parameters that, when a spec gives any of them, make greedy the fixed bot the user asked for.
KNOCK_PARAMS = frozenset({"knock", "alt_knock", "alt_share"})


def play_digest(ruleset: Ruleset) -> str:
    """SHA-256 (16 hex digits) of the kernel's tables of ``ruleset``: equal for rules that play alike.

    The parameters enter by slot name, and only where they differ from the slot's neutral value (no value
    for an optional one, else 0), so renumbering the slots, or adding one for a new rule at the value that
    leaves play as it was, keeps every built-in's digest and so its shipped tuned values."""
    tables = tables_of(ruleset)
    params = {name: int(tables.params[slot]) for name, slot in _parameter_slots().items()
              if int(tables.params[slot]) != neutral(slot)}
    digest = hashlib.sha256(json.dumps(params, sort_keys=True).encode())
    for block in (tables.pay, tables.pay_n, tables.melds, tables.deck):
        digest.update(block.tobytes())
    return digest.hexdigest()[:16]


@functools.cache
def _parameter_slots() -> dict[str, int]:
    return {name: value for name, value in vars(slots).items() if name.startswith("R_") and isinstance(value, int)}


def seatable(ruleset: Ruleset) -> list[int]:
    """The table sizes from 2 to 6 that ``ruleset`` seats and its deck can deal."""
    return [n for n in ruleset.table_sizes() if n in SIZES]


@functools.cache
def shipped() -> dict[str, Any]:
    """The built-ins' tuned values: ``{"DIGEST:PLAYERS": {"variant", "players", "params", ...}}``."""
    text = resources.files("tonk_rules.sim").joinpath(DATA_FILE).read_text(encoding="utf-8")
    entries: dict[str, Any] = json.loads(text)["entries"]
    return entries


def cache_dir() -> Path:
    """Where house files' tuned values are cached (see the module docstring)."""
    if os.environ.get("TONK_CACHE_DIR"):
        return Path(os.environ["TONK_CACHE_DIR"]) / "tuning"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "tonk-rules" / "tuning"


def _cache_file(digest: str, players: int) -> Path:
    return cache_dir() / f"{digest}-{players}p-{source_hash() if AVAILABLE else 'none'}.json"


def _read_cache(path: Path) -> Tuned | None:
    try:
        return Tuned.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # absent or unreadable: tune again


def _write_cache(path: Path, value: Tuned) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # written whole, then renamed: a reader never sees half a file, and two writers cannot interleave
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False, encoding="utf-8") as f:
            json.dump(value.to_json(), f)
        Path(f.name).replace(path)
    except OSError:
        pass  # an unwritable cache costs a few seconds next time, nothing else


@functools.cache
def _notice() -> None:
    print(f"tonk: tuning greedy's knock threshold to rules not shipped with tonk-rules (a few seconds per rule "
          f"set and table size, once: cached in {cache_dir()})", file=sys.stderr)


@functools.cache
def tuned(ruleset: Ruleset, players: int) -> Tuned:
    """The tuned greedy of ``ruleset`` at ``players`` seats: shipped, cached, or measured now (and cached)."""
    digest = play_digest(ruleset)
    entry = shipped().get(f"{digest}:{players}")
    if entry is not None:
        return Tuned.from_json(entry)
    path = _cache_file(digest, players)
    found = _read_cache(path)
    if found is not None:
        return found
    _notice()
    value = Tuned.from_json(search(ruleset, players, HOUSE_HANDS, SEED).to_json())  # as the cache will read it
    _write_cache(path, value)
    return value


def seats_for(ruleset: Ruleset, players: int, specs: Sequence[BotSpec]) -> list[SeatSpec]:
    """The seats ``(name, params)`` of ``specs`` at a ``players``-seat table of ``ruleset``: each spec's own
    parameters, and for ``greedy`` without a knock parameter the tuned ones (:func:`tuned`); ``montecarlo``
    without a knock parameter gets the tuned greedy's knock (and patience) for its playouts (a mixture's
    second threshold is not modelled there)."""
    seats: list[SeatSpec] = []
    for spec in specs:
        params = dict(spec.params)
        if spec.name == "greedy" and not KNOCK_PARAMS & params.keys():
            params = {**tuned(ruleset, players).params(), **params}
        elif spec.name == "montecarlo" and "knock" not in params:  # its playouts play the tuned greedy
            tuned_params = tuned(ruleset, players).params()
            params = {**{k: tuned_params[k] for k in ("knock", "patience") if k in tuned_params}, **params}
        seats.append((spec.name, params))
    return seats


def regenerate(hands: int, executor: Executor, names: Sequence[str] | None = None) -> dict[str, Any]:
    """Tune every built-in (or ``names``) at every size it seats; return the data file's content."""
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.variant.loader import builtin_names, load_variant

    entries: dict[str, Any] = {}
    for name in names or builtin_names():
        ruleset = compile_ruleset(load_variant(name).variant)
        for players in seatable(ruleset):
            say = functools.partial(_say, f"  {name} {players}p: ")
            value = search(ruleset, players, hands, SEED, executor, say=say)
            print(f"{name} at {players}: {value.describe()}; best deviation knock={value.best_knock} "
                  f"{value.best_gain:+.4f}", file=sys.stderr)
            entries[f"{play_digest(ruleset)}:{players}"] = {"variant": name, "players": players, **value.to_json()}
    return {"format": "tonk-tuned-greedy/1", "seed": SEED, "hands_per_measurement": hands, "entries": entries}


def _say(prefix: str, line: str) -> None:
    print(prefix + line, file=sys.stderr)


def rekey(data: dict[str, Any]) -> dict[str, Any]:
    """The same values under the built-ins' current digests (matched by variant name and table size)."""
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.variant.loader import load_variant

    entries = {}
    for entry in data["entries"].values():
        ruleset = compile_ruleset(load_variant(entry["variant"]).variant)
        entries[f"{play_digest(ruleset)}:{entry['players']}"] = entry
    return {**data, "entries": entries}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tonk_rules.sim.tuning",
                                     description="Measure the built-in variants' tuned greedy and write " + DATA_FILE)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--regenerate", action="store_true", help="tune and write the data file")
    action.add_argument("--rekey", action="store_true",
                        help="keep the values, recompute the keys: after a change to the kernel's tables that does "
                             "not change how any built-in plays (else regenerate)")
    parser.add_argument("--hands", type=int, default=BUILTIN_HANDS, help="paired hands per measurement")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--variant", action="append", default=None, help="only this built-in (repeatable; the "
                                                                       "others keep their entries)")
    args = parser.parse_args(argv)
    target = Path(__file__).with_name(DATA_FILE)
    if args.rekey:
        data = rekey(json.loads(target.read_text(encoding="utf-8")))
    else:
        data = regenerate(args.hands, make_executor("local", args.workers), args.variant)
        if args.variant and target.exists():
            old = json.loads(target.read_text(encoding="utf-8"))["entries"]
            data["entries"] = {**{k: v for k, v in old.items() if v["variant"] not in args.variant},
                               **data["entries"]}
    data["entries"] = dict(sorted(data["entries"].items(), key=lambda kv: (kv[1]["variant"], kv[1]["players"])))
    target.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {target} ({len(data['entries'])} entries)", file=sys.stderr)


if __name__ == "__main__":
    main()
