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
from numba.cpython.unsafe.tuple import tuple_setitem
from numba.extending import intrinsic

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.in_play import refused_hit_slots
from tonk_rules.kernel.jit import compiled_copy, njit, njit_entry, njit_inline
from tonk_rules.ruleset import core, meld_masks, position_vector, who_pays
from tonk_rules.ruleset.position_vector import FACT_COUNT, FACT_FIRST_TURN, FACT_LOCKS, FACT_TURNS_TAKEN
from tonk_rules.ruleset.slots import NO_CARD, R_KN_MAX

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
deepest_take = njit_inline(core.deepest_take)
discard_refusal = njit_inline(core.discard_refusal)
discard_checks_held = njit_inline(core.discard_checks_held)
#: The in-play slot of a refused hit, at ``code * 2 + run`` for the refusal ``code`` of core.hit_refusal: the
#: slot of the rule the code's words name (kernel/in_play.py), so a new code needs no edit here.
HIT_REFUSED = np.array(refused_hit_slots(), np.int64)


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
def mask_value(m, tb):  # type: ignore[no-untyped-def]
    """The count of the cards in mask ``m``: the sum of their values (``tb``'s, deck.values)."""
    value = 0
    rest = m
    while rest:
        value += tb[L.T_VALUES + lowest(rest)]
        rest &= rest - 1
    return value


@njit_inline
def spread_rank(m, tb):  # type: ignore[no-untyped-def]
    """How a bot ranks the spread ``m`` it may lay: most cards first, then the highest count."""
    return popcount(m) * 1000 + mask_value(m, tb)


#: The meld functions of :mod:`tonk_rules.ruleset.meld_masks`, compiled from the engine's own source; they
#: read the meld table where :func:`~tonk_rules.kernel.tables.KernelTables.packed` puts it, and count bits
#: with the instructions above. The small ones are inlined into their callers, as they were when written here.
melds = compiled_copy(meld_masks, inline=("contiguous", "suit_line", "books_possible", "has_block", "high_line",
                                          "extends", "book_may_stay", "run_line", "placed", "run_starts"),
                      entries=("melds_in", "in_a_meld", "held_spread"), AT=L.T_MELDS, popcount=popcount, lowest=lowest)
suit_line = melds.suit_line
held_spread = melds.held_spread  # SpreadRule.held_spread(hand) is not None
in_a_meld = melds.in_a_meld
classify = melds.classify  # a laid spread's kind: BOOK or RUN

#: Who pays whom (:mod:`tonk_rules.ruleset.who_pays`), compiled from the engine's own source with the rules'
#: ``holds_role`` above. Its ``settle`` is not inlined: compiled as a function of its own, where the kernel
#: hands it no list (``out=None``), numba drops the listing of the payments.
payments = compiled_copy(who_pays, inline=("holds",), holds_role=holds_role)


@njit_inline
def settle_ending(V, at, ending, tb):  # type: ignore[no-untyped-def]
    """Every payment of the kernel's ``ending`` (an ``E_*`` code) under the rules packed in ``tb``, added to the
    nets of the seats' vector ``V`` whose values lie at ``at`` (the state and ``layout.PAY_SEATS``, or a vector of
    :func:`~tonk_rules.ruleset.who_pays.seat_offsets`)."""
    payments.settle(tb, L.T_PAY + ending * L.MAX_PAY_RULES * who_pays.RULE_SIZE, tb[L.T_PAY_N + ending], V, at, None)


_UNPLACED = sorted(name for name in vars(position_vector) if name.startswith("P_") and name != "P_SIZE"
                   and name not in L.POSITION_SLOTS)
if _UNPLACED:
    raise ImportError(f"the position slots {', '.join(_UNPLACED)} of ruleset/position_vector.py have no place in "
                      "the kernel's state: add each to kernel/layout.py POSITION_SLOTS (and keep it up to date "
                      "where the kernel moves the cards)")
