"""Who deals first and who deals next: the rule of a session, not of one hand (the engine's
:class:`~tonk_rules.engine.session.Session` and the table's ledger ask it; the kernel plays independent hands).

    >>> from tonk_rules.terms import AfterVoid, DealerRotation, FirstDealer
    >>> rule = DealerRule(FirstDealer.AGREED, DealerRotation.LEFT, AfterVoid.SAME)
    >>> rule.next_dealer(2, 3, winners=(0,), void=False), rule.next_dealer(2, 3, winners=(), void=True)
    (0, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tonk_rules.cards import Card
from tonk_rules.errors import SetupError
from tonk_rules.terms import AfterVoid, DealerRotation, FirstDealer

__all__ = ["DealerRule"]


@dataclass(frozen=True)
class DealerRule:
    """Who deals first and who deals next."""

    first: FirstDealer
    rotation: DealerRotation
    after_void: AfterVoid | None  # None where no hand can be void (variant/checks.py)

    def first_dealer(self, given: int | None, n_players: int) -> int | None:
        """The first dealer when known before any cut: ``given`` (checked), or None when a cut decides."""
        if given is None:
            if self.first is FirstDealer.AGREED:
                raise SetupError("this variant has the table agree on the first dealer: give first_dealer")
            return None
        if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < n_players:
            raise SetupError(f"first dealer must be a seat number 0..{n_players - 1}, not {given!r}")
        return given

    @staticmethod
    def cut(n_players: int, deck: Sequence[Card], rng: random.Random) -> tuple[int, list[Card]]:
        """High card cut: each player takes a card, the highest rank deals; ties cut again.

        Returns the dealer and every card cut, in order.
        """
        contenders = list(range(n_players))
        cut: list[Card] = []
        while len(contenders) > 1:
            shuffled = list(deck)
            rng.shuffle(shuffled)
            drawn = dict(zip(contenders, shuffled, strict=False))
            cut.extend(drawn.values())
            top = max(c.rank for c in drawn.values())
            contenders = [p for p, c in drawn.items() if c.rank == top]
        return contenders[0], cut

    def next_dealer(self, dealer: int, n_players: int, winners: tuple[int, ...], void: bool) -> int:
        if void:
            return dealer if self.after_void is AfterVoid.SAME else (dealer + 1) % n_players
        if self.rotation is DealerRotation.WINNER and len(winners) == 1:
            return winners[0]
        return (dealer + 1) % n_players
