"""``reckoner``, compiled: the default player, which weighs each legal move by what the rules make of it.

:func:`reckoner_choice` is its one implementation (:class:`tonk_rules.bots.ReckonerBot` calls it too, and
:mod:`tonk_rules.bots.reckoner` states the rule in words). It reads of the state only what its seat may see:
its own hand and count, every seat's hand *size* and completed turns (never another seat's cards), the
spreads, the top discard, the stock's size, and the turn so far; of the rules, the parameter vector and
the payment and meld tables — never a variant's name. Its parameters are a row of ``knocks``
(:data:`tonk_rules.kernel.seats.RECKONER_COLUMNS`):

* ``knock_margin``: the expected gain of a knock, in hundredths of a stake, that it asks for before it
  knocks. The expected gain is the variant's own payments (:func:`knock_net`: the payment rules of a won
  and of a caught knock, for each number of players who catch it) weighed by the chance that each other
  player holds a count at or below its own (:func:`caught_chances`), so the same count knocks or not by
  the other players' hand sizes, their turns and the cards left unseen.
* ``caution``: how fast it assumes the others' counts fall as they play (percent of the average unseen
  card value shed per card, approached over their turns): higher is warier.
* ``take``: the highest value of a discard it takes when the card makes no meld, to replace a higher card.
* ``hold``: the highest total value of a spread it keeps in hand instead of laying it, where the rules
  allow holding (``must_spread`` off) and laying it would not empty the hand.
* ``stall``: with this many stock cards or fewer, in a variant whose hand ends when the stock runs out,
  a player who does not expect to hold the lowest count takes the discard instead of the stock (and may
  discard that very card again, where ``taken_discard`` allows it): the hand lasts longer.
* ``hope``: what a card's live meld chances are worth against its value, in tenths of a point per unseen
  card that would complete a meld with it (a card whose rank-mates or suit-neighbours are all dead is
  worth its value only), scaled down as the stock runs out.
* ``patience``: own turns after which it knocks whenever the rules let it, lays every spread, and takes the
  discard only when the card melds (so no hand plays forever where the stock ends it: a take that melds
  shrinks the hand, any other could go round for ever).
* ``slack``: what it reads of the others' play when it judges their counts (:func:`caught_chances`): the
  cards each took from the pile and still holds count at their values, and each one's other cards are
  believed worth at most ``slack`` more than its last discard (a player throws what it least wants to keep);
  ``-1`` (:data:`BLIND`) reads neither, the rule before (a deviation the equilibrium check tries).

It never reads the hidden cards: another seat's hand enters only by its size (``popcount``), so a bot can
pass any mask of that size for it, and by what the whole table saw (``layout.O_KEPT``, ``O_SHED``: the
play loop keeps them, a bot computes them from its Observation).
"""

from __future__ import annotations

import math

import numpy as np

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.jit import njit, njit_entry
from tonk_rules.kernel.rules_nb import (
    ONE,
    can_meld,
    extends,
    in_a_meld,
    lowest,
    mask_value,
    may_hit,
    payments,
    popcount,
    settle_ending,
    spread_rank,
)
from tonk_rules.kernel.seats import BLIND_SLACK
from tonk_rules.ruleset import meld_masks, who_pays
from tonk_rules.ruleset.slots import R_DR_DEEPER, R_KN_TIES_WIN, R_STOCK

