"""The bounds of a table, checked and worded once: how many may sit at it, which stakes it may play for, which
counts a hand can have. (Not the facts of a position a rule reads: those are
:mod:`tonk_rules.ruleset.position_vector`'s.)

:class:`~tonk_rules.ruleset.Ruleset` answers with these (``why_not_seat``, ``why_not_stakes``), and so does
the kernel, which holds the same numbers without the Ruleset. What a deck can deal is in
:func:`tonk_rules.cards.why_not_deal`, below the variant, whose checks need it too.

    >>> why_not_seat(2, 2, 3)
    'this variant seats exactly 2 players, not 3'
    >>> why_not_seat(2, 6, 7, subject="pagat")
    'pagat seats 2 to 6 players, not 7'
    >>> why_not_stakes([1, 2], 2, points=False, per_player=False)
    'this variant plays for one agreed stake: give every player the same stake'
    >>> why_not_count(62, [11, 10, 10, 10, 10, 10, 9, 2], hand_size=5)
    'no hand of this variant counts more than 61 (6 cards of its deck at most)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from numbers import Integral


def seats_phrase(min_players: int, max_players: int) -> str:
    """How many a variant seats, in words: ``exactly 2`` or ``2 to 6``."""
    return f"exactly {min_players}" if min_players == max_players else f"{min_players} to {max_players}"


def why_not_seat(min_players: int, max_players: int, players: int, *, subject: str = "this variant") -> str | None:
    """Why a table of ``players`` cannot sit down to a variant seating ``min_players``..``max_players``."""
    if min_players <= players <= max_players:
        return None
    return f"{subject} seats {seats_phrase(min_players, max_players)} players, not {players}"


#: Why a value is not a stake (a page of the table says it too, :mod:`tonk_rules.web.refusal_words`).
STAKE_NOT_WHOLE = "a stake is a whole number of at least 1, not {stake!r}"


#: the stakes a variant's kind of stake refuses (its pages say them from these, by code)
POINTS_STAKES = "this variant plays to points: every stake is 1"
ONE_STAKE = "this variant plays for one agreed stake: give every player the same stake"


def why_not_stake(stake: object) -> str | None:
    """Why ``stake`` (a number, or text a table typed) is not a stake: a whole number of at least 1."""
    # numbers.Integral: the kernel's callers may hand numpy integers; a bool is not a stake
    if isinstance(stake, bool) or not isinstance(stake, Integral) or int(stake) < 1:
        return STAKE_NOT_WHOLE.format(stake=stake)
    return None


def why_not_stakes(stakes: Sequence[object], players: int, *, points: bool, per_player: bool) -> str | None:
    """Why ``stakes`` cannot be a table's stakes (None: they can): one whole stake of at least 1 per player,
    every stake 1 when playing to points, one stake for all unless each player names their own."""
    if len(stakes) != players:
        return f"give one stake per player: {len(stakes)} stake(s) for {players} players"
    for stake in stakes:
        if why := why_not_stake(stake):
            return why
    if points and any(int(s) != 1 for s in stakes):  # type: ignore[call-overload]
        return POINTS_STAKES
    if not per_player and len({int(s) for s in stakes}) > 1:  # type: ignore[call-overload]
        return ONE_STAKE
    return None


def most_cards_held(hand_size: int) -> int:
    """The most cards a hand ever holds: the dealt ``hand_size``, and one more between a turn's draw and its
    discard (every draw takes one card; a turn that ends without a discard has laid cards down)."""
    return hand_size + 1


def highest_count(card_values: Iterable[int], hand_size: int) -> int:
    """The highest count any hand of a deck with these ``card_values`` can have: its highest cards, as many
    as a hand ever holds (a table's count beyond it was miscounted or mistyped)."""
    return sum(sorted(card_values, reverse=True)[:most_cards_held(hand_size)])


def why_not_count(count: int, card_values: Iterable[int], hand_size: int) -> str | None:
    """Why no hand of a deck with these ``card_values``, dealt ``hand_size`` cards, counts ``count``."""
    most = highest_count(card_values, hand_size)
    if 0 <= count <= most:
        return None
    if count < 0:
        return "a count is never negative"
    return f"no hand of this variant counts more than {most} ({most_cards_held(hand_size)} cards of its deck at most)"
