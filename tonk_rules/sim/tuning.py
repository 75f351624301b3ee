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
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from tonk_rules.bots import describe
from tonk_rules.bots.specs import BotSpec
from tonk_rules.cards import value_table
from tonk_rules.kernel import search as kernel_search
from tonk_rules.kernel.seats import KERNEL_POLICIES, SeatSpec
from tonk_rules.kernel.tables import tables_of
from tonk_rules.ruleset import Ruleset, meld_masks, slots, who_pays
from tonk_rules.ruleset.params import neutral
from tonk_rules.sim import reckoner_tuning, stages, tuning_cache
from tonk_rules.sim.equilibrium import Tuned, search
from tonk_rules.sim.executors import Executor, make_executor
from tonk_rules.sim.reckoner_tuning import TunedReckoner

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
#: Every card's standard value (the 52 and the jokers): a ruleset with these keeps the digest it had before
#: deck.values existed.
STANDARD_VALUES = value_table({})


def play_digest(ruleset: Ruleset) -> str:
    """SHA-256 (16 hex digits) of the kernel's tables of ``ruleset``: equal for rules that play alike.

    The parameters enter by slot name, and only where they differ from the slot's neutral value (no value
    for an optional one, else 0), so renumbering the slots, or adding one for a new rule at the value that
    leaves play as it was, keeps every built-in's digest and so its shipped tuned values."""
    tables = tables_of(ruleset)
    params = {name: int(tables.params[slot]) for name, slot in _parameter_slots().items()
              if int(tables.params[slot]) != neutral(slot)}
    digest = hashlib.sha256(json.dumps(params, sort_keys=True).encode())
    first = np.ascontiguousarray(tables.pay[..., : who_pays.FIRST_COLUMNS])  # (a column added since: below)
    for block in (first, tables.pay_n, tables.melds[: meld_masks.M_WILD], tables.deck):
        digest.update(block.tobytes())
    if tables.pay[..., who_pays.FIRST_COLUMNS:].any():  # a payment rule added since, in use
        digest.update(np.ascontiguousarray(tables.pay[..., who_pays.FIRST_COLUMNS:]).tobytes())
    if tables.melds[meld_masks.M_WILD:].any():  # wild cards (melds.wild): the rules without them keep their digest
        digest.update(tables.melds[meld_masks.M_WILD:].tobytes())
    if tuple(tables.values.tolist()) != STANDARD_VALUES:  # house values (deck.values); standard ones leave it as it was
        digest.update(tables.values.tobytes())
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
    """Where house files' tuned values are cached (:mod:`tonk_rules.sim.tuning_cache`)."""
    return tuning_cache.cache_dir()


def checked_tuned(data: Any) -> Tuned:
    """A cached greedy entry, every value checked (:class:`ValueError` naming the first that is wrong)."""
    if not isinstance(data, dict) or not isinstance(data.get("params"), dict) \
            or not isinstance(data.get("best_deviation"), dict):
        raise ValueError("an entry must be an object with params and best_deviation")
    known = KERNEL_POLICIES["greedy"]
    params, best = data["params"], data["best_deviation"]
    if "knock" not in params or not set(params) <= {"knock", "alt_knock", "alt_share"}:
        raise ValueError("params must give knock (and at most alt_knock, alt_share)")
    for key, value in [*params.items(), ("knock", best.get("knock"))]:
        if not isinstance(value, int) or isinstance(value, bool) or not known[key].low <= value <= known[key].high:
            raise ValueError(f"{key} must be a whole number from {known[key].low} to {known[key].high}")
    gain, ci, hands = best.get("gain"), best.get("ci95"), data.get("hands")
    numbers = [gain, *(ci if isinstance(ci, list) and len(ci) == 2 else [None])]
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and -100 <= x <= 100 for x in numbers):
        raise ValueError("gain and ci95 must be numbers from -100 to 100")
    if not isinstance(hands, int) or isinstance(hands, bool) or not 0 <= hands <= 10**9:
        raise ValueError("hands must be a whole number from 0 to 10**9")
    return Tuned.from_json(data)


#: Values a rule set's bots play while its own are tuned in another process (``tonk play`` of a house file
#: plays at once on its parent's: :mod:`tonk_rules.table.house_tuning`), by ``(kind, digest, players)``, kind
#: "greedy" or "reckoner": :func:`seats_for` plays them instead of :func:`tuned` / :func:`tuned_reckoner`.
#: Empty in every other command (``tonk tune`` and the benchmarks ask :func:`tuned` itself).
STAND_INS: dict[tuple[str, str, int], Tuned | TunedReckoner] = {}