#: Columns of a reckoner's row of parameters (``tonk_rules.kernel.seats.RECKONER_COLUMNS`` names them).
RK_KNOCK_MARGIN, RK_CAUTION, RK_TAKE, RK_HOLD, RK_STALL, RK_HOPE, RK_PATIENCE, RK_SLACK = 0, 1, 2, 3, 4, 5, 6, 7
#: ``slack`` at this value: the others' counts judged by their hand sizes and turns only (the rule before)
BLIND = BLIND_SLACK
#: A knock is not weighed where it is caught this surely (its payoffs are not even computed).
HOPELESS = 0.97
#: The knocker's count :func:`knock_net` settles at unless told (the payments of the built-ins do not depend on it).
KNOCK_AT = 10
#: The highest knock count :func:`with_knock_nets` checks the payments at before it settles them once per batch.
TOP_COUNT = 60
#: The stock size from which meld chances count in full.
FULL_STOCK = 20
#: What a discard that the next players could hit onto a spread costs it, in tenths of a point.
FEED = 30
RANK_AT = L.T_MELDS + meld_masks.M_RANK_AT
N_RANKS = L.T_MELDS + meld_masks.M_N_RANKS
WILD = L.T_MELDS + meld_masks.M_WILD
#: What a pair or a near-run in hand is worth to a wild card that would complete it, in meld chances (a sure
#: meld, counted as the four cards of a rank that could complete a pair).
WILD_SURE = 4


@njit_entry
def unseen_cards(S, me, tb):  # type: ignore[no-untyped-def]
    """The deck's cards (``layout.T_DECK``: its ranks in four suits and its jokers) that seat ``me`` cannot
    see: not in its hand, not on the table, not the discards it may take (the top; the top
    ``drawing.discard_depth`` where deeper takes are allowed)."""
    deck = tb[L.T_DECK]
    seen = S[L.O_HANDS + me]
    for k in range(S[L.S_SPREADS_N]):
        seen |= S[L.O_SP_MASK + k]
    for i in range(min(1 + tb[R_DR_DEEPER], S[L.S_DISCARD_N])):
        seen |= ONE << S[L.O_DISCARD + S[L.S_DISCARD_N] - 1 - i]
    return deck & ~seen


@njit
def _spread_of(pool, cap, tb):  # type: ignore[no-untyped-def]
    """The number, mean and variance of the values of the cards of ``pool`` (of the deck's cards) worth at most
    ``cap`` (at the table's values: deck.values), summed value by value (``layout.T_VALUE_OF``, ascending: a
    popcount each). The sums are of whole numbers, exact in floating point, so in any order the same."""
    n, total, squares = 0, 0.0, 0.0
    for i in range(tb[L.T_VALUE_KINDS]):
        v = tb[L.T_VALUE_OF + i]
        if v > cap:
            break
        cards = popcount(pool & tb[L.T_CARDS_OF + i])
        n += cards
        total += cards * v
        squares += cards * v * v
    mean = total / max(1, n)
    return n, mean, max(1.0, squares / max(1, n) - mean * mean)


@njit
def caught_chances(S, me, count, P, unseen, tb, out):  # type: ignore[no-untyped-def]
    """``out[k]``: the chance that exactly ``k`` other players hold a count that catches a knock at
    ``count`` (at or below it; below it where ties win). Each other player's count is believed normal: with
    ``slack`` at :data:`BLIND`, the sum of as many unseen cards as its hand holds, shed towards the low ones
    as it plays (``caution``); else the cards it took from the pile and still holds at their values, plus its
    other cards from the unseen ones (less those taken cards), each worth at most ``slack`` above its last
    discard this hand (a player throws what it least wants to keep: what it keeps is mostly lower), shed as
    before."""
    caution, slack = P[RK_CAUTION], P[RK_SLACK]
    pool = unseen
    if slack != BLIND:
        for q in range(S[L.S_PLAYERS]):
            if q != me:
                pool &= ~S[L.O_KEPT + q]
    n_all, mean, var = _spread_of(pool, 1000, tb)
    # a cap at or above the deck's highest value (where that is within 1000) selects the whole pool: that spread
    top = tb[L.T_VALUE_OF + tb[L.T_VALUE_KINDS] - 1] if tb[L.T_VALUE_KINDS] > 0 else 0
    limit = count + 0.5 - (1.0 if tb[R_KN_TIES_WIN] == 1 else 0.0)
    players = S[L.S_PLAYERS]
    out[:players] = 0.0
    out[0] = 1.0
    k = 0
    for q in range(players):
        if q == me:
            continue
        size = popcount(S[L.O_HANDS + q])
        turns = S[L.O_TURNS_TAKEN + q]
        shed = 1.0 - (caution / 100.0) * turns / (turns + 2.0)
        known, hidden, m, v = 0.0, size, mean, var
        if slack != BLIND:
            kept = S[L.O_KEPT + q]
            known = float(mask_value(kept, tb))
            hidden = size - popcount(kept)
            if S[L.O_SHED + q] > 0:
                cap = S[L.O_SHED + q] + slack
                if cap >= top and top <= 1000:
                    n_low, low_mean, low_var = n_all, mean, var
                else:
                    n_low, low_mean, low_var = _spread_of(pool, cap, tb)
                if n_low >= hidden:
                    m, v = low_mean, low_var
        mu = known + hidden * m * shed
        sd = math.sqrt(hidden * v) * shed + 1.0
        p = 1.0 / (1.0 + math.exp(-1.702 * (limit - mu) / sd))  # the normal CDF, logistic approximation
        k += 1
        for j in range(k, 0, -1):  # Poisson-binomial: one more player who may catch
            out[j] = out[j] * (1.0 - p) + out[j - 1] * p
        out[0] *= 1.0 - p


