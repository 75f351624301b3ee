"""Compiled play: the deal, applying an action, the end of a hand and its payments (``Hand`` mirrored)."""

from __future__ import annotations

import numpy as np
from numba import objmode

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.jit import njit, njit_entry
from tonk_rules.kernel.reshuffle import permutation
from tonk_rules.kernel.rules_nb import (
    ONE,
    classify,
    count_is_deal_tonk,
    empty_stock,
    knock_succeeds,
    locks_after_hit,
    locks_after_turn,
    lowest,
    lowest_tie_void,
    melds,
    out_ending,
    popcount,
    settle_ending,
    several_deal_tonks_void,
    takes_straight,
    turn_begin,
    turn_drew,
    turn_laid,
)
from tonk_rules.ruleset import core
from tonk_rules.ruleset.meld_masks import (
    BOOK,
    JOKER_BITS,
    M_ACE_HIGH,
    M_MIN_BOOK,
    M_MUST,
    M_RUN_MIN,
    M_WILD,
    M_WILD_MOST,
)
from tonk_rules.ruleset.slots import (
    NO_CARD,
    R_DC_AT_LEAST,
    R_DC_AT_MOST,
    R_FIRST_TURN_STOCK,
    R_HAND_SIZE,
    R_KN_HIT_LOCK,
    R_SP_MUST,
    R_UPCARD,
)


@njit
def _went_out(S, p, by_discard, tb):  # type: ignore[no-untyped-def]
    """Seat ``p`` has no card left: the hand ends as ``core.out_ending`` says (its code as the kernel's)."""
    how = out_ending(by_discard, S[L.S_NEW_SPREAD] == 1)
    S[L.O_WINNERS + p] = 1
    if how == core.OUT_BY_DISCARD:
        end_hand(S, np.int64(L.E_OUT_BY_DISCARD), tb)
    elif how == core.OUT_BY_SPREAD:
        end_hand(S, np.int64(L.E_OUT_BY_SPREAD), tb)
    else:
        end_hand(S, np.int64(L.E_OUT_BY_HIT), tb)


# Its callers pass ``np.int64(E_...)``, not the bare constant (and ``np.bool_`` to _went_out and
# _first_draw_counts): numba compiles a call with a constant argument once per constant (a literal type), and
# end_hand's nine endings compiled it, with everything it calls, nine times — about 10 s of a 50 s compile.
@njit
def end_hand(S, ending, tb):  # type: ignore[no-untyped-def]
    """``Hand._end``: record the ending and settle its payments (winners set in ``O_WINNERS`` first)."""
    players = S[L.S_PLAYERS]
    S[L.S_OVER] = 1
    S[L.S_ENDING] = ending
    for p in range(players):
        S[L.O_NET + p] = 0
    if ending <= L.E_KNOCK_CAUGHT or ending >= L.E_STOCK_EXHAUSTED:  # an ending decided on the counts
        _values_counts(S, tb)
    for p in range(players):
        if S[L.O_HANDS + p] >> JOKER_BITS:  # deck.jokers came into play: a joker held at the end
            S[L.O_IN_PLAY + L.IP_JOKERS] += 1
            break
    if ending == L.E_DEAL_VOID or ending == L.E_STOCK_VOID:  # noqa: SIM109 (plain compares compile simplest)
        for p in range(players):
            S[L.O_WINNERS + p] = 0
        return
    settle_ending(S, L.PAY_SEATS, ending, tb)  # who pays whom: ruleset/who_pays.py, as the engine settles