def stand_in(kind: str, ruleset: Ruleset, players: int) -> Tuned | TunedReckoner | None:
    """The values set to stand in for ``ruleset``'s own tuned ``kind`` at ``players`` seats, if any."""
    return STAND_INS.get((kind, play_digest(ruleset), players)) if STAND_INS else None


def known(kind: str, ruleset: Ruleset, players: int) -> Tuned | TunedReckoner | None:
    """The tuned values of ``kind`` ("greedy" or "reckoner") for ``ruleset`` at ``players`` seats if they
    are shipped or cached already, else None: nothing is measured (nor compiled)."""
    digest = play_digest(ruleset)
    if kind == "greedy":
        return _shipped_greedy(digest, players) or tuning_cache.peek("greedy", digest, players, checked_tuned)
    return _shipped_reckoner(digest, players) or tuning_cache.peek("reckoner", digest, players,
                                                                    TunedReckoner.from_json)


def _shipped_greedy(digest: str, players: int) -> Tuned | None:
    entry = shipped().get(f"{digest}:{players}")
    return None if entry is None else Tuned.from_json(entry)


def _shipped_reckoner(digest: str, players: int) -> TunedReckoner | None:
    entry = reckoner_tuning.shipped().get(f"{digest}:{players}")
    return None if entry is None else TunedReckoner.from_json(entry)


def kinds_tuned(specs: Sequence[BotSpec]) -> list[str]:
    """The tuned values :func:`seats_for` looks up for ``specs``: "greedy" and/or "reckoner" (a montecarlo
    seat's playouts play the tuned greedy and its model of the others the tuned reckoner)."""
    kinds: set[str] = set()
    for spec in specs:
        if spec.name == "reckoner":
            kinds.add("reckoner")
        elif spec.name == "greedy" and not KNOCK_PARAMS & spec.params.keys():
            kinds.add("greedy")
        elif spec.name == "montecarlo":
            kinds.update(("reckoner", "greedy") if "knock" not in spec.params else ("reckoner",))
    return sorted(kinds)


@functools.cache
def tuned(ruleset: Ruleset, players: int) -> Tuned:
    """The tuned greedy of ``ruleset`` at ``players`` seats: shipped, cached, or measured now (and cached)."""
    digest = play_digest(ruleset)
    if (value := _shipped_greedy(digest, players)) is not None:
        return value
    return tuning_cache.cached("greedy", digest, players, checked_tuned, lambda: stages.tuning(
        "greedy's knock threshold", ruleset, players, cache_dir(), lambda: search(ruleset, players, HOUSE_HANDS, SEED)),
        Tuned.to_json)


@functools.cache
def tuned_reckoner(ruleset: Ruleset, players: int) -> TunedReckoner:
    """The tuned reckoner of ``ruleset`` at ``players`` seats: shipped, cached, or measured now (and cached)."""
    digest = play_digest(ruleset)
    if (shipped_value := _shipped_reckoner(digest, players)) is not None:
        return shipped_value
    return tuning_cache.cached("reckoner", digest, players, TunedReckoner.from_json, lambda: stages.tuning(
        "the default player", ruleset, players, cache_dir(),
        lambda: _house_reckoner(ruleset, players)), TunedReckoner.to_json)


def _house_reckoner(ruleset: Ruleset, players: int) -> TunedReckoner:
    """A house rule set's reckoner: a quick search from the nearest built-in's values that moves only on a
    clear gain (:func:`~tonk_rules.sim.reckoner_tuning.nearest_shipped`); from the declared defaults where no
    built-in seats ``players``."""
    nearest = reckoner_tuning.nearest_shipped(ruleset, players)
    return reckoner_tuning.search(ruleset, players, reckoner_tuning.HOUSE_HANDS, SEED,
                                  start=None if nearest is None else nearest[1], clear=True)


