"""The ``montecarlo`` search compiled: what a seat has seen, and a determinization of what it has not.

The decision itself — play every candidate out on each sample, pick — is
:func:`~tonk_rules.kernel.policies_nb.mc_choice`, beside the one play loop it calls; a table with
montecarlo seats is :func:`~tonk_rules.kernel.policies_nb.play_batch` given :func:`search_state`, which
calls :func:`forget_hand` at each deal, :func:`watch_before` / :func:`watch_after` around every action to
keep what the seats saw, and :func:`take_decision` where a montecarlo seat acts.

A decision of seat ``me`` reads only what that seat may know (:func:`sample_view` rebuilds every hidden
card): its own hand, every hand's size, the spreads, the discard pile's cards that were discarded in view
(plus the top card; a buried upcard is not remembered), the cards each player took from the discard pile
and still holds (``known``), the stock's size and the public counters (turns, hit locks, reshuffles).
Every other card is dealt at random from the unseen pool — ascending card order, a Fisher-Yates shuffle
from the seat's own SplitMix64 stream, then filled in seat order, buried pile slots, then the stock — so a
Python caller that builds the same view from an Observation gets the same samples, bit for bit.

Each sample is played out once per candidate (common random numbers: the candidates are compared on the
same deals) with ``greedy`` at the given knock threshold and patience in every seat; the candidate with
the highest summed net wins, ties to the first in canonical order. A playout that errs (too long, stuck)
scores 0.

A table with montecarlo seats is dealt as one without: the same deals from the same seeds, and each
montecarlo seat draws its samples from its seat stream.
"""

from __future__ import annotations

import numpy as np

from tonk_rules.kernel.jit import njit
from tonk_rules.kernel.layout import (
    K_DISCARD,
    K_DRAW_DISCARD,
    KIND_MASK,
    KIND_SHIFT,
    MAX_LEGAL,
    O_COUNTS,
    O_DISCARD,
    O_HANDS,
    O_SP_MASK,
    O_STOCK,
    PAYLOAD,
    S_ACTIONS,
    S_CURRENT,
    S_DISCARD_N,
    S_ERROR,
    S_PLAYERS,
    S_RESHUFFLE_SEED,
    S_SPREADS_N,
    S_STOCK_N,
    S_TURNS,
)
from tonk_rules.kernel.prng_nb import below, next_u64
from tonk_rules.kernel.rules_nb import ONE, VALUE, lowest, popcount

S33 = np.uint64(33)
#: the policy code of a montecarlo seat (random and greedy are layout's 0 and 1)
POLICY_MONTECARLO = 2
#: a playout not over after this many actions scores 0 (greedy with patience ends far sooner)
PLAYOUT_ACTIONS = 2000


@njit
def sample_view(S, X, me, known, discarded, rngs, r):  # type: ignore[no-untyped-def]
    """``X`` := ``S`` with every card seat ``me`` cannot see dealt anew from ``rngs[r]`` (module docstring)."""
    players = S[S_PLAYERS]
    X[:] = S
    X[S_ACTIONS] = 0
    X[S_TURNS] = 0
    X[S_ERROR] = 0
    top = S[S_DISCARD_N] - 1
    visible = S[O_HANDS + me]
    for k in range(S[S_SPREADS_N]):
        visible |= S[O_SP_MASK + k]
    for i in range(S[S_DISCARD_N]):
        c = S[O_DISCARD + i]
        if i == top or (discarded >> c) & 1:
            visible |= ONE << c
    for q in range(players):
        if q != me:
            visible |= known[q] & S[O_HANDS + q]
    everything = np.int64(0)
    for q in range(players):
        everything |= S[O_HANDS + q]
    for i in range(S[S_STOCK_N]):
        everything |= ONE << S[O_STOCK + i]
    for i in range(S[S_DISCARD_N]):
        everything |= ONE << S[O_DISCARD + i]
    for k in range(S[S_SPREADS_N]):
        everything |= S[O_SP_MASK + k]
    pool = np.empty(52, np.int64)
    n = 0
    for c in range(52):
        if (everything >> c) & 1 and not (visible >> c) & 1:
            pool[n] = c
            n += 1
    for j in range(n - 1, 0, -1):
        k = below(rngs, r, j + 1)
        pool[j], pool[k] = pool[k], pool[j]
    used = 0
    for q in range(players):
        if q == me:
            continue
        mine = known[q] & S[O_HANDS + q]
        hand = mine
        for _ in range(popcount(S[O_HANDS + q]) - popcount(mine)):
            hand |= ONE << pool[used]
            used += 1
        X[O_HANDS + q] = hand
        count = 0
        rest = hand
        while rest:
            count += VALUE[lowest(rest)]
            rest &= rest - 1
        X[O_COUNTS + q] = count
    for i in range(S[S_DISCARD_N]):
        c = S[O_DISCARD + i]
        if not (i == top or (discarded >> c) & 1):
            X[O_DISCARD + i] = pool[used]
            used += 1
    for i in range(S[S_STOCK_N]):
        X[O_STOCK + i] = pool[used]
        used += 1
    X[S_RESHUFFLE_SEED] = np.int64(next_u64(rngs, r) >> S33)


def search_state(mc):  # type: ignore[no-untyped-def]
    """The ``search`` argument of :func:`~tonk_rules.kernel.policies_nb.play_out` for a table whose seats'
    montecarlo parameters are the rows of ``mc`` (rollouts, knock, patience): ``(mc, known, discarded,
    searched, totals, decision)`` — per seat what it took from the discard pile and still holds, the cards
    discarded in view (one mask), per seat the decisions searched (those with more than one legal action),
    a decision's candidate totals, and the key decided for the seat to act (-1: not yet searched)."""
    players = mc.shape[0]
    return (mc, np.zeros(players, np.int64), np.zeros(1, np.int64), np.zeros(players, np.int64),
            np.zeros(MAX_LEGAL, np.int64), np.full(1, -1, np.int64))


@njit
def take_decision(search):  # type: ignore[no-untyped-def]
    """The key decided for the montecarlo seat to act, taken (-1 when it has yet to search)."""
    decision = search[5]
    key = decision[0]
    decision[0] = -1
    return key


@njit
def forget_hand(search):  # type: ignore[no-untyped-def]
    """A new hand (or playout) begins: nothing has been taken or discarded in view yet."""
    known, discarded, decision = search[1], search[2], search[5]
    known[:] = 0
    discarded[0] = 0
    decision[0] = -1


@njit
def watch_before(S, key, search):  # type: ignore[no-untyped-def]
    """Before ``key`` is applied: what it shows everyone (the card taken from the pile, the card discarded)."""
    known, discarded = search[1], search[2]
    kind = (key >> KIND_SHIFT) & KIND_MASK
    if kind == K_DRAW_DISCARD:
        known[S[S_CURRENT]] |= ONE << S[O_DISCARD + S[S_DISCARD_N] - 1]
    elif kind == K_DISCARD:
        discarded[0] |= ONE << (key & PAYLOAD)


@njit
def watch_after(S, search):  # type: ignore[no-untyped-def]
    """After an action: a card taken from the pile is known only while its taker still holds it."""
    known = search[1]
    for p in range(S[S_PLAYERS]):
        known[p] &= S[O_HANDS + p]
