"""Compiled rules: melds, hits and the legal actions of a state, exactly as the reference engine decides.

Every function here mirrors one check of :mod:`tonk_rules.engine.hand` (named in its docstring); the
identity test plays both on the same decks. The rules' arithmetic (may this player knock, may this spread be
hit) is not mirrored: it is :mod:`tonk_rules.ruleset.core`, compiled here as it is. ``tb`` is the ruleset's
packed tables (:meth:`~tonk_rules.kernel.tables.KernelTables.packed`: ``R_*`` parameters, then ``T_*``
blocks); ``S`` the state.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from tonk_rules.kernel.jit import njit, njit_inline
from tonk_rules.kernel.layout import (
    K_DISCARD,
    K_DRAW_DISCARD,
    K_DRAW_STOCK,
    K_HIT,
    K_KNOCK,
    K_SPREAD,
    KIND_SHIFT,
    O_COUNTS,
    O_DISCARD,
    O_HANDS,
    O_LOCKS,
    O_SP_KEY,
    O_SP_MASK,
    O_SP_OWNER,
    O_SP_POS,
    O_SP_RUN,
    O_TURNS_TAKEN,
    R_ACE_HIGH,
    R_BOOK_SIZES,
    R_DR_DISCARD,
    R_DR_STOCK,
    R_FIRST_TURN_STOCK,
    R_HIT_BOOKS,
    R_HIT_RUNS,
    R_KN_BEFORE_DRAW,
    R_KN_HIT_LOCK,
    R_KN_MAX,
    R_KN_MIN_TURNS,
    R_MIN_BOOK,
    R_N_RANKS,
    R_RUN_MIN,
    R_SP_BEFORE_DRAW,
    R_SP_MUST,
    R_TAKEN,
    S_ACTED,
    S_CURRENT,
    S_DISCARD_N,
    S_DRAWN,
    S_FIRST_TURN,
    S_PENDING,
    S_SPREADS_N,
    S_TAKEN,
    T_HOLD,
    T_LINE,
    T_POS,
    T_RANK_AT,
    TAKEN_NOT_THIS_TURN,
    TAKEN_STRAIGHT,
)
from tonk_rules.ruleset import core

ONE = np.int64(1)
hit_refusal = njit_inline(core.hit_refusal)
knock_refusal = njit_inline(core.knock_refusal)
may_lay_now = njit_inline(core.may_lay_now)
keeps_card = njit_inline(core.keeps_card)
VALUE = np.array([min(c // 4 + 1, 10) for c in range(52)], np.int64)


@intrinsic
def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]
    """LLVM's population count (one instruction on current CPUs)."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        fn = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, ir.FunctionType(args[0].type, [args[0].type]), f"llvm.ctpop.i{args[0].type.width}")
        return builder.call(fn, [args[0]])

    return x(x), codegen


@njit_inline
def popcount(x):  # type: ignore[no-untyped-def]
    return _ctpop(np.int64(x))  # type: ignore[call-arg]


@njit_inline
def lowest(m):  # type: ignore[no-untyped-def]
    """The index of the lowest set bit of a non-zero mask (a card, when ``m`` is a set of cards)."""
    return trailing_zeros(np.int64(m))  # type: ignore[call-arg]


@njit_inline
def contiguous(m):  # type: ignore[no-untyped-def]
    """One unbroken block of set bits (``MeldRules._consecutive`` on positions)."""
    return m != 0 and ((m + (m & -m)) & m) == 0


@njit
def longest_block(m):  # type: ignore[no-untyped-def]
    n = 0
    while m:
        m &= m << 1
        n += 1
    return n


@njit
def block_around(line, p):  # type: ignore[no-untyped-def]
    """(lo, hi) of the block of set bits holding bit ``p`` (which must be set)."""
    lo = p
    while lo > 0 and (line >> (lo - 1)) & 1:
        lo -= 1
    hi = p
    while (line >> (hi + 1)) & 1:
        hi += 1
    return lo, hi


@njit_inline
def suit_line(hand, suit, tb):  # type: ignore[no-untyped-def]
    """Run-order positions (ace low at 0) of ``hand``'s cards of ``suit``, as a bitmask.

    Every fourth bit (the suit's cards, rank by rank) is packed into a 13-bit rank mask, which
    the ruleset's tables (``T_LINE``) map to run positions, closing the gaps of removed ranks.
    """
    x = (hand >> suit) & 0x1111111111111
    x = (x | (x >> 3)) & 0x0303030303030303
    x = (x | (x >> 6)) & 0x000F000F000F000F
    x = (x | (x >> 12)) & 0x000000FF000000FF
    x = (x | (x >> 24)) & 0xFFFF
    return tb[T_LINE + x]