def seats_for(ruleset: Ruleset, players: int, specs: Sequence[BotSpec]) -> list[SeatSpec]:
    """The seats ``(name, params)`` of ``specs`` at a ``players``-seat table of ``ruleset``: each spec's own
    parameters; for ``reckoner`` the tuned ones under those
    (:func:`tuned_reckoner`);
    for ``greedy`` without a knock parameter the tuned ones (:func:`tuned`); ``montecarlo``
    without a knock parameter gets the tuned greedy's knock (and patience) for its playouts (a mixture's
    second threshold is not modelled there). While values stand in for the rules' own (:data:`STAND_INS`),
    those are played."""
    seats: list[SeatSpec] = []
    for spec in specs:
        params = dict(spec.params)
        if spec.name == "reckoner":  # the default player: its tuned parameters, under any the spec gives
            params = {**_reckoner_params(ruleset, players), **params}
        elif spec.name == "greedy" and not KNOCK_PARAMS & params.keys():
            params = {**_greedy_params(ruleset, players), **params}
        elif spec.name == "montecarlo" and "knock" not in params:  # its playouts play the tuned greedy
            tuned_params = _greedy_params(ruleset, players)
            params = {**{k: tuned_params[k] for k in ("knock", "patience") if k in tuned_params}, **params}
        seats.append((spec.name, params))
    return seats


def seats_for_all(tables: Sequence[tuple[Ruleset, int, Sequence[BotSpec]]],
                  what: Callable[[list[int]], str]) -> list[list[SeatSpec]]:
    """:func:`seats_for` of each table ``(ruleset, players, specs)``; the rule sets whose values are not
    tuned yet are tuned first under one stage (:func:`~tonk_rules.sim.stages.together`), named by
    ``what(indices)`` (the indices of the tables to tune, one per rule set and table size: "7 one-rule
    probes"), so that a command says it once however many it tunes."""
    missing: dict[tuple[Ruleset, int, str], int] = {}
    for i, (ruleset, players, specs) in enumerate(tables):
        for kind in kinds_tuned(specs):
            if stand_in(kind, ruleset, players) is None and known(kind, ruleset, players) is None:
                missing.setdefault((ruleset, players, kind), i)
    if not missing:
        return [seats_for(r, p, specs) for r, p, specs in tables]
    first = min(missing.values())
    stages.compile_batch(tables[first][0])  # under its own stage, before the tuning's
    indices = sorted(set(missing.values()))
    who = stages.tuned_who({kind for _, _, kind in missing})
    with stages.together(who, what(indices), len(missing)):
        return [seats_for(r, p, specs) for r, p, specs in tables]


def _reckoner_params(ruleset: Ruleset, players: int) -> dict[str, int]:
    value = stand_in("reckoner", ruleset, players)
    return dict((value if isinstance(value, TunedReckoner) else tuned_reckoner(ruleset, players)).params)


def _greedy_params(ruleset: Ruleset, players: int) -> dict[str, int]:
    value = stand_in("greedy", ruleset, players)
    return (value if isinstance(value, Tuned) else tuned(ruleset, players)).params()


describe.resolvers.append(seats_for)  # describe_player (a floor below) describes the seats these specs become
# montecarlo's model of the other seats (the kernel, floors below) plays the tuned reckoner among its candidates
kernel_search.model_resolvers.append(
    lambda ruleset, players, seats: seats_for(ruleset, players, [BotSpec(n, dict(p)) for n, p in seats]))


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


def regenerate_reckoner(hands: int, executor: Executor, names: Sequence[str] | None = None,
                        sizes: Sequence[int] | None = None, from_shipped: bool = False,
                        keys: Sequence[str] | None = None, pairs: bool = False) -> dict[str, Any]:
    """Tune the reckoner of every built-in (or ``names``) at every size it seats (or ``sizes``); the content
    of ``tuned_reckoner.json`` (its entries for these). With ``from_shipped`` the search starts from the
    shipped values (a re-tune where the equilibrium check found a gain) instead of the declared defaults;
    ``keys``: only these parameters are searched (the others keep their starting values); with ``pairs``
    each step also tries the check's pairs of changes (:func:`~tonk_rules.sim.reckoner_tuning.search`)."""
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.variant.loader import builtin_names, load_variant

    entries: dict[str, Any] = {}
    for name in names or builtin_names():
        ruleset = compile_ruleset(load_variant(name).variant)
        for players in seatable(ruleset):
            if sizes and players not in sizes:
                continue
            say = functools.partial(_say, f"  {name} {players}p: ")
            key = f"{play_digest(ruleset)}:{players}"
            old = reckoner_tuning.earlier_values().get(key) if from_shipped else None
            start = old["params"] if old else None
            value = reckoner_tuning.search(ruleset, players, hands, SEED, executor, say=say, start=start,
                                           keys=tuple(keys or reckoner_tuning.TUNED), pairs=pairs)
            print(f"{name} at {players}: {reckoner_tuning.short(value.params)}; best change {value.best_change} "
                  f"{value.best_gain:+.4f}", file=sys.stderr, flush=True)
            entries[key] = {"variant": name, "players": players, **value.to_json()}
    return {"format": reckoner_tuning.FORMAT, "seed": SEED, "hands_per_measurement": hands, "entries": entries}


