"""The reckoner's parameters tuned to each variant and table size: shipped, cached, or measured now.

``reckoner`` (the default player, :mod:`tonk_rules.bots.reckoner`) plays parameters tuned for the rules and
the number of players by :func:`search`: iterated best response over its parameter family on the compiled
kernel, with paired deals (:func:`tonk_rules.sim.deviation.seat_gains`). Each step measures every value of
every parameter in :data:`GRID` as a one-seat deviation against a table of the current default, and moves
the default to the single change that gains most, until none gains more than :data:`TOLERANCE` stakes per
hand (or :data:`MAX_STEPS` steps). With ``pairs`` a step also tries the pairs of changes the equilibrium check
tries (:func:`pair_changes`): each screened on a share of the hands, the best few measured beside the single
changes, and the step takes the best single-or-pair change (a pair can gain where neither of its changes
does alone). ``benchmarks/bench_equilibrium.py`` then checks the result against a wider family (pairs of
changes, every greedy threshold, random, casual).

Where the values come from (:func:`tonk_rules.sim.tuning.tuned_reckoner`), keyed by
:func:`~tonk_rules.sim.tuning.play_digest` and the table size: the
built-ins ship theirs in ``tuned_reckoner.json`` (``python -m tonk_rules.sim.tuning --regenerate --player
reckoner`` measures them again); any other rule set is tuned on first use with :data:`HOUSE_HANDS` paired hands per
measurement (seconds), starting from the values of the nearest built-in (:func:`nearest_shipped`) and moving only
on a clear gain, and cached on disk (:mod:`tonk_rules.sim.tuning_cache`), where an entry is checked
like any input before it is used.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from tonk_rules.kernel.seats import KERNEL_POLICIES, RECKONER_COLUMNS
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.executors import Executor

DATA_FILE = "tuned_reckoner.json"
#: The shipped file's format; /2: the reckoner's knock reads what the others took and threw (``slack``), so
#: values tuned for the rule before (/1) are not its values and are not read.
FORMAT = "tonk-tuned-reckoner/2"
#: Paired hands per measurement when a house file is tuned on first use.
HOUSE_HANDS = 3_000
#: Paired hands per measurement for the shipped built-in values (``--regenerate``).
BUILTIN_HANDS = 20_000
#: Best-response steps at most.
MAX_STEPS = 6
#: A step stops the search when the best single change gains at most this (stakes per hand).
TOLERANCE = 0.005
SEED = 1
#: With pairs: every pair change is screened on ``hands // PAIR_SCREEN_SHARE`` paired hands (on ``seed + 1``,
#: other deals than the measurement's, so that the screen's luck does not carry into it), and the
#: :data:`PAIR_KEEP` best by the screen's mean are measured with the single changes on the full ``hands``.
#: (The check's family holds 420–450 pairs a table: measuring each at the full hands would cost 12 times
#: the single changes; screened, a step costs about twice a single-change step.)
PAIR_SCREEN_SHARE = 16
PAIR_KEEP = 12
#: Parameters moved only within a pair: alone ``patience`` only ends endless hands, but beside ``slack`` (a
#: knock that waits on its belief longer) it changes when the reckoner knocks.
PAIR_ONLY = ("patience",)
#: The values each parameter is searched over (``patience`` stays at its default: it only ends endless hands).
GRID: dict[str, tuple[int, ...]] = {
    "knock_margin": (-100, -50, -20, 0, 20, 40, 60, 80, 100, 150, 200, 300),
    "caution": (0, 20, 30, 40, 50, 60, 80),
    "take": (0, 2, 3, 4, 6),
    "hold": (0, 3, 6, 10, 15),
    "stall": (0, 3, 6, 10),
    "hope": (0, 8, 15, 25, 40),
    "slack": (-1, 1, 2, 3, 5),
}
TUNED = tuple(GRID)


def default_params() -> dict[str, int]:
    """The reckoner's declared defaults (:data:`~tonk_rules.kernel.seats.KERNEL_POLICIES`)."""
    return {key: p.default for key, p in KERNEL_POLICIES["reckoner"].items()}


