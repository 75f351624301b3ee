"""Payments: the variant's declarative payment rules applied to a hand's ending.

    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> schedule = compile_ruleset(load_variant("russian").variant).payments
    >>> [str(p) for p in schedule.settle("knock_won", winners=(0,), knocker=0, counts=[9, 10, 24], stakes=[1, 1, 1])]
    ['1 pays 0: 1', '2 pays 0: 1']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Payment:
    payer: int
    receiver: int
    amount: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.receiver}: {self.amount}"


@dataclass(frozen=True)
class CompiledRule:
    payer: str
    receiver: str
    stakes: int
    at_payers_stake: bool


@dataclass(frozen=True)
class PaymentSchedule:
    rules: dict[str, tuple[CompiledRule, ...]]

    def settle(
        self,
        event: str,
        *,
        winners: tuple[int, ...],
        knocker: int | None,
        counts: list[int],
        stakes: list[int],
    ) -> list[Payment]:
        """Every payment of ``event``: each payer pays each receiver (never themselves)."""
        everyone = range(len(counts))
        win = set(winners)
        roles: dict[str, list[int]] = {
            "winners": sorted(win),
            "others": [p for p in everyone if p not in win],
        }
        if knocker is not None:
            mine = counts[knocker]
            roles["knocker"] = [knocker]
            roles["at_or_below_knocker"] = [p for p in everyone if p != knocker and counts[p] <= mine]
            roles["above_knocker"] = [p for p in everyone if p != knocker and counts[p] > mine]
        payments = []
        for rule in self.rules[event]:
            for payer in roles.get(rule.payer, []):
                for receiver in roles.get(rule.receiver, []):
                    if payer != receiver:
                        stake = stakes[payer] if rule.at_payers_stake else stakes[receiver]
                        payments.append(Payment(payer, receiver, rule.stakes * stake))
        return payments


def net_of(payments: list[Payment], n_players: int) -> list[int]:
    net = [0] * n_players
    for p in payments:
        net[p.payer] -= p.amount
        net[p.receiver] += p.amount
    return net