def _say(prefix: str, line: str) -> None:
    print(prefix + line, file=sys.stderr, flush=True)


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
                                     description="Measure the built-in variants' tuned players and write "
                                                 f"{DATA_FILE} (greedy) or {reckoner_tuning.DATA_FILE} (reckoner)")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--regenerate", action="store_true", help="tune and write the data file")
    action.add_argument("--rekey", action="store_true",
                        help="keep the values, recompute the keys: after a change to the kernel's tables that does "
                             "not change how any built-in plays (else regenerate)")
    parser.add_argument("--player", choices=("greedy", "reckoner"), default="greedy", help="which player's values")
    parser.add_argument("--hands", type=int, default=None, help="paired hands per measurement (default: "
                        f"{BUILTIN_HANDS} for greedy, {reckoner_tuning.BUILTIN_HANDS} for the reckoner)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--variant", action="append", default=None, help="only this built-in (repeatable; the "
                                                                       "others keep their entries)")
    parser.add_argument("--players", type=int, action="append", default=None,
                        help="only this table size (repeatable; reckoner only)")
    parser.add_argument("--from-shipped", action="store_true",
                        help="start the search from the shipped values, not the defaults (reckoner only)")
    parser.add_argument("--parameters", default=None,
                        help="only these reckoner parameters, comma-separated, are searched (the others keep the "
                             "values the search starts from; reckoner only)")
    parser.add_argument("--pairs", action="store_true",
                        help="each step also tries the equilibrium check's pairs of changes, screened on a "
                             f"1/{reckoner_tuning.PAIR_SCREEN_SHARE} share of the hands (reckoner only)")
    args = parser.parse_args(argv)
    greedy = args.player == "greedy"
    keys = None if args.parameters is None else tuple(args.parameters.split(","))
    if keys is not None and (greedy or not args.regenerate or not set(keys) <= set(reckoner_tuning.TUNED)):
        parser.error(f"--parameters is for --regenerate --player reckoner, a comma-separated list of: "
                     f"{', '.join(reckoner_tuning.TUNED)}")
    if args.from_shipped and (greedy or not args.regenerate):
        parser.error("--from-shipped is for --regenerate --player reckoner")
    if args.pairs and (greedy or not args.regenerate):
        parser.error("--pairs is for --regenerate --player reckoner")
    target = Path(__file__).with_name(DATA_FILE if greedy else reckoner_tuning.DATA_FILE)
    if args.rekey:
        data = rekey(json.loads(target.read_text(encoding="utf-8")))
    else:
        executor = make_executor("local", args.workers)
        if greedy:
            data = regenerate(args.hands or BUILTIN_HANDS, executor, args.variant)
        else:
            data = regenerate_reckoner(args.hands or reckoner_tuning.BUILTIN_HANDS, executor, args.variant,
                                       args.players, args.from_shipped, keys, args.pairs)
        if (args.variant or args.players) and target.exists():  # the entries not measured now are kept
            old = json.loads(target.read_text(encoding="utf-8"))["entries"]
            data["entries"] = {**{k: v for k, v in old.items() if k not in data["entries"]
                                  and (args.players or v["variant"] not in (args.variant or ()))},
                               **data["entries"]}
            measured = sorted({e["hands"] for e in data["entries"].values() if "hands" in e})
            if len(measured) > 1:  # entries re-tuned with other hands than the rest: each entry says its own
                data["hands_per_measurement"] = measured
    data["entries"] = dict(sorted(data["entries"].items(), key=lambda kv: (kv[1]["variant"], kv[1]["players"])))
    target.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {target} ({len(data['entries'])} entries)", file=sys.stderr)


if __name__ == "__main__":
    main()
