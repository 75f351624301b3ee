"""A run of hands cut into matches to N hands won (``scoring.mode: wins``): hands per match, and how often the
stronger player wins the match.

The run's hands are played in order as one table's evening: the first match begins with hand 0 and ends with
the hand in which a seat wins its N-th hand (every winner of a hand wins it: a caught knock's tied lowest
counts, a deal tonk's holders; a void hand has none); the next match begins with the next hand. Hands after
the last finished match are an unfinished match, left out. The *stronger player* is the seat with the highest
mean net per hand over the whole run (the lowest such seat where several tie): a match measures whether the
better player also wins the match more often than a hand.

    >>> figures = match_figures([1, 1, 2, 1, 2, 2, 2, 1], target=2, players=2, stronger=0)
    >>> figures.hands_per_match, figures.seat_matches, figures.unfinished_hands
    ((2, 3, 2), (1, 2), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tonk_rules.sim.stats import Moments
from tonk_rules.sim.tally import Tally, mean_json, proportion


@dataclass(frozen=True)
class MatchFigures:
    """The finished matches of a run: each one's length in hands, the matches each seat won (a match two
    seats finish together counts for both), the stronger seat, and the hands of the unfinished match."""

    target: int
    hands_per_match: tuple[int, ...]
    seat_matches: tuple[int, ...]
    stronger: int
    unfinished_hands: int

    @property
    def matches(self) -> int:
        return len(self.hands_per_match)


def match_figures(hand_winners: Sequence[int], target: int, players: int, stronger: int) -> MatchFigures:
    """Cut ``hand_winners`` (per hand, in order, its winners as a seat bitmask) into matches to ``target``
    hands won (see the module docstring)."""
    if target < 1:
        raise ValueError(f"a match is to at least 1 hand won, not {target}")
    lengths: list[int] = []
    seat_matches = [0] * players
    won = [0] * players
    hands = 0
    for mask in hand_winners:
        hands += 1
        for seat in range(players):
            if (mask >> seat) & 1:
                won[seat] += 1
        if max(won) >= target:
            for seat in range(players):
                seat_matches[seat] += won[seat] >= target
            lengths.append(hands)
            won, hands = [0] * players, 0
    return MatchFigures(target, tuple(lengths), tuple(seat_matches), stronger, hands)


def stronger_seat(tally: Tally) -> int:
    """The seat with the highest mean net per hand in ``tally`` (the lowest such seat on a tie)."""
    totals = [net for net, _ in tally.seat_net]
    return totals.index(max(totals))


def match_json(tally: Tally) -> dict[str, Any]:
    """``tonk simulate``'s match figures of a run whose rules play a match (``tally.wins_target`` set)."""
    if tally.wins_target is None:
        raise ValueError("the run's rules play no match to N hands won (scoring.mode is not wins)")
    stronger = stronger_seat(tally)
    figures = match_figures(tally.hand_winners, tally.wins_target, tally.players, stronger)
    lengths = figures.hands_per_match
    moments = Moments(len(lengths), sum(lengths), sum(n * n for n in lengths))
    return {
        "target": figures.target,
        "matches": figures.matches,
        "mean_hands_per_match": mean_json(moments),
        "seat_match_wins": [proportion(k, figures.matches) for k in figures.seat_matches],
        "stronger_seat": stronger + 1,
        "stronger_seat_hand_win_rate": proportion(tally.seat_wins[stronger], tally.hands),
        "stronger_seat_match_win_rate": proportion(figures.seat_matches[stronger], figures.matches),
        "unfinished_hands": figures.unfinished_hands,
    }
