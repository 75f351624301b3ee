"""The position vector both engines keep, and what a rule may know about the position, computed from it once
for both engines: :func:`position_facts`.

The rules' arithmetic (:mod:`tonk_rules.ruleset.core`) reads the rule parameters ``R``, the turn so far ``T``
and, for anything else about the position (a seat's count, its cards in hand, the piles), the *facts* ``F``
of the seat that acts: the tuple :func:`position_facts` returns, read by its ``FACT_*`` index. Every refusal
of core takes ``F``, so a rule that needs a new fact is one ``FACT_*`` index and one entry of the tuple
here, and no signature of either engine changes. An entry reads slots, and loops over none: the kernel
computes the facts at every decision, and a loop there (over the spreads, say) cost it 12% of its speed even
where no rule read its fact, so a count over the table is a slot of the position that both engines keep (the
spreads each seat laid, ``P_SPREADS_LAID``).

The facts are computed from the *position vector* ``P`` (``P_*`` slots: the piles' sizes, each seat's hand,
count, turns and hit lock, each spread's owner, kind and cards). The reference engine's
:class:`~tonk_rules.engine.hand.Hand` keeps a position vector of this very layout up to date
(``Hand.position``) and calls this function as it is; the compiled kernel compiles this module with each
``P_*`` set to where its state vector holds that value (:data:`tonk_rules.kernel.layout.POSITION_SLOTS`), so
the same source reads the kernel's state directly, and numba drops a fact no rule reads.

    >>> P = [0] * P_SIZE
    >>> P[P_PLAYERS], P[P_DISCARD_N], P[P_FIRST_TURN] = 3, 1, 1
    >>> P[P_HANDS + 2], P[P_COUNTS + 2] = 0b111, 3  # seat 2 holds the three lowest cards: three aces
    >>> P[P_SPREADS_LAID + 2] = 1  # one spread of its own on the table
    >>> F = position_facts(P, 2)
    >>> F[FACT_COUNT], F[FACT_CARDS], F[FACT_TURNS_TAKEN], F[FACT_FIRST_TURN], F[FACT_DISCARD_N], F[FACT_SPREADS]
    (3, 3, 0, 1, 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from tonk_rules.limits import MAX_PLAYERS

# --- the position vector (P_*): what both engines hold of the position, beside the turn ---------------------
MAX_SPREADS = 18  # 52 cards / 3
P_PLAYERS = 0
P_CURRENT = 1  # the seat to act
P_STOCK_N = 2  # cards in the stock
P_DISCARD_N = 3  # cards on the discard pile
P_SPREADS_N = 4  # spreads on the table
P_FIRST_TURN = 5  # 1 while the hand's first turn is being played (no turn has ended)
P_HANDS = 8  # [seat]: the cards of its hand, as a mask (bit c: card c)
P_COUNTS = P_HANDS + MAX_PLAYERS  # [seat]: its hand's count
P_TURNS_TAKEN = P_COUNTS + MAX_PLAYERS  # [seat]: its turns ended so far this hand
P_LOCKS = P_TURNS_TAKEN + MAX_PLAYERS  # [seat]: turns left in which a hit lock keeps it from knocking
P_SPREADS_LAID = P_LOCKS + MAX_PLAYERS  # [seat]: the spreads on the table it laid
P_SP_OWNER = P_SPREADS_LAID + MAX_PLAYERS  # [spread, in the order laid]: its owner's seat
P_SP_RUN = P_SP_OWNER + MAX_SPREADS  # [spread]: 1 for a run, 0 for a book
P_SP_MASK = P_SP_RUN + MAX_SPREADS  # [spread]: its cards, as a mask
P_SIZE = P_SP_MASK + MAX_SPREADS

# --- the facts (FACT_*): indices into position_facts' tuple -------------------------------------------------
FACT_COUNT = 0  # the seat's count
FACT_CARDS = 1  # the cards in its hand
FACT_TURNS_TAKEN = 2  # its turns ended so far this hand
FACT_LOCKS = 3  # turns left of its hit lock
FACT_FIRST_TURN = 4  # 1 while the hand's first turn is being played
FACT_DISCARD_N = 5  # cards on the discard pile
FACT_STOCK_N = 6  # cards in the stock
FACT_SPREADS = 7  # the spreads on the table it laid


def popcount(x: int) -> int:
    """How many bits are set (the kernel compiles this module with its one-instruction popcount)."""
    return x.bit_count()


def position_facts(P: Sequence[int], seat: int) -> tuple[int, ...]:
    """The facts of the position ``P`` for ``seat``, in ``FACT_*`` order: one entry per fact (a new fact is a
    ``FACT_*`` index above and its entry here, in the same place)."""
    return (
        P[P_COUNTS + seat],  # FACT_COUNT
        popcount(P[P_HANDS + seat]),  # FACT_CARDS
        P[P_TURNS_TAKEN + seat],  # FACT_TURNS_TAKEN
        P[P_LOCKS + seat],  # FACT_LOCKS
        P[P_FIRST_TURN],  # FACT_FIRST_TURN
        P[P_DISCARD_N],  # FACT_DISCARD_N
        P[P_STOCK_N],  # FACT_STOCK_N
        P[P_SPREADS_LAID + seat],  # FACT_SPREADS
    )