@njit_entry
def knock_net(tb, players, me, catchers, count=KNOCK_AT):  # type: ignore[no-untyped-def]
    """The knocker's net, in stakes, under the variant's payment rules (settled as a hand is:
    :func:`~tonk_rules.ruleset.who_pays.settle`), when it knocks at ``count`` and ``catchers`` of the others
    (0: a won knock) hold a count that catches it and the rest hold more (all stakes 1)."""
    at = payments.seat_offsets(players)
    return _settled_knock(np.empty(at[who_pays.AT_NET] + players, np.int64), at, tb, players, me, catchers, count)


@njit
def _settled_knock(V, at, tb, players, me, catchers, mine):  # type: ignore[no-untyped-def]
    """:func:`knock_net`, in the seats' vector ``V`` laid out at ``at`` (its every entry is written: one vector
    serves each number of catchers in turn)."""
    ending = L.E_KNOCK_WON if catchers == 0 else L.E_KNOCK_CAUGHT
    low = mine if tb[R_KN_TIES_WIN] != 1 else mine - 1
    V[:] = 0
    V[at[who_pays.AT_PLAYERS]], V[at[who_pays.AT_KNOCKER]] = players, me
    for a in range(players):
        j = (a - me) % players  # the knocker first, then the catchers
        V[at[who_pays.AT_COUNT] + a] = mine if j == 0 else low if j <= catchers else mine + 5
        V[at[who_pays.AT_WON] + a] = j == 0 if catchers == 0 else 1 <= j <= catchers
        V[at[who_pays.AT_STAKE] + a] = 1
    settle_ending(V, at, ending, tb)
    return V[at[who_pays.AT_NET] + me]


@njit_entry
def knock_gain(S, me, P, unseen, tb):  # type: ignore[no-untyped-def]
    """The expected net of a knock now, in stakes (``-inf`` where it is caught almost surely)."""
    players = S[L.S_PLAYERS]
    chances = np.empty(L.MAX_PLAYERS + 1, np.float64)
    caught_chances(S, me, S[L.O_COUNTS + me], P, unseen, tb, chances)
    if 1.0 - chances[0] > HOPELESS:
        return -1e9
    gain = 0.0
    if tb[L.T_KNOCK_FOR] == players:  # settled once for the batch (with_knock_nets)
        for k in range(players):
            if chances[k] > 0.0:
                gain += chances[k] * tb[L.T_KNOCK_NETS + me * L.MAX_PLAYERS + k]
        return gain
    at = payments.seat_offsets(players)
    V = np.empty(at[who_pays.AT_NET] + players, np.int64)
    for k in range(players):
        if chances[k] > 0.0:
            gain += chances[k] * _settled_knock(V, at, tb, players, me, k, S[L.O_COUNTS + me])
    return gain


