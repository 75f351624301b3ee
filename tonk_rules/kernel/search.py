"""The compiled ``montecarlo`` search from Python: whole tables with montecarlo seats, and single decisions.

:mod:`tonk_rules.kernel.search_nb` says how a decision samples and plays out (the play loop and the
decision are :mod:`tonk_rules.kernel.policies_nb`'s, shared with the plain runs). The montecarlo bot's
parameters are declared here (below the bots, as :mod:`tonk_rules.kernel.seats` declares greedy's):
``rollouts``, the playouts per decision shared among the candidates, and ``knock`` / ``patience``, the
``greedy`` policy every seat plays in the playouts (pass a variant's tuned threshold).

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> batch = play_hands(load_ruleset("pagat"), [("montecarlo", {"rollouts": 40}), ("greedy", {})], 4, seed=3)
    >>> batch.net.sum(axis=1).tolist()
    [0, 0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from tonk_rules.errors import KernelError
from tonk_rules.kernel.api import TRACE_CAP, finish_batch, policy_arrays
from tonk_rules.kernel.api import compiled as kernel
from tonk_rules.kernel.batch import MAX_ACTIONS, HandBatch, check_run, empty_batch
from tonk_rules.kernel.jit import AVAILABLE
from tonk_rules.kernel.seats import DEFAULT_KNOCK, DEFAULT_PATIENCE, PolicyParam, SeatSpec, checked_params
from tonk_rules.kernel.tables import KernelTables, tables_of
from tonk_rules.limits import MAX_ROLLOUTS
from tonk_rules.ruleset import Ruleset

#: playouts per decision at the default budget (a few ms per decision on one core: docs/speed.md)
DEFAULT_ROLLOUTS = 1000
#: montecarlo's parameters: the budget, and the greedy policy its playouts use for every seat
MONTECARLO_PARAMS: dict[str, PolicyParam] = {
    "rollouts": PolicyParam(DEFAULT_ROLLOUTS, 1, MAX_ROLLOUTS, "playouts per decision (the budget)"),
    "knock": PolicyParam(DEFAULT_KNOCK, 0, 100, "the playouts' greedy knock threshold (every seat)"),
    "patience": PolicyParam(DEFAULT_PATIENCE, 1, 1000, "the playouts' greedy patience (every seat)"),
}


def montecarlo_params(params: Mapping[str, Any]) -> dict[str, int]:
    """A montecarlo seat's parameters checked, with defaults filled in (:class:`BotSpecError` if bad)."""
    return checked_params("montecarlo", MONTECARLO_PARAMS, params)


@cache
def compiled() -> ModuleType:
    """The compiled search (compiled, or loaded from the disk cache, on first use): its view and samples."""
    from tonk_rules.kernel import search_nb

    return search_nb


@lru_cache(maxsize=16)
def cached_tables(ruleset: Ruleset) -> KernelTables:
    """The kernel tables of ``ruleset``, built once (a montecarlo bot asks at every decision)."""
    return tables_of(ruleset)


@lru_cache(maxsize=16)
def _packed_for(ruleset: Ruleset) -> npt.NDArray[np.int64]:
    return cached_tables(ruleset).packed()


def seat_arrays(seats: Sequence[SeatSpec]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                                                    npt.NDArray[np.int64]]:
    """Policy codes, greedy's (knock, patience) and montecarlo's (rollouts, knock, patience) per seat."""
    plain = [("greedy", {}) if name == "montecarlo" else (name, params) for name, params in seats]
    policies, knocks = policy_arrays(plain)
    mc = np.zeros((len(seats), 3), np.int64)
    for i, (name, params) in enumerate(seats):
        if name == "montecarlo":
            full = montecarlo_params(params)
            policies[i] = compiled().POLICY_MONTECARLO
            mc[i] = full["rollouts"], full["knock"], full["patience"]
    return policies, knocks, mc


def play_hands(ruleset: Ruleset, seats: Sequence[SeatSpec], n_hands: int, seed: int,
               stakes: Sequence[int] | None = None, first_dealer: int = 0, first_hand: int = 0,
               trace: bool = False, max_actions: int = MAX_ACTIONS,
               searched: npt.NDArray[np.int64] | None = None) -> HandBatch:
    """:func:`tonk_rules.kernel.play_hands` for tables that may seat ``montecarlo`` bots (same deals).

    ``searched``: when given (one int64 per seat), each montecarlo seat's searched decisions are added to it.
    """
    if not AVAILABLE:
        raise KernelError("the compiled search needs numba, which is not installed")
    tables = cached_tables(ruleset)
    policies, knocks, mc = seat_arrays(seats)
    players = len(policies)
    stake_list = check_run(tables.seating, players, n_hands, seed, first_hand, first_dealer, stakes)
    out = empty_batch(n_hands, players, in_play=True)
    errors = np.zeros(n_hands, np.int64)
    trace_keys = np.zeros((n_hands, TRACE_CAP if trace else 0), np.int64)
    search = compiled().search_state(mc)
    kernel().play_batch(
        tables.packed(), tables.deck, np.uint64(seed), np.int64(first_hand), np.int64(first_dealer), policies,
        knocks, np.array(stake_list, np.int64), np.int64(max_actions), out["ending"], out["winners"],
        out["counts"], out["net"], out["knocker"], out["actions"], out["turns"], out["dealer"], out["in_play"],
        errors, trace_keys,
        search)
    if searched is not None:
        searched += search[3]
    return finish_batch(out, errors, trace_keys if trace else None, first_hand, max_actions)


def decide(ruleset: Ruleset, state: npt.NDArray[np.int64], known: Sequence[int], discarded: int,
           rng: npt.NDArray[np.uint64], params: Mapping[str, int]) -> tuple[list[int], list[int]]:
    """The legal keys (canonical order) of the seat to act in the kernel state vector ``state``, and each
    one's summed net over montecarlo's playouts; the bot picks the first best.

    ``known``: per seat, the cards it took from the discard pile and still holds (a mask); ``discarded``:
    the cards discarded in view this hand (a mask); ``rng``: the seat's SplitMix64 state (one uint64),
    advanced in place. Only what the seat may see is read (see :mod:`tonk_rules.kernel.search_nb`).
    """
    from tonk_rules.kernel import layout as L
    from tonk_rules.kernel.rules_nb import legal_keys

    full = montecarlo_params(params)
    tb = _packed_for(ruleset)
    legal = np.empty(L.MAX_LEGAL, np.int64)
    n = int(legal_keys(state, tb, legal))
    if n == 0:
        raise KernelError("the seat to act has no legal action")
    me = int(state[L.S_CURRENT])
    totals = np.zeros(n, np.int64)
    kernel().mc_choice(state, legal, np.int64(n), np.int64(me), np.array(known, np.int64), np.int64(discarded),
                         rng, np.int64(0), np.int64(full["rollouts"]), np.int64(full["knock"]),
                         np.int64(full["patience"]), tb, totals)
    return legal[:n].tolist(), totals.tolist()
