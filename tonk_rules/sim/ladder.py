"""A ladder: bots play each other on the same deals with the seats rotated, and each gets a mean net per hand.

With ``B`` bots at a table of ``P`` seats, rotation ``r`` (``0 .. B-1``) seats bot ``(r + s) % B`` at seat
``s``: over the ``B`` rotations every bot sits in every seat equally often. Every rotation plays the same
deals (the same run seed and hand indices: the same decks, dealers and seat streams), so the comparison is
paired: a bot's score on deal ``i`` is its mean net over the seats it held on that deal in all rotations,
and its mean and 95% interval are computed over the deals (independent units), not over seat
observations (the seats of one hand are strongly correlated). Each lineup's specs become seats through
:func:`~tonk_rules.sim.tuning.seats_for`, so plain ``greedy`` is the tuned one.

    >>> from tonk_rules.bots.specs import parse_specs
    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> result = ladder(load_ruleset("russian"), parse_specs("greedy,random"), deals=200, players=2, seed=1)
    >>> [row.bot for row in result.rows], result.rotations, result.deals
    (['greedy', 'random'], 2, 200)
    >>> result.rows[0].mean > 0 > result.rows[1].mean
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tonk_rules.bots.specs import BotSpec
from tonk_rules.errors import SimulationError
from tonk_rules.limits import MAX_HANDS, MAX_SEED
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.executors import Executor, make_executor
from tonk_rules.sim.stats import Z95
from tonk_rules.sim.tuning import seats_for

#: deals per task: small enough to spread a montecarlo ladder over workers
CHUNK = 100


@dataclass(frozen=True)
class Rung:
    """One bot's result: mean net per hand (stakes) and its 95% interval."""

    bot: str
    mean: float
    low: float
    high: float


@dataclass(frozen=True)
class LadderResult:
    rows: list[Rung]  # in the order the bots were given
    deals: int
    rotations: int
    players: int
    seed: int

    @property
    def hands(self) -> int:
        """Hands played: every deal once per rotation."""
        return self.deals * self.rotations


@dataclass(frozen=True)
class _Task:
    ruleset: Ruleset
    seats: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    seed: int
    first: int
    size: int


def lineup(bots: int, players: int, rotation: int) -> list[int]:
    """The bot (index) at each seat in ``rotation``."""
    return [(rotation + s) % bots for s in range(players)]


def _play(task: _Task) -> npt.NDArray[np.int64]:
    from tonk_rules.sim.runner import play_hands  # imported in the worker: it loads the kernel

    seats = [(name, dict(params)) for name, params in task.seats]
    return play_hands(task.ruleset, seats, task.size, task.seed, first_hand=task.first).net


def ladder(ruleset: Ruleset, bots: Sequence[BotSpec], deals: int, players: int, seed: int,
           executor: Executor | None = None) -> LadderResult:
    """Play ``deals`` deals in every rotation of ``bots`` at ``players`` seats (see the module docstring)."""
    if len(bots) < 2:
        raise SimulationError("a ladder needs at least two bots")
    if len(set(map(str, bots))) != len(bots):
        raise SimulationError("a ladder names each bot once")
    if deals < 2:
        raise SimulationError("a ladder needs at least 2 deals for an interval")
    if deals > MAX_HANDS:  # the API's limit is the command line's (tonk_rules/limits.py)
        raise SimulationError(f"a ladder plays at most {MAX_HANDS:,} deals, not {deals:,}")
    if not 0 <= seed <= MAX_SEED:
        raise SimulationError(f"the seed must be from 0 to {MAX_SEED:,}, not {seed:,}")
    executor = executor or make_executor("local", workers=1)
    rotations = len(bots)
    tasks = []
    for r in range(rotations):
        resolved = seats_for(ruleset, players, [bots[b] for b in lineup(rotations, players, r)])
        seats = tuple((name, tuple(sorted(params.items()))) for name, params in resolved)
        tasks += [_Task(ruleset, seats, seed, first, min(CHUNK, deals - first)) for first in range(0, deals, CHUNK)]
    nets = list(executor.map(_play, tasks))
    per_rotation = len(nets) // rotations
    score = np.zeros((deals, rotations), np.float64)  # [deal, bot]: summed net over the seats it held
    held = np.zeros(rotations, np.int64)  # seats each bot held per deal, over all rotations (>= 1)
    for r in range(rotations):
        net = np.concatenate(nets[r * per_rotation:(r + 1) * per_rotation])
        for s, b in enumerate(lineup(rotations, players, r)):
            score[:, b] += net[:, s]
            held[b] += 1
    rows = []
    for b, spec in enumerate(bots):
        per_deal = score[:, b] / held[b]
        mean = float(per_deal.mean())
        half = Z95 * float(per_deal.std(ddof=1)) / np.sqrt(deals)
        rows.append(Rung(str(spec), mean, mean - half, mean + half))
    return LadderResult(rows, deals, rotations, players, seed)