#: The facts of a position (:func:`tonk_rules.ruleset.position_vector.position_facts`), compiled from the engine's
#: own source to read the state vector where :data:`~tonk_rules.kernel.layout.POSITION_SLOTS` says it holds each
#: value: ``position_facts(S, seat)``, inlined, so a fact no rule reads costs nothing.
position_facts_of = compiled_copy(position_vector, inline=("position_facts",), entries=(), popcount=popcount,
                                   **L.POSITION_SLOTS).position_facts


@njit_inline
def may_hit(S, k, player, tb, F):  # type: ignore[no-untyped-def]
    """``HitRule.why_not(kind, own, turn, facts) is None`` for spread ``k``; ``F``: the facts of ``player``'s
    position (:data:`position_facts_of`)."""
    return hit_refusal(tb, S, L.O_TURN, F, S[L.O_SP_RUN + k] == 1, S[L.O_SP_OWNER + k] == player) == core.HIT_OK


@njit_inline
def extends(S, k, card, tb):  # type: ignore[no-untyped-def]
    """``MeldRules.can_extend`` of spread ``k`` by ``card``."""
    return melds.extends(S[L.O_SP_MASK + k], S[L.O_SP_RUN + k], S[L.O_SP_KEY + k], S[L.O_SP_POS + k], card, tb)


@njit
def can_meld(S, card, player, tb):  # type: ignore[no-untyped-def]
    """``engine.legality.can_meld``: the card joins a meld of the hand with it, or hits a spread the player may
    hit."""
    if in_a_meld(S[L.O_HANDS + player] | (ONE << card), card, tb):
        return True
    F = position_facts_of(S, player)
    for k in range(S[L.S_SPREADS_N]):  # noqa: SIM110 (numba compiles no generator into any())
        if may_hit(S, k, player, tb, F) and extends(S, k, card, tb):
            return True
    return False


@njit_inline
def _with_fact(F, i, value):  # type: ignore[no-untyped-def]
    """The facts ``F`` with fact ``i`` replaced by ``value`` (a copy: a tuple's element cannot be set)."""
    return tuple_setitem(F, i, value)  # type: ignore[call-arg]


@njit
def _count_refusals(S, tb, seen, knock_code, first, held):  # type: ignore[no-untyped-def]
    """Count the rules that refused an action at this decision (kernel/in_play.py): ``seen``, a bitmask of
    ``IP_*`` slots found by :func:`legal_keys`, and the rule that alone refused the knock (``knock_code``): the
    knock is legal with that one check lifted (the fact or argument it reads given a value it accepts). Called
    only where something was refused, so that :func:`legal_keys` itself writes nothing to the state.

    The facts are computed here again rather than handed over: a tuple handed to a function that is not
    inlined is computed whole, and numba could no longer drop the facts no rule reads from legal_keys."""
    while seen:  # its set bits only (most calls have one)
        S[L.O_IN_PLAY + lowest(seen)] += 1
        seen &= seen - 1
    if knock_code <= core.KNOCK_AFTER_DRAW:
        return
    F = position_facts_of(S, S[L.S_CURRENT])
    if knock_code == core.KNOCK_COUNT_TOO_HIGH:
        if knock_refusal(tb, S, L.O_TURN, _with_fact(F, FACT_COUNT, tb[R_KN_MAX]), first, held) == core.KNOCK_OK:
            S[L.O_IN_PLAY + L.IP_KN_MAX] += 1
    elif knock_code == core.KNOCK_TOO_EARLY:
        if knock_refusal(tb, S, L.O_TURN, _with_fact(F, FACT_TURNS_TAKEN, np.int64(1) << 40), first, held
                         ) == core.KNOCK_OK:
            S[L.O_IN_PLAY + L.IP_KN_MIN_TURNS] += 1
    elif knock_code == core.KNOCK_HIT_LOCKED:
        if knock_refusal(tb, S, L.O_TURN, _with_fact(F, FACT_LOCKS, 0), first, held) == core.KNOCK_OK:
            S[L.O_IN_PLAY + L.IP_KN_HIT_LOCK] += 1
    elif knock_code == core.KNOCK_FIRST_TURN:
        if knock_refusal(tb, S, L.O_TURN, F, False, held) == core.KNOCK_OK:
            S[L.O_IN_PLAY + L.IP_FIRST_TURN] += 1
    elif knock_code == core.KNOCK_HOLDS_SPREAD:  # the last check: alone whenever it is the reason
        S[L.O_IN_PLAY + L.IP_SP_MUST] += 1
    elif knock_code == core.KNOCK_NOT_FIRST:  # the turn has laid something: the knock, as if it had not
        S[L.S_ACTED] = 0
        if knock_refusal(tb, S, L.O_TURN, F, first, held) == core.KNOCK_OK:
            S[L.O_IN_PLAY + L.IP_KN_TIMING] += 1
        S[L.S_ACTED] = 1