@njit_inline
def books_possible(hand, min_book):  # type: ignore[no-untyped-def]
    """Some rank has at least ``min_book`` (3 or 4) cards in ``hand`` (per-rank counts, all at once)."""
    x = hand - ((hand >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)  # each nibble: its rank's count, 0..4
    if min_book >= 4:
        return ((x >> 2) & 0x1111111111111) != 0
    return (((x >> 2) | ((x >> 1) & x)) & 0x1111111111111) != 0


@njit_inline
def has_block(line, length):  # type: ignore[no-untyped-def]
    """``line`` holds ``length`` consecutive set bits."""
    for _ in range(length - 1):
        line &= line >> 1
    return line != 0


@njit_inline
def high_line(line, n_ranks):  # type: ignore[no-untyped-def]
    """The same suit with the ace moved above the king (position ``n_ranks``)."""
    return (line & ~ONE) | (ONE << n_ranks)


@njit
def held_spread(hand, tb):  # type: ignore[no-untyped-def]
    """``SpreadRule.held_spread(hand) is not None``: must_spread and a meld that may not stay in hand."""
    R = tb
    if not R[R_SP_MUST]:
        return False
    for r in range(1, 14):  # a book is excused when the variant lets exactly this many of its rank be held
        k = popcount((hand >> (4 * (r - 1))) & 15)
        if k >= R[R_MIN_BOOK] and not tb[T_HOLD + r * 5 + k]:
            return True
    n = R[R_N_RANKS]
    for u in range(4):
        line = suit_line(hand, u, tb)
        if longest_block(line) >= R[R_RUN_MIN]:
            return True
        if R[R_ACE_HIGH] and line & 1:
            lo, hi = block_around(high_line(line, n), n)
            if hi - lo + 1 >= R[R_RUN_MIN]:
                return True
    return False


@njit
def in_a_meld(hand, card, tb):  # type: ignore[no-untyped-def]
    """``card`` (in ``hand``) is part of some book or run of ``hand`` (``melds_in`` holds a meld with it)."""
    R = tb
    rank, suit = card // 4 + 1, card % 4
    if popcount((hand >> (4 * (rank - 1))) & 15) >= R[R_MIN_BOOK]:
        return True
    line = suit_line(hand, suit, tb)
    lo, hi = block_around(line, tb[T_POS + rank])
    if hi - lo + 1 >= R[R_RUN_MIN]:
        return True
    n = R[R_N_RANKS]
    if R[R_ACE_HIGH] and line & 1:
        lo, hi = block_around(high_line(line, n), n)
        p = n if rank == 1 else tb[T_POS + rank]
        if lo <= p and hi - lo + 1 >= R[R_RUN_MIN]:
            return True
    return False


@njit_inline
def may_hit(S, k, player, tb):  # type: ignore[no-untyped-def]
    """``HitRule.why_not(kind, own) is None`` for spread ``k``."""
    R = tb
    perm = R[R_HIT_RUNS] if S[O_SP_RUN + k] else R[R_HIT_BOOKS]
    return hit_refusal(perm, S[O_SP_OWNER + k] == player) == core.HIT_OK


@njit_inline
def extends(S, k, card, tb):  # type: ignore[no-untyped-def]
    """``MeldRules.can_extend`` of spread ``k`` by ``card``."""
    R = tb
    rank = card // 4 + 1
    if not S[O_SP_RUN + k]:
        size = popcount(S[O_SP_MASK + k]) + 1
        return rank == S[O_SP_KEY + k] and (R[R_BOOK_SIZES] >> size) & 1 == 1
    if card % 4 != S[O_SP_KEY + k]:
        return False
    m = S[O_SP_POS + k] | (ONE << tb[T_POS + rank])
    if contiguous(m):
        return True
    return R[R_ACE_HIGH] == 1 and (m & 1) == 1 and contiguous(high_line(m, R[R_N_RANKS]))


@njit
def can_meld(S, card, player, tb):  # type: ignore[no-untyped-def]
    """``Hand._can_meld``: the card joins a meld of the hand with it, or hits a spread the player may hit."""
    if in_a_meld(S[O_HANDS + player] | (ONE << card), card, tb):
        return True
    for k in range(S[S_SPREADS_N]):  # noqa: SIM110 (numba compiles no generator into any())
        if may_hit(S, k, player, tb) and extends(S, k, card, tb):
            return True
    return False


@njit
def _spreads(hand, pending, tb, out, n):  # type: ignore[no-untyped-def]
    """Append every meld of ``melds_in(hand)`` (holding ``pending`` if set) as spread keys; sort them."""
    R = tb
    start = n
    base = np.int64(K_SPREAD) << KIND_SHIFT
    for r in range(1, 14 if books_possible(hand, R[R_MIN_BOOK]) else 1):
        nib = (hand >> (4 * (r - 1))) & 15
        if popcount(nib) < R[R_MIN_BOOK]:
            continue
        for sub in range(1, 16):
            if sub & ~nib == 0 and (R[R_BOOK_SIZES] >> popcount(sub)) & 1:
                m = np.int64(sub) << (4 * (r - 1))
                if pending < 0 or (m >> pending) & 1:
                    out[n] = base | m
                    n += 1
    nr, run_min = R[R_N_RANKS], R[R_RUN_MIN]
    for u in range(4):
        line = suit_line(hand, u, tb)
        for high in range(2):
            if high:
                if not (R[R_ACE_HIGH] and line & 1):
                    break
                line = high_line(line, nr)
            if not has_block(line, run_min):
                continue
            p = 0
            while p <= nr:
                if not (line >> p) & 1:
                    p += 1
                    continue
                lo, hi = block_around(line, p)
                for a in range(lo, hi + 1):
                    for b in range(a + run_min - 1, hi + 1):
                        if high and (b != nr or a == 1):
                            # without the high ace it was listed with the low line; from position 1 up to the
                            # high ace it is the whole suit, the same cards as the low run A..K
                            continue
                        m = np.int64(0)
                        for q in range(a, b + 1):
                            m |= ONE << ((tb[T_RANK_AT + q] - 1) * 4 + u)
                        if pending < 0 or (m >> pending) & 1:
                            out[n] = base | m
                            n += 1
                p = hi + 1
    for i in range(start + 1, n):  # insertion sort: the canonical order of spreads
        key = out[i]
        j = i - 1
        while j >= start and out[j] > key:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = key
    return n


@njit
def legal_keys(S, tb, out):  # type: ignore[no-untyped-def]
    """``Hand.legal_actions()`` as canonical keys, in canonical order; returns how many."""
    R = tb
    cur = S[S_CURRENT]
    hand = S[O_HANDS + cur]
    drawn, pending = S[S_DRAWN], S[S_PENDING]
    n = 0
    if not drawn:
        held = held_spread(hand, tb)
        first = R[R_FIRST_TURN_STOCK] == 1 and S[S_FIRST_TURN] == 1
        if knock_refusal(S[O_COUNTS + cur], S[O_TURNS_TAKEN + cur], S[O_LOCKS + cur], S[S_ACTED] == 1, False,
                         R[R_KN_BEFORE_DRAW] == 1, R[R_KN_MAX], R[R_KN_MIN_TURNS], R[R_KN_HIT_LOCK] == 1, first,
                         held) == core.KNOCK_OK:
            out[n] = np.int64(K_KNOCK) << KIND_SHIFT
            n += 1
        if not (R[R_SP_BEFORE_DRAW] and held):
            if R[R_DR_STOCK]:
                out[n] = np.int64(K_DRAW_STOCK) << KIND_SHIFT
                n += 1
            if R[R_DR_DISCARD] and S[S_DISCARD_N] > 0 and not first and (
                    R[R_TAKEN] != TAKEN_STRAIGHT or can_meld(S, S[O_DISCARD + S[S_DISCARD_N] - 1], cur, tb)):
                out[n] = np.int64(K_DRAW_DISCARD) << KIND_SHIFT
                n += 1
    if may_lay_now(R[R_SP_BEFORE_DRAW] == 1, drawn == 1):
        n = _spreads(hand, pending, tb, out, n)
        hit_base = np.int64(K_HIT) << KIND_SHIFT
        rest = (hand if pending < 0 else hand & (ONE << pending)) if S[S_SPREADS_N] > 0 else 0
        while rest:  # card by card, ascending: the canonical order of hits
            c = lowest(rest)
            rest &= rest - 1
            for k in range(S[S_SPREADS_N]):
                if may_hit(S, k, cur, tb) and extends(S, k, c, tb):
                    out[n] = hit_base | (c * 64 + k + 1)
                    n += 1
    if drawn and pending < 0:
        size = popcount(hand)
        check_held = R[R_SP_MUST] and not R[R_SP_BEFORE_DRAW]
        rest = hand
        while rest:
            c = lowest(rest)
            rest &= rest - 1
            if keeps_card(R[R_TAKEN] == TAKEN_NOT_THIS_TURN, S[S_TAKEN] == c, size):
                continue
            if check_held and held_spread(hand & ~(ONE << c), tb):
                continue
            out[n] = (np.int64(K_DISCARD) << KIND_SHIFT) | c
            n += 1
    return n