@njit
def with_knock_nets(tb, players):  # type: ignore[no-untyped-def]
    """A copy of the tables ``tb`` holding :func:`knock_net` for every seat and number of catchers at a table of
    ``players`` (``layout.T_KNOCK_NETS``), which :func:`knock_gain` reads instead of settling each outcome of
    each knock it weighs (the reckoner's largest cost): for a batch of hands, all at that table size. Where a
    payment depends on the knocker's count (a net at some count up to :data:`TOP_COUNT` differs), the copy is
    left unfilled and each knock is settled at the count it is made at."""
    out = tb.copy()
    at = payments.seat_offsets(players)
    V = np.empty(at[who_pays.AT_NET] + players, np.int64)
    for me in range(players):
        for k in range(players):
            net = _settled_knock(V, at, tb, players, me, k, KNOCK_AT)
            for count in range(1, TOP_COUNT + 1):
                if _settled_knock(V, at, tb, players, me, k, count) != net:
                    return out
            out[L.T_KNOCK_NETS + me * L.MAX_PLAYERS + k] = net
    out[L.T_KNOCK_FOR] = players
    return out


@njit_entry
def meld_chances(hand, card, unseen, tb):  # type: ignore[no-untyped-def]
    """Unseen cards that would make a meld with ``card`` and the cards of ``hand`` beside it: its rank-mates
    when the hand holds one, and the suit-neighbours that would complete a run of three with a neighbour
    held (by the deck's run order). Where the rules make cards wild (``melds.wild``), the unseen wild cards
    also complete any card that has a rank-mate or a suit-neighbour in hand, and a wild card itself counts
    the cards it could complete (:func:`_wild_uses`); a joker has no rank or suit of its own, so a joker's
    chances are its wild uses only (none where jokers are not wild)."""
    wild = tb[WILD]
    chances = 0
    if card < 52:  # a joker has no rank-mates or suit-neighbours (its rank would read past the position table)
        chances = _natural_chances(hand, card, unseen, tb, popcount(unseen & wild))
    if (wild >> card) & 1:
        chances += _wild_uses(hand & ~wild, unseen, tb)
    return chances


@njit
def _natural_chances(hand, card, unseen, tb, wild_unseen):  # type: ignore[no-untyped-def]
    """:func:`meld_chances` of a card of the deck's ranks by its rank and suit; ``wild_unseen``: the unseen wild
    cards, counted once where the card has a rank-mate or a suit-neighbour in hand (0 without wild cards)."""
    rank, suit = card // 4 + 1, card % 4
    chances = 0
    mates = popcount((hand >> (4 * (rank - 1))) & 15) - 1
    near = mates >= 1
    if near:
        chances += popcount((unseen >> (4 * (rank - 1))) & 15)
    pos = tb[L.T_POS + rank]
    n = tb[N_RANKS]
    for step in (-2, -1, 1, 2):
        p = pos + step
        if p < 0 or p >= n:
            continue
        neighbour = (tb[RANK_AT + p] - 1) * 4 + suit
        if not (hand >> neighbour) & 1:
            continue
        near = True
        # the cards that would complete a run of three with this card and that neighbour
        lo, hi = min(pos, p), max(pos, p)
        if hi - lo == 2:
            chances += _unseen_at(unseen, lo + 1, suit, tb)
        else:
            if lo >= 1:
                chances += _unseen_at(unseen, lo - 1, suit, tb)
            if hi + 1 < n:
                chances += _unseen_at(unseen, hi + 1, suit, tb)
    if near:
        chances += wild_unseen
    return chances


