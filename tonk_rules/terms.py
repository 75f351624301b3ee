"""The typed rule vocabulary: every name a rule mode, ending or payment role can have, defined once.

The variant model validates YAML strings into these enums, the Ruleset holds them, the engine compares
them by identity, and results carry them. Each is a :class:`enum.StrEnum`, so a member equals its YAML
spelling and prints as it:

    >>> Ending.KNOCK_WON == "knock_won"
    True
    >>> str(StockPolicy.RESHUFFLE)
    'reshuffle'
    >>> [e.value for e in Ending if e.void]
    ['deal_void', 'stock_void']

This module imports nothing from the project: it is the bottom floor, beside ``cards`` and ``errors``.
"""

from __future__ import annotations

from enum import StrEnum


class Ending(StrEnum):
    """How a hand ends. Every ending the engine can produce is here, and only these."""

    DEAL_TONK = "deal_tonk"
    DEAL_VOID = "deal_void"
    KNOCK_WON = "knock_won"
    KNOCK_CAUGHT = "knock_caught"
    OUT_BY_DISCARD = "out_by_discard"
    OUT_BY_SPREAD = "out_by_spread"
    OUT_BY_HIT = "out_by_hit"
    STOCK_EXHAUSTED = "stock_exhausted"
    STOCK_VOID = "stock_void"

    @property
    def void(self) -> bool:
        """A void ending: no payments, the hand does not count."""
        return self in (Ending.DEAL_VOID, Ending.STOCK_VOID)

    @property
    def paid(self) -> bool:
        """An ending with a payment schedule in the variant file (every ending that is not void)."""
        return not self.void


PAID_ENDINGS: tuple[Ending, ...] = tuple(e for e in Ending if e.paid)


class Role(StrEnum):
    """Who pays or receives in a payment rule."""

    WINNERS = "winners"
    OTHERS = "others"
    KNOCKER = "knocker"
    AT_OR_BELOW_KNOCKER = "at_or_below_knocker"
    ABOVE_KNOCKER = "above_knocker"


class StakeOf(StrEnum):
    """Whose stake a payment is made at, when stakes are per player."""

    PAYER = "payer"
    RECEIVER = "receiver"


class FirstDealer(StrEnum):
    HIGH_CARD_CUT = "high_card_cut"
    AGREED = "agreed"


class FirstTurn(StrEnum):
    """What the first player of a hand may do on their first turn."""

    FREE = "free"
    DRAW_FROM_STOCK = "draw_from_stock"


class DealerRotation(StrEnum):
    LEFT = "left"
    WINNER = "winner"


class AfterVoid(StrEnum):
    NEXT = "next"
    SAME = "same"


class SeveralDealTonks(StrEnum):
    ALL_PAID = "all_paid"
    VOID = "void"


class KnockTiming(StrEnum):
    START_OF_TURN = "start_of_turn"
    BEFORE_DRAW = "before_draw"


class KnockWinsWhen(StrEnum):
    STRICTLY_LOWEST = "strictly_lowest"
    LOWEST_OR_TIED = "lowest_or_tied"


class Pile(StrEnum):
    """The two piles a player may draw from."""

    STOCK = "stock"
    DISCARD = "discard"


class SpreadTiming(StrEnum):
    AFTER_DRAW = "after_draw"
    BEFORE_DRAW = "before_draw"


class AceRank(StrEnum):
    LOW = "low"
    LOW_OR_HIGH = "low_or_high"


class HitPermission(StrEnum):
    ANYONE = "anyone"
    OWN = "own"
    NONE = "none"


class TakenDiscardPolicy(StrEnum):
    FREE = "free"
    NOT_DISCARDED_THIS_TURN = "not_discarded_this_turn"
    STRAIGHT_INTO_SPREAD = "straight_into_spread"


class StockPolicy(StrEnum):
    """What a draw from the empty stock does."""

    END_LOWEST_WINS = "end_lowest_wins"
    RESHUFFLE = "reshuffle"
    VOID = "void"


class StockTies(StrEnum):
    ALL_PAID = "all_paid"
    VOID = "void"


class StakesMode(StrEnum):
    UNIFORM = "uniform"
    PER_PLAYER = "per_player"


class ScoringMode(StrEnum):
    STAKES = "stakes"
    POINTS = "points"
    WINS = "wins"  # a match to scoring.target hands won (each hand still paid at its stakes)


class MeldKind(StrEnum):
    BOOK = "book"
    RUN = "run"
