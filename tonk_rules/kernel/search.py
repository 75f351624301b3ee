"""The compiled ``montecarlo`` search from Python: whole tables with montecarlo seats, and single decisions.

:mod:`tonk_rules.kernel.search_nb` says how a decision samples and plays out (the play loop and the
decision are :mod:`tonk_rules.kernel.policies_nb`'s, shared with the plain runs). The montecarlo bot's
parameters are declared here (below the bots, as :mod:`tonk_rules.kernel.seats` declares greedy's):
``rollouts``, the playouts per decision shared among the candidates, ``knock`` / ``patience``, those of
the ``greedy`` (and ``casual``) it believes the other seats may play (pass a variant's tuned threshold),
``confidence``, how clear a gain over the default player's own choice must be before it plays another move,
and ``switch``, whether it also weighs playing greedy from here on. Its
model of the other seats (:data:`MODELLED`, :func:`seat_model`) is built here too.

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> batch = play_hands(load_ruleset("pagat"), [("montecarlo", {"rollouts": 40}), ("greedy", {})], 4, seed=3)
    >>> batch.net.sum(axis=1).tolist()
    [0, 0, 0, 0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout as L
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
#: a move other than the default player's own choice is played when its sampled gain is this many hundredths
#: of its standard error above 0
DEFAULT_CONFIDENCE = 200
#: beside a seat it believes this likely (percent) to play at random, montecarlo falls back on greedy (which
#: earns more there than the default player: docs/simulation.md)
DEFAULT_RANDOM_AT = 40
#: montecarlo's parameters: the budget, and the greedy policy its playouts use for every seat
MONTECARLO_PARAMS: dict[str, PolicyParam] = {
    "rollouts": PolicyParam(DEFAULT_ROLLOUTS, 1, MAX_ROLLOUTS, "playouts per decision (the budget)"),
    "knock": PolicyParam(DEFAULT_KNOCK, 0, 100, "the knock threshold of the greedy it believes others may play"),
    "patience": PolicyParam(DEFAULT_PATIENCE, 1, 1000, "the patience of the greedy and casual it models"),
    "confidence": PolicyParam(DEFAULT_CONFIDENCE, 0, 1000, "how clear a move's gain over the default player's "
                              "choice must be, in hundredths of its standard error, before it plays that move"),
    "switch": PolicyParam(1, 0, 1, "1: also weighs playing the other of its own two policies (the default "
                          "player, greedy) from here on; 0: it does not"),
    "random_at": PolicyParam(DEFAULT_RANDOM_AT, 0, 100, "the share (percent) of random play it must believe of "
                             "some other seat before it falls back on greedy instead of the default player"),
    "memory": PolicyParam(1, 0, 1, "1: keeps what it saw each seat do over the hands of a session (20 hands of "
                          "a run at one table); 0: starts every hand at the prior"),
    "confirm": PolicyParam(0, 0, 1, "1: half the budget picks the best option, the other half plays it and its "
                           "fallback's choice on new samples, and only that gain must be clear; 0: one round"),
    "declined": PolicyParam(0, 0, 1, "1: a seat that passed up a card discarded in view for the stock is dealt, "
                            "where the cards allow, nothing that would have melded with it (every modelled "
                            "player but random takes such a card); 0: no such inference"),
    "extend": PolicyParam(0, 0, 8, "where the best option is ahead of the fallback's choice but not clearly: "
                          "that many times the budget more, on those two and new samples, decides; 0: never"),
    "knock_x": PolicyParam(1, 1, 16, "the budget times this where knocking is legal (the decision that settles "
                           "most of a hand's value); 1: the same budget"),
    "rest": PolicyParam(100, 1, 100, "the percent of the budget spent on every other decision"),
    "belief": PolicyParam(100, 0, 100, "the percent of its sampled deals it keeps in which another seat would knock "
                                       "now by the policy drawn for it, though it played on without knocking (100: "
                                       "all; fewer: such deals are dealt again)"),
    "replay": PolicyParam(0, 0, 256, "how many deals it tries for one sample until each other seat's drawn policy, "
                                     "replayed over that seat's last turn on the deal, plays it as the seat was "
                                     "seen to (0: no replay; searched in a compiled table only)"),
}


def montecarlo_params(params: Mapping[str, Any]) -> dict[str, int]:
    """A montecarlo seat's parameters checked, with defaults filled in (:class:`BotSpecError` if bad)."""
    return checked_params("montecarlo", MONTECARLO_PARAMS, params)


