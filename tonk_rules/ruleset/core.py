"""The arithmetic of the rules, written once: plain functions of whole numbers and flags.

The rule objects of :mod:`tonk_rules.ruleset.rule_objects` (and so the reference engine and ``tonk settle``)
call these functions as they are; the compiled kernel (:mod:`tonk_rules.kernel.rules_nb`,
:mod:`tonk_rules.kernel.play_nb`) compiles the very same functions with numba. Each therefore takes only
ints, bools and two vectors of ints (an absent limit is :data:`NO_LIMIT`) and returns an int or a bool: ``R``,
the rule parameters, and ``T``, the turn so far from index ``t`` (their slots are
:mod:`tonk_rules.ruleset.slots`; both engines hold the same two vectors). Every refusal (``*_refusal``)
takes ``F``, the facts of the position for the seat that acts
(:func:`tonk_rules.ruleset.position_vector.position_facts`, computed once for both engines), so a rule that
needs a fact of the position reads ``F[FACT_*]`` and no signature changes. (The take and the discard read no
parameter and take no ``R``: every vector handed to a function costs the compiled kernel a reference count
where it is hottest, 20% of its speed for these two; a parameter of theirs comes as an argument computed from
``R`` by its own function, as ``keeps_card`` and ``takes_straight`` do.) A refusal is a code
(0: allowed) that :mod:`tonk_rules.ruleset.rule_objects` (or, for draws and discards,
:mod:`tonk_rules.engine.legality`) words for people. A rule whose arithmetic lives here
cannot be enforced by one engine and forgotten by the other.

    >>> from tonk_rules.ruleset.slots import N_PARAMS
    >>> R = [0] * N_PARAMS; R[R_KN_MAX] = 10  # knock at 10 or less
    >>> T = [0] * TURN_SIZE; turn_begin(T, 0)
    >>> from tonk_rules.ruleset.position_vector import P_COUNTS, P_SIZE, position_facts
    >>> P = [0] * P_SIZE; P[P_COUNTS + 0] = 12  # seat 0 counts 12
    >>> knock_refusal(R, T, 0, position_facts(P, 0), first_turn=False, holds_spread=False)
    3
    >>> knock_succeeds(R, mine=9, lowest_other=9)  # a tie loses, unless R_KN_TIES_WIN
    False
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeAlias

from tonk_rules.ruleset.position_vector import (
    FACT_CARDS,
    FACT_COUNT,
    FACT_DISCARD_N,
    FACT_LOCKS,
    FACT_TURNS_TAKEN,
)
from tonk_rules.ruleset.slots import (
    NO_CARD,
    R_DC_AT_LEAST,
    R_DC_AT_MOST,
    R_DC_ENABLED,
    R_DC_SEVERAL_VOID,
    R_DR_DEEPER,
    R_DR_DISCARD,
    R_DR_STOCK,
    R_FIRST_TURN_STOCK,
    R_HIT_BOOKS,
    R_HIT_RUNS,
    R_KN_BEFORE_DRAW,
    R_KN_HIT_LOCK,
    R_KN_MAX,
    R_KN_MIN_TURNS,
    R_KN_TIES_WIN,
    R_SP_BEFORE_DRAW,
    R_SP_MUST,
    R_STOCK,
    R_STOCK_TIES_VOID,
    R_TAKEN,
    TURN_ACTED,
    TURN_DRAWN,
    TURN_NEW_SPREAD,
    TURN_PENDING,
    TURN_SIZE,
    TURN_TAKEN,
)

# The vectors every rule reads, named by what they hold (as python-chess names its ints ``Square``, ``Bitboard``).
# Aliases, not NewTypes: the engine hands lists and tuples and the kernel numpy arrays, as they are.
#: ``R``: the rule parameters, one per ``R_*`` slot of :mod:`tonk_rules.ruleset.slots` (``Ruleset.params``, or a
#: rule object's own section of them).
RuleParams: TypeAlias = Sequence[int]
#: ``T``: the turn so far, the ``TURN_*`` slots of :mod:`tonk_rules.ruleset.slots` from index ``t`` (``Turn.slots``
#: in the engine, ``layout.O_TURN`` of the kernel's state).
TurnSlots: TypeAlias = Sequence[int]
#: ``T`` where a function of the turn writes it (:func:`turn_begin`, :func:`turn_drew`, :func:`turn_laid`).
MutableTurnSlots: TypeAlias = MutableSequence[int]
#: ``F``: the facts of the acting seat's position, read by ``FACT_*`` index
#: (:func:`tonk_rules.ruleset.position_vector.position_facts`).
Facts: TypeAlias = Sequence[int]

#: "No limit" for an optional threshold (a knock limit, a deal-check bound); the kernel's tables use it too.
NO_LIMIT = -(2**40)

# Why a knock is refused (0: it is allowed); worded in rule_objects.KnockRule.why_not.
KNOCK_OK, KNOCK_AFTER_DRAW, KNOCK_NOT_FIRST, KNOCK_COUNT_TOO_HIGH, KNOCK_TOO_EARLY, KNOCK_HIT_LOCKED = range(6)
KNOCK_FIRST_TURN, KNOCK_HOLDS_SPREAD = 6, 7
# Why a draw is refused (0: allowed): draw_refusal's codes, then take_refusal's; worded in engine/legality.py.
DRAW_OK, DRAW_ALREADY_DRAWN, DRAW_PILE_NOT_ALLOWED, DRAW_FIRST_TURN, DRAW_HOLDS_SPREAD, DRAW_DISCARD_EMPTY = range(6)
DRAW_CANNOT_MELD = 6
# Why a discard is refused (0: allowed); worded in engine/legality.py.
DISCARD_OK, DISCARD_NOT_DRAWN, DISCARD_PENDING, DISCARD_KEPT, DISCARD_LEAVES_SPREAD = range(5)
# Whose spreads of a kind a player may hit (the kernel's tables hold these codes).
HIT_ANYONE, HIT_OWN, HIT_NONE = 0, 1, 2
# Why a hit is refused for its target's owner (0: allowed); worded in rule_objects.HitRule.why_not.
HIT_OK, HIT_NOT_ALLOWED, HIT_ONLY_OWN = 0, 1, 2
# What a card taken from the discard pile must do (terms.TakenDiscardPolicy).
TAKEN_FREE, TAKEN_NOT_THIS_TURN, TAKEN_STRAIGHT = 0, 1, 2
# What the empty stock does (terms.StockPolicy), and what one draw from it does.
STOCK_END, STOCK_RESHUFFLE, STOCK_VOID = 0, 1, 2
EMPTY_LOWEST_WINS, EMPTY_RESHUFFLES, EMPTY_VOIDS = 0, 1, 2
# How a player who has no card left went out (terms.Ending's out_by_*).
OUT_BY_DISCARD, OUT_BY_SPREAD, OUT_BY_HIT = 0, 1, 2
# The payment roles (terms.Role), as codes.
ROLE_WINNERS, ROLE_OTHERS, ROLE_KNOCKER, ROLE_AT_OR_BELOW, ROLE_ABOVE = 0, 1, 2, 3, 4


# --- the turn so far (slots.TURN_*), kept up to date by the same three functions in both engines ----------
def turn_begin(T: MutableTurnSlots, t: int) -> None:
    """A new turn in ``T[t:]``: nothing drawn, taken or laid."""
    for i in range(TURN_SIZE):
        T[t + i] = 0
    T[t + TURN_TAKEN] = NO_CARD
    T[t + TURN_PENDING] = NO_CARD


def turn_drew(T: MutableTurnSlots, t: int, taken: int, straight: bool) -> None:
    """A draw: from the stock (``taken`` :data:`~tonk_rules.ruleset.slots.NO_CARD`) or the discard pile,
    whose card must then go straight into a spread where the variant says so (``straight``)."""
    T[t + TURN_DRAWN] = 1
    T[t + TURN_ACTED] = 1
    T[t + TURN_TAKEN] = taken
    T[t + TURN_PENDING] = taken if straight else NO_CARD


def turn_laid(T: MutableTurnSlots, t: int, cards: int, new_spread: bool) -> None:
    """A new spread (``new_spread``) or a hit of the set of cards ``cards`` (bit ``c`` for card ``c``): the
    taken card that had to go into a spread no longer has to, once it is among them."""
    T[t + TURN_ACTED] = 1
    if new_spread:
        T[t + TURN_NEW_SPREAD] = 1
    pending = T[t + TURN_PENDING]
    if pending != NO_CARD and (cards >> pending) & 1:
        T[t + TURN_PENDING] = NO_CARD


# --- a seat's own counts, kept by the same functions in both engines -----------------------------------------
def first_turn_binds(R: RuleParams, no_turn_ended: bool) -> bool:
    """The variant binds the hand's first turn (no knock; a draw from the stock only), and no turn of the hand
    has ended yet."""
    return R[R_FIRST_TURN_STOCK] == 1 and no_turn_ended


def locks_after_hit(locks: int, own: bool) -> int:
    """A seat's locked turns (turns in which it may not knock, where the variant has a hit lock) once one of
    its spreads is hit: one more, unless the seat hit its own spread."""
    return locks if own else locks + 1


def locks_after_turn(locks: int) -> int:
    """A seat's locked turns once one of its own turns has ended: one fewer, down to none."""
    return locks - 1 if locks > 0 else 0


