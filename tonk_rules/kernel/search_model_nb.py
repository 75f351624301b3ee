"""How often each policy makes each public choice: the counts a montecarlo seat's model of the others is
built from (:mod:`tonk_rules.kernel.search` turns them into likelihoods).

:func:`feature_counts` plays whole hands with one policy in every seat, on the kernel's one play loop, then
replays each hand's trace and counts, for every action, its
:func:`~tonk_rules.kernel.search_nb.action_feature` — what every other seat sees of that choice.
"""

from __future__ import annotations

import numpy as np

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.copy_nb import copy_into
from tonk_rules.kernel.jit import njit_entry
from tonk_rules.kernel.play_nb import deal
from tonk_rules.kernel.policies_nb import draw_knocks, play_key, play_out
from tonk_rules.kernel.prng_nb import below, hand_seed, next_u64
from tonk_rules.kernel.search_nb import action_feature

S33 = np.uint64(33)
#: hands longer than this are played but not counted (none are, with the candidates' patience)
TRACED_ACTIONS = 4096


@njit_entry
def feature_counts(tb, deck0, seed, hands, policies, knocks, max_actions, counts):  # type: ignore[no-untyped-def]
    """Add to ``counts`` (one per feature) every action of ``hands`` hands of the run ``seed`` played by the
    seats ``policies`` / ``knocks`` (dealt as :func:`~tonk_rules.kernel.policies_nb.play_batch` deals); a
    hand that errs is skipped."""
    players = policies.shape[0]
    S = np.zeros(L.STATE_SIZE, np.int64)
    S0 = np.zeros(L.STATE_SIZE, np.int64)
    deck = deck0.copy()
    gen = np.zeros(1, np.uint64)
    rngs = np.zeros(players, np.uint64)
    legal = np.empty(L.MAX_LEGAL, np.int64)
    trace = np.zeros(TRACED_ACTIONS, np.int64)
    hand_knocks = np.zeros((players, knocks.shape[1]), np.int64)  # every parameter of the row (the reckoner has 7)
    stakes = np.ones(players, np.int64)
    for h in range(hands):
        gen[0] = hand_seed(seed, h)
        copy_into(deck, deck0)
        for j in range(deck.shape[0] - 1, 0, -1):
            k = below(gen, np.int64(0), j + 1)
            deck[j], deck[k] = deck[k], deck[j]
        reshuffle_seed = np.int64(next_u64(gen, np.int64(0)) >> S33)
        for p in range(players):
            rngs[p] = next_u64(gen, np.int64(0))
        deal(S, tb, deck, players, h % players, stakes, reshuffle_seed)
        copy_into(S0, S)
        draw_knocks(policies, knocks, rngs, hand_knocks)
        play_out(S, tb, policies, hand_knocks, rngs, max_actions, legal, trace, None)
        if S[L.S_ERROR] != 0 or S[L.S_ACTIONS] > TRACED_ACTIONS:
            continue
        actions = S[L.S_ACTIONS]
        copy_into(S, S0)
        discarded = np.int64(0)
        for i in range(actions):
            key = trace[i]
            counts[action_feature(S, key, discarded, tb)] += 1
            if (key >> L.KIND_SHIFT) & L.KIND_MASK == L.K_DISCARD:
                discarded |= np.int64(1) << (key & L.PAYLOAD)
            play_key(S, key, tb)
