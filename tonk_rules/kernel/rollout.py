"""Rollouts: play a mid-hand position out many times with fast policies (for a Monte Carlo player).

The position is a :class:`RolloutState` with every card placed — a determinization: the caller deals
the cards it cannot see as it believes they may lie. :func:`rollout` plays it out ``n`` times on the
compiled kernel, optionally starting with one given action (the candidate being judged), and returns each
seat's net payment per rollout. Rollout ``r`` gives seat ``p``'s ``random`` policy the stream
``SplitMix64(hand_seed(seed, r))``'s ``p``-th number, so it is reproducible.

    >>> import random
    >>> from tonk_rules import Hand, load_ruleset
    >>> rules = load_ruleset("russian")
    >>> hand = Hand.shuffled(rules, ["A", "B", "C"], dealer=0, rng=random.Random(5))
    >>> net = rollout(rules, state_from_hand(hand), [("greedy", {})] * 3, n=100, seed=1)
    >>> net.shape, bool((net.sum(axis=1) == 0).all())
    ((100, 3), True)

:func:`state_from_hand` copies a reference-engine :class:`~tonk_rules.engine.hand.Hand` exactly (the test
of this module plays rollouts and the reference engine from the same positions and compares them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from tonk_rules.cards import Card
from tonk_rules.engine.actions import Action
from tonk_rules.engine.encoding import action_key
from tonk_rules.engine.hand import Hand, Turn
from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout as L
from tonk_rules.kernel.api import compiled, policy_arrays
from tonk_rules.kernel.batch import MAX_ACTIONS, check_run
from tonk_rules.kernel.jit import AVAILABLE
from tonk_rules.kernel.position import encode_spreads, encode_turn, spread_kind
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.kernel.tables import KernelTables, tables_of
from tonk_rules.prng import SplitMix64, hand_seed
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.melds import mask_of

_ERRORS = {L.ERR_STUCK: "a seat has no legal action", L.ERR_TOO_LONG: "the hand did not end within {n} actions",
           L.ERR_ILLEGAL: "the first action is not legal in this position",
           L.ERR_TOO_MANY: f"a hand held more legal actions than the compiled kernel can list ({L.MAX_LEGAL})"}


@dataclass(frozen=True)
class RolloutState:
    """A position in a hand, every card placed (piles are listed bottom first: the top card is last).

    ``hands``: each seat's cards; ``stock``, ``discard``: the piles; ``spreads``: ``(owner, cards)`` in the
    order laid (hits name them 1, 2, ...); ``current``: the seat to act; ``turn``: that seat's turn so far
    (its phase, ``START``, ``LAID``, ``DRAWN`` or ``TAKEN``, the card taken from the discard pile, ...:
    copied whole into the kernel's turn, ``layout.O_TURN``, as a bot's view is); ``turns_taken``, ``hit_locks``: per
    seat (default 0; the first-turn rule binds while every ``turns_taken`` is 0); ``reshuffle_seed``,
    ``reshuffles``: as in the hand's record; ``stakes``: per seat (default 1).
    """

    hands: Sequence[Sequence[Card]]
    stock: Sequence[Card]
    discard: Sequence[Card]
    spreads: Sequence[tuple[int, Sequence[Card]]] = ()
    current: int = 0
    turn: Turn = field(default_factory=Turn)
    turns_taken: Sequence[int] | None = None
    hit_locks: Sequence[int] | None = None
    reshuffle_seed: int = 0
    reshuffles: int = 0
    stakes: Sequence[int] | None = field(default=None)


def state_from_hand(hand: Hand) -> RolloutState:
    """The exact position of a reference-engine hand that is still in play."""
    if hand.result is not None:
        raise KernelError("the hand is over: there is nothing to roll out")
    return RolloutState(
        hands=[list(h) for h in hand.hands], stock=list(hand.stock), discard=list(hand.discard),
        spreads=[(s.owner, list(s.cards)) for s in hand.spreads], current=hand.current, turn=hand.turn.copy(),
        turns_taken=list(hand.turns_taken),
        hit_locks=list(hand.hit_locks), reshuffle_seed=hand.reshuffle_seed, reshuffles=hand.reshuffles,
        stakes=list(hand.stakes))


def encode(tables: KernelTables, state: RolloutState) -> npt.NDArray[np.int64]:
    """The kernel's state vector of ``state``; :class:`KernelError` when it is not a position of the rules."""
    players = len(state.hands)
    stakes = check_run(tables.seating, players, 0, 0, 0, 0, state.stakes)
    placed = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard)
    placed += [c for _, cards in state.spreads for c in cards]
    if sorted(placed) != sorted(tables.seating.deck):
        raise KernelError("the position must place every card of the variant's deck exactly once")
    if not 0 <= state.current < players:
        raise KernelError(f"the position must have a seat to act, 0..{players - 1}, not {state.current}")
    S = np.zeros(L.STATE_SIZE, np.int64)
    S[L.S_PLAYERS], S[L.S_CURRENT] = players, state.current
    encode_turn(S, state.turn)
    S[L.S_KNOCKER] = -1
    S[L.S_RESHUFFLE_SEED], S[L.S_RESHUFFLES] = state.reshuffle_seed, state.reshuffles
    turns = list(state.turns_taken or [0] * players)
    locks = list(state.hit_locks or [0] * players)
    S[L.S_FIRST_TURN] = int(not any(turns))
    for p in range(players):
        S[L.O_HANDS + p] = mask_of(state.hands[p])
        S[L.O_COUNTS + p] = sum(int(tables.values[c]) for c in state.hands[p])
        S[L.O_TURNS_TAKEN + p], S[L.O_LOCKS + p], S[L.O_STAKES + p] = turns[p], locks[p], stakes[p]
    S[L.O_STOCK: L.O_STOCK + len(state.stock)] = [int(c) for c in state.stock]
    S[L.O_DISCARD: L.O_DISCARD + len(state.discard)] = [int(c) for c in state.discard]
    S[L.S_STOCK_N], S[L.S_DISCARD_N] = len(state.stock), len(state.discard)
    encode_spreads(S, [(owner, spread_kind(cards, tables.plain_melds), cards) for owner, cards in state.spreads],
                   tables.position, tables.plain_melds)
    return S


