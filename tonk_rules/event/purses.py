"""The evening's money under an economy: each player's purse across the tables, the bank, the open IOUs, and
what the economy moves with a hand (the bank's cut or fee, an IOU for what a player cannot pay).

A hand's payments are the Ruleset's, recorded as always; the economy only adds movements of money on top of
them (:mod:`tonk_rules.ledger.money`), so a purse is the money handed out to the player plus their balance at
every table plus what the economy moved for them. Nothing here writes: :class:`~tonk_rules.event.event_folder.
Event` records the movements as ledger events.

    >>> from tonk_rules.event.economy import economy_from_text
    >>> economy = economy_from_text("e.yaml", "format: tonk-economy/1\\npurse: 30\\nbank: {cut_percent: 10}\\n"
    ...                             "debt_limit: 0\\nat_limit: iou\\n")
    >>> [m.data() for m in hand_money(economy, {"Ann": 30, "Bob": 1}, [("Bob", "Ann", 12)], allow_iou=True)]
    [{'kind': 'iou', 'payer': 'Bob', 'receiver': 'Ann', 'amount': 11}]
    >>> [m.data() for m in hand_money(economy, {"Ann": 30, "Bob": 30}, [("Bob", "Ann", 15)])]
    [{'kind': 'cut', 'payer': 'Ann', 'receiver': '@bank', 'amount': 2}]
    >>> try:
    ...     hand_money(economy, {"Ann": 30, "Bob": 1}, [("Bob", "Ann", 12)])
    ... except PastDebtLimit as refused:
    ...     print(refused.over, refused.may_iou)
    {'Bob': 11} True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tonk_rules.errors import LedgerError
from tonk_rules.ledger.money import BANK, OUTSIDE, Movement, coin_deltas, iou_deltas, rows_of

if TYPE_CHECKING:
    from tonk_rules.event.economy import EconomyFile
    from tonk_rules.ledger.session_ledger import Ledger


class PastDebtLimit(LedgerError):
    """A hand would take players past the debt limit: :attr:`over` says who and by how much."""

    def __init__(self, over: dict[str, int], may_iou: bool) -> None:
        said = ", ".join(f"{name} by {amount}" for name, amount in over.items())
        then = ("the game master may allow an IOU" if may_iou else "the player must leave the table")
        super().__init__(f"this hand would take a player past the debt limit ({said}): {then}; nothing was "
                         "recorded")
        self.over, self.may_iou = over, may_iou
        self.coded("past_debt_limit_iou" if may_iou else "past_debt_limit_leave", "how", None,
                   names=tuple(f"{name}: {amount}" for name, amount in over.items()))


@dataclass
class Evening:
    """The money of the evening as it stands: purses, the bank, open IOUs and what was handed out."""

    purses: dict[str, int] = field(default_factory=dict)
    bank: int = 0
    handed_out: int = 0
    #: (debtor, creditor) -> what the debtor still owes
    ious: dict[tuple[str, str], int] = field(default_factory=dict)
    #: buy-ins sold, by player (how many)
    buy_ins: dict[str, int] = field(default_factory=dict)

    def add_table(self, led: Ledger) -> None:
        """This table's hands and movements added in (its players' balances, its rows)."""
        for name, amount in led.balances().items():
            self.purses[name] = self.purses.get(name, 0) + amount
        rows = rows_of(led.db)
        for account, amount in coin_deltas(rows).items():
            if account == BANK:
                self.bank += amount
            elif account == OUTSIDE:
                self.handed_out -= amount
            else:
                self.purses[account] = self.purses.get(account, 0) + amount
        for pair, amount in iou_deltas(rows).items():
            back = (pair[1], pair[0])
            if back in self.ious:
                self.ious[back] -= amount
            else:
                self.ious[pair] = self.ious.get(pair, 0) + amount
        self.ious = {(p if a > 0 else (p[1], p[0])): abs(a) for p, a in self.ious.items() if a}
        for m in rows:
            if m.kind == "buy_in":
                self.buy_ins[m.receiver] = self.buy_ins.get(m.receiver, 0) + 1

    def owed_by(self, name: str) -> int:
        return sum(a for (debtor, _), a in self.ious.items() if debtor == name)

    def owed_to(self, name: str) -> int:
        return sum(a for (_, creditor), a in self.ious.items() if creditor == name)

    def is_out(self, name: str, economy: EconomyFile) -> bool:
        """Whether the player has nothing left to play with: at or below the debt limit (never without one)."""
        floor = economy.floor()
        return floor is not None and self.purses.get(name, 0) <= floor


def hand_money(economy: EconomyFile, purses: dict[str, int], payments: list[tuple[str, str, int]], *,
               allow_iou: bool = False, winners: tuple[str, ...] = ()) -> list[Movement]:
    """What the economy moves with a hand paying ``payments`` (payer, receiver, amount; the Ruleset's), the
    players' purses being ``purses`` before it: an IOU for the part of a payment that would take its payer past
    the debt limit (refused, :class:`PastDebtLimit`, unless the economy lets the game master allow one and
    ``allow_iou``), then the bank's cut of every payment's coins, or its fee from the winners."""
    net: dict[str, int] = {}
    for payer, receiver, amount in payments:
        net[payer] = net.get(payer, 0) - amount
        net[receiver] = net.get(receiver, 0) + amount
    floor = economy.floor()
    over = {} if floor is None else {
        name: floor - (purses.get(name, 0) + change) for name, change in net.items()
        if purses.get(name, 0) + change < floor and change < 0}
    may_iou = economy.at_limit == "iou"
    if over and not (may_iou and allow_iou):
        raise PastDebtLimit(over, may_iou)
    rows: list[Movement] = []
    unpaid = [0] * len(payments)
    for name, short in over.items():  # the payer's last payments become IOUs first
        for i in reversed(range(len(payments))):
            payer, receiver, amount = payments[i]
            if payer != name or short <= 0:
                continue
            part = min(amount, short)
            unpaid[i] += part
            short -= part
            rows.append(Movement("iou", payer, receiver, part))
    if economy.bank is not None and economy.bank.cut_percent is not None:
        for (_, receiver, amount), owed in zip(payments, unpaid, strict=True):
            if cut := economy.cut(amount - owed):
                rows.append(Movement("cut", receiver, BANK, cut))
    elif economy.bank is not None and economy.bank.fee is not None:
        fee = economy.bank.fee
        received = dict.fromkeys(net, 0)
        for (_, receiver, amount), owed in zip(payments, unpaid, strict=True):
            received[receiver] += amount - owed
        takers = [w for w in winners if received.get(w, 0) > 0] or [n for n in net if received[n] > 0]
        for name in takers:
            part = min(fee, received[name])
            if part > 0:
                rows.append(Movement("fee", name, BANK, part))
                fee -= part
    return rows