#: The policies a montecarlo seat believes another seat may play: each one's prior share (percent), and how far
#: above the value of its last discard a seat playing it may hold a card (greedy and casual discard their
#: highest card; the reckoner may keep a higher one with meld chances; -1: any card). The default player is
#: first: montecarlo plays it for its own seat in its playouts. A compiled policy is one more entry.
MODELLED: tuple[tuple[str, int, int], ...] = (("reckoner", 40, 3), ("casual", 15, 0), ("greedy", 20, 0),
                                              ("random", 25, -1))
#: the modelled candidates that are montecarlo's other own policy (greedy) and random play
ALTERNATIVE = [name for name, _, _ in MODELLED].index("greedy")
RANDOM = [name for name, _, _ in MODELLED].index("random")
#: How the candidates get their tuned parameters: ``(ruleset, players, seats) -> seats``. The tuned values live
#: a floor above the kernel (:func:`tonk_rules.sim.tuning.seats_for` registers itself here when imported, as
#: every command and benchmark does); without it the reckoner candidate plays its declared defaults.
model_resolvers: list[Callable[[Ruleset, int, Sequence[SeatSpec]], Sequence[SeatSpec]]] = []


def modelled_seats(ruleset: Ruleset, players: int, knock: int, patience: int) -> list[SeatSpec]:
    """The policies a montecarlo seat believes another seat may play at a ``players``-seat table of
    ``ruleset`` (:data:`MODELLED`), with their parameters there (the tuned reckoner's; ``greedy`` and
    ``casual`` at the montecarlo seat's own ``knock`` / ``patience``, a variant's tuned ones)."""
    given = {"greedy": {"knock": knock, "patience": patience}, "casual": {"patience": patience}}
    seats: list[SeatSpec] = [(name, given.get(name, {})) for name, _, _ in MODELLED]
    return list(model_resolvers[-1](ruleset, players, seats)) if model_resolvers else seats


#: hands each candidate plays with itself in every seat to count its choices (a fixed seed: the same model
#: in every process)
MODEL_HANDS = 3000
MODEL_SEED = 0x70A7
#: added to every count (a choice never seen is rare, not impossible)
SMOOTHING = 0.5
#: the share of each observation's log-likelihood that counts (1: a plain naive-Bayes update)
TEMPER = 1.0
#: no candidate's weight falls below this many thousandths of the likeliest one's (a seat may change style)
FLOOR = 20


@dataclass(frozen=True)
class SeatModel:
    """What a montecarlo seat believes of the others: the candidate ``seats``, their ``names`` (bot specs), their
    policy ``codes`` and parameter rows (``knocks``), ``prior`` (each one's score before anything is seen: the
    log of its share in milli-nats), ``slack`` (per candidate: :data:`MODELLED`'s, and 1 where it lays every
    spread it can), and ``logp[c, f]``, the log-likelihood in milli-nats (tempered) of the public choice ``f``
    (:func:`~tonk_rules.kernel.search_nb.action_feature`) by candidate ``c`` given its context."""

    seats: tuple[SeatSpec, ...]
    names: tuple[str, ...]
    codes: npt.NDArray[np.int64]
    knocks: npt.NDArray[np.int64]
    prior: npt.NDArray[np.int64]
    slack: npt.NDArray[np.int64]
    logp: npt.NDArray[np.int64]


@cache
def weight_table() -> npt.NDArray[np.int64]:
    """``weights[d]``: a candidate's weight (per mille of the best) ``d`` milli-nats below the best; the last
    entry is the floor, for every ``d`` beyond."""
    out = []
    d = 0
    while (w := round(1000 * math.exp(-d / 1000))) > FLOOR:
        out.append(w)
        d += 1
    return np.array([*out, FLOOR], np.int64)