@njit_inline
def _draw_refused(code):  # type: ignore[no-untyped-def]
    """The ``IP_*`` bit of the rule behind a refused draw, where that reason is the rule's own (else 0)."""
    if code == core.DRAW_PILE_NOT_ALLOWED:
        return ONE << L.IP_SOURCES
    if code == core.DRAW_HOLDS_SPREAD:
        return ONE << L.IP_SP_MUST
    return np.int64(0)


@njit
def _deeper_takes(S, tb, F, cur, straight, out, n, seen):  # type: ignore[no-untyped-def]
    """After the take of the discard pile's top: the takes below it that ``core.deepest_take`` allows (keys
    ``K_DRAW_DISCARD | depth - 1``, deeper last), each past ``take_refusal`` for its own card. (The depth's
    in-play count is a take from below the top, counted where it happens, ``play_nb.apply_key``: a count of
    the card just out of reach that could have melded, at every turn, cost the built-ins about a tenth of the
    kernel's speed.)"""
    size = S[L.S_DISCARD_N]
    deepest = deepest_take(tb, F)
    for depth in range(2, deepest + 1):
        card = S[L.O_DISCARD + size - depth]
        if take_refusal(F, straight, straight and can_meld(S, card, cur, tb)) == core.DRAW_OK:
            out[n] = (np.int64(L.K_DRAW_DISCARD) << L.KIND_SHIFT) | (depth - 1)
            n += 1
        else:
            seen |= ONE << L.IP_TAKEN
    return n, seen