def count_is_deal_tonk(R: RuleParams, count: int) -> bool:
    """A dealt hand of this count is a tonk on the deal under the parameters ``R``: the deal is checked, and
    the count is at or below its ``at_most``, or at or above its ``at_least`` (either may be
    :data:`NO_LIMIT`)."""
    at_most, at_least = R[R_DC_AT_MOST], R[R_DC_AT_LEAST]
    return R[R_DC_ENABLED] == 1 and (
        (at_most != NO_LIMIT and count <= at_most) or (at_least != NO_LIMIT and count >= at_least))


def several_deal_tonks_void(R: RuleParams, holders: int) -> bool:
    """``holders`` deal tonks make the deal void (rather than paid) under the parameters ``R``."""
    return holders > 1 and R[R_DC_SEVERAL_VOID] == 1


def knock_refusal(R: RuleParams, T: TurnSlots, t: int, F: Facts, first_turn: bool,
                  holds_spread: bool) -> int:
    """Why the current player may not knock now (a ``KNOCK_*`` code; :data:`KNOCK_OK` when they may), under
    the parameters ``R`` in the turn ``T[t:]``, with the facts ``F`` of their position (their count, turns
    taken and hit lock).

    ``first_turn``: the hand's first turn, which the variant binds to a draw from the stock
    (:func:`first_turn_binds`, a rule of the deal); ``holds_spread``: they hold a spread that must be laid.
    """
    if T[t + TURN_DRAWN]:
        return KNOCK_AFTER_DRAW
    if T[t + TURN_ACTED] and not R[R_KN_BEFORE_DRAW]:
        return KNOCK_NOT_FIRST
    if R[R_KN_MAX] != NO_LIMIT and F[FACT_COUNT] > R[R_KN_MAX]:
        return KNOCK_COUNT_TOO_HIGH
    if F[FACT_TURNS_TAKEN] < R[R_KN_MIN_TURNS]:
        return KNOCK_TOO_EARLY
    if R[R_KN_HIT_LOCK] and F[FACT_LOCKS] > 0:
        return KNOCK_HIT_LOCKED
    if first_turn:
        return KNOCK_FIRST_TURN
    if holds_spread:
        return KNOCK_HOLDS_SPREAD
    return KNOCK_OK


