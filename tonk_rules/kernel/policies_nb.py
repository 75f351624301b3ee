"""Compiled bot policies and the one play loop: ``random``, ``greedy`` (the one implementation of greedy's
decisions: :class:`tonk_rules.bots.GreedyBot` calls :func:`greedy_choice` too) and ``montecarlo`` (its
decision, :func:`mc_choice`; what it may see and how it samples the rest: :mod:`tonk_rules.kernel.search_nb`),
whole hands, whole batches, and rollouts from a given state.

A greedy seat's parameters are a row of ``knocks``: ``knock``, ``patience``, ``alt_knock``, ``alt_share``
(:data:`tonk_rules.kernel.seats.KNOCK_COLUMNS`). With ``alt_share > 0`` the seat plays a mixture: at the
start of each hand (or rollout) it draws ``below(1000)`` from its own random stream — which greedy uses for
nothing else, so the deal and every other seat are unchanged — and knocks at ``alt_knock`` instead of
``knock`` when the draw is below ``alt_share`` (per mille).

The play loop is written once: :func:`play_out`, under :func:`play_hand` (so :func:`play_batch`) and
:func:`rollouts`, and each montecarlo playout. Its last argument, ``search``, is ``None`` where no seat
searches, or a :func:`~tonk_rules.kernel.search_nb.search_state` tuple where montecarlo seats play. numba
compiles a function once per argument type, and in the ``None`` compilation it drops every
``if search is not None`` branch before typing it: plain ``random`` / ``greedy`` runs carry no montecarlo
bookkeeping (``benchmarks/bench_engine.py`` measures them). With a search, :func:`play_out` stops at a
montecarlo seat's decision and :func:`play_hand` searches and resumes it (the decided key waits in the
search tuple), so the loop never reaches itself through :func:`mc_choice` (whose playouts run it with
``search=None``): numba caches a function compiled inside such a recursion with an unresolved call, which
crashes the process that loads it. Each action's steps (trace, watch, play) stay inline in the loop: a
helper function called per action cost the plain greedy kernel about 8%.
"""

from __future__ import annotations

import numpy as np

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.copy_nb import copy_into
from tonk_rules.kernel.jit import njit, njit_entry, njit_inline
from tonk_rules.kernel.play_nb import apply_key, deal
from tonk_rules.kernel.prng_nb import below, hand_seed, next_u64
from tonk_rules.kernel.reckoner_nb import (
    RK_KNOCK_MARGIN,
    casual_knock,
    knock_gain,
    reckoner_choice,
    unseen_cards,
    with_knock_nets,
)
from tonk_rules.kernel.rules_nb import ONE, can_meld, legal_keys, mask_value, spread_rank
from tonk_rules.kernel.search_budget_nb import decision_budget
from tonk_rules.kernel.search_nb import (
    BELIEF_TRIES,
    MC_ALT,
    MC_BELIEF,
    MC_CONFIDENCE,
    MC_CONFIRM,
    MC_DECLINED,
    MC_EXTEND,
    MC_REPLAY,
    MC_SWITCH,
    PLAYOUT_ACTIONS,
    POLICY_MONTECARLO,
    TURN_KEYS,
    clear_gain,
    draw_models,
    fallback,
    forget_hand,
    sample_view,
    take_decision,
    watch_after,
    watch_before,
)

#: A mixture's share is drawn in per mille.
SHARE_UNIT = 1000
S33 = np.uint64(33)