def _contexts() -> list[tuple[int, int]]:
    """Each feature's (first feature, features) of its context: the likelihoods are normalized within it."""
    return [(f - f % L.START_CHOICES, L.START_CHOICES) if f < L.MID_FEATURES else
            (f - (f - L.MID_FEATURES) % L.MID_CHOICES, L.MID_CHOICES) for f in range(L.N_FEATURES)]


@lru_cache(maxsize=64)
def seat_model(ruleset: Ruleset, players: int, knock: int, patience: int) -> SeatModel:
    """The model of :func:`modelled_seats` at ``players`` seats, built once per process (a second or so on the
    kernel; without numba every likelihood is 0 and the posterior stays at the prior)."""
    seats = modelled_seats(ruleset, players, knock, patience)
    codes, knocks = policy_arrays(seats)
    logp = np.zeros((len(seats), L.N_FEATURES), np.int64)
    if AVAILABLE:
        from tonk_rules.kernel import search_model_nb

        tables = cached_tables(ruleset)
        contexts = _contexts()
        for c, seat in enumerate(seats):
            table_codes, table_knocks = policy_arrays([seat] * players)
            counts = np.zeros(L.N_FEATURES, np.int64)
            search_model_nb.feature_counts(tables.packed(), tables.deck, np.uint64(MODEL_SEED), np.int64(MODEL_HANDS),
                                           table_codes, table_knocks, np.int64(MAX_ACTIONS), counts)
            for f, (first, size) in enumerate(contexts):
                seen = int(counts[first:first + size].sum())
                chance = (counts[f] + SMOOTHING) / (seen + SMOOTHING * size)
                logp[c, f] = round(TEMPER * 1000 * math.log(chance))
    names = tuple(name + "".join(f":{k}={v}" for k, v in params.items()) for name, params in seats)
    top = max(share for _, share, _ in MODELLED)
    prior = np.array([round(1000 * math.log(share / top)) for _, share, _ in MODELLED], np.int64)
    # a seat playing any but random lays every spread it can (the reckoner unless its ``hold`` lets it keep one)
    lays = [name != "random" and params.get("hold", 0) == 0 for name, params in seats]
    slack = np.array([(slack, lay) for (_, _, slack), lay in zip(MODELLED, lays, strict=True)], np.int64)
    return SeatModel(tuple(seats), names, codes, knocks, prior, slack, logp)


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
    mc = np.zeros((len(seats), compiled().MC_COLUMNS), np.int64)
    for i, (name, params) in enumerate(seats):
        if name == "montecarlo":
            policies[i] = compiled().POLICY_MONTECARLO
            mc[i] = mc_row(montecarlo_params(params))
    return policies, knocks, mc


def mc_row(full: Mapping[str, int]) -> npt.NDArray[np.int64]:
    """A montecarlo seat's checked parameters as the compiled search's row (``search_nb.MC_ROLLOUTS`` ..)."""
    return np.array([full["rollouts"], full["knock"], full["patience"], full["confidence"], full["switch"],
                     ALTERNATIVE, RANDOM, full["random_at"], full["memory"], full["confirm"],
                     full["declined"], full["extend"], full["knock_x"], full["rest"], full["belief"],
                     full["replay"]],
                    np.int64)


