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
Python caller that builds the same view from an Observation gets the same samples, bit for bit. Where the
pool allows, a seat's hidden cards also agree with what its drawn policy did: nothing above its last
discard's value (plus the policy's slack), no meld where it lays every spread, and (``row[MC_DECLINED]``) no
new meld with a card discarded in view that it passed up for the stock, since every modelled policy but
random takes a discard that melds with its hand.

Each sample draws a policy for every other seat from that seat's posterior (:func:`draw_models`) and is
played out once per candidate (common random numbers: every candidate meets the same deal and the same
drawn players), this seat playing its fallback after its move (:func:`fallback`: the default player, the
first modelled candidate, or greedy, ``row[MC_ALT]``, beside a seat it believes random). With
``row[MC_SWITCH]`` it also weighs the other of the two: that policy's own choice now, and that policy for
this seat to the end, as one more option on the same samples. The option with the highest summed net is
played only where its gain over the fallback's own choice is clear (:func:`clear_gain`: its mean gain per
sample above ``row[MC_CONFIDENCE]`` hundredths of its standard error) and not negative on the samples that
seat a random player; otherwise the seat plays what its fallback would (ties go to it, too). With
``row[MC_EXTEND]`` = E a close decision (the best option's gain above 0 but not clear) plays E × the budget
/ 2 more samples of that option and the fallback's choice, and those new samples alone decide. A playout that
errs (too long, stuck) scores 0.

A table with montecarlo seats is dealt as one without: the same deals from the same seeds, and each
montecarlo seat draws its samples from its seat stream.
"""

from __future__ import annotations

import numpy as np

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.copy_nb import copy_into
from tonk_rules.kernel.jit import njit, njit_entry
from tonk_rules.kernel.prng_nb import below, next_u64
from tonk_rules.kernel.rules_nb import ONE, extends, in_a_meld, mask_value, popcount

S33 = np.uint64(33)
#: the policy code of a montecarlo seat (random and greedy are layout's 0 and 1)
POLICY_MONTECARLO = 2
#: a playout not over after this many actions scores 0 (greedy with patience ends far sooner)
PLAYOUT_ACTIONS = 2000
#: the columns of a montecarlo seat's parameter row (``search_state``'s ``mc``): the playouts per decision, the
#: knock and patience of the greedy and casual it models, the confidence (hundredths of a standard error) a
#: move's gain over its fallback's choice needs, whether it also weighs playing the other of its two own
#: policies from here on, the modelled candidates that are those two (the default player is candidate 0; the
#: other: greedy) and random, and the share (percent) of random play in some other seat's posterior at which
#: greedy becomes its fallback, whether it remembers the seats' play across the hands of a session, and whether
#: it confirms the best option on new samples before it plays it, and whether its samples deal a seat no meld
#: with a card it passed up (:func:`sample_view`), and how many times its budget it spends more on a close
#: decision (the best option not clearly ahead of the fallback's choice: confirmed on that many new samples),
#: and how it shares the budget (:mod:`~tonk_rules.kernel.search_budget_nb`): times it where a knock is legal,
#: percent of it elsewhere
(MC_ROLLOUTS, MC_KNOCK, MC_PATIENCE, MC_CONFIDENCE, MC_SWITCH, MC_ALT, MC_RANDOM, MC_RANDOM_AT, MC_MEMORY,
 MC_CONFIRM, MC_DECLINED, MC_EXTEND, MC_KNOCK_X, MC_REST) = range(14)
#: and the percent of the samples it keeps in which another seat's drawn policy would knock now with the hand
#: dealt to it, though that seat has played on without knocking (100: every sample; :func:`believable`)
MC_BELIEF = 14
#: and how many deals it tries for one sample until every other seat's drawn policy, replayed on the deal over
#: that seat's last turn, makes the choices the seat was seen to make (0: no replay; :func:`replayed_turns`)
MC_REPLAY = 15
MC_COLUMNS = 16
#: the actions of a seat's turn kept for the replay (a longer turn is replayed up to here)
TURN_KEYS = 16
#: Deals tried at most for one sample where ``MC_BELIEF`` rejects some (the last one is kept whatever it is).
BELIEF_TRIES = 8


@njit
def fallback(scores, me, weights, row):  # type: ignore[no-untyped-def]
    """The candidate seat ``me`` plays for itself, and falls back on where no move clearly beats its choice:
    the default player (0), or ``row[MC_ALT]`` (greedy, which earns more beside a random player) once some
    other seat's posterior gives random play ``row[MC_RANDOM_AT]`` percent or more."""
    w = np.empty(scores.shape[1], np.int64)
    for q in range(scores.shape[0]):
        if q != me:
            total = seat_weights(scores, q, weights, w)
            if w[row[MC_RANDOM]] * 100 >= row[MC_RANDOM_AT] * total:
                return row[MC_ALT]
    return 0


@njit_entry
def clear_gain(gain, gain2, samples, confidence):  # type: ignore[no-untyped-def]
    """Whether a summed paired gain ``gain`` (and its summed square ``gain2``) over ``samples`` samples is
    above 0 by more than ``confidence`` hundredths of its standard error (0: any gain above 0). One sample
    says nothing of the spread: never clear."""
    if gain <= 0 or samples < 2:
        return False
    spread = max(float(gain2) - float(gain) * float(gain) / samples, 0.0)  # samples² × the mean's variance
    return float(gain) * float(gain) * 10000.0 > float(confidence) * float(confidence) * spread


@njit
def sample_view(S, X, me, known, declined, discarded, rngs, r, caps, tb):  # type: ignore[no-untyped-def]
    """``X`` := ``S`` with every card seat ``me`` cannot see dealt anew from ``rngs[r]`` (module docstring);
    seat ``q``'s unseen cards are of value ``caps[q, 0]`` or less where the pool allows, and where
    ``caps[q, 1]`` says its policy lays every spread it can and the seat has played a turn, they make no
    meld with the rest of its hand where the pool allows (it would have laid it). Where ``caps[q, 2]`` says
    its policy takes every discard that melds with its hand, they make no new meld with any card of
    ``declined[q]`` (the cards discarded in view that it passed up for the stock) where the pool allows: it
    would have taken that card."""
    players = S[L.S_PLAYERS]
    copy_into(X, S)
    X[L.S_ACTIONS] = 0
    X[L.S_TURNS] = 0
    X[L.S_ERROR] = 0
    top = S[L.S_DISCARD_N] - 1
    visible = S[L.O_HANDS + me]
    for k in range(S[L.S_SPREADS_N]):
        visible |= S[L.O_SP_MASK + k]
    for i in range(S[L.S_DISCARD_N]):
        c = S[L.O_DISCARD + i]
        if i == top or (discarded >> c) & 1:
            visible |= ONE << c
    for q in range(players):
        if q != me:
            visible |= known[q] & S[L.O_HANDS + q]
    everything = np.int64(0)
    for q in range(players):
        everything |= S[L.O_HANDS + q]
    for i in range(S[L.S_STOCK_N]):
        everything |= ONE << S[L.O_STOCK + i]
    for i in range(S[L.S_DISCARD_N]):
        everything |= ONE << S[L.O_DISCARD + i]
    for k in range(S[L.S_SPREADS_N]):
        everything |= S[L.O_SP_MASK + k]
    pool = np.empty(L.MAX_CARDS, np.int64)
    n = 0
    for c in range(L.MAX_CARDS):
        if (everything >> c) & 1 and not (visible >> c) & 1:
            pool[n] = c
            n += 1
    for j in range(n - 1, 0, -1):
        k = below(rngs, r, j + 1)
        pool[j], pool[k] = pool[k], pool[j]
    taken = np.zeros(n, np.int64)
    filled = np.zeros(players, np.int64)
    filled[me] = 1
    for _ in range(players - 1):
        q = -1  # the most constrained seat first (the lowest cap, then seat order): every cap can be met
        for p in range(players):
            if not filled[p] and (q < 0 or caps[p, 0] < caps[q, 0]):
                q = p
        filled[q] = 1
        mine = known[q] & S[L.O_HANDS + q]
        hand = mine
        need = popcount(S[L.O_HANDS + q]) - popcount(mine)
        meldless = caps[q, 1] != 0 and S[L.O_TURNS_TAKEN + q] > 0
        passed = declined[q] if caps[q, 2] != 0 else np.int64(0)
        for stage in range(3):  # in pool order: within the cap and in no meld, within the cap, then any
            for j in range(n):
                c = pool[j]
                if need == 0 or taken[j] or (stage < 2 and tb[L.T_VALUES + c] > caps[q, 0]):
                    continue
                if stage == 0 and meldless and in_a_meld(hand | (ONE << c), c, tb):
                    continue
                if stage == 0 and passed != 0 and melds_passed(hand, c, passed, tb):
                    continue
                hand |= ONE << c
                taken[j] = 1
                need -= 1
        X[L.O_HANDS + q] = hand
        X[L.O_COUNTS + q] = mask_value(hand, tb)
    used = 0
    for i in range(S[L.S_DISCARD_N]):
        c = S[L.O_DISCARD + i]
        if not (i == top or (discarded >> c) & 1):
            while taken[used]:
                used += 1
            X[L.O_DISCARD + i] = pool[used]
            used += 1
    for i in range(S[L.S_STOCK_N]):
        while taken[used]:
            used += 1
        X[L.O_STOCK + i] = pool[used]
        used += 1
    X[L.S_RESHUFFLE_SEED] = np.int64(next_u64(rngs, r) >> S33)


@njit
def melds_passed(hand, c, passed, tb):  # type: ignore[no-untyped-def]
    """Whether card ``c`` added to ``hand`` makes a meld with one of the cards ``passed`` that the hand
    alone did not make with it."""
    for t in range(L.MAX_CARDS):
        if (passed >> t) & 1 and in_a_meld(hand | (ONE << c) | (ONE << t), t, tb) and not in_a_meld(
                hand | (ONE << t), t, tb):
            return True
    return False


def search_state(mc, logp, codes, cand_knocks, weights, prior, slack):  # type: ignore[no-untyped-def]
    """The ``search`` argument of :func:`~tonk_rules.kernel.policies_nb.play_out` for a table whose seats'
    montecarlo parameters are the rows of ``mc`` (columns ``MC_ROLLOUTS`` ..; 0 rollouts: not a montecarlo
    seat) and whose model of the other seats is ``logp`` (per seat, candidate and :func:`action_feature`:
    milli-nats), ``codes`` / ``cand_knocks`` (each candidate's policy code; per seat, each candidate's row of
    parameters), ``weights`` (:func:`seat_weights`), ``prior`` (each candidate's score before anything is
    seen) and ``slack`` (per candidate: how far above its last discard's value a seat playing it may hold a
    card, -1: any; and whether it lays every spread it can).

    The tuple: ``(mc, known, discarded, searched, totals, decision, logp, scores, codes, cand_knocks, weights,
    prior, slack, last_values, declined, snaps, turns)`` — per seat what it took from the discard pile and still
    holds, the cards discarded in view (one mask), per seat the decisions searched (those with more than one
    legal action), a decision's candidate totals, the key decided for the seat to act (-1: not yet searched),
    per observer, seat and candidate the summed log-likelihood of what that seat has been seen to do (over the prior),
    and per seat the value of its last discard this hand (:data:`NO_CAP` before its first), and per seat the cards
    discarded in view that it passed up this hand (drew from the stock while that card lay on top), and per
    seat the state at the start of its last turn and after that turn's draw (``snaps[q, 0]``, ``snaps[q, 1]``)
    and that turn's actions (``turns[q, 0]``: how many, then the keys), which :func:`replayed_turns` reads."""
    players = mc.shape[0]
    return (mc, np.zeros(players, np.int64), np.zeros(1, np.int64), np.zeros(players, np.int64),
            np.zeros(L.MAX_LEGAL + 1, np.int64), np.full(1, -1, np.int64), logp,
            np.zeros((players, players, codes.shape[0]), np.int64), codes, cand_knocks, weights, prior, slack,
            np.full(players, L.NO_CAP, np.int64), np.zeros(players, np.int64),
            np.zeros((players, 2, L.STATE_SIZE), np.int64), np.zeros((players, TURN_KEYS + 1), np.int64))


@njit
def take_decision(search):  # type: ignore[no-untyped-def]
    """The key decided for the montecarlo seat to act, taken (-1 when it has yet to search)."""
    decision = search[5]
    key = decision[0]
    decision[0] = -1
    return key


@njit
def forget_hand(search, hand):  # type: ignore[no-untyped-def]
    """Hand number ``hand`` of the run begins: nothing has been taken or discarded in view; each montecarlo
    seat's posterior of the others starts again at the prior, unless it remembers (``MC_MEMORY``) and the
    hand is not the first of a session (:data:`SESSION`): then it keeps what it saw in the session's hands
    so far."""
    mc, known, discarded, decision, scores, prior = search[0], search[1], search[2], search[5], search[7], search[11]
    search[13][:] = L.NO_CAP
    search[14][:] = 0
    search[16][:, 0] = 0
    known[:] = 0
    discarded[0] = 0
    decision[0] = -1
    for me in range(scores.shape[0]):
        if mc[me, MC_MEMORY] == 0 or hand % L.SESSION == 0:
            for q in range(scores.shape[1]):
                copy_into(scores[me, q], prior)


@njit
def watch_before(S, key, search, tb):  # type: ignore[no-untyped-def]
    """Before ``key`` is applied: what it shows everyone (the card taken from the pile, the card discarded),
    and what each montecarlo seat makes of it (the likelihood of the choice under each candidate policy)."""
    mc, known, discarded, logp, scores = search[0], search[1], search[2], search[6], search[7]
    actor = S[L.S_CURRENT]
    _keep_turn(S, key, actor, search[15], search[16])
    f = action_feature(S, key, discarded[0], tb)
    for me in range(S[L.S_PLAYERS]):
        if mc[me, 0] > 0 and me != actor:
            for c in range(scores.shape[2]):
                scores[me, actor, c] += logp[me, c, f]
    kind = (key >> L.KIND_SHIFT) & L.KIND_MASK
    if kind == L.K_DRAW_DISCARD:  # the card taken, from the top or deeper (drawing.discard_depth)
        known[actor] |= ONE << S[L.O_DISCARD + S[L.S_DISCARD_N] - 1 - (key & L.PAYLOAD)]
    elif kind == L.K_DISCARD:
        discarded[0] |= ONE << (key & L.PAYLOAD)
        search[13][actor] = tb[L.T_VALUES + (key & L.PAYLOAD)]
    elif (kind == L.K_DRAW_STOCK and S[L.S_DISCARD_N] > 0
          and (discarded[0] >> S[L.O_DISCARD + S[L.S_DISCARD_N] - 1]) & 1):
        search[14][actor] |= ONE << S[L.O_DISCARD + S[L.S_DISCARD_N] - 1]  # passed up: it did not meld (module doc)


@njit
def _keep_turn(S, key, actor, snaps, turns):  # type: ignore[no-untyped-def]
    """Keep ``actor``'s turn for :func:`replayed_turns`: the state where it starts (the seat has not drawn and
    its last kept action ended a turn: a discard, or none yet this hand) and after its draw, and its keys."""
    m = turns[actor, 0]
    last = (turns[actor, m] >> L.KIND_SHIFT) & L.KIND_MASK if m > 0 else L.K_DISCARD
    if S[L.S_DRAWN] == 0 and last == L.K_DISCARD:
        copy_into(snaps[actor, 0], S)
        m = 0
    elif m == 1:  # the first action after the draw: the state after it
        copy_into(snaps[actor, 1], S)
    if m < TURN_KEYS:
        turns[actor, m + 1] = key
        turns[actor, 0] = m + 1
    else:  # a turn too long to keep (the replay skips it): its last key still says when it ends
        turns[actor, TURN_KEYS] = key


@njit
def watch_after(S, search):  # type: ignore[no-untyped-def]
    """After an action: a card taken from the pile is known only while its taker still holds it."""
    known = search[1]
    for p in range(S[L.S_PLAYERS]):
        known[p] &= S[L.O_HANDS + p]


# --- the model of the other seats: what an action shows of the policy that chose it -----------------------
#: an action kind's choice number at a turn's start, and after the draw (kinds: tonk_rules.engine.encoding)
START_KIND = np.minimum(np.arange(8), L.START_CHOICES - 1)
MID_KIND = np.full(8, L.MID_CHOICES - 1)
MID_KIND[L.K_SPREAD], MID_KIND[L.K_HIT] = 0, 1
assert L.K_KNOCK == 0 and L.K_DISCARD == L.START_CHOICES - 1  # START_KIND is the kind itself


@njit
def _extends_table(S, card, tb):  # type: ignore[no-untyped-def]
    for k in range(S[L.S_SPREADS_N]):  # noqa: SIM110 (numba compiles no generator into any())
        if extends(S, k, card, tb):
            return 1
    return 0


@njit_entry
def action_feature(S, key, discarded, tb):  # type: ignore[no-untyped-def]
    """What everyone sees of the choice ``key`` of the seat to act in ``S``, as one number below
    ``layout.N_FEATURES``: its context (whether the seat has drawn this turn, its hand size, whether the top of
    the discard pile — when it was discarded in view: ``discarded`` — extends a spread on the table) and the
    choice (the kind of action; for a discard, the card's value, whether it was taken from the pile this turn
    and whether it extends a spread). Public: any seat, and a Python replay of the history, computes it."""
    bucket = min(max(popcount(S[L.O_HANDS + S[L.S_CURRENT]]), 1), L.SIZE_BUCKETS) - 1
    kind = (key >> L.KIND_SHIFT) & L.KIND_MASK
    if S[L.S_DRAWN] == 0:
        top_fits = 0
        if S[L.S_DISCARD_N] > 0:
            top = S[L.O_DISCARD + S[L.S_DISCARD_N] - 1]
            if (discarded >> top) & 1:
                top_fits = _extends_table(S, top, tb)
        return (bucket * 2 + top_fits) * L.START_CHOICES + START_KIND[kind]
    if kind == L.K_DISCARD:
        card = key & L.PAYLOAD
        worth = min(max(tb[L.T_VALUES + card], 1), 10) - 1  # by value 1..10 (a house value is clamped there)
        choice = 2 + worth * 4 + (2 if card == S[L.S_TAKEN] else 0) + _extends_table(S, card, tb)
    else:
        choice = MID_KIND[kind]
    return L.MID_FEATURES + bucket * L.MID_CHOICES + choice


@njit
def seat_weights(scores, q, weights, w):  # type: ignore[no-untyped-def]
    """Into ``w``: the posterior of seat ``q``'s policy from one observer's ``scores`` (``[seat, candidate]``)
    as whole-number weights (``weights[d]``: the weight of a candidate ``d`` milli-nats below the best, never
    under the floor its last entry holds); returns their sum."""
    best = scores[q, 0]
    for c in range(1, scores.shape[1]):
        best = max(best, scores[q, c])
    total = 0
    for c in range(scores.shape[1]):
        w[c] = weights[min(best - scores[q, c], weights.shape[0] - 1)]
        total += w[c]
    return total


@njit
def draw_models(me, own, scores, codes, cand_knocks, slack, last_values, weights, rngs, r, policies, knocks,  # type: ignore[no-untyped-def]
                seeds, caps):
    """One playout's seats: ``me`` plays the candidate ``own`` (:func:`fallback`); every other seat, in seat
    order, a candidate drawn from its posterior (its code into ``policies``, its row of parameters into
    ``knocks``) and then the start of its own random stream (``seeds``); ``caps[q, 0]``: where the drawn
    candidate sheds its highest cards (``slack[c, 0] >= 0``), the seat is dealt nothing above its last
    discard's value (``last_values``) plus that slack, else no cap; ``caps[q, 1]``: whether the candidate lays
    every spread it can (``slack[c, 1]``); ``caps[q, 2]``: whether it takes every discard that melds with its
    hand (every candidate but random play: those whose slack is not -1)."""
    w = np.empty(codes.shape[0], np.int64)
    for q in range(policies.shape[0]):
        c = own
        if q != me:
            c = 0
            t = below(rngs, r, seat_weights(scores, q, weights, w))
            while t >= w[c]:
                t -= w[c]
                c += 1
        policies[q] = codes[c]
        copy_into(knocks[q], cand_knocks[c])
        seeds[q] = 0
        if q != me:  # (a conditional expression of 0 and a uint64 would be typed float by numba)
            seeds[q] = next_u64(rngs, r)
        caps[q, 0] = last_values[q] + slack[c, 0] if slack[c, 0] >= 0 and last_values[q] != L.NO_CAP else L.NO_CAP
        caps[q, 1] = slack[c, 1]
        caps[q, 2] = 1 if slack[c, 0] >= 0 else 0