@njit
def _wild_uses(natural, unseen, tb):  # type: ignore[no-untyped-def]
    """What a wild card could complete among the ``natural`` (not wild) cards of a hand: each pair and each
    near-run (two cards of a suit at most two run positions apart) it would make a meld of, counted as a sure
    card (:data:`WILD_SURE` chances), and each unseen card that would make a pair or a near-run with a card held
    (a meld once drawn, with the wild card)."""
    chances = 0
    n = tb[N_RANKS]
    for p in range(n):
        rank = tb[RANK_AT + p]
        held = (natural >> (4 * (rank - 1))) & 15
        if popcount(held) >= 2:
            chances += WILD_SURE
        if held:
            chances += popcount((unseen >> (4 * (rank - 1))) & 15)
        for step in (1, 2):
            q = p + step
            if q >= n:
                continue
            other = tb[RANK_AT + q]
            chances += WILD_SURE * popcount(held & (natural >> (4 * (other - 1))) & 15)
            # an unseen suit-neighbour of a held card, either way (each pair of positions seen once)
            chances += popcount(held & (unseen >> (4 * (other - 1))) & 15)
            chances += popcount((unseen >> (4 * (rank - 1))) & (natural >> (4 * (other - 1))) & 15)
    return chances


@njit
def _unseen_at(unseen, position, suit, tb):  # type: ignore[no-untyped-def]
    """1 when the card of ``suit`` at run ``position`` is unseen."""
    return (unseen >> ((tb[RANK_AT + position] - 1) * 4 + suit)) & 1


@njit
def keep_value(S, hand, card, unseen, me, tb, hope):  # type: ignore[no-untyped-def]
    """What keeping ``card`` is worth (the lowest is discarded), in tenths of a point: its meld chances
    (``hope`` each, fewer as the stock runs out), minus its value, plus a penalty where the next players
    could hit it onto a spread; a card in a meld of the hand is kept whenever the rules allow."""
    if in_a_meld(hand, card, tb):
        return 10_000
    stock = min(S[L.S_STOCK_N], FULL_STOCK)
    score = hope * meld_chances(hand, card, unseen, tb) * stock // FULL_STOCK - 10 * tb[L.T_VALUES + card]
    for k in range(S[L.S_SPREADS_N]):
        if S[L.O_SP_OWNER + k] != me and extends(S, k, card, tb):
            score += FEED
            break
    return score


@njit
def expects_lowest(S, me, P, unseen, tb):  # type: ignore[no-untyped-def]
    """Whether the seat expects no other player to hold a count at or below its own (a chance above half)."""
    chances = np.empty(L.MAX_PLAYERS + 1, np.float64)
    caught_chances(S, me, S[L.O_COUNTS + me], P, unseen, tb, chances)
    return chances[0] > 0.5


