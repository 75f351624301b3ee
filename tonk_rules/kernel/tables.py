"""The Ruleset compiled once more, into plain numbers the kernel reads: the kernel's only view of the rules.

:func:`tables_of` is the ONE place that reads a :class:`~tonk_rules.ruleset.Ruleset` for the kernel (and
:func:`seating` the few facts a runner needs before it deals). Every rule value is mapped through an
explicit table; a value the kernel has no code for raises :class:`KernelError` — nothing falls back to a
default. A test reads the Ruleset through a recording proxy and fails when a field is not read here.

The parameters are the rules' own vector (:func:`tonk_rules.ruleset.params.params_of`, the slots of
:mod:`tonk_rules.ruleset.slots`), which the reference engine's rule objects read too, so a new rule value is
a slot there, and nothing here.

    >>> from tonk_rules.ruleset import compile_ruleset, slots
    >>> from tonk_rules.variant.loader import load_variant
    >>> t = tables_of(compile_ruleset(load_variant("pagat").variant))
    >>> int(t.params[slots.R_HAND_SIZE]), int(t.melds[meld_masks.M_RUN_MIN]), len(t.deck)
    (5, 3, 52)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tonk_rules.cards import Card
from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout as L
from tonk_rules.ruleset import Ruleset, meld_masks, who_pays
from tonk_rules.ruleset.melds import mask_of, rule_table
from tonk_rules.ruleset.params import params_of
from tonk_rules.ruleset.payments import PaymentSchedule

layout = L

#: Ruleset fields that govern a sequence of hands, not the play of one (see ``tonk_rules.kernel.batch``);
#: a points target matters to one hand only through its stakes (all 1), which :func:`seating` reports; a match
#: to N hands won (``wins_target``) ends a sequence of hands and changes no hand.
SESSION_FIELDS = ("dealer", "wins_target")

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
    values: npt.NDArray[np.int64]  # each card's count value by card number (the engine's DealRule.values)

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
        out[L.T_MELDS: L.T_VALUES] = self.melds
        out[L.T_VALUES: L.T_VALUES + len(self.values)] = self.values
        out[L.T_DECK] = sum(1 << int(card) for card in self.deck)  # distinct cards (below MAX_CARDS): a mask
        by_value: dict[int, int] = {}
        for card in self.deck:
            by_value[int(self.values[card])] = by_value.get(int(self.values[card]), 0) | 1 << int(card)
        out[L.T_VALUE_KINDS] = len(by_value)
        for i, value in enumerate(sorted(by_value)):
            out[L.T_VALUE_OF + i], out[L.T_CARDS_OF + i] = value, by_value[value]
        return out


def seating(ruleset: Ruleset) -> Seating:
    return Seating(tuple(ruleset.deal.deck), ruleset.min_players, ruleset.max_players, ruleset.per_player_stakes,
                   ruleset.points_target is not None)


def tables_of(ruleset: Ruleset) -> KernelTables:
    """Compile ``ruleset`` into kernel tables; raise :class:`KernelError` for anything it cannot play."""
    p = np.array(params_of(ruleset), np.int64)  # the rules' own parameter vector, as the engine reads it
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
    wild, wild_most, wild_hits = mask_of(melds.wild), melds.wild_most, melds.wild_hits  # as MeldRules.wild_args
    melds_table = np.array(rule_table(frozenset(sizes), melds.run_min, melds.ace_high, ranks, spreading.must_spread,
                                      held, wild, wild_most if wild else 0, wild_hits and wild != 0), np.int64)
    pay, pay_n = _payments(ruleset.payments)
    seats = seating(ruleset)
    if seats.max_players > L.MAX_PLAYERS:
        raise KernelError(f"the compiled kernel seats at most {L.MAX_PLAYERS} players, not {seats.max_players}")
    return KernelTables(seats, p, np.array([int(c) for c in seats.deck], np.int64), pay, pay_n, melds_table,
                        np.array(ruleset.deal.values, np.int64))


def _payments(schedule: PaymentSchedule) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each ending's payment rules as rows of :mod:`~tonk_rules.ruleset.who_pays`'s pay table — the engine's own
    rows (``PaymentSchedule.table``, made by ``CompiledRule.row``), so a new column of a payment rule is written
    there alone — with the kernel's checks, and how many each ending has."""
    pay = np.zeros((L.N_ENDINGS, L.MAX_PAY_RULES, who_pays.RULE_SIZE), np.int64)
    pay_n = np.zeros(L.N_ENDINGS, np.int64)
    for name, event_rules in schedule.rules.items():
        if str(name) not in L.ENDING_NAMES:
            raise KernelError(f"the compiled kernel has no ending {name!r} (payments.{name})")
        e = L.ENDING_NAMES.index(str(name))
        if len(event_rules) > L.MAX_PAY_RULES:
            raise KernelError(f"payments.{name}: at most {L.MAX_PAY_RULES} rules in the compiled kernel")
        pay[e, : len(event_rules)] = np.array(schedule.table[name], np.int64).reshape(len(event_rules),
                                                                                       who_pays.RULE_SIZE)
        pay_n[e] = len(event_rules)
    return pay, pay_n
