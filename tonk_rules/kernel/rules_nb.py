"""Compiled rules: melds, hits and the legal actions of a state, exactly as the reference engine decides.

Every function here mirrors one check of :mod:`tonk_rules.engine.hand` (named in its docstring); the
identity test plays both on the same decks. The rules' arithmetic (may this player knock, draw from this
pile, discard this card; may this spread be hit) and what a meld is are not mirrored: they are
:mod:`tonk_rules.ruleset.core` and :mod:`tonk_rules.ruleset.meld_masks`, compiled here as they are. ``tb``
is the ruleset's packed tables (:meth:`~tonk_rules.kernel.tables.KernelTables.packed`: ``R_*`` parameters, then ``T_*``
blocks); ``S`` the state.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from tonk_rules.kernel.jit import compiled_copy, njit, njit_inline
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
    O_TURN,
    O_TURNS_TAKEN,
    S_CURRENT,
    S_DISCARD_N,
    S_DRAWN,
    S_FIRST_TURN,
    S_PENDING,
    S_SPREADS_N,
    S_TAKEN,
    T_MELDS,
)
from tonk_rules.ruleset import core, meld_masks
from tonk_rules.ruleset.slots import NO_CARD

ONE = np.int64(1)
#: The rules' arithmetic (tonk_rules.ruleset.core), compiled as it is, every function in one place (the engine
#: runs the same functions; play_nb imports the outcome ones from here).
count_is_deal_tonk = njit_inline(core.count_is_deal_tonk)
several_deal_tonks_void = njit_inline(core.several_deal_tonks_void)
knock_succeeds = njit_inline(core.knock_succeeds)
empty_stock = njit_inline(core.empty_stock)
lowest_tie_void = njit_inline(core.lowest_tie_void)
out_ending = njit_inline(core.out_ending)
holds_role = njit_inline(core.holds_role)
hit_refusal = njit_inline(core.hit_refusal)
first_turn_binds = njit_inline(core.first_turn_binds)
locks_after_hit = njit_inline(core.locks_after_hit)
locks_after_turn = njit_inline(core.locks_after_turn)
turn_begin = njit_inline(core.turn_begin)
turn_drew = njit_inline(core.turn_drew)
turn_laid = njit_inline(core.turn_laid)
knock_refusal = njit_inline(core.knock_refusal)
may_lay_now = njit_inline(core.may_lay_now)
takes_straight = njit_inline(core.takes_straight)
keeps_card = njit_inline(core.keeps_card)
draw_refusal = njit_inline(core.draw_refusal)
take_refusal = njit_inline(core.take_refusal)
discard_refusal = njit_inline(core.discard_refusal)
discard_checks_held = njit_inline(core.discard_checks_held)
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


#: The meld functions of :mod:`tonk_rules.ruleset.meld_masks`, compiled from the engine's own source; they
#: read the meld table where :func:`~tonk_rules.kernel.tables.KernelTables.packed` puts it, and count bits
#: with the instructions above. The small ones are inlined into their callers, as they were when written here.
melds = compiled_copy(meld_masks, inline=("contiguous", "suit_line", "books_possible", "has_block", "high_line",
                                          "extends", "book_may_stay", "run_line", "placed", "run_starts"),
                      AT=T_MELDS, popcount=popcount, lowest=lowest)
suit_line = melds.suit_line
held_spread = melds.held_spread  # SpreadRule.held_spread(hand) is not None
in_a_meld = melds.in_a_meld
classify = melds.classify  # a laid spread's kind: BOOK or RUN


@njit_inline
def may_hit(S, k, player, tb):  # type: ignore[no-untyped-def]
    """``HitRule.why_not(kind, own, turn) is None`` for spread ``k``."""
    return hit_refusal(tb, S, O_TURN, S[O_SP_RUN + k] == 1, S[O_SP_OWNER + k] == player) == core.HIT_OK


@njit_inline
def extends(S, k, card, tb):  # type: ignore[no-untyped-def]
    """``MeldRules.can_extend`` of spread ``k`` by ``card``."""
    return melds.extends(S[O_SP_MASK + k], S[O_SP_RUN + k], S[O_SP_KEY + k], S[O_SP_POS + k], card, tb)


@njit
def can_meld(S, card, player, tb):  # type: ignore[no-untyped-def]
    """``engine.legality.can_meld``: the card joins a meld of the hand with it, or hits a spread the player may
    hit."""
    if in_a_meld(S[O_HANDS + player] | (ONE << card), card, tb):
        return True
    for k in range(S[S_SPREADS_N]):  # noqa: SIM110 (numba compiles no generator into any())
        if may_hit(S, k, player, tb) and extends(S, k, card, tb):
            return True
    return False


@njit
def legal_keys(S, tb, out):  # type: ignore[no-untyped-def]
    """``Hand.legal_actions()`` as canonical keys, in canonical order; returns how many."""
    cur = S[S_CURRENT]
    hand = S[O_HANDS + cur]
    drawn, pending = S[S_DRAWN], S[S_PENDING]
    n = 0
    if not drawn:
        held = held_spread(hand, tb)
        first = first_turn_binds(tb, S[S_FIRST_TURN] == 1)
        if knock_refusal(tb, S, O_TURN, S[O_COUNTS + cur], S[O_TURNS_TAKEN + cur], S[O_LOCKS + cur], first,
                         held) == core.KNOCK_OK:
            out[n] = np.int64(K_KNOCK) << KIND_SHIFT
            n += 1
        empty = S[S_DISCARD_N] == 0
        if draw_refusal(tb, S, O_TURN, False, first, held, empty) == core.DRAW_OK:
            out[n] = np.int64(K_DRAW_STOCK) << KIND_SHIFT
            n += 1
        if draw_refusal(tb, S, O_TURN, True, first, held, empty) == core.DRAW_OK:
            straight = takes_straight(tb)  # (can_meld only where take_refusal reads it)
            if take_refusal(straight, straight and can_meld(S, S[O_DISCARD + S[S_DISCARD_N] - 1], cur, tb)
                            ) == core.DRAW_OK:
                out[n] = np.int64(K_DRAW_DISCARD) << KIND_SHIFT
                n += 1
    if may_lay_now(tb, drawn == 1):
        start = n
        n = melds.melds_in(hand, pending, tb, out, n)  # in the canonical order of spreads
        for i in range(start, n):
            out[i] |= np.int64(K_SPREAD) << KIND_SHIFT
        hit_base = np.int64(K_HIT) << KIND_SHIFT
        rest = (hand if pending == NO_CARD else hand & (ONE << pending)) if S[S_SPREADS_N] > 0 else 0
        while rest:  # card by card, ascending: the canonical order of hits
            c = lowest(rest)
            rest &= rest - 1
            for k in range(S[S_SPREADS_N]):
                if may_hit(S, k, cur, tb) and extends(S, k, c, tb):
                    out[n] = hit_base | (c * 64 + k + 1)
                    n += 1
    if discard_refusal(S, O_TURN, False, False) == core.DISCARD_OK:  # what refuses every card
        size = popcount(hand)
        check_held = discard_checks_held(tb)
        rest = hand
        while rest:
            c = lowest(rest)
            rest &= rest - 1
            # (held_spread, the expensive argument, only where discard_checks_held)
            if discard_refusal(S, O_TURN, keeps_card(tb, S[S_TAKEN] == c, size),
                               check_held and held_spread(hand & ~(ONE << c), tb)) == core.DISCARD_OK:
                out[n] = (np.int64(K_DISCARD) << KIND_SHIFT) | c
                n += 1
    return n