@dataclass(frozen=True)
class TunedReckoner:
    """Tuned parameters and the best single change measured against them (its gain, 95% interval, hands)."""

    params: dict[str, int]
    best_change: str
    best_gain: float
    best_ci95: tuple[float, float]
    hands: int

    def to_json(self) -> dict[str, Any]:
        return {"params": dict(self.params), "best_change": self.best_change, "gain": round(self.best_gain, 5),
                "ci95": [round(self.best_ci95[0], 5), round(self.best_ci95[1], 5)], "hands": self.hands}

    @classmethod
    def from_json(cls, data: Any) -> TunedReckoner:
        """Read an entry, checking every value (:class:`ValueError` naming the first that is wrong)."""
        if not isinstance(data, dict):
            raise ValueError("an entry must be an object")
        params = data.get("params")
        if not isinstance(params, dict) or set(params) != set(RECKONER_COLUMNS):
            raise ValueError(f"params must name exactly {', '.join(RECKONER_COLUMNS)}")
        for key, value in params.items():
            p = KERNEL_POLICIES["reckoner"][key]
            if not isinstance(value, int) or isinstance(value, bool) or not p.low <= value <= p.high:
                raise ValueError(f"params.{key} must be a whole number from {p.low} to {p.high}")
        change, gain, ci, hands = data.get("best_change"), data.get("gain"), data.get("ci95"), data.get("hands")
        if not isinstance(change, str) or len(change) > 200:
            raise ValueError("best_change must be a short text")
        if not isinstance(gain, (int, float)) or isinstance(gain, bool) or not -100 <= gain <= 100:
            raise ValueError("gain must be a number from -100 to 100")
        if (not isinstance(ci, list) or len(ci) != 2
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and -100 <= x <= 100 for x in ci)):
            raise ValueError("ci95 must be two numbers from -100 to 100")
        if not isinstance(hands, int) or isinstance(hands, bool) or not 0 <= hands <= 10**9:
            raise ValueError("hands must be a whole number from 0 to 10**9")
        return cls(dict(params), change, float(gain), (float(ci[0]), float(ci[1])), hands)