@njit_entry
def legal_keys(S, tb, out):  # type: ignore[no-untyped-def]
    """``Hand.legal_actions()`` as canonical keys, in canonical order; returns how many.

    It also counts, in the state's ``O_IN_PLAY`` block, the rules that refused an action here (which rule
    alone refused a knock, a draw, a hit or a discard; kernel/in_play.py's table): found on the way as bits of
    ``seen``, written once at the end (:func:`_count_refusals`) and only where something was refused."""
    cur = S[L.S_CURRENT]
    hand = S[L.O_HANDS + cur]
    drawn, pending = S[L.S_DRAWN], S[L.S_PENDING]
    F = position_facts_of(S, cur)
    n = 0
    seen = np.int64(0)
    knock_code = core.KNOCK_AFTER_DRAW
    first, held = False, False
    if not drawn:
        held = held_spread(hand, tb)
        first = first_turn_binds(tb, F[FACT_FIRST_TURN] == 1)
        knock_code = knock_refusal(tb, S, L.O_TURN, F, first, held)
        if knock_code == core.KNOCK_OK:
            out[n] = np.int64(L.K_KNOCK) << L.KIND_SHIFT
            n += 1
        code = draw_refusal(tb, S, L.O_TURN, F, False, first, held)
        if code == core.DRAW_OK:
            out[n] = np.int64(L.K_DRAW_STOCK) << L.KIND_SHIFT
            n += 1
        else:
            seen |= _draw_refused(code)
        code = draw_refusal(tb, S, L.O_TURN, F, True, first, held)
        if code == core.DRAW_OK:
            straight = takes_straight(tb)  # (can_meld only where take_refusal reads it)
            if take_refusal(F, straight, straight and can_meld(S, S[L.O_DISCARD + S[L.S_DISCARD_N] - 1], cur, tb)
                            ) == core.DRAW_OK:
                out[n] = np.int64(L.K_DRAW_DISCARD) << L.KIND_SHIFT
                n += 1
            else:
                seen |= ONE << L.IP_TAKEN
            n, seen = _deeper_takes(S, tb, F, cur, straight, out, n, seen)
        elif code == core.DRAW_FIRST_TURN:
            if draw_refusal(tb, S, L.O_TURN, F, True, False, held) == core.DRAW_OK:
                seen |= ONE << L.IP_FIRST_TURN
        else:
            seen |= _draw_refused(code)
    if may_lay_now(tb, drawn == 1):
        start = n
        n = melds.melds_in(hand, pending, tb, out, n)  # in the canonical order of spreads
        if out.shape[0] - n < popcount(hand) * (S[L.S_SPREADS_N] + 1) + 1:
            # no room left for every hit and discard (a long hand with wild cards): the hand cannot go on here
            # (the caller reports it) rather than write past the list or leave a legal action out
            S[L.S_ERROR] = L.ERR_TOO_MANY
            return 0
        for i in range(start, n):
            out[i] |= np.int64(L.K_SPREAD) << L.KIND_SHIFT
        hit_base = np.int64(L.K_HIT) << L.KIND_SHIFT
        rest = (hand if pending == NO_CARD else hand & (ONE << pending)) if S[L.S_SPREADS_N] > 0 else 0
        while rest:  # card by card, ascending: the canonical order of hits
            c = lowest(rest)
            rest &= rest - 1
            for k in range(S[L.S_SPREADS_N]):
                code = hit_refusal(tb, S, L.O_TURN, F, S[L.O_SP_RUN + k] == 1, S[L.O_SP_OWNER + k] == cur)  # may_hit
                if code == core.HIT_OK:
                    if extends(S, k, c, tb):
                        out[n] = hit_base | (c * 64 + k + 1)
                        n += 1
                elif extends(S, k, c, tb):  # a refused hit: counted under the rule its code names
                    seen |= ONE << HIT_REFUSED[code * 2 + S[L.O_SP_RUN + k]]
    code = discard_refusal(S, L.O_TURN, F, False, False)  # what refuses every card
    if code == core.DISCARD_OK:
        size = popcount(hand)
        check_held = discard_checks_held(tb)
        if check_held and not held_spread(hand, tb) and not melds.books_possible(
                hand, tb[L.T_MELDS + meld_masks.M_MIN_BOOK] + 1):
            # no discard can leave a meld that must be laid: a card less makes no run and no wild meld, and a
            # book only where its rank held more than the smallest book (four of a kind may be laid, three held)
            check_held = False
        rest = hand
        start = n
        while rest:
            c = lowest(rest)
            rest &= rest - 1
            # (held_spread, the expensive argument, only where discard_checks_held)
            if discard_refusal(S, L.O_TURN, F, keeps_card(tb, F, S[L.S_TAKEN] == c),
                               check_held and held_spread(hand & ~(ONE << c), tb)) == core.DISCARD_OK:
                out[n] = (np.int64(L.K_DISCARD) << L.KIND_SHIFT) | c
                n += 1
        if n - start < size:  # a card was refused: the taken card kept, or must_spread (the only reasons left)
            taken = S[L.S_TAKEN]
            kept = taken != NO_CARD and (hand >> taken) & 1 and keeps_card(tb, F, True)
            seen |= ONE << L.IP_TAKEN if kept else ONE << L.IP_SP_MUST
            if kept and check_held and n - start < size - 1:
                seen |= ONE << L.IP_SP_MUST
    elif code == core.DISCARD_PENDING:
        seen |= ONE << L.IP_TAKEN
    if seen or knock_code > core.KNOCK_AFTER_DRAW:
        _count_refusals(S, tb, seen, knock_code, first, held)
    return n
