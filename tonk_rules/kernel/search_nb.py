"""The ``montecarlo`` search compiled: determinize what a seat cannot see, play every candidate out, pick.

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

:func:`play_batch_search` is :func:`~tonk_rules.kernel.policies_nb.play_batch` with ``montecarlo`` seats:
the same deals from the same seeds, and each montecarlo seat draws its samples from its seat stream.
"""

from __future__ import annotations

import numpy as np

from tonk_rules.kernel.jit import njit
from tonk_rules.kernel.layout import (
    ERR_STUCK,
    ERR_TOO_LONG,
    K_DISCARD,
    K_DRAW_DISCARD,
    KIND_SHIFT,
    MAX_LEGAL,
    O_COUNTS,
    O_DISCARD,
    O_HANDS,
    O_NET,
    O_SP_MASK,
    O_STOCK,
    O_WINNERS,
    PAYLOAD,
    POLICY_GREEDY,
    POLICY_RANDOM,
    S_ACTED,
    S_ACTIONS,
    S_CURRENT,
    S_DISCARD_N,
    S_ENDING,
    S_ERROR,
    S_KNOCKER,
    S_OVER,
    S_PLAYERS,
    S_RESHUFFLE_SEED,
    S_SPREADS_N,
    S_STOCK_N,
    S_TURNS,
    STATE_SIZE,
)
from tonk_rules.kernel.play_nb import apply_key, deal
from tonk_rules.kernel.policies_nb import draw_knocks, greedy_choice, play_out
from tonk_rules.kernel.prng_nb import below, hand_seed, next_u64
from tonk_rules.kernel.rules_nb import ONE, VALUE, legal_keys, lowest, popcount

KIND_MASK = np.int64(7)
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


@njit
def mc_choice(S, legal, n, me, known, discarded, rngs, r, rollouts, knock, patience, tb, totals):  # type: ignore[no-untyped-def]
    """The montecarlo decision of seat ``me`` among ``legal[:n]`` (canonical keys), ``rollouts`` playouts;
    ``totals[:n]`` receives each candidate's summed net (a single candidate is played without sampling)."""
    totals[:n] = 0
    if n == 1:
        return legal[0]
    players = S[S_PLAYERS]
    X = np.empty(STATE_SIZE, np.int64)
    Y = np.empty(STATE_SIZE, np.int64)
    policies = np.full(players, POLICY_GREEDY, np.int64)
    knocks = np.empty((players, 2), np.int64)
    for p in range(players):
        knocks[p, 0] = knock
        knocks[p, 1] = patience
    idle = np.zeros(players, np.uint64)  # greedy draws no random numbers
    no_trace = np.zeros(0, np.int64)
    samples = max(1, rollouts // n)
    for _ in range(samples):
        sample_view(S, X, me, known, discarded, rngs, r)
        for i in range(n):
            Y[:] = X
            apply_key(Y, legal[i], tb)
            Y[S_ACTIONS] += 1
            play_out(Y, tb, policies, knocks, idle, PLAYOUT_ACTIONS, no_trace)
            if Y[S_ERROR] == 0:
                totals[i] += Y[O_NET + me]
    best = 0
    for i in range(1, n):
        if totals[i] > totals[best]:
            best = i
    return legal[best]


@njit
def track(S, key, seat, known):  # type: ignore[no-untyped-def]
    """Before ``key`` is applied: the public record of what it reveals (the card a seat takes from the pile)."""
    if (key >> KIND_SHIFT) & KIND_MASK == K_DRAW_DISCARD:
        known[seat] |= ONE << S[O_DISCARD + S[S_DISCARD_N] - 1]


@njit
def play_out_search(S, tb, policies, knocks, mc, rngs, max_actions, trace, legal, known, searched):  # type: ignore[no-untyped-def]
    """``play_out`` where montecarlo seats search (``mc[seat]``: rollouts, knock, patience); ``searched[seat]``
    counts the decisions a montecarlo seat searched (those with more than one legal action)."""
    players = S[S_PLAYERS]
    discarded = np.int64(0)
    totals = np.zeros(MAX_LEGAL, np.int64)
    for p in range(players):
        known[p] = 0
    while not S[S_OVER]:
        n = legal_keys(S, tb, legal)
        if n == 0:
            S[S_ERROR] = ERR_STUCK
            return
        if S[S_ACTIONS] >= max_actions:
            S[S_ERROR] = ERR_TOO_LONG
            return
        seat = S[S_CURRENT]
        if not S[S_ACTED]:
            S[S_TURNS] += 1
        if policies[seat] == POLICY_RANDOM:
            key = legal[below(rngs, seat, n)]
        elif policies[seat] == POLICY_GREEDY:
            key = greedy_choice(S, legal, n, knocks[seat, 0], knocks[seat, 1], tb)
        else:
            if n > 1:
                searched[seat] += 1
            key = mc_choice(S, legal, n, seat, known, discarded, rngs, seat, mc[seat, 0], mc[seat, 1], mc[seat, 2],
                            tb, totals)
        if S[S_ACTIONS] < trace.shape[0]:
            trace[S[S_ACTIONS]] = key
        track(S, key, seat, known)
        if (key >> KIND_SHIFT) & KIND_MASK == K_DISCARD:
            discarded |= ONE << (key & PAYLOAD)
        apply_key(S, key, tb)
        S[S_ACTIONS] += 1
        for p in range(players):
            known[p] &= S[O_HANDS + p]


@njit
def play_batch_search(tb, deck0, seed, first_hand, first_dealer, policies, knocks, mc, stakes, max_actions,  # type: ignore[no-untyped-def]
                      ending, winners, counts, net, knocker, actions, turns, dealer, errors, trace, searched):
    """``play_batch`` with montecarlo seats: hands ``first_hand ..`` of run ``seed``, dealt as there (a
    montecarlo seat's ``knocks`` row is greedy's defaults without a mixture: ``draw_knocks`` draws nothing
    from its stream)."""
    players = policies.shape[0]
    S = np.zeros(STATE_SIZE, np.int64)
    deck = deck0.copy()
    gen = np.zeros(1, np.uint64)
    rngs = np.zeros(players, np.uint64)
    legal = np.empty(MAX_LEGAL, np.int64)
    known = np.zeros(players, np.int64)
    hand_knocks = np.zeros((players, 2), np.int64)
    for row in range(ending.shape[0]):
        gen[0] = hand_seed(seed, first_hand + row)
        deck[:] = deck0
        for j in range(deck.shape[0] - 1, 0, -1):
            k = below(gen, 0, j + 1)
            deck[j], deck[k] = deck[k], deck[j]
        reshuffle_seed = np.int64(next_u64(gen, 0) >> S33)
        for p in range(players):
            rngs[p] = next_u64(gen, 0)
        d = (first_dealer + first_hand + row) % players
        deal(S, tb, deck, players, d, stakes, reshuffle_seed)
        draw_knocks(policies, knocks, rngs, hand_knocks)  # a greedy mixture's threshold, as play_batch draws it
        play_out_search(S, tb, policies, hand_knocks, mc, rngs, max_actions, trace[row], legal, known, searched)
        errors[row] = S[S_ERROR]
        ending[row] = S[S_ENDING]
        for p in range(players):
            winners[row, p] = S[O_WINNERS + p] == 1
            counts[row, p] = S[O_COUNTS + p]
            net[row, p] = S[O_NET + p]
        knocker[row] = S[S_KNOCKER]
        actions[row] = S[S_ACTIONS]
        turns[row] = S[S_TURNS]
        dealer[row] = d