@lru_cache(maxsize=16)
def _tables_for(ruleset: Ruleset) -> KernelTables:
    # A Monte Carlo decision calls rollout() thousands of times on one ruleset: compile its tables once.
    # (The Ruleset is frozen and hashes by value; the kernel never writes to its tables.)
    return tables_of(ruleset)


def rollout(ruleset: Ruleset, state: RolloutState, seats: Sequence[SeatSpec], n: int, seed: int,
            action: Action | None = None, max_actions: int = MAX_ACTIONS) -> npt.NDArray[np.int64]:
    """Play ``state`` out ``n`` times (after ``action``, when given); each seat's net, shape ``(n, seats)``."""
    if not AVAILABLE:
        raise KernelError("rollouts need numba (pip install numba)")
    tables = _tables_for(ruleset)
    policies, knocks = policy_arrays(seats)
    if len(policies) != len(state.hands):
        raise KernelError(f"{len(policies)} seats for a position with {len(state.hands)} hands")
    S = encode(tables, state)
    seeds = np.zeros((n, len(policies)), np.uint64)
    for r in range(n):
        rng = SplitMix64(hand_seed(seed, r))
        seeds[r] = [rng.next_u64() for _ in range(len(policies))]
    net = np.zeros((n, len(policies)), np.int64)
    errors = np.zeros(n, np.int64)
    first = -1 if action is None else action_key(action)
    compiled().rollouts(tables.packed(), S, np.int64(first), policies, knocks, seeds, np.int64(max_actions), net,
                        errors)
    bad = np.flatnonzero(errors)
    if bad.size:
        raise KernelError(f"rollout {int(bad[0])}: {_ERRORS[int(errors[bad[0]])].format(n=max_actions)}")
    return net
