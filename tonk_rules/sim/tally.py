"""Exact integer tallies of simulated hands, merged across chunks, and the figures made from them.

A :class:`Tally` holds only integers (hand counts, sums, sums of squares), so merging chunks in any order,
on any number of workers, gives the same tally and therefore byte-identical figures.

    >>> t = Tally.empty(2)
    >>> t.hands, len(t.endings)
    (0, 9)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from tonk_rules.kernel.layout import N_IN_PLAY
from tonk_rules.sim.stats import Moments, wilson
from tonk_rules.terms import Ending

ENDINGS: tuple[Ending, ...] = tuple(Ending)
#: A win shared by k tied winners gives each 1/k; 2520 = lcm(1..10) keeps every share a whole number.
SHARE_UNIT = 2520
_DEAL_CHECK = (ENDINGS.index(Ending.DEAL_TONK), ENDINGS.index(Ending.DEAL_VOID))


class Batch(Protocol):
    """What the kernel's ``HandBatch`` gives per hand (rows) and seat (columns)."""

    @property
    def ending(self) -> npt.NDArray[Any]: ...
    @property
    def winners(self) -> npt.NDArray[Any]: ...
    @property
    def counts(self) -> npt.NDArray[Any]: ...
    @property
    def net(self) -> npt.NDArray[Any]: ...
    @property
    def knocker(self) -> npt.NDArray[Any]: ...
    @property
    def actions(self) -> npt.NDArray[Any]: ...
    @property
    def turns(self) -> npt.NDArray[Any]: ...
    @property
    def dealer(self) -> npt.NDArray[Any]: ...
    @property
    def in_play(self) -> npt.NDArray[Any] | None: ...


def _ints(a: npt.NDArray[Any]) -> list[int]:
    return [int(x) for x in a]