@njit_entry
def greedy_choice(S, legal, n, knock, patience, tb):  # type: ignore[no-untyped-def]
    """Greedy's decision among the ``n`` canonical keys ``legal`` (:mod:`tonk_rules.bots.greedy` states the
    rule in words; this is its one implementation). Reads of ``S`` only the current seat's hand, count and
    turns, the spreads and the top discard: what the seat can see."""
    cur = S[L.S_CURRENT]
    best = -1
    best_score = -1
    draw_stock = -1
    draw_discard = -1
    for i in range(n):  # 1. knock (it is first in canonical order)
        kind = (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK
        if kind == L.K_KNOCK and (S[L.O_COUNTS + cur] <= knock or S[L.O_TURNS_TAKEN + cur] >= patience):
            return legal[i]
    for i in range(n):  # 2. the spread with most cards, then highest value
        if (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK == L.K_SPREAD:
            score = spread_rank(legal[i] & L.PAYLOAD, tb)
            if score > best_score:
                best, best_score = i, score
    if best >= 0:
        return legal[best]
    for i in range(n):  # 3. the hit with the highest card value
        if (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK == L.K_HIT:
            score = tb[L.T_VALUES + (legal[i] & L.PAYLOAD) // 64]
            if score > best_score:
                best, best_score = i, score
    if best >= 0:
        return legal[best]
    melds = -1
    for i in range(n):  # 4. draws: the shallowest discard that melds (the top, or deeper where allowed)
        kind = (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK
        if kind == L.K_DRAW_STOCK:
            draw_stock = i
        elif kind == L.K_DRAW_DISCARD:
            if draw_discard < 0:
                draw_discard = i
            if melds < 0 and can_meld(S, S[L.O_DISCARD + S[L.S_DISCARD_N] - 1 - (legal[i] & L.PAYLOAD)], cur, tb):
                melds = i
    if melds >= 0:
        return legal[melds]
    if draw_stock >= 0:
        return legal[draw_stock]
    if draw_discard >= 0:
        return legal[draw_discard]
    for i in range(n):  # 5. the discard of highest value, then highest card
        if (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK == L.K_DISCARD:
            c = legal[i] & L.PAYLOAD
            score = tb[L.T_VALUES + c] * 64 + c
            if score > best_score:
                best, best_score = i, score
    if best >= 0:
        return legal[best]
    return legal[0]


@njit
def draw_knocks(policies, knocks, rngs, out):  # type: ignore[no-untyped-def]
    """Each seat's row of parameters for one hand into ``out`` (drawing a greedy mixture's threshold)."""
    for p in range(policies.shape[0]):
        for j in range(min(out.shape[1], knocks.shape[1])):
            out[p, j] = knocks[p, j]
        if (policies[p] == L.POLICY_GREEDY and knocks.shape[1] > 3 and knocks[p, 3] > 0
                and below(rngs, p, np.int64(SHARE_UNIT)) < knocks[p, 3]):
            out[p, 0] = knocks[p, 2]


@njit_inline
def play_key(S, key, tb):  # type: ignore[no-untyped-def]
    """Seat ``S[S_CURRENT]`` plays the (legal) ``key``: a new turn counted when it opens one, what the table
    saw of it kept (a card taken from the pile while its taker holds it, the value of a discard), the action
    applied and counted."""
    if not S[L.S_ACTED]:
        S[L.S_TURNS] += 1
    seat = S[L.S_CURRENT]
    kind = (key >> L.KIND_SHIFT) & L.KIND_MASK
    if kind == L.K_DRAW_DISCARD:  # what the table saw (layout.O_KEPT, O_SHED): the players may read it
        # the card taken: the top, or (drawing.discard_depth) ``payload + 1`` from the top, as apply_key takes it
        S[L.O_KEPT + seat] |= ONE << S[L.O_DISCARD + S[L.S_DISCARD_N] - 1 - (key & L.PAYLOAD & 63)]
    elif kind == L.K_DISCARD:  # at the table's card values (deck.values)
        S[L.O_SHED + seat] = tb[L.T_VALUES + (key & L.PAYLOAD)]
    apply_key(S, key, tb)
    S[L.O_KEPT + seat] &= S[L.O_HANDS + seat]
    S[L.S_ACTIONS] += 1


@njit
def _own_choice(S, legal, n, code, row, tb):  # type: ignore[no-untyped-def]
    """The choice of montecarlo's own policy ``code`` (the reckoner or greedy) with its parameters ``row``."""
    if code == L.POLICY_RECKONER:
        return reckoner_choice(S, legal, n, row, tb)
    return greedy_choice(S, legal, n, row[0], row[1], tb)


@njit_entry
def mc_choice(S, legal, n, me, known, declined, discarded, rngs, r, row, tb, totals, scores, codes,  # type: ignore[no-untyped-def]
              cand_knocks, slack, last_values, weights, snaps, turns):
    """The montecarlo decision of seat ``me`` among ``legal[:n]`` (canonical keys) with the parameters ``row``
    (:data:`~tonk_rules.kernel.search_nb.MC_ROLLOUTS` ..): :mod:`tonk_rules.kernel.search_nb` says how it
    samples, plays out and picks; ``scores`` is ``me``'s posterior of each other seat's policy over the
    candidates ``codes`` / ``cand_knocks``; ``declined``: per seat, the cards discarded in view it passed up
    (read only with ``row[MC_DECLINED]``); ``snaps`` / ``turns``: each seat's last turn (read only with
    ``row[MC_REPLAY]``: :func:`replayed_turns`). ``totals[:n]`` receives each candidate's summed net, ``totals[n]``
    that of playing its other own policy from here (``row[MC_SWITCH]``); one candidate is played unsampled."""
    totals[:n + 1] = 0
    if n == 1:
        return legal[0]
    players = S[L.S_PLAYERS]
    own = fallback(scores, me, weights, row)  # the default player (0) or greedy, and the other of the two
    alt = row[MC_ALT] if own == 0 else 0
    options = n + (1 if row[MC_SWITCH] else 0)
    default = 0  # each one's own choice here (both read only what me sees)
    key = _own_choice(S, legal, n, codes[own], cand_knocks[own], tb)
    while legal[default] != key:
        default += 1
    alt_key = _own_choice(S, legal, n, codes[alt], cand_knocks[alt], tb)
    policies = np.empty(players, np.int64)
    knocks = np.zeros((players, cand_knocks.shape[1]), np.int64)
    gain = np.zeros(options, np.int64)  # summed (net - the default's net) over the samples, and its square
    gain2 = np.zeros(options, np.int64)
    beside_random = np.zeros(options, np.int64)  # the summed gain over the samples that seat a random player
    active = np.ones(options, np.int64)
    confirm = row[MC_CONFIRM] != 0
    passed = np.zeros(players, np.int64)  # (the cards each seat passed up: only with row[MC_DECLINED])
    if row[MC_DECLINED] != 0:
        copy_into(passed, declined)
    budget = decision_budget(legal, n, row)  # (row[MC_ROLLOUTS], shared as row[MC_KNOCK_X] / row[MC_REST] say)
    samples = max(1, budget // (options * (2 if confirm else 1)))
    _play_samples(S, legal, n, me, own, alt, alt_key, default, active, samples, known, passed, discarded, rngs, r,
                  tb, totals, scores, codes, cand_knocks, slack, last_values, weights, policies, knocks, gain, gain2,
                  beside_random, row[MC_BELIEF], row[MC_REPLAY], snaps, turns)
    best = 0
    for i in range(1, options):
        if totals[i] > totals[best]:
            best = i
    if confirm and best != default:  # the best of many noisy sums is likely lucky: confirm it on new samples
        active[:] = 0
        active[default], active[best] = 1, 1
        gain[:], gain2[:], beside_random[:] = 0, 0, 0
        samples = max(1, budget // 4)  # the other half of the budget, on these two
        _play_samples(S, legal, n, me, own, alt, alt_key, default, active, samples, known, passed, discarded, rngs,
                      r, tb, totals, scores, codes, cand_knocks, slack, last_values, weights, policies, knocks, gain,
                      gain2, beside_random, row[MC_BELIEF], row[MC_REPLAY], snaps, turns)
    if row[MC_EXTEND] > 0 and best != default and gain[best] > 0 and not clear_gain(gain[best], gain2[best], samples,
                                                                                   row[MC_CONFIDENCE]):
        # a close decision: ``extend`` times the budget more, on these two and new samples only (unbiased)
        active[:] = 0
        active[default], active[best] = 1, 1
        gain[:], gain2[:], beside_random[:] = 0, 0, 0
        samples = max(1, row[MC_EXTEND] * budget // 2)
        _play_samples(S, legal, n, me, own, alt, alt_key, default, active, samples, known, passed, discarded, rngs,
                      r, tb, totals, scores, codes, cand_knocks, slack, last_values, weights, policies, knocks, gain,
                      gain2, beside_random, row[MC_BELIEF], row[MC_REPLAY], snaps, turns)
    # a move that loses beside the random players it may be seated with is not played (nor one it cannot tell)
    if best == default or beside_random[best] < 0 or not clear_gain(gain[best], gain2[best], samples,
                                                                    row[MC_CONFIDENCE]):
        return legal[default]
    return alt_key if best == n else legal[best]


@njit
def _play_samples(S, legal, n, me, own, alt, alt_key, default, active, samples, known, declined, discarded,  # type: ignore[no-untyped-def]
                  rngs, r, tb, totals, scores, codes, cand_knocks, slack, last_values, weights, policies, knocks, gain,
                  gain2, beside_random, belief, replay, snaps, turns):
    """``samples`` samples of :func:`mc_choice`, each playing every ``active`` option out (option ``n``: the
    other own policy ``alt`` from its choice ``alt_key`` on); adds to each option's ``totals`` and its gain
    over option ``default`` (its sum, its square's, and its sum over the samples that seat a random player).
    A deal in which some other seat's drawn policy would knock now (:func:`believable`) is kept with a chance of
    ``belief`` percent, else dealt again (at most ``BELIEF_TRIES`` deals): that seat played on without knocking,
    which such a hand makes unlikely. With ``replay`` above 0, a deal (with its drawn policies) is kept only where
    :func:`replayed_turns` finds every other seat's last turn played as it was, else dealt again: ``replay``
    deals at most, the last one kept whatever it is."""
    players = S[L.S_PLAYERS]
    options = active.shape[0]
    X = np.empty(L.STATE_SIZE, np.int64)
    Y = np.empty(L.STATE_SIZE, np.int64)
    seeds = np.zeros(players, np.uint64)
    streams = np.zeros(players, np.uint64)
    caps = np.zeros((players, 3), np.int64)
    no_trace = np.zeros(0, np.int64)
    candidates = np.empty(L.MAX_LEGAL, np.int64)  # the playouts' own (legal holds this decision's)
    nets = np.zeros(options, np.int64)
    tries = BELIEF_TRIES if replay == 0 else replay
    for _ in range(samples):
        for attempt in range(tries):
            draw_models(me, own, scores, codes, cand_knocks, slack, last_values, weights, rngs, r, policies, knocks,
                        seeds, caps)
            sample_view(S, X, me, known, declined, discarded, rngs, r, caps, tb)
            if attempt == tries - 1:
                break
            if ((belief >= 100 or believable(X, me, policies, knocks, tb) or below(rngs, r, np.int64(100)) < belief)
                    and (replay == 0 or replayed_turns(X, S, me, policies, knocks, snaps, turns, candidates, Y, tb))):
                break
        for i in range(options):
            if not active[i]:
                continue
            copy_into(Y, X)
            copy_into(streams, seeds)  # every candidate meets the same random players (common random numbers)
            if i == n:  # the other own policy: its choice now, and it plays this seat on
                policies[me] = codes[alt]
                copy_into(knocks[me], cand_knocks[alt])
                play_key(Y, alt_key, tb)
            else:
                play_key(Y, legal[i], tb)
            play_out(Y, tb, policies, knocks, streams, np.int64(PLAYOUT_ACTIONS), candidates, no_trace, None)
            nets[i] = Y[L.O_NET + me] if Y[L.S_ERROR] == 0 else 0
            totals[i] += nets[i]
        random_seat = False
        for q in range(players):
            random_seat = random_seat or (q != me and policies[q] == L.POLICY_RANDOM)
        for i in range(options):
            if active[i]:
                gain[i] += nets[i] - nets[default]
                gain2[i] += (nets[i] - nets[default]) ** 2
                if random_seat:
                    beside_random[i] += nets[i] - nets[default]


@njit
def replayed_turns(X, S, me, policies, knocks, snaps, turns, legal, Y, tb):  # type: ignore[no-untyped-def]
    """Whether every other seat's drawn policy (``policies``, ``knocks``; random play is not replayed), given the
    hand the sample ``X`` deals it, plays its last turn as the seat played it (``turns``): its hand then is its
    sampled hand now with the cards it laid, hit and discarded since its draw (public: its hand after the draw,
    ``snaps[q, 1]``, less its hand now in ``S``), less the card it took where it drew from the pile (then the
    turn is replayed from its start, ``snaps[q, 0]``, its draw included; after a draw from the stock, whose
    card it does not show, from the draw on). The policies read of another seat's hand only its size, so the
    kept states' other hands do not matter. A turn the replay cannot follow (a kept key not legal there) says
    nothing. ``legal`` and ``Y``: scratch."""
    for q in range(X[L.S_PLAYERS]):
        m = turns[q, 0]
        code = policies[q]
        if q == me or m < 2 or m >= TURN_KEYS or code == L.POLICY_RANDOM or code == POLICY_MONTECARLO:
            continue
        draw = (turns[q, 1] >> L.KIND_SHIFT) & L.KIND_MASK
        if draw != L.K_DRAW_STOCK and draw != L.K_DRAW_DISCARD:  # noqa: SIM109 (plain compares compile simplest)
            continue
        after = snaps[q, 1, L.O_HANDS + q]
        hand = X[L.O_HANDS + q] | (after & ~S[L.O_HANDS + q])
        start = 1
        if draw == L.K_DRAW_DISCARD:
            start = 0
            hand &= ~(after & ~snaps[q, 0, L.O_HANDS + q])
        copy_into(Y, snaps[q, start])
        Y[L.O_HANDS + q] = hand
        Y[L.O_COUNTS + q] = mask_value(hand, tb)
        for i in range(start, m):
            key = turns[q, i + 1]
            n = legal_keys(Y, tb, legal)
            found = False
            for j in range(n):
                found = found or legal[j] == key
            if not found:
                break
            if code == L.POLICY_RECKONER:
                choice = reckoner_choice(Y, legal, n, knocks[q], tb)
            elif code == L.POLICY_CASUAL:
                choice = greedy_choice(Y, legal, n, casual_knock(Y, q), knocks[q, 0], tb)
            else:
                choice = greedy_choice(Y, legal, n, knocks[q, 0], knocks[q, 1], tb)
            if choice != key:
                return False
            play_key(Y, key, tb)
    return True


@njit_entry
def replay_trial(tb, deck, dealer, reshuffle_seed, policies, knocks, rngs, search, out):  # type: ignore[no-untyped-def]
    """One hand dealt from ``deck`` and played by ``policies`` (``POLICY_MONTECARLO`` seats playing the
    reckoner with their row of ``knocks``), where at each decision of a montecarlo seat ``me`` with some other
    seat's turn kept: ``out[0]`` += 1, ``out[1]`` += whether :func:`replayed_turns` keeps the true deal (with
    each seat's true policy: always), ``out[2]`` += whether it keeps a deal of ``me``'s unseen cards at random
    (:func:`~tonk_rules.kernel.search_nb.sample_view`, no caps): how much the replay rules out."""
    players = policies.shape[0]
    S = np.zeros(L.STATE_SIZE, np.int64)
    X = np.empty(L.STATE_SIZE, np.int64)
    Y = np.empty(L.STATE_SIZE, np.int64)
    legal = np.empty(L.MAX_LEGAL, np.int64)
    scratch = np.empty(L.MAX_LEGAL, np.int64)
    caps = np.zeros((players, 3), np.int64)
    caps[:, 0] = L.NO_CAP
    true = policies.copy()
    for p in range(players):
        if true[p] == POLICY_MONTECARLO:
            true[p] = L.POLICY_RECKONER
    deal(S, tb, deck, players, dealer, np.ones(players, np.int64), reshuffle_seed)
    forget_hand(search, 0)
    no_trace = np.zeros(0, np.int64)
    n = play_out(S, tb, policies, knocks, rngs, np.int64(PLAYOUT_ACTIONS), legal, no_trace, search)
    while n > 0:
        me = S[L.S_CURRENT]
        kept = False
        for q in range(players):
            kept = kept or (q != me and search[16][q, 0] >= 2)
        if kept:
            out[0] += 1
            out[1] += replayed_turns(S, S, me, true, knocks, search[15], search[16], scratch, Y, tb)
            sample_view(S, X, me, search[1], search[14], search[2][0], rngs, me, caps, tb)
            out[2] += replayed_turns(X, S, me, true, knocks, search[15], search[16], scratch, Y, tb)
        search[5][0] = reckoner_choice(S, legal, n, knocks[me], tb)
        n = play_out(S, tb, policies, knocks, rngs, np.int64(PLAYOUT_ACTIONS), legal, no_trace, search)


@njit_entry
def believable(X, me, policies, knocks, tb):  # type: ignore[no-untyped-def]
    """Whether no other seat that has played a turn would knock now by its drawn policy (``policies``,
    ``knocks``) with the hand ``X`` deals it: greedy and casual by their thresholds, the reckoner by its
    knock's expected payoff from that seat's view (a random seat says nothing)."""
    for q in range(X[L.S_PLAYERS]):
        if q == me or X[L.O_TURNS_TAKEN + q] == 0:
            continue
        count = X[L.O_COUNTS + q]
        if policies[q] == L.POLICY_GREEDY and count <= knocks[q, 0]:
            return False
        if policies[q] == L.POLICY_CASUAL and count <= casual_knock(X, q):
            return False
        if (policies[q] == L.POLICY_RECKONER
                and knock_gain(X, q, knocks[q], unseen_cards(X, q, tb), tb) * 100.0 >= knocks[q, RK_KNOCK_MARGIN]):
            return False
    return True


@njit
def play_out(S, tb, policies, knocks, rngs, max_actions, legal, trace, search):  # type: ignore[no-untyped-def]
    """Play the hand in ``S`` with each seat's policy to its end (return 0), tracing keys while ``trace`` has
    room; with a ``search``, up to a montecarlo seat that has not decided: return the number of its legal
    actions, which are in ``legal`` (:func:`play_hand` searches, then calls again).

    ``search``: ``None`` where no seat searches (every ``if search is not None`` is compiled away), or a
    :func:`~tonk_rules.kernel.search_nb.search_state` tuple. The search is the caller's so that this function
    never calls itself through :func:`mc_choice`: numba caches a function compiled inside such a recursion
    with an unresolved call, which crashes the process that loads it.
    """
    while not S[L.S_OVER]:
        n = legal_keys(S, tb, legal)
        if n == 0:
            S[L.S_ERROR] = L.ERR_STUCK
            return 0
        if S[L.S_ACTIONS] >= max_actions:
            S[L.S_ERROR] = L.ERR_TOO_LONG
            return 0
        seat = S[L.S_CURRENT]
        if search is not None and policies[seat] == POLICY_MONTECARLO:
            key = take_decision(search)
            if key < 0:
                return n
        elif policies[seat] == L.POLICY_RANDOM:
            key = legal[below(rngs, seat, n)]
        elif policies[seat] == L.POLICY_RECKONER:
            key = reckoner_choice(S, legal, n, knocks[seat], tb)
        elif policies[seat] == L.POLICY_CASUAL:
            key = greedy_choice(S, legal, n, casual_knock(S, seat), knocks[seat, 0], tb)
        else:
            key = greedy_choice(S, legal, n, knocks[seat, 0], knocks[seat, 1], tb)
        if S[L.S_ACTIONS] < trace.shape[0]:
            trace[S[L.S_ACTIONS]] = key
        if search is not None:
            watch_before(S, key, search, tb)
        play_key(S, key, tb)
        if search is not None:
            watch_after(S, search)
    return 0


@njit_inline
def play_hand(S, tb, policies, knocks, rngs, max_actions, legal, trace, search):  # type: ignore[no-untyped-def]
    """Play the hand in ``S`` to its end; with a ``search``, each montecarlo seat's decision is searched here
    (counted in ``searched`` when it had more than one legal action) and :func:`play_out` plays it."""
    n = play_out(S, tb, policies, knocks, rngs, max_actions, legal, trace, search)
    if search is not None:
        (mc, known, discarded, searched, totals, decision, _, scores, codes, cand_knocks, weights, _, slack,
         last, declined, snaps, turns) = search
        while n > 0:
            seat = S[L.S_CURRENT]
            if n > 1:
                searched[seat] += 1
            decision[0] = mc_choice(S, legal, n, seat, known, declined, discarded[0], rngs, seat, mc[seat], tb,
                                    totals, scores[seat], codes, cand_knocks[seat], slack, last, weights, snaps,
                                    turns)
            n = play_out(S, tb, policies, knocks, rngs, max_actions, legal, trace, search)


@njit_entry
def play_batch(tb, deck0, seed, first_hand, first_dealer, policies, knocks, stakes, max_actions,  # type: ignore[no-untyped-def]
               ending, winners, counts, net, knocker, actions, turns, dealer, in_play, errors, trace, search):
    """Hands ``first_hand ..`` of run ``seed`` (``tonk_rules.kernel.batch`` says how each is dealt);
    ``in_play[row]``: the hand's counts of the rules that came into play (kernel/in_play.py);
    ``search`` as in :func:`play_out` (a montecarlo seat's ``knocks`` row is greedy's defaults without a
    mixture: ``draw_knocks`` draws nothing from its stream)."""
    players = policies.shape[0]
    S = np.zeros(L.STATE_SIZE, np.int64)
    deck = deck0.copy()
    gen = np.zeros(1, np.uint64)
    rngs = np.zeros(players, np.uint64)
    legal = np.empty(L.MAX_LEGAL, np.int64)
    hand_knocks = np.zeros((players, knocks.shape[1]), np.int64)
    seated = with_knock_nets(tb, players)  # every hand seats ``players``: each knock's payments settled once
    for row in range(ending.shape[0]):
        gen[0] = hand_seed(seed, first_hand + row)
        copy_into(deck, deck0)
        for j in range(deck.shape[0] - 1, 0, -1):
            k = below(gen, np.int64(0), j + 1)
            deck[j], deck[k] = deck[k], deck[j]
        reshuffle_seed = np.int64(next_u64(gen, np.int64(0)) >> S33)
        for p in range(players):
            rngs[p] = next_u64(gen, np.int64(0))
        d = (first_dealer + first_hand + row) % players
        deal(S, tb, deck, players, d, stakes, reshuffle_seed)
        draw_knocks(policies, knocks, rngs, hand_knocks)
        if search is not None:
            forget_hand(search, first_hand + row)
        play_hand(S, seated, policies, hand_knocks, rngs, max_actions, legal, trace[row], search)
        errors[row] = S[L.S_ERROR]
        ending[row] = S[L.S_ENDING]
        for p in range(players):
            winners[row, p] = S[L.O_WINNERS + p] == 1
            counts[row, p] = S[L.O_COUNTS + p]
            net[row, p] = S[L.O_NET + p]
        knocker[row] = S[L.S_KNOCKER]
        actions[row] = S[L.S_ACTIONS]
        turns[row] = S[L.S_TURNS]
        dealer[row] = d
        for j in range(L.N_IN_PLAY):
            in_play[row, j] = S[L.O_IN_PLAY + j]


@njit_entry
def rollouts(tb, S0, first_key, policies, knocks, seeds, max_actions, net, errors):  # type: ignore[no-untyped-def]
    """Play ``S0`` out once per row of ``net``: first ``first_key`` (when >= 0, it must be legal), then the
    seats' policies; seat ``p``'s random stream of row ``r`` starts at ``seeds[r, p]``."""
    players = S0[L.S_PLAYERS]
    S = S0.copy()
    rngs = np.zeros(players, np.uint64)
    no_trace = np.zeros(0, np.int64)
    legal = np.empty(L.MAX_LEGAL, np.int64)
    row_knocks = np.zeros((players, knocks.shape[1]), np.int64)
    seated = with_knock_nets(tb, players)  # (as play_batch)
    for row in range(net.shape[0]):
        copy_into(S, S0)
        for p in range(players):
            rngs[p] = seeds[row, p]
        draw_knocks(policies, knocks, rngs, row_knocks)
        if first_key >= 0 and not S[L.S_OVER]:
            n = legal_keys(S, tb, legal)
            found = False
            for i in range(n):
                found = found or legal[i] == first_key
            if not found:
                errors[row] = L.ERR_ILLEGAL
                continue
            play_key(S, first_key, tb)
        play_out(S, seated, policies, row_knocks, rngs, max_actions, legal, no_trace, None)
        errors[row] = S[L.S_ERROR]
        for p in range(players):
            net[row, p] = S[L.O_NET + p]