def knock_succeeds(R: RuleParams, mine: int, lowest_other: int) -> bool:
    """The knocker's count beats the lowest of the others (or ties it, where ``R`` says ties win)."""
    return mine < lowest_other or (R[R_KN_TIES_WIN] == 1 and mine == lowest_other)


def hit_refusal(R: RuleParams, T: TurnSlots, t: int, F: Facts, run: bool, own: bool) -> int:
    """Why a spread may not be hit (a ``HIT_*`` refusal code; :data:`HIT_OK` when it may): a run (``run``)
    or a book, the player's ``own`` or another's, under the parameters ``R`` in the turn ``T[t:]``, with the
    facts ``F`` of the hitter's position."""
    permission = R[R_HIT_RUNS] if run else R[R_HIT_BOOKS]
    if permission == HIT_NONE:
        return HIT_NOT_ALLOWED
    if permission == HIT_OWN and not own:
        return HIT_ONLY_OWN
    return HIT_OK


def may_lay_now(R: RuleParams, drawn: bool) -> bool:
    """Spreads and hits may be laid now: before the draw where ``R`` says so, else after it."""
    return drawn != (R[R_SP_BEFORE_DRAW] == 1)


def takes_straight(R: RuleParams) -> bool:
    """A card taken from the discard pile must go straight into a spread under ``R`` (the turn then keeps it
    pending, :func:`turn_drew`, and only a card that could be laid at once may be taken, :func:`take_refusal`)."""
    return R[R_TAKEN] == TAKEN_STRAIGHT


