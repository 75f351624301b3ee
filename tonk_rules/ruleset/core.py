"""The arithmetic of the rules, written once: plain functions of whole numbers and flags.

The rule objects of :mod:`tonk_rules.ruleset.strategies` (and so the reference engine and ``tonk settle``)
call these functions as they are; the compiled kernel (:mod:`tonk_rules.kernel.rules_nb`,
:mod:`tonk_rules.kernel.play_nb`) compiles the very same functions with numba. Each therefore takes only
ints and bools (an absent limit is :data:`NO_LIMIT`) and returns an int or a bool: a refusal is a code
(0: allowed) that :mod:`tonk_rules.ruleset.strategies` words for people. A rule whose arithmetic lives here
cannot be enforced by one engine and forgotten by the other.

    >>> knock_refusal(count=12, turns_taken=0, locked_turns=0, acted=False, drawn=False, before_draw=False,
    ...               max_count=10, min_turns=0, hit_lock=False, first_turn=False, holds_spread=False)
    3
    >>> knock_succeeds(mine=9, lowest_other=9, ties_win=False), count_is_deal_tonk(50, NO_LIMIT, 49)
    (False, True)
"""

from __future__ import annotations

#: "No limit" for an optional threshold (a knock limit, a deal-check bound); the kernel's tables use it too.
NO_LIMIT = -(2**40)

# Why a knock is refused (0: it is allowed); worded in strategies.KnockRule.why_not.
KNOCK_OK, KNOCK_AFTER_DRAW, KNOCK_NOT_FIRST, KNOCK_COUNT_TOO_HIGH, KNOCK_TOO_EARLY, KNOCK_HIT_LOCKED = range(6)
KNOCK_FIRST_TURN, KNOCK_HOLDS_SPREAD = 6, 7
# Whose spreads of a kind a player may hit (the kernel's tables hold these codes).
HIT_ANYONE, HIT_OWN, HIT_NONE = 0, 1, 2
# Why a hit is refused for its target's owner (0: allowed); worded in strategies.HitRule.why_not.
HIT_OK, HIT_NOT_ALLOWED, HIT_ONLY_OWN = 0, 1, 2
# What the empty stock does (terms.StockPolicy), and what one draw from it does.
STOCK_END, STOCK_RESHUFFLE, STOCK_VOID = 0, 1, 2
EMPTY_LOWEST_WINS, EMPTY_RESHUFFLES, EMPTY_VOIDS = 0, 1, 2
# How a player who has no card left went out (terms.Ending's out_by_*).
OUT_BY_DISCARD, OUT_BY_SPREAD, OUT_BY_HIT = 0, 1, 2
# The payment roles (terms.Role), as codes.
ROLE_WINNERS, ROLE_OTHERS, ROLE_KNOCKER, ROLE_AT_OR_BELOW, ROLE_ABOVE = 0, 1, 2, 3, 4


def count_is_deal_tonk(count: int, at_most: int, at_least: int) -> bool:
    """A dealt hand of this count is a tonk on the deal: at or below ``at_most``, or at or above ``at_least``
    (either may be :data:`NO_LIMIT`)."""
    return (at_most != NO_LIMIT and count <= at_most) or (at_least != NO_LIMIT and count >= at_least)


def several_deal_tonks_void(holders: int, several_void: bool) -> bool:
    """``holders`` deal tonks make the deal void (rather than paid)."""
    return holders > 1 and several_void


def knock_refusal(count: int, turns_taken: int, locked_turns: int, acted: bool, drawn: bool, before_draw: bool,
                  max_count: int, min_turns: int, hit_lock: bool, first_turn: bool, holds_spread: bool) -> int:
    """Why the current player may not knock now (a ``KNOCK_*`` code; :data:`KNOCK_OK` when they may).

    ``acted``: they have laid something this turn; ``before_draw``: the variant lets a knock come after
    spreads laid before the draw; ``locked_turns``: turns left of a hit lock; ``first_turn``: the hand's
    first turn, which the variant binds to a draw from the stock; ``holds_spread``: they hold a spread that
    must be laid.
    """
    if drawn:
        return KNOCK_AFTER_DRAW
    if acted and not before_draw:
        return KNOCK_NOT_FIRST
    if max_count != NO_LIMIT and count > max_count:
        return KNOCK_COUNT_TOO_HIGH
    if turns_taken < min_turns:
        return KNOCK_TOO_EARLY
    if hit_lock and locked_turns > 0:
        return KNOCK_HIT_LOCKED
    if first_turn:
        return KNOCK_FIRST_TURN
    if holds_spread:
        return KNOCK_HOLDS_SPREAD
    return KNOCK_OK


def knock_succeeds(mine: int, lowest_other: int, ties_win: bool) -> bool:
    """The knocker's count beats the lowest of the others (or ties it, where ties win)."""
    return mine < lowest_other or (ties_win and mine == lowest_other)


def hit_refusal(permission: int, own: bool) -> int:
    """Why a spread may not be hit under ``permission`` (a ``HIT_*`` permission) by its owner (``own``) or
    another player (a ``HIT_*`` refusal code; :data:`HIT_OK` when it may)."""
    if permission == HIT_NONE:
        return HIT_NOT_ALLOWED
    if permission == HIT_OWN and not own:
        return HIT_ONLY_OWN
    return HIT_OK


def may_lay_now(before_draw: bool, drawn: bool) -> bool:
    """Spreads and hits may be laid now: before the draw where the variant says so, else after it."""
    return drawn != before_draw


def keeps_card(keeps_taken: bool, is_taken: bool, cards_in_hand: int) -> bool:
    """The card may not be discarded: it was taken from the discard pile this turn, the variant keeps such a
    card (``keeps_taken``), and it is not the player's last card."""
    return keeps_taken and is_taken and cards_in_hand > 1


def empty_stock(policy: int, discard_size: int) -> int:
    """What a draw from the empty stock does under ``policy`` (a ``STOCK_*`` code): reshuffle the discard
    pile but its top card (only when there is something to shuffle), void the hand, or end it with the lowest
    count winning (``EMPTY_*``)."""
    if policy == STOCK_RESHUFFLE and discard_size > 1:
        return EMPTY_RESHUFFLES
    if policy != STOCK_END:
        return EMPTY_VOIDS
    return EMPTY_LOWEST_WINS


def lowest_tie_void(lowest: int, ties_void: bool) -> bool:
    """``lowest`` players share the lowest count at the empty stock, and the variant voids such a hand."""
    return lowest > 1 and ties_void


def out_ending(by_discard: bool, new_spread: bool) -> int:
    """How a player went out (an ``OUT_*`` code): by a final discard, else by laying out with a new spread
    in that turn, else by hits only."""
    if by_discard:
        return OUT_BY_DISCARD
    return OUT_BY_SPREAD if new_spread else OUT_BY_HIT


def holds_role(role: int, winner: bool, seat: int, knocker: int, count: int, knocker_count: int) -> bool:
    """Seat ``seat`` holds payment ``role`` (a ``ROLE_*`` code) in a hand whose winners are known and whose
    knocker is ``knocker`` (-1: nobody knocked)."""
    if role == ROLE_WINNERS:
        return winner
    if role == ROLE_OTHERS:
        return not winner
    if knocker < 0:
        return False
    if role == ROLE_KNOCKER:
        return seat == knocker
    if role == ROLE_AT_OR_BELOW:
        return seat != knocker and count <= knocker_count
    if role == ROLE_ABOVE:
        return seat != knocker and count > knocker_count
    return False
