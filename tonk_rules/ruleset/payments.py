"""Payments: the variant's declarative payment rules applied to a hand's ending.

    >>> from tonk_rules import load_ruleset
    >>> schedule = load_ruleset("russian").payments
    >>> [str(p) for p in schedule.settle(Ending.KNOCK_WON, winners=(0,), knocker=0, counts=[9, 10, 24],
    ...                                  stakes=[1, 1, 1])]
    ['1 pays 0: 1', '2 pays 0: 1']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tonk_rules.ruleset import core
from tonk_rules.terms import Ending, Role, StakeOf

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


@dataclass(frozen=True)
class PaymentSchedule:
    """The payment rules of every paid ending (void endings pay nothing and have no entry)."""

    rules: Mapping[Ending, tuple[CompiledRule, ...]]

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
        """Every payment of ``ending``: each payer pays each receiver (never themselves)."""
        ending = Ending(ending)  # a plain "knock_won" is accepted too
        if ending.void:
            return []
        win = set(winners)
        k = -1 if knocker is None else knocker
        knocker_count = counts[k] if k >= 0 else 0

        def holding(role: Role) -> list[int]:
            code = ROLE_CODES[role]
            return [p for p in range(len(counts)) if core.holds_role(code, p in win, p, k, counts[p], knocker_count)]

        payments = []
        for rule in self.rules[ending]:
            receivers = holding(rule.receiver)
            for payer in holding(rule.payer):
                for receiver in receivers:
                    if payer != receiver:
                        stake = stakes[payer] if rule.at_payers_stake else stakes[receiver]
                        payments.append(Payment(payer, receiver, rule.stakes * stake))
        return payments


def net_of(payments: Sequence[Payment], n_players: int) -> list[int]:
    """Each player's balance after ``payments`` (they sum to zero)."""
    net = [0] * n_players
    for p in payments:
        net[p.payer] -= p.amount
        net[p.receiver] += p.amount
    return net