def keeps_card(R: RuleParams, F: Facts, is_taken: bool) -> bool:
    """The card may not be discarded: it was taken from the discard pile this turn, ``R`` keeps such a card,
    and it is not the player's last card (the facts ``F`` of their position)."""
    return R[R_TAKEN] == TAKEN_NOT_THIS_TURN and is_taken and F[FACT_CARDS] > 1


def draw_refusal(R: RuleParams, T: TurnSlots, t: int, F: Facts, from_discard: bool,
                 first_turn_binds: bool, holds_spread: bool) -> int:
    """Why the current player may not draw from a pile now (a ``DRAW_*`` code; :data:`DRAW_OK` when they
    may), under the parameters ``R`` in the turn ``T[t:]``, with the facts ``F`` of their position (the
    discard pile's size); a draw from the discard pile must then pass :func:`take_refusal` for the card on
    top.

    ``from_discard``: the pile is the discard pile (else the stock); ``first_turn_binds``: the hand's first
    turn, which the variant binds to the stock (:func:`first_turn_binds`); ``holds_spread``: they hold a
    spread that must be laid, which blocks the draw where spreads are laid before it (a caller may skip
    computing it elsewhere).

        >>> from tonk_rules.ruleset.slots import N_PARAMS, R_DR_DISCARD
        >>> from tonk_rules.ruleset.position_vector import P_DISCARD_N, P_SIZE, position_facts
        >>> R = [0] * N_PARAMS; R[R_DR_DISCARD] = 1  # the discard pile is a draw pile
        >>> T = [0] * TURN_SIZE; turn_begin(T, 0)
        >>> P = [0] * P_SIZE; P[P_DISCARD_N] = 1
        >>> draw_refusal(R, T, 0, position_facts(P, 0), True, first_turn_binds=True, holds_spread=False)
        3
    """
    if T[t + TURN_DRAWN]:
        return DRAW_ALREADY_DRAWN
    if not (R[R_DR_DISCARD] if from_discard else R[R_DR_STOCK]):
        return DRAW_PILE_NOT_ALLOWED
    if from_discard and first_turn_binds:
        return DRAW_FIRST_TURN
    if R[R_SP_BEFORE_DRAW] == 1 and holds_spread:
        return DRAW_HOLDS_SPREAD
    if from_discard and F[FACT_DISCARD_N] == 0:
        return DRAW_DISCARD_EMPTY
    return DRAW_OK