@functools.cache
def shipped() -> dict[str, Any]:
    """The built-ins' tuned values: ``{"DIGEST:PLAYERS": {"variant", "players", "params", ...}}``."""
    try:
        text = resources.files("tonk_rules.sim").joinpath(DATA_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return entries_of(json.loads(text))


def entries_of(data: dict[str, Any]) -> dict[str, Any]:
    """The entries of a tuned file that are this reckoner's: none where the file is of another
    :data:`FORMAT` (values tuned for another knock rule are not its values)."""
    if data.get("format") != FORMAT:
        return {}
    entries: dict[str, Any] = data["entries"]
    return entries


def earlier_values() -> dict[str, Any]:
    """The shipped file's entries whatever rule they were tuned for (a re-tune's starting point only), each
    with every parameter it lacks at its declared default."""
    try:
        text = resources.files("tonk_rules.sim").joinpath(DATA_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    entries: dict[str, Any] = json.loads(text)["entries"]
    return {key: {**entry, "params": {**default_params(), **entry["params"]}} for key, entry in entries.items()}


def change_name(key: str, value: int) -> str:
    return f"reckoner:{key}={value}"


def changes_name(change: Mapping[str, int]) -> str:
    """The label of a change of one or more parameters, as the equilibrium check names it."""
    return "reckoner:" + ":".join(f"{key}={value}" for key, value in change.items())


def search(ruleset: Ruleset, players: int, hands: int, seed: int, executor: Executor | None = None,
           say: Callable[[str], None] | None = None, start: Mapping[str, int] | None = None,
           clear: bool = False, keys: tuple[str, ...] = TUNED, pairs: bool = False) -> TunedReckoner:
    """Tune the reckoner for ``ruleset`` at ``players`` seats (``hands`` paired hands per measurement), from
    ``start`` (else the declared defaults); with ``clear`` a step is taken only where the best change's gain
    is clear (the lower end of its 95% interval above :data:`TOLERANCE`), not merely the largest of many
    noisy means: a house rule set's quick search then keeps the values it starts from unless its rules
    clearly want others. ``keys``: the parameters searched (the others keep their values from ``start``).
    With ``pairs`` each step also tries the check's pairs of changes among ``keys`` and :data:`PAIR_ONLY`
    (screened, :data:`PAIR_KEEP` of them measured on the full ``hands``). Where the steps cycle, the values
    returned are those whose best change gains least."""
    from tonk_rules.sim.deviation import seat_gains

    params = dict(start or default_params())
    best_seen: TunedReckoner | None = None
    for _ in range(MAX_STEPS):
        changes: list[dict[str, int]] = [{key: value} for key in keys for value in GRID[key] if value != params[key]]
        if pairs:
            changes += best_pairs(ruleset, players, params, hands, seed, executor, keys, say)
        gains = seat_gains(ruleset, players, ("reckoner", params),
                           [("reckoner", {**params, **change}) for change in changes], hands, seed, executor)
        i = max(range(len(changes)), key=lambda j: gains[j].mean)
        change = changes[i]
        here = TunedReckoner(dict(params), changes_name(change), gains[i].mean, gains[i].ci95(), gains[i].n)
        if say:
            say(f"{short(params)}: best change {changes_name(change)[len('reckoner:'):]} gains "
                f"{gains[i].mean:+.4f} [{gains[i].ci95()[0]:+.4f}, {gains[i].ci95()[1]:+.4f}]")
        if best_seen is None or here.best_gain < best_seen.best_gain:
            best_seen = here
        if (gains[i].ci95()[0] if clear else gains[i].mean) <= TOLERANCE:
            break
        params.update(change)
    assert best_seen is not None
    return best_seen


def best_pairs(ruleset: Ruleset, players: int, params: Mapping[str, int], hands: int, seed: int,
               executor: Executor | None, keys: tuple[str, ...],
               say: Callable[[str], None] | None = None) -> list[dict[str, int]]:
    """The :data:`PAIR_KEEP` pair changes of ``keys`` and :data:`PAIR_ONLY` that gain most on a screen of
    ``hands // PAIR_SCREEN_SHARE`` paired hands on ``seed + 1`` (ties: the family's order)."""
    from tonk_rules.sim.deviation import seat_gains

    candidates = pair_changes(params, (*keys, *PAIR_ONLY))
    if not candidates:
        return []
    screen = seat_gains(ruleset, players, ("reckoner", dict(params)),
                        [("reckoner", {**params, **change}) for change in candidates],
                        max(1, hands // PAIR_SCREEN_SHARE), seed + 1, executor)
    order = sorted(range(len(candidates)), key=lambda j: (-screen[j].mean, j))[:PAIR_KEEP]
    if say:
        say(f"{short(params)}: {len(candidates)} pairs screened, kept "
            + ", ".join(f"{changes_name(candidates[j])[len('reckoner:'):]} {screen[j].mean:+.4f}" for j in order[:3])
            + (", ..." if len(order) > 3 else ""))
    return [candidates[j] for j in order]


def nearest_shipped(ruleset: Ruleset, players: int) -> tuple[str, dict[str, int]] | None:
    """The built-in whose rules are nearest ``ruleset``'s and its shipped values at ``players`` seats:
    fewest rule parameters of the kernel's tables that differ, then fewest of its tables (payments, melds,
    deck) that differ, then the name; None where no built-in has values at that size. A house rule set's
    search starts there (:func:`tonk_rules.sim.tuning.tuned_reckoner`), so that a rule set one value away
    from a built-in is played by the built-in's tuned player unless its own rules clearly want another."""
    from tonk_rules.errors import TonkError
    from tonk_rules.kernel.tables import tables_of
    from tonk_rules.ruleset.compile import load_ruleset

    mine = tables_of(ruleset)
    best: tuple[tuple[int, int, str], dict[str, int]] | None = None
    for entry in shipped().values():
        if entry["players"] != players:
            continue
        try:
            other = tables_of(load_ruleset(entry["variant"]))
        except TonkError:  # an entry of a built-in no longer shipped lends nothing
            continue
        params = int((mine.params != other.params).sum())  # (one slot per rule parameter: the same length)
        blocks = sum(not (a.shape == b.shape and (a == b).all()) for a, b in
                     ((mine.pay, other.pay), (mine.pay_n, other.pay_n), (mine.melds, other.melds),
                      (mine.deck, other.deck)))
        rank = (params, blocks, entry["variant"])
        if best is None or rank < best[0]:
            best = (rank, dict(entry["params"]))
    return None if best is None else (best[0][2], best[1])


def short(params: Mapping[str, int]) -> str:
    """The searched parameters' values, and those moved only in pairs (:data:`PAIR_ONLY`) where given."""
    return ",".join(f"{k}={params[k]}" for k in (*TUNED, *PAIR_ONLY) if k in params)


# --- the family of deviations the equilibrium is checked against ------------------------------------------
#: Each reckoner parameter's whole accepted range, spanned by these values (the check; the tuning uses GRID).
CHECK_GRID: dict[str, tuple[int, ...]] = {
    "knock_margin": tuple(range(-300, 301, 25)),
    "caution": tuple(range(0, 91, 10)),
    "take": tuple(range(0, 11)),
    "hold": tuple(range(0, 41, 5)),
    "stall": (0, 2, 4, 6, 8, 10, 15, 20, 30, 52),
    "hope": tuple(range(0, 61, 5)),
    "patience": (1, 3, 10, 20, 30, 60, 1000),
    "slack": (-1, 0, 1, 2, 3, 4, 5, 6, 8, 10, 15),
}
#: greedy's other options, each tried as a deviation (at its default threshold where none is given).
GREEDY_OPTIONS: tuple[dict[str, int], ...] = (
    {"patience": 1}, {"patience": 5}, {"patience": 10}, {"knock": 1, "alt_knock": 8, "alt_share": 500},
    {"knock": 0, "alt_knock": 5, "alt_share": 300}, {"knock": 3, "alt_knock": 12, "alt_share": 200})


def highest_knock_count(ruleset: Ruleset) -> int:
    """The highest count a player can knock with: every ``greedy:knock=K`` above it plays as this one (the
    option accepts up to 100; a knock is decided with at most one card more than the deal's hand)."""
    cards = ruleset.deal.hand_size + 1
    values = sorted((ruleset.deal.values[c] for c in ruleset.deal.deck), reverse=True)
    top = sum(values[:cards])
    return top if ruleset.knocking.max_count is None else min(top, ruleset.knocking.max_count)


def _pair_values(key: str, tuned: int) -> tuple[int, ...]:
    """The values of ``key`` paired with another parameter's: its range's two ends and the grid's nearest
    value on each side of the tuned one."""
    grid = CHECK_GRID[key]
    above = [v for v in grid if v > tuned]
    below = [v for v in grid if v < tuned]
    return tuple(dict.fromkeys((grid[0], grid[-1], above[0] if above else grid[-2], below[-1] if below else grid[1])))


def pair_changes(params: Mapping[str, int], keys: tuple[str, ...] = tuple(CHECK_GRID)) -> list[dict[str, int]]:
    """Every pair of parameters of ``keys`` (in :data:`CHECK_GRID`'s order), each at its range's two ends and
    one grid step on each side of its value in ``params`` (both changed): the pairs the check tries."""
    names = [key for key in CHECK_GRID if key in keys]
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for va in _pair_values(a, params[a]):
                for vb in _pair_values(b, params[b]):
                    if va != params[a] and vb != params[b]:
                        out.append({a: va, b: vb})
    return out


def family(ruleset: Ruleset, params: Mapping[str, int], pairs: bool = True,
           greedy_top: int | None = None) -> list[tuple[str, tuple[str, dict[str, int]]]]:
    """The deviations ``(label, seat)`` checked against a table of the reckoner ``params``: every value of
    :data:`CHECK_GRID` alone, with ``pairs`` every pair of parameters at their range's ends and one grid
    step on each side of the tuned value, ``greedy:knock=K`` for every K from 0 to :func:`highest_knock_count` (or
    ``greedy_top``), greedy with each of :data:`GREEDY_OPTIONS`, ``casual`` and ``random``."""
    out: list[tuple[str, tuple[str, dict[str, int]]]] = []
    for key, values in CHECK_GRID.items():
        out += [(change_name(key, v), ("reckoner", {**params, key: v})) for v in values if v != params[key]]
    if pairs:
        out += [(changes_name(change), ("reckoner", {**params, **change})) for change in pair_changes(params)]
    top = highest_knock_count(ruleset) if greedy_top is None else greedy_top
    out += [(f"greedy:knock={k}", ("greedy", {"knock": k})) for k in range(top + 1)]
    out += [("greedy:" + ":".join(f"{k}={v}" for k, v in o.items()), ("greedy", dict(o))) for o in GREEDY_OPTIONS]
    return [*out, ("casual", ("casual", {})), ("random", ("random", {}))]