def _table_models(ruleset: Ruleset, mc: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], ...]:
    """Each seat's model of the others (zeros for a seat that does not search): ``logp``, the candidates'
    codes, their parameter rows per seat, their prior scores and slacks."""
    players = len(mc)
    codes, knocks = policy_arrays(modelled_seats(ruleset, players, DEFAULT_KNOCK, DEFAULT_PATIENCE))
    logp = np.zeros((players, len(codes), L.N_FEATURES), np.int64)
    cand_knocks = np.zeros((players, *knocks.shape), np.int64)
    prior, slack = np.zeros(len(codes), np.int64), np.zeros((len(codes), 2), np.int64)
    for seat, (rollouts, knock, patience, *_) in enumerate(mc.tolist()):
        if rollouts:
            model = seat_model(ruleset, players, knock, patience)
            logp[seat], codes, cand_knocks[seat] = model.logp, model.codes, model.knocks
            prior, slack = model.prior, model.slack
    return logp, codes, cand_knocks, prior, slack


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
    logp, codes, cand_knocks, prior, slack = _table_models(ruleset, mc)
    search = compiled().search_state(mc, logp, codes, cand_knocks, weight_table(), prior, slack)
    # a run that starts within a session plays the session's earlier hands first, unrecorded: a seat that
    # remembers has seen them (so a hand plays alike however the run is split)
    start = first_hand - first_hand % L.SESSION if mc[:, compiled().MC_MEMORY].any() else first_hand
    stakes_ = np.array(stake_list, np.int64)
    for first, count, record in ((start, first_hand - start, False), (first_hand, n_hands, True)):
        out = empty_batch(count, players, in_play=True)
        errors = np.zeros(count, np.int64)
        trace_keys = np.zeros((count, TRACE_CAP if trace and record else 0), np.int64)
        search[3][:] = 0
        kernel().play_batch(
            tables.packed(), tables.deck, np.uint64(seed), np.int64(first), np.int64(first_dealer), policies,
            knocks, stakes_, np.int64(max_actions), out["ending"], out["winners"], out["counts"], out["net"],
            out["knocker"], out["actions"], out["turns"], out["dealer"], out["in_play"], errors, trace_keys,
            search)
    if searched is not None:
        searched += search[3]
    return finish_batch(out, errors, trace_keys if trace else None, first_hand, max_actions)


def decide(ruleset: Ruleset, state: npt.NDArray[np.int64], known: Sequence[int], discarded: int,
           rng: npt.NDArray[np.uint64], params: Mapping[str, int],
           scores: npt.NDArray[np.int64], last_values: Sequence[int],
           declined: Sequence[int] | None = None) -> tuple[list[int], list[int], int]:
    """The legal keys (canonical order) of the seat to act in the kernel state vector ``state``, each one's
    summed net over montecarlo's playouts (then, with ``switch=1``, that of playing greedy from here), and the
    key montecarlo plays.

    ``known``: per seat, the cards it took from the discard pile and still holds (a mask); ``discarded``:
    the cards discarded in view this hand (a mask); ``rng``: the seat's SplitMix64 state (one uint64),
    advanced in place; ``scores[q, c]``: the summed log-likelihood of seat ``q``'s choices so far under
    candidate ``c`` of :func:`seat_model`; ``last_values``: per seat, the value of its last discard this hand
    (``search_nb.NO_CAP`` before its first); ``declined``: per seat, the cards discarded in view that it
    passed up for the stock this hand (masks; ``None``: none). Only what the seat may see is read (see
    :mod:`tonk_rules.kernel.search_nb`).
    """
    from tonk_rules.kernel.rules_nb import legal_keys

    full = montecarlo_params(params)
    tb = _packed_for(ruleset)
    legal = np.empty(L.MAX_LEGAL, np.int64)
    n = int(legal_keys(state, tb, legal))
    if n == 0:
        raise KernelError("the seat to act has no legal action")
    me = int(state[L.S_CURRENT])
    model = seat_model(ruleset, int(state[L.S_PLAYERS]), full["knock"], full["patience"])
    totals = np.zeros(n + 1, np.int64)
    passed = np.zeros(len(known), np.int64) if declined is None else np.array(declined, np.int64)
    key = kernel().mc_choice(state, legal, np.int64(n), np.int64(me), np.array(known, np.int64), passed,
                             np.int64(discarded), rng, np.int64(0), mc_row(full), tb, totals,
                             np.ascontiguousarray(scores, np.int64), model.codes, model.knocks, model.slack,
                             np.array(last_values, np.int64), weight_table(),
                             np.zeros((len(known), 2, L.STATE_SIZE), np.int64),  # (no turns kept: no replay)
                             np.zeros((len(known), compiled().TURN_KEYS + 1), np.int64))
    return legal[:n].tolist(), totals[:n + (1 if full["switch"] else 0)].tolist(), int(key)
