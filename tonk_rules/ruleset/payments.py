"""Payments: the variant's declarative payment rules applied to a hand's ending.

    >>> from tonk_rules import load_ruleset
    >>> schedule = load_ruleset("russian").payments
    >>> [str(p) for p in schedule.settle(Ending.KNOCK_WON, winners=(0,), knocker=0, counts=[9, 10, 24],
    ...                                  stakes=[1, 1, 1])]
    ['1 pays 0: 1', '2 pays 0: 1']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tonk_rules.ruleset import core, who_pays
from tonk_rules.terms import Ending, Role, StakeOf

if TYPE_CHECKING:  # (the engine imports this module without the variant model: no pydantic)
    from tonk_rules.variant.sections import VariantSections

#: The payment roles as the codes :func:`core.holds_role` (and the kernel's tables) read.
ROLE_CODES = {Role.WINNERS: core.ROLE_WINNERS, Role.OTHERS: core.ROLE_OTHERS, Role.KNOCKER: core.ROLE_KNOCKER,
              Role.AT_OR_BELOW_KNOCKER: core.ROLE_AT_OR_BELOW, Role.ABOVE_KNOCKER: core.ROLE_ABOVE}


@dataclass(frozen=True)
class Payment:
    payer: int
    receiver: int
    amount: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.receiver}: {self.amount}"


@dataclass(frozen=True)
class CompiledRule:
    """Each ``payer`` pays each ``receiver`` (never themselves) ``stakes`` stakes at ``stake_of``'s stake."""

    payer: Role
    receiver: Role
    stakes: int
    stake_of: StakeOf | None  # None with one stake for all (the rule is then the same either way)

    @property
    def at_payers_stake(self) -> bool:
        return self.stake_of is StakeOf.PAYER

    @property
    def row(self) -> tuple[int, int, int, int]:
        """This rule as a row of :mod:`~tonk_rules.ruleset.who_pays`'s pay table."""
        return ROLE_CODES[self.payer], ROLE_CODES[self.receiver], self.stakes, int(self.at_payers_stake)


@dataclass(frozen=True)
class PaymentSchedule:
    """The payment rules of every paid ending (void endings pay nothing and have no entry)."""

    rules: Mapping[Ending, tuple[CompiledRule, ...]]
    #: Each ending's rules as :mod:`~tonk_rules.ruleset.who_pays` reads them (derived, not part of the value).
    table: Mapping[Ending, list[int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", {ending: who_pays.rule_rows(rule.row for rule in rules)
                                           for ending, rules in self.rules.items()})

    @classmethod
    def of(cls, v: VariantSections) -> PaymentSchedule:
        """A variant's payments compiled: each ending's rules. The one place that reads them from the variant:
        a rule that changes a payment (an option of the section whose ending it pays) is read here into each
        :class:`CompiledRule` it governs, and written into the pay table's rows by :attr:`CompiledRule.row`
        alone, for the engine and the kernel (``kernel/tables.py`` packs the engine's rows)."""
        return cls(rules={Ending(name): tuple(CompiledRule(r.payer, r.receiver, r.stakes, r.stake_of)
                                              for r in getattr(v.payments, name).rules)
                          for name in type(v.payments).model_fields})

    def __hash__(self) -> int:  # the mapping is never changed after compiling
        return hash(tuple(sorted(self.rules.items())))

    def settle(
        self,
        ending: Ending,
        *,
        winners: tuple[int, ...],
        knocker: int | None,
        counts: Sequence[int],
        stakes: Sequence[int],
    ) -> list[Payment]:
        """Every payment of ``ending``: each payer pays each receiver (never themselves), as
        :func:`who_pays.settle <tonk_rules.ruleset.who_pays.settle>` decides for the kernel too."""
        ending = Ending(ending)  # a plain "knock_won" is accepted too
        if ending.void:
            return []
        rows = self.table[ending]
        seats = who_pays.seats_vector(winners, -1 if knocker is None else knocker, counts, stakes)
        paid: list[tuple[int, int, int]] = []
        who_pays.settle(rows, 0, len(rows) // who_pays.RULE_SIZE, seats, who_pays.seat_offsets(len(counts)), paid)
        return [Payment(payer, receiver, amount) for payer, receiver, amount in paid]


def net_of(payments: Sequence[Payment], n_players: int) -> list[int]:
    """Each player's balance after ``payments`` (they sum to zero)."""
    net = [0] * n_players
    for p in payments:
        net[p.payer] -= p.amount
        net[p.receiver] += p.amount
    return net
