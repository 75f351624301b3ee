"""The Ruleset compiled once more, into plain numbers the kernel reads: the kernel's only view of the rules.

:func:`tables_of` is the ONE place that reads a :class:`~tonk_rules.ruleset.Ruleset` for the kernel (and
:func:`seating` the few facts a runner needs before it deals). Every rule value is mapped through an
explicit table; a value the kernel has no code for raises :class:`KernelError` — nothing falls back to a
default. A test reads the Ruleset through a recording proxy and fails when a field is not read here.

The parameter slots are declared in :data:`~tonk_rules.kernel.layout.READ` with the Ruleset path each is read
from and how (``layout.AS_*``); :func:`tables_of` fills them all from that table, so a new rule value is a
slot and a line there, and nothing here. Only :data:`COMPUTED` slots, each from several values, are filled
here by hand.

    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> t = tables_of(compile_ruleset(load_variant("pagat").variant))
    >>> int(t.params[layout.R_HAND_SIZE]), int(t.melds[meld_masks.M_RUN_MIN]), len(t.deck)
    (5, 3, 52)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tonk_rules.cards import Card
from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout as L
from tonk_rules.ruleset import Ruleset, meld_masks
from tonk_rules.ruleset.melds import rule_table
from tonk_rules.terms import (
    FirstTurn,
    HitPermission,
    KnockTiming,
    KnockWinsWhen,
    Pile,
    Role,
    SeveralDealTonks,
    SpreadTiming,
    StockPolicy,
    StockTies,
    TakenDiscardPolicy,
)

layout = L

#: Ruleset fields that govern a sequence of hands, not the play of one (see ``tonk_rules.kernel.batch``);
#: a points target matters to one hand only through its stakes (all 1), which :func:`seating` reports.
SESSION_FIELDS = ("dealer",)

_HIT = {HitPermission.ANYONE: L.HIT_ANYONE, HitPermission.OWN: L.HIT_OWN, HitPermission.NONE: L.HIT_NONE}
_TAKEN = {TakenDiscardPolicy.FREE: L.TAKEN_FREE, TakenDiscardPolicy.NOT_DISCARDED_THIS_TURN: L.TAKEN_NOT_THIS_TURN,
          TakenDiscardPolicy.STRAIGHT_INTO_SPREAD: L.TAKEN_STRAIGHT}
_STOCK = {StockPolicy.END_LOWEST_WINS: L.STOCK_END, StockPolicy.RESHUFFLE: L.STOCK_RESHUFFLE,
          StockPolicy.VOID: L.STOCK_VOID}
_YES_NO: dict[Any, int] = {
    FirstTurn.FREE: 0, FirstTurn.DRAW_FROM_STOCK: 1,
    SeveralDealTonks.ALL_PAID: 0, SeveralDealTonks.VOID: 1,
    KnockTiming.START_OF_TURN: 0, KnockTiming.BEFORE_DRAW: 1,
    KnockWinsWhen.STRICTLY_LOWEST: 0, KnockWinsWhen.LOWEST_OR_TIED: 1,
    SpreadTiming.AFTER_DRAW: 0, SpreadTiming.BEFORE_DRAW: 1,
    StockTies.ALL_PAID: 0, StockTies.VOID: 1,
}
# several and ties are null where they cannot apply (no deal check; an empty stock that never ends the hand
# with a count): the engine then never voids, and neither does the kernel
_OPTIONAL_VOID: dict[Any, int] = {**_YES_NO, None: 0}
#: The parameter slots filled from several Ruleset values (every other slot is in ``layout.READ``).
COMPUTED = (L.R_DR_STOCK, L.R_DR_DISCARD)
_ROLE = {Role.WINNERS: L.ROLE_WINNERS, Role.OTHERS: L.ROLE_OTHERS, Role.KNOCKER: L.ROLE_KNOCKER,
         Role.AT_OR_BELOW_KNOCKER: L.ROLE_AT_OR_BELOW, Role.ABOVE_KNOCKER: L.ROLE_ABOVE}


@dataclass(frozen=True)
class Seating:
    """What a runner checks before dealing: the deck (in card order) and who may sit."""

    deck: tuple[Card, ...]
    min_players: int
    max_players: int
    per_player_stakes: bool
    points: bool  # played to a points target: every stake is 1


@dataclass(frozen=True)
class KernelTables:
    """A ruleset as numbers: ``params`` (``R_*``), the deck, payments and the meld table."""

    seating: Seating
    params: npt.NDArray[np.int64]
    deck: npt.NDArray[np.int64]
    pay: npt.NDArray[np.int64]  # [ending, rule] -> payer role, receiver role, stakes, at payer's stake
    pay_n: npt.NDArray[np.int64]  # rules per ending
    melds: npt.NDArray[np.int64]  # the meld table of ruleset.meld_masks (M_*), as the engine's SpreadRule has it

    @functools.cached_property
    def plain_melds(self) -> tuple[int, ...]:
        """:attr:`melds` as Python ints, for the plain meld functions (a rollout position's spreads), made once."""
        return tuple(self.melds.tolist())

    @property
    def position(self) -> npt.NDArray[np.int64]:
        """Rank (1..13) -> run-order position, -1 when not in the deck."""
        return self.melds[meld_masks.M_POS: meld_masks.M_POS + 14]

    def packed(self) -> npt.NDArray[np.int64]:
        """All tables in one vector (``layout.T_*``), as the compiled functions read them (``tb``)."""
        out = np.zeros(L.T_SIZE, np.int64)
        out[: L.N_PARAMS] = self.params
        out[L.T_PAY: L.T_PAY_N] = self.pay.ravel()
        out[L.T_PAY_N: L.T_MELDS] = self.pay_n
        out[L.T_MELDS:] = self.melds
        return out


def _code(table: Mapping[Any, int], value: object, where: str) -> int:
    try:
        return table[value]
    except KeyError:
        raise KernelError(f"the compiled kernel cannot play {where} = {value!r}") from None


def _optional(value: int | None) -> int:
    return L.NONE if value is None else int(value)


_READERS: dict[str, Callable[[Any, str], int]] = {
    L.AS_INT: lambda value, where: _whole(value, int, where),
    L.AS_FLAG: lambda value, where: _whole(value, bool, where),
    L.AS_OPTIONAL: lambda value, where: _optional(value),
    L.AS_CHOICE: lambda value, where: _code(_YES_NO, value, where),
    L.AS_OPTIONAL_CHOICE: lambda value, where: _code(_OPTIONAL_VOID, value, where),
    L.AS_HIT: lambda value, where: _code(_HIT, value, where),
    L.AS_TAKEN: lambda value, where: _code(_TAKEN, value, where),
    L.AS_STOCK: lambda value, where: _code(_STOCK, value, where),
}


def _whole(value: object, kind: type[int], where: str) -> int:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise KernelError(f"the compiled kernel reads {where} as {kind.__name__}, not {value!r}")
    return int(value)


def _read(ruleset: Ruleset, path: str) -> Any:
    value: Any = ruleset
    for name in path.split("."):
        value = getattr(value, name)
    return value


def seating(ruleset: Ruleset) -> Seating:
    return Seating(tuple(ruleset.deal.deck), ruleset.min_players, ruleset.max_players, ruleset.per_player_stakes,
                   ruleset.points_target is not None)


def tables_of(ruleset: Ruleset) -> KernelTables:
    """Compile ``ruleset`` into kernel tables; raise :class:`KernelError` for anything it cannot play."""
    p = np.zeros(L.N_PARAMS, np.int64)
    for slot, (path, kind) in L.READ.items():
        p[slot] = _READERS[kind](_read(ruleset, path), path)
    sources = set(ruleset.drawing.sources)
    if not sources <= {Pile.STOCK, Pile.DISCARD}:
        raise KernelError(f"the compiled kernel cannot draw from {sorted(map(str, sources))}")
    p[L.R_DR_STOCK] = int(Pile.STOCK in sources)
    p[L.R_DR_DISCARD] = int(Pile.DISCARD in sources)
    spreading = ruleset.spreading
    melds = spreading.melds
    sizes = sorted(melds.book_sizes)
    if not sizes or any(s not in (3, 4) for s in sizes):
        raise KernelError(f"the compiled kernel plays books of 3 and 4 cards, not {sizes}")
    ranks = tuple(melds.ranks)
    if getattr(ruleset.going_out, "__dataclass_fields__", None):  # how one goes out is fixed, so far
        raise KernelError("the compiled kernel has no code for going-out options")

    held = frozenset(spreading.may_hold_books)
    for rank, size in held:
        if not (1 <= rank <= 13 and 0 <= size <= 4):
            raise KernelError(f"the compiled kernel cannot hold a book of {size} of rank {rank}")
    # the meld rules as the engine reads them (SpreadRule.table), so both run meld_masks on the same numbers
    melds_table = np.array(rule_table(frozenset(sizes), melds.run_min, melds.ace_high, ranks, spreading.must_spread,
                                      held), np.int64)
    pay, pay_n = _payments(ruleset.payments.rules)
    seats = seating(ruleset)
    if seats.max_players > L.MAX_PLAYERS:
        raise KernelError(f"the compiled kernel seats at most {L.MAX_PLAYERS} players, not {seats.max_players}")
    return KernelTables(seats, p, np.array([int(c) for c in seats.deck], np.int64), pay, pay_n, melds_table)


def _payments(rules: Mapping[Any, Any]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    pay = np.zeros((L.N_ENDINGS, L.MAX_PAY_RULES, 4), np.int64)
    pay_n = np.zeros(L.N_ENDINGS, np.int64)
    for name, event_rules in rules.items():
        if str(name) not in L.ENDING_NAMES:
            raise KernelError(f"the compiled kernel has no ending {name!r} (payments.{name})")
        e = L.ENDING_NAMES.index(str(name))
        if len(event_rules) > L.MAX_PAY_RULES:
            raise KernelError(f"payments.{name}: at most {L.MAX_PAY_RULES} rules in the compiled kernel")
        for i, r in enumerate(event_rules):
            where = f"payments.{name}.rules.{i}"
            pay[e, i] = (_code(_ROLE, r.payer, where + ".payer"), _code(_ROLE, r.receiver, where + ".receiver"),
                         r.stakes, int(r.at_payers_stake))
        pay_n[e] = len(event_rules)
    return pay, pay_n
