"""A Ruleset's values as its parameter vector (:mod:`tonk_rules.ruleset.slots`): read once, by ``READ``.

:func:`params_of` fills every slot of ``slots.READ`` from the Ruleset path it names (the kernel's tables
begin with this vector); :func:`section_params` fills the slots of one section from its rule object alone
(the reference engine's rule objects carry theirs), so both engines hand the same numbers to
:mod:`tonk_rules.ruleset.core`. Every value is mapped through an explicit table; a value with no code
raises :class:`~tonk_rules.errors.KernelError` (the compiled kernel could not play it) — nothing falls back
to a default. Only the :data:`COMPUTED` slots, each from several values, are filled here by hand.

    >>> from tonk_rules import load_ruleset
    >>> params = params_of(load_ruleset("pagat"))
    >>> params[slots.R_HAND_SIZE], params[slots.R_KN_MAX] == core.NO_LIMIT  # pagat knocks at any count
    (5, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tonk_rules.errors import KernelError
from tonk_rules.ruleset import core, slots
from tonk_rules.terms import (
    FirstTurn,
    HitPermission,
    KnockTiming,
    KnockWinsWhen,
    Pile,
    SeveralDealTonks,
    SpreadTiming,
    StockPolicy,
    StockTies,
    TakenDiscardPolicy,
)

_HIT = {HitPermission.ANYONE: core.HIT_ANYONE, HitPermission.OWN: core.HIT_OWN, HitPermission.NONE: core.HIT_NONE}
_TAKEN = {TakenDiscardPolicy.FREE: core.TAKEN_FREE,
          TakenDiscardPolicy.NOT_DISCARDED_THIS_TURN: core.TAKEN_NOT_THIS_TURN,
          TakenDiscardPolicy.STRAIGHT_INTO_SPREAD: core.TAKEN_STRAIGHT}
_STOCK = {StockPolicy.END_LOWEST_WINS: core.STOCK_END, StockPolicy.RESHUFFLE: core.STOCK_RESHUFFLE,
          StockPolicy.VOID: core.STOCK_VOID}
_YES_NO: dict[Any, int] = {
    FirstTurn.FREE: 0, FirstTurn.DRAW_FROM_STOCK: 1,
    SeveralDealTonks.ALL_PAID: 0, SeveralDealTonks.VOID: 1,
    KnockTiming.START_OF_TURN: 0, KnockTiming.BEFORE_DRAW: 1,
    KnockWinsWhen.STRICTLY_LOWEST: 0, KnockWinsWhen.LOWEST_OR_TIED: 1,
    SpreadTiming.AFTER_DRAW: 0, SpreadTiming.BEFORE_DRAW: 1,
    StockTies.ALL_PAID: 0, StockTies.VOID: 1,
}
# several and ties are null where they cannot apply (no deal check; an empty stock that never ends the hand
# with a count): then nothing is voided
_OPTIONAL_VOID: dict[Any, int] = {**_YES_NO, None: 0}
#: The parameter slots filled from several Ruleset values (every other slot is in ``slots.READ``).
COMPUTED = (slots.R_DR_STOCK, slots.R_DR_DISCARD, slots.R_DR_DEEPER)


def code(table: Mapping[Any, int], value: object, where: str) -> int:
    """``value``'s code in ``table``; a :class:`KernelError` naming ``where`` when it has none."""
    try:
        return table[value]
    except KeyError:
        raise KernelError(f"the rules have no code for {where} = {value!r}") from None


def _whole(value: object, kind: type[int], where: str) -> int:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise KernelError(f"{where} must be {kind.__name__}, not {value!r}")
    return int(value)


READERS: dict[str, Callable[[Any, str], int]] = {
    slots.AS_INT: lambda value, where: _whole(value, int, where),
    slots.AS_FLAG: lambda value, where: _whole(value, bool, where),
    slots.AS_OPTIONAL: lambda value, where: core.NO_LIMIT if value is None else _whole(value, int, where),
    slots.AS_CHOICE: lambda value, where: code(_YES_NO, value, where),
    slots.AS_OPTIONAL_CHOICE: lambda value, where: code(_OPTIONAL_VOID, value, where),
    slots.AS_HIT: lambda value, where: code(_HIT, value, where),
    slots.AS_TAKEN: lambda value, where: code(_TAKEN, value, where),
    slots.AS_STOCK: lambda value, where: code(_STOCK, value, where),
}


def neutral(slot: int) -> int:
    """The value of ``slot`` that leaves play as it was without its rule: no value for an optional one, else 0."""
    read = slots.READ.get(slot)
    return core.NO_LIMIT if read is not None and read[1] == slots.AS_OPTIONAL else 0


def _value(root: Any, path: str) -> Any:
    value = root
    for name in path.split("."):
        value = getattr(value, name)
    return value


def params_of(ruleset: Any) -> tuple[int, ...]:
    """The parameter vector of ``ruleset`` (a :class:`~tonk_rules.ruleset.Ruleset`), every slot filled."""
    out = [neutral(slot) for slot in range(slots.N_PARAMS)]
    for slot, (path, how) in slots.READ.items():
        out[slot] = READERS[how](_value(ruleset, path), path)
    sources = set(ruleset.drawing.sources)
    if not sources <= {Pile.STOCK, Pile.DISCARD}:
        raise KernelError(f"the compiled kernel cannot draw from {sorted(map(str, sources))}")
    out[slots.R_DR_STOCK] = int(Pile.STOCK in sources)
    out[slots.R_DR_DISCARD] = int(Pile.DISCARD in sources)
    # (the depth less one: 0, neutral, where only the top may be taken, so the built-ins' tables keep their keys)
    out[slots.R_DR_DEEPER] = _whole(ruleset.drawing.discard_depth, int, "drawing.discard_depth") - 1
    return tuple(out)


def section_params(rule: object, section: str) -> tuple[int, ...]:
    """The parameter vector with the slots of ``section`` (a path's first name in ``slots.READ``) filled
    from ``rule``, that section's rule object, and every other slot at its neutral value."""
    out = [neutral(slot) for slot in range(slots.N_PARAMS)]
    for slot, (path, how) in slots.READ.items():
        head, _, rest = path.partition(".")
        if head == section:
            out[slot] = READERS[how](_value(rule, rest), path)
    return tuple(out)
