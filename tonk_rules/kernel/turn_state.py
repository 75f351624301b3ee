"""The engine's turn in the kernel's state vector: the one copy for a Python caller that builds a kernel
state from an engine position (a bot's view of it).

``layout.TURN`` names the slot of each attribute of :class:`~tonk_rules.engine.turn.Turn`; a card is its
number, no card -1, a flag 0/1, a count itself.

    >>> import numpy as np
    >>> from tonk_rules.cards import make_card
    >>> from tonk_rules.engine.turn import Phase, Turn
    >>> S = np.zeros(layout.STATE_SIZE, np.int64)
    >>> encode_turn(S, Turn(Phase.TAKEN, make_card(12, 0), False))
    >>> int(S[layout.S_DRAWN]), int(S[layout.S_TAKEN]) == int(make_card(12, 0)), int(S[layout.S_NEW_SPREAD])
    (1, True, 0)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tonk_rules.engine.turn import Turn
from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout

__all__ = ["encode_turn"]


def slot_value(value: object, name: str) -> int:
    """A turn attribute as the kernel holds it (a Card is an int; None is -1)."""
    if value is None:
        return -1
    if not isinstance(value, int):
        raise KernelError(f"the kernel holds the turn's {name} as a number, not {value!r}")
    return int(value)


def encode_turn(S: npt.NDArray[np.int64], turn: Turn) -> None:
    """Write ``turn`` into the turn's slots of the state vector ``S`` (``layout.TURN``)."""
    for slot, name in layout.TURN.items():
        S[slot] = slot_value(getattr(turn, name), name)