@njit_entry
def reckoner_choice(S, legal, n, P, tb):  # type: ignore[no-untyped-def]
    """The reckoner's decision among the ``n`` canonical keys ``legal``; ``P``: its row of parameters."""
    me = S[L.S_CURRENT]
    hand = S[L.O_HANDS + me]
    late = S[L.O_TURNS_TAKEN + me] >= P[RK_PATIENCE]  # patience spent: only moves that end the hand sooner
    first_kind = (legal[0] >> L.KIND_SHIFT) & L.KIND_MASK
    if first_kind == L.K_KNOCK:  # 1. knock: by its expected payoff under this variant's payments
        if late or n == 1:
            return legal[0]
        if knock_gain(S, me, P, unseen_cards(S, me, tb), tb) * 100.0 >= P[RK_KNOCK_MARGIN]:
            return legal[0]
    best, best_score = -1, -1
    others = False  # a legal action that is neither a spread nor a hit: holding is possible
    for i in range(n):  # 2. the spread with most cards, then highest value (held when cheap and allowed)
        kind = (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK
        if kind == L.K_SPREAD:
            score = spread_rank(legal[i] & L.PAYLOAD, tb)
            if score > best_score:
                best, best_score = i, score
        elif kind != L.K_HIT:
            others = True
    if best >= 0:
        m = legal[best] & L.PAYLOAD
        value = best_score % 1000
        empties = popcount(hand) == popcount(m)
        if late or not (others and not empties and value <= P[RK_HOLD] and _holds_here(S, legal, n, m)):
            return legal[best]
    best, best_score = -1, -1
    for i in range(n):  # 3. the hit with the highest card value
        if (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK == L.K_HIT:
            score = tb[L.T_VALUES + (legal[i] & L.PAYLOAD) // 64]
            if score > best_score:
                best, best_score = i, score
    if best >= 0:
        return legal[best]
    draw_stock, draw_discard, deeper = -1, -1, -1
    for i in range(n):  # 4. the draw
        kind = (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK
        if kind == L.K_DRAW_STOCK:
            draw_stock = i
        elif kind == L.K_DRAW_DISCARD:
            depth = legal[i] & L.PAYLOAD  # (0: the top; deeper takes where drawing.discard_depth allows them)
            if depth == 0:
                draw_discard = i
            elif deeper < 0 and can_meld(S, S[L.O_DISCARD + S[L.S_DISCARD_N] - 1 - depth], me, tb):
                deeper = i  # the shallowest card below the top that melds
    if draw_discard >= 0 or draw_stock >= 0 or deeper >= 0:
        if draw_discard < 0:
            return legal[deeper] if deeper >= 0 else legal[draw_stock]
        if draw_stock < 0 and deeper < 0:
            return legal[draw_discard]
        top = S[L.O_DISCARD + S[L.S_DISCARD_N] - 1]
        if can_meld(S, top, me, tb):
            return legal[draw_discard]
        if deeper >= 0:  # a card below the top melds where the top does not
            return legal[deeper]
        if draw_stock < 0:
            return legal[draw_discard]
        if late:  # a card that melds shrinks the hand; any other take could go round for ever
            return legal[draw_stock]
        if tb[L.T_VALUES + top] <= P[RK_TAKE] and tb[L.T_VALUES + top] < _junk_high(hand, tb):
            return legal[draw_discard]
        if (tb[R_STOCK] == L.STOCK_END and S[L.S_STOCK_N] <= P[RK_STALL]
                and not expects_lowest(S, me, P, unseen_cards(S, me, tb), tb)):
            return legal[draw_discard]
        return legal[draw_stock]
    best = -1
    best_keep = 0
    unseen = unseen_cards(S, me, tb)  # (only the decisions that weigh the unseen cards compute them)
    for i in range(n):  # 5. the discard worth least to keep; ties: the highest card
        if (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK == L.K_DISCARD:
            c = legal[i] & L.PAYLOAD
            keep = keep_value(S, hand, c, unseen, me, tb, P[RK_HOPE])
            if best < 0 or keep < best_keep or (keep == best_keep and c > (legal[best] & L.PAYLOAD)):
                best, best_keep = i, keep
    if best >= 0:
        return legal[best]
    return legal[0]


@njit
def _holds_here(S, legal, n, m):  # type: ignore[no-untyped-def]
    """Holding spread ``m`` is possible now: some legal discard keeps all of its cards (where the rules make
    every held spread illegal, no such discard is listed), or the turn has not drawn yet."""
    for i in range(n):
        kind = (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK
        if kind == L.K_DRAW_STOCK or kind == L.K_DRAW_DISCARD:  # noqa: SIM109 (plain compares compile simplest)
            return True
        if kind == L.K_DISCARD and not (m >> (legal[i] & L.PAYLOAD)) & 1:
            return True
    return False


@njit
def _junk_high(hand, tb):  # type: ignore[no-untyped-def]
    """The highest value among the hand's cards that are in no meld of it (0 when every card is)."""
    high = 0
    rest = hand
    while rest:
        c = lowest(rest)
        rest &= rest - 1
        if tb[L.T_VALUES + c] > high and not in_a_meld(hand, c, tb):
            high = tb[L.T_VALUES + c]
    return high


@njit_entry
def casual_knock(S, me):  # type: ignore[no-untyped-def]
    """The casual player's knock threshold now: 5 on its first turn, one more each turn, up to 8."""
    return 5 + min(3, S[L.O_TURNS_TAKEN + me])


__all__ = ["may_hit", "reckoner_choice"]
