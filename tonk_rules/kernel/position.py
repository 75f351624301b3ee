"""An engine position in the kernel's state vector: the one copy for a Python caller that builds a kernel
state from what the engine holds (a bot's view of it, a rollout's starting position).

The turn is the rules' own turn vector (:class:`~tonk_rules.engine.turn.Turn`'s ``slots``), copied whole to
``layout.O_TURN``: the kernel keeps its turn in the same slots, by the same functions. A spread is its owner,
its kind (decided by :func:`tonk_rules.ruleset.meld_masks.classify`, as the engine and the kernel decide it)
and its cards.

    >>> import numpy as np
    >>> from tonk_rules.cards import make_card
    >>> from tonk_rules.engine.turn import Turn
    >>> S, turn = np.zeros(layout.STATE_SIZE, np.int64), Turn()
    >>> turn.drew(make_card(12, 0), straight=True)
    >>> encode_turn(S, turn)
    >>> int(S[layout.S_DRAWN]), int(S[layout.S_PENDING]) == int(make_card(12, 0)), int(S[layout.S_NEW_SPREAD])
    (1, True, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from tonk_rules.cards import Card
from tonk_rules.engine.turn import Turn
from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout
from tonk_rules.ruleset import meld_masks, slots
from tonk_rules.ruleset.melds import mask_of
from tonk_rules.terms import MeldKind

__all__ = ["encode_spreads", "encode_turn", "spread_kind"]


def encode_turn(S: npt.NDArray[np.int64], turn: Turn) -> None:
    """Write ``turn`` into the turn's slots of the state vector ``S`` (``layout.O_TURN``)."""
    S[layout.O_TURN: layout.O_TURN + slots.TURN_SIZE] = turn.slots


def encode_spreads(S: npt.NDArray[np.int64], spreads: Sequence[tuple[int, MeldKind, Sequence[Card]]],
                   position: npt.NDArray[np.int64], melds: Sequence[int] = ()) -> None:
    """Write the spreads on the table, ``(owner, kind, cards)`` in the order laid, into ``S``; ``position``:
    rank -> run position (``KernelTables.position``); ``melds``: the meld table, which says where a spread's
    wild cards stand (``KernelTables.plain_melds``)."""
    S[layout.S_SPREADS_N] = len(spreads)
    S[layout.O_SPREADS_LAID: layout.O_SPREADS_LAID + layout.MAX_PLAYERS] = 0
    for k, (owner, kind, cards) in enumerate(spreads):
        run = kind is MeldKind.RUN
        S[layout.O_SP_OWNER + k], S[layout.O_SP_RUN + k], S[layout.O_SP_MASK + k] = owner, int(run), mask_of(cards)
        S[layout.O_SPREADS_LAID + owner] += 1
        mask = mask_of(cards)
        if melds and mask & melds[meld_masks.M_WILD]:  # its key from a natural card, its places from the wild ones
            S[layout.O_SP_KEY + k] = meld_masks.natural_key(mask, run, melds)
            S[layout.O_SP_POS + k] = meld_masks.spread_line(mask, melds) if run else 0
            continue
        S[layout.O_SP_KEY + k] = cards[0].suit if run else cards[0].rank
        S[layout.O_SP_POS + k] = sum(1 << int(position[c.rank]) for c in cards) if run else 0


def spread_kind(cards: Sequence[Card], melds: Sequence[int]) -> MeldKind:
    """What ``cards`` are as a spread under the meld table ``melds`` (``KernelTables.melds``, as a list); a
    :class:`KernelError` when they are neither a book nor a run."""
    kind = meld_masks.classify(mask_of(cards), melds)
    if len(set(cards)) != len(cards) or kind == meld_masks.NOT_A_MELD:
        raise KernelError(f"the spread {' '.join(str(c) for c in cards)} is neither a book nor a run")
    return MeldKind.BOOK if kind == meld_masks.BOOK else MeldKind.RUN