def take_refusal(F: Facts, straight_into_spread: bool, can_meld: bool) -> int:
    """Why the top of the discard pile may not be taken, once :func:`draw_refusal` allows the draw, with the
    facts ``F`` of the taker's position: the variant sends a taken card straight into a spread
    (``straight_into_spread``: :func:`takes_straight`) and this one could not be laid at once, in a new spread
    or as a hit (``can_meld``; a caller may skip computing it without ``straight_into_spread``).
    :data:`DRAW_CANNOT_MELD`, or :data:`DRAW_OK`."""
    return DRAW_CANNOT_MELD if straight_into_spread and not can_meld else DRAW_OK


def deepest_take(R: RuleParams, F: Facts) -> int:
    """How deep in the discard pile the acting seat may take a card now (1: the top only; 0: the pile is
    empty), under the parameters ``R`` (``R_DR_DEEPER``: the cards below the top that may be taken) with the
    facts ``F`` of their position (the pile's size). A take at depth ``d`` is allowed where ``draw_refusal``
    allows a draw from the pile and ``1 <= d <= deepest_take``; the cards above it stay on the pile in order.

        >>> from tonk_rules.ruleset.slots import N_PARAMS
        >>> from tonk_rules.ruleset.position_vector import P_DISCARD_N, P_SIZE, position_facts
        >>> R = [0] * N_PARAMS; R[R_DR_DEEPER] = 1  # the top two
        >>> P = [0] * P_SIZE; P[P_DISCARD_N] = 5
        >>> deepest_take(R, position_facts(P, 0))
        2
    """
    return min(1 + R[R_DR_DEEPER], F[FACT_DISCARD_N])


def discard_refusal(T: TurnSlots, t: int, F: Facts, kept: bool, leaves_spread: bool) -> int:
    """Why the current player may not discard a card now, in the turn ``T[t:]``, with the facts ``F`` of
    their position (a ``DISCARD_*`` code;
    :data:`DISCARD_OK` when they may): not drawn yet, or a card taken from the discard pile must first go
    into a spread; ``kept``: this card is the taken card the variant keeps (:func:`keeps_card`);
    ``leaves_spread``: the discard would leave a spread that must be laid in hand, where
    :func:`discard_checks_held` (computed only there: it is the expensive argument).

        >>> T = [0] * TURN_SIZE; turn_begin(T, 0); turn_drew(T, 0, 7, False)
        >>> discard_refusal(T, 0, (), kept=True, leaves_spread=True) == DISCARD_KEPT
        True
    """
    if not T[t + TURN_DRAWN]:
        return DISCARD_NOT_DRAWN
    if T[t + TURN_PENDING] != NO_CARD:
        return DISCARD_PENDING
    if kept:
        return DISCARD_KEPT
    if leaves_spread:
        return DISCARD_LEAVES_SPREAD
    return DISCARD_OK


def discard_checks_held(R: RuleParams) -> bool:
    """A discard that leaves a spread that must be laid in hand is refused: where ``R`` has must_spread, with
    spreads laid after the draw (before it, :func:`draw_refusal` refuses the draw instead)."""
    return R[R_SP_MUST] == 1 and R[R_SP_BEFORE_DRAW] != 1


def empty_stock(R: RuleParams, discard_size: int) -> int:
    """What a draw from the empty stock does under the parameters ``R`` (its ``STOCK_*`` policy): reshuffle
    the discard pile but its top card (only when there is something to shuffle), void the hand, or end it
    with the lowest count winning (``EMPTY_*``)."""
    policy = R[R_STOCK]
    if policy == STOCK_RESHUFFLE and discard_size > 1:
        return EMPTY_RESHUFFLES
    if policy != STOCK_END:
        return EMPTY_VOIDS
    return EMPTY_LOWEST_WINS


def lowest_tie_void(R: RuleParams, lowest: int) -> bool:
    """``lowest`` players share the lowest count at the empty stock, and ``R`` voids such a hand."""
    return lowest > 1 and R[R_STOCK_TIES_VOID] == 1


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