@dataclass
class Tally:
    """Sums over hands. Seats are the chairs of the ``--bots`` list; positions count from the dealer's
    left (position 0 plays first, the last position is the dealer)."""

    players: int
    hands: int = 0
    endings: list[int] = field(default_factory=lambda: [0] * len(ENDINGS))
    actions: list[int] = field(default_factory=lambda: [0, 0])  # sum, sum of squares
    turns: list[int] = field(default_factory=lambda: [0, 0])
    seat_wins: list[int] = field(default_factory=list)
    seat_net: list[list[int]] = field(default_factory=list)  # per seat: sum, sum of squares
    position_wins: list[int] = field(default_factory=list)
    position_net: list[list[int]] = field(default_factory=list)
    knock_counts: dict[int, int] = field(default_factory=dict)
    decided: int = 0  # hands with at least one winner (not void)
    # per seat: the share of each decided hand's win (1/k for each of k tied winners), in units of
    # 1/SHARE_UNIT so that it stays an exact integer: sum, sum of squares
    seat_share: list[list[int]] = field(default_factory=list)
    # Σ net[s] * net[t] over hands, for every pair of seats: the spread of any group of seats' summed net
    # per hand (two seats of one hand are not independent: at three greedy seats they correlate at -0.75)
    seat_products: list[list[int]] = field(default_factory=list)
    # per kernel rule dimension (kernel/in_play.py): the hands in which it came into play, and how often
    in_play_hands: list[int] = field(default_factory=lambda: [0] * N_IN_PLAY)
    in_play_events: list[int] = field(default_factory=lambda: [0] * N_IN_PLAY)
    in_play_uncounted: int = 0  # hands played where nothing counts them (the reference engine)
    # a match to N hands won (scoring.mode: wins): N, and each hand's winners as a seat bitmask, in hand order
    # (a run's chunks are merged in hand order), from which tonk_rules.sim.matches cuts the run into matches
    wins_target: int | None = None
    hand_winners: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, players: int) -> Tally:
        return cls(players, seat_wins=[0] * players, seat_net=[[0, 0] for _ in range(players)],
                   position_wins=[0] * players, position_net=[[0, 0] for _ in range(players)],
                   seat_share=[[0, 0] for _ in range(players)],
                   seat_products=[[0] * players for _ in range(players)])

    @classmethod
    def of(cls, batch: Batch, players: int) -> Tally:
        """The tally of one batch of hands."""
        t = cls.empty(players)
        n = len(batch.ending)
        t.hands = n
        t.endings = _ints(np.bincount(batch.ending.astype(np.int64), minlength=len(ENDINGS)))
        for target, values in ((t.actions, batch.actions), (t.turns, batch.turns)):
            v = values.astype(np.int64)
            target[:] = [int(v.sum()), int((v * v).sum())]
        net = batch.net.astype(np.int64)
        wins = batch.winners.astype(np.int64)
        t.seat_wins = _ints(wins.sum(axis=0))
        t.seat_net = [[int(net[:, s].sum()), int((net[:, s] ** 2).sum())] for s in range(players)]
        t.seat_products = [[int(x) for x in row] for row in net.T @ net]
        # position p of hand i is the seat (dealer + 1 + p) % players
        seat_at = (batch.dealer.astype(np.int64)[:, None] + 1 + np.arange(players)[None, :]) % players
        rows = np.arange(n)[:, None]
        pos_net, pos_wins = net[rows, seat_at], wins[rows, seat_at]
        t.position_wins = _ints(pos_wins.sum(axis=0))
        t.position_net = [[int(pos_net[:, p].sum()), int((pos_net[:, p] ** 2).sum())] for p in range(players)]
        winners = wins.sum(axis=1)
        decided = winners > 0
        t.decided = int(decided.sum())
        share = np.where(decided[:, None], wins * SHARE_UNIT // np.maximum(winners, 1)[:, None], 0)
        t.seat_share = [[int(share[:, s].sum()), int((share[:, s] ** 2).sum())] for s in range(players)]
        knocked = batch.knocker.astype(np.int64) >= 0
        if knocked.any():
            at_knock = batch.counts[np.nonzero(knocked)[0], batch.knocker[knocked].astype(np.int64)]
            values, counts = np.unique(at_knock.astype(np.int64), return_counts=True)
            t.knock_counts = {int(v): int(c) for v, c in zip(values, counts, strict=True)}
        if batch.in_play is None:
            t.in_play_uncounted = n
        else:
            counted = batch.in_play.astype(np.int64)
            t.in_play_hands = _ints((counted > 0).sum(axis=0))
            t.in_play_events = _ints(counted.sum(axis=0))
        return t

    def with_matches(self, batch: Batch, wins_target: int | None) -> Tally:
        """Keep each hand's winners of ``batch`` (this tally's batch), where the hands are a match to
        ``wins_target`` hands won (None: not a match, nothing kept); returns this tally."""
        if wins_target is not None:
            wins = batch.winners.astype(np.int64)
            self.wins_target = wins_target
            self.hand_winners = _ints((wins << np.arange(wins.shape[1], dtype=np.int64)[None, :]).sum(axis=1))
        return self

    def merge(self, other: Tally) -> Tally:
        """Add ``other`` into this tally (in place) and return it."""
        self.hands += other.hands
        self.endings = [a + b for a, b in zip(self.endings, other.endings, strict=True)]
        self.actions = [a + b for a, b in zip(self.actions, other.actions, strict=True)]
        self.turns = [a + b for a, b in zip(self.turns, other.turns, strict=True)]
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins, strict=True)]
        self.position_wins = [a + b for a, b in zip(self.position_wins, other.position_wins, strict=True)]
        self.seat_net = [[a + c, b + d] for (a, b), (c, d) in zip(self.seat_net, other.seat_net, strict=True)]
        self.position_net = [[a + c, b + d] for (a, b), (c, d)
                             in zip(self.position_net, other.position_net, strict=True)]
        self.decided += other.decided
        self.seat_share = [[a + c, b + d] for (a, b), (c, d) in zip(self.seat_share, other.seat_share, strict=True)]
        self.seat_products = [[a + b for a, b in zip(mine, theirs, strict=True)]
                              for mine, theirs in zip(self.seat_products, other.seat_products, strict=True)]
        for count, k in other.knock_counts.items():
            self.knock_counts[count] = self.knock_counts.get(count, 0) + k
        self.in_play_hands = [a + b for a, b in zip(self.in_play_hands, other.in_play_hands, strict=True)]
        self.in_play_events = [a + b for a, b in zip(self.in_play_events, other.in_play_events, strict=True)]
        self.in_play_uncounted += other.in_play_uncounted
        self.wins_target = self.wins_target if self.wins_target is not None else other.wins_target
        self.hand_winners += other.hand_winners  # (merged in hand order: the chunks' order)
        return self

    # --- figures ------------------------------------------------------------------------------------------
    def share(self, seat: int) -> Moments:
        """The seat's share of the wins of decided hands, as a sample with one value in [0, 1] per hand."""
        total, squares = self.seat_share[seat]
        return Moments(self.decided, total / SHARE_UNIT, squares / SHARE_UNIT**2)

    def moments(self, sums: list[int]) -> Moments:
        return Moments(self.hands, sums[0], sums[1])

    def group_net(self, seats: list[int]) -> Moments:
        """The mean net per seat of a group of seats, as a sample with one value per hand (their average):
        its interval counts each hand once, however many of the group's seats sit at it."""
        k = len(seats)
        total = sum(self.seat_net[s][0] for s in seats)
        squares = sum(self.seat_products[s][t] for s in seats for t in seats)
        return Moments(self.hands, total / k, squares / (k * k))

    @property
    def deal_check(self) -> int:
        """Hands ended by the deal check (a deal tonk, or a deal voided by several)."""
        return sum(self.endings[i] for i in _DEAL_CHECK)

    def ending_json(self) -> dict[str, dict[str, Any]]:
        return {str(e): proportion(self.endings[i], self.hands) for i, e in enumerate(ENDINGS)}

    def to_json(self, bots: list[str]) -> dict[str, Any]:
        """The figures of ``tonk simulate`` (``bots``: the spec of each seat)."""
        knocks = sum(self.knock_counts.values())
        by_bot: dict[str, list[int]] = {}
        for seat, spec in enumerate(bots):
            by_bot.setdefault(spec, []).append(seat)
        return {
            "hands": self.hands,
            "endings": self.ending_json(),
            "mean_actions": mean_json(self.moments(self.actions)),
            "mean_turns": mean_json(self.moments(self.turns)),
            "seats": [
                {"seat": s + 1, "bot": bots[s], "win_rate": proportion(self.seat_wins[s], self.hands),
                 "mean_net": mean_json(self.moments(self.seat_net[s]))}
                for s in range(self.players)
            ],
            "positions": [
                {"position": p + 1, "win_rate": proportion(self.position_wins[p], self.hands),
                 "mean_net": mean_json(self.moments(self.position_net[p]))}
                for p in range(self.players)
            ],
            "bots": {spec: mean_json(self.group_net(seats)) for spec, seats in by_bot.items()},
            "knocks": knocks,
            "count_at_knock": {str(c): proportion(k, knocks) for c, k in sorted(self.knock_counts.items())},
        }


def proportion(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"fraction": k / n if n else 0.0, "ci95": [lo, hi]}


def mean_json(m: Moments) -> dict[str, Any]:
    lo, hi = m.ci95()
    return {"mean": m.mean, "ci95": [lo, hi]}