#: Each card's standard count value by card number (ace 1, two to ten face value, faces 10; a joker 0).
STANDARD_VALUES = np.array([min(c // 4 + 1, 10) if c < 52 else 0 for c in range(64)], np.int64)


@njit
def _wild_counts(S, cards, tb):  # type: ignore[no-untyped-def]
    """A spread laid or hit (``cards``, after it) with a card standing for another in it (a two standing for
    itself under deuces wild is not one); with as many as melds.wild_most allows."""
    wild = popcount(melds.wild_part(cards, tb)) if cards & tb[L.T_MELDS + M_WILD] else 0
    if wild > 0:
        S[L.O_IN_PLAY + L.IP_WILD] += 1
        if wild == tb[L.T_MELDS + M_WILD_MOST]:
            S[L.O_IN_PLAY + L.IP_WILD_MOST] += 1


@njit
def _values_counts(S, tb):  # type: ignore[no-untyped-def]
    """deck.values came into play (kernel/in_play.py): the hand ended on its counts while a player held a card
    whose value is a house value (``tb``'s differs from the standard one)."""
    for p in range(S[L.S_PLAYERS]):
        rest = S[L.O_HANDS + p]
        while rest:
            c = lowest(rest)
            rest &= rest - 1
            if tb[L.T_VALUES + c] != STANDARD_VALUES[c]:
                S[L.O_IN_PLAY + L.IP_VALUES] += 1
                return


@njit
def deal(S, tb, deck, players, dealer, stakes, reshuffle_seed):  # type: ignore[no-untyped-def]
    """``Hand.deal`` from ``deck`` (top card first) with the deal check; ``S`` is overwritten."""
    R = tb
    S[:] = 0
    S[L.S_PLAYERS] = players
    turn_begin(S, L.O_TURN)
    S[L.S_KNOCKER] = -1
    S[L.S_RESHUFFLE_SEED] = reshuffle_seed
    S[L.S_FIRST_TURN] = 1
    for p in range(players):
        S[L.O_STAKES + p] = stakes[p]
    dealt = players * R[R_HAND_SIZE]
    for j in range(dealt):
        p = (dealer + 1 + j) % players
        S[L.O_HANDS + p] |= ONE << deck[j]
        S[L.O_COUNTS + p] += tb[L.T_VALUES + deck[j]]
    rest = dealt
    if R[R_UPCARD]:
        S[L.O_DISCARD] = deck[rest]
        S[L.S_DISCARD_N] = 1
        rest += 1
    n_stock = len(deck) - rest
    for i in range(n_stock):  # the stock's top (its last slot) is the next card of the deck
        S[L.O_STOCK + i] = deck[len(deck) - 1 - i]
    S[L.S_STOCK_N] = n_stock
    S[L.S_CURRENT] = (dealer + 1) % players
    S[L.S_DREW] = NO_CARD
    tonks = 0
    for p in range(players):
        c = S[L.O_COUNTS + p]
        if count_is_deal_tonk(tb, c):
            S[L.O_WINNERS + p] = 1
            tonks += 1
            if R[R_DC_AT_MOST] != core.NO_LIMIT and c <= R[R_DC_AT_MOST]:
                S[L.O_IN_PLAY + L.IP_DC_LOW] += 1
            if R[R_DC_AT_LEAST] != core.NO_LIMIT and c >= R[R_DC_AT_LEAST]:
                S[L.O_IN_PLAY + L.IP_DC_HIGH] += 1
    if tonks > 1:
        S[L.O_IN_PLAY + L.IP_DC_SEVERAL] += 1
    if several_deal_tonks_void(tb, tonks):
        end_hand(S, np.int64(L.E_DEAL_VOID), tb)
    elif tonks > 0:
        end_hand(S, np.int64(L.E_DEAL_TONK), tb)


@njit
def _lowest_wins(S, tb):  # type: ignore[no-untyped-def]
    players = S[L.S_PLAYERS]
    low = S[L.O_COUNTS]
    for p in range(1, players):
        low = min(low, S[L.O_COUNTS + p])
    ties = 0
    for p in range(players):
        S[L.O_WINNERS + p] = 1 if S[L.O_COUNTS + p] == low else 0
        ties += S[L.O_WINNERS + p]
    if ties > 1:
        S[L.O_IN_PLAY + L.IP_STOCK_TIES] += 1
    if lowest_tie_void(tb, ties):
        end_hand(S, np.int64(L.E_STOCK_VOID), tb)
    else:
        end_hand(S, np.int64(L.E_STOCK_EXHAUSTED), tb)


@njit
def _reshuffle(S):  # type: ignore[no-untyped-def]
    """``Hand._stock_empty`` with reshuffle: all but the discard pile's top become the new stock."""
    length = S[L.S_DISCARD_N] - 1
    S[L.S_RESHUFFLES] += 1
    seed, n = S[L.S_RESHUFFLE_SEED], S[L.S_RESHUFFLES]
    with objmode(perm="int64[:]"):
        perm = permutation(seed, n, length)
    for i in range(length):
        S[L.O_STOCK + i] = S[L.O_DISCARD + perm[i]]
    S[L.O_DISCARD] = S[L.O_DISCARD + length]
    S[L.S_DISCARD_N] = 1
    S[L.S_STOCK_N] = length


@njit
def _take(S, p, card, tb):  # type: ignore[no-untyped-def]
    S[L.O_HANDS + p] |= ONE << card
    S[L.O_COUNTS + p] += tb[L.T_VALUES + card]


@njit
def _drop(S, p, card, tb):  # type: ignore[no-untyped-def]
    S[L.O_HANDS + p] &= ~(ONE << card)
    S[L.O_COUNTS + p] -= tb[L.T_VALUES + card]


@njit
def _check_out(S, p, tb):  # type: ignore[no-untyped-def]
    if S[L.O_HANDS + p] == 0:
        _went_out(S, p, np.bool_(False), tb)


@njit
def _knock_counts(S, p, tb):  # type: ignore[no-untyped-def]
    """The rules a knock by seat ``p`` used (kernel/in_play.py): laid before it, knocked on the first turn or
    while a hit lock would bind, held a spread (or a book must_spread lets stay)."""
    if S[L.S_ACTED]:
        S[L.O_IN_PLAY + L.IP_KN_TIMING] += 1
    if S[L.S_FIRST_TURN] and tb[R_FIRST_TURN_STOCK] == 0:
        S[L.O_IN_PLAY + L.IP_FIRST_TURN] += 1
    if S[L.O_LOCKS + p] > 0 and tb[R_KN_HIT_LOCK] == 0:
        S[L.O_IN_PLAY + L.IP_KN_HIT_LOCK] += 1
    hand = S[L.O_HANDS + p]
    min_book = tb[L.T_MELDS + M_MIN_BOOK]
    if tb[R_SP_MUST] == 0:
        if melds.books_possible(hand, min_book) or melds.run_starts(hand, tb) != 0 or (
                hand & tb[L.T_MELDS + M_WILD] and melds.wild_meld_with(hand, -1, tb)):
            S[L.O_IN_PLAY + L.IP_SP_MUST] += 1
    elif tb[L.T_MELDS + M_MUST] and melds.books_possible(hand, min_book):
        for r in range(1, 14):
            if popcount((hand >> (4 * (r - 1))) & 15) >= min_book and melds.book_may_stay(hand, r, tb):
                S[L.O_IN_PLAY + L.IP_SP_HOLD] += 1
                break


@njit
def _first_draw_counts(S, from_discard, tb):  # type: ignore[no-untyped-def]
    """The first turn's draw (kernel/in_play.py): the upcard taken, or no upcard to take; a discard-pile draw
    where the first turn is free."""
    if from_discard:
        if S[L.S_DISCARD_N] == 1:
            S[L.O_IN_PLAY + L.IP_UPCARD] += 1
        if tb[R_FIRST_TURN_STOCK] == 0:
            S[L.O_IN_PLAY + L.IP_FIRST_TURN] += 1
    elif S[L.S_DISCARD_N] == 0:
        S[L.O_IN_PLAY + L.IP_UPCARD] += 1


@njit
def _lay_counts(S, cards, run, tb):  # type: ignore[no-untyped-def]
    """A spread laid or hit (``cards``: the spread's cards after it; ``run``: it is a run): laid before the
    draw, or holding the card drawn this turn; a run holding the ace above the king (kernel/in_play.py)."""
    drew = S[L.S_DREW]
    if not S[L.S_DRAWN] or (drew != NO_CARD and (cards >> drew) & 1):
        S[L.O_IN_PLAY + L.IP_SP_TIMING] += 1
    if run and tb[L.T_MELDS + M_ACE_HIGH]:
        suit = lowest(cards) % 4
        if (cards >> suit) & 1 and (cards >> (48 + suit)) & 1:  # its suit's ace (card suit) and king (48 + suit)
            S[L.O_IN_PLAY + L.IP_ACE] += 1


@njit_entry
def apply_key(S, key, tb):  # type: ignore[no-untyped-def]
    """``Hand.apply`` of the (legal) action with canonical ``key``."""
    kind = (key >> L.KIND_SHIFT) & L.KIND_MASK
    payload = key & L.PAYLOAD
    p = S[L.S_CURRENT]
    players = S[L.S_PLAYERS]
    if kind == L.K_KNOCK:
        _knock_counts(S, p, tb)
        S[L.S_KNOCKER] = p
        low = np.int64(1) << 40
        for q in range(players):
            if q != p:
                low = min(low, S[L.O_COUNTS + q])
        mine = S[L.O_COUNTS + p]
        if mine == low:
            S[L.O_IN_PLAY + L.IP_KN_TIES] += 1
        if knock_succeeds(tb, mine, low):
            S[L.O_WINNERS + p] = 1
            end_hand(S, np.int64(L.E_KNOCK_WON), tb)
        else:
            for q in range(players):
                S[L.O_WINNERS + q] = 1 if q != p and S[L.O_COUNTS + q] == low else 0
            end_hand(S, np.int64(L.E_KNOCK_CAUGHT), tb)
    elif kind == L.K_DRAW_DISCARD:
        if S[L.S_FIRST_TURN]:
            _first_draw_counts(S, np.bool_(True), tb)
        S[L.O_IN_PLAY + L.IP_SOURCES] += 1
        last = S[L.S_DISCARD_N] - 1
        at = last - (payload & 63)  # the card ``payload + 1`` from the top (drawing.discard_depth)
        card = S[L.O_DISCARD + at]
        for i in range(at, last):  # the cards above it stay on the pile, in order
            S[L.O_DISCARD + i] = S[L.O_DISCARD + i + 1]
        S[L.S_DISCARD_N] = last
        if at != last:
            S[L.O_IN_PLAY + L.IP_DEPTH] += 1
        S[L.S_DREW] = card
        _take(S, p, card, tb)
        turn_drew(S, L.O_TURN, card, takes_straight(tb))
    elif kind == L.K_DRAW_STOCK:
        if S[L.S_FIRST_TURN]:
            _first_draw_counts(S, np.bool_(False), tb)
        if S[L.S_STOCK_N] == 0:
            S[L.O_IN_PLAY + L.IP_STOCK_EMPTY] += 1
            what = empty_stock(tb, S[L.S_DISCARD_N])
            if what == core.EMPTY_VOIDS:
                end_hand(S, np.int64(L.E_STOCK_VOID), tb)
                return
            if what == core.EMPTY_LOWEST_WINS:
                _lowest_wins(S, tb)
                return
            _reshuffle(S)
        S[L.S_STOCK_N] -= 1
        S[L.S_DREW] = S[L.O_STOCK + S[L.S_STOCK_N]]
        _take(S, p, S[L.S_DREW], tb)
        turn_drew(S, L.O_TURN, NO_CARD, False)
    elif kind == L.K_SPREAD:
        k = S[L.S_SPREADS_N]
        S[L.S_SPREADS_N] = k + 1
        book = classify(payload, tb) == BOOK  # as MeldRules.classify decides it for the engine
        S[L.O_SP_OWNER + k] = p
        S[L.O_SPREADS_LAID + p] += 1
        S[L.O_SP_RUN + k] = 0 if book else 1
        S[L.O_SP_MASK + k] = payload
        S[L.O_SP_KEY + k] = melds.natural_key(payload, not book, tb)  # from a card standing for itself
        S[L.O_SP_POS + k] = 0 if book else melds.spread_line(payload, tb)
        _lay_counts(S, payload, not book, tb)
        _wild_counts(S, payload, tb)
        if book:
            S[L.O_IN_PLAY + L.IP_BOOK_SIZES] += 1
        elif popcount(payload) == tb[L.T_MELDS + M_RUN_MIN]:
            S[L.O_IN_PLAY + L.IP_RUN_MIN] += 1
        rest = payload
        while rest:
            _drop(S, p, lowest(rest), tb)
            rest &= rest - 1
        turn_laid(S, L.O_TURN, payload, True)
        _check_out(S, p, tb)
    elif kind == L.K_HIT:
        card, k = payload // 64, payload % 64 - 1
        _drop(S, p, card, tb)
        S[L.O_SP_MASK + k] |= ONE << card
        if S[L.O_SP_RUN + k] and S[L.O_SP_MASK + k] & tb[L.T_MELDS + M_WILD]:  # the places its wild cards cover
            S[L.O_SP_POS + k] = melds.spread_line(S[L.O_SP_MASK + k], tb)
        elif S[L.O_SP_RUN + k]:
            S[L.O_SP_POS + k] |= ONE << tb[L.T_POS + card // 4 + 1]
        owner = S[L.O_SP_OWNER + k]
        _lay_counts(S, S[L.O_SP_MASK + k], S[L.O_SP_RUN + k] == 1, tb)
        if (tb[L.T_MELDS + M_WILD] >> card) & 1 and (melds.wild_part(S[L.O_SP_MASK + k], tb) >> card) & 1:
            S[L.O_IN_PLAY + L.IP_WILD_HITS] += 1  # hit standing for another card (not a two in its own place)
        _wild_counts(S, S[L.O_SP_MASK + k], tb)
        S[L.O_IN_PLAY + (L.IP_HIT_RUNS if S[L.O_SP_RUN + k] else L.IP_HIT_BOOKS)] += 1
        if not S[L.O_SP_RUN + k]:
            S[L.O_IN_PLAY + L.IP_BOOK_SIZES] += 1
        S[L.O_LOCKS + owner] = locks_after_hit(S[L.O_LOCKS + owner], owner == p)
        turn_laid(S, L.O_TURN, ONE << card, False)
        _check_out(S, p, tb)
    elif kind == L.K_DISCARD:
        card = payload
        if card == S[L.S_TAKEN]:
            S[L.O_IN_PLAY + L.IP_TAKEN] += 1
        _drop(S, p, card, tb)
        S[L.O_DISCARD + S[L.S_DISCARD_N]] = card
        S[L.S_DISCARD_N] += 1
        if S[L.O_HANDS + p] == 0:
            _went_out(S, p, np.bool_(True), tb)
            return
        S[L.O_TURNS_TAKEN + p] += 1
        S[L.O_LOCKS + p] = locks_after_turn(S[L.O_LOCKS + p])
        S[L.S_CURRENT] = (p + 1) % players
        turn_begin(S, L.O_TURN)
        S[L.S_FIRST_TURN] = 0
