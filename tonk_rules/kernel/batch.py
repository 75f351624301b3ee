"""The shape of a simulation run: seats, per-hand seeds, and :class:`HandBatch`, the results as arrays.

Both runners — the compiled kernel and the reference engine (:mod:`tonk_rules.sim.reference`) — deal
hand ``i`` of a run the same way, so their batches are equal array for array:

* the hand's generator is ``SplitMix64(hand_seed(seed, i))`` (:mod:`tonk_rules.prng`), so hand ``i``
  is the same however a run is split into chunks (``first_hand``);
* from it, in this order: a Fisher-Yates shuffle of the variant's deck in card order (``j`` from the last
  index down to 1 swaps with ``below(j + 1)``), the hand's reshuffle seed (``next_u64() >> 33``), then
  one 64-bit seed per seat for that seat's bot;
* the dealer of hand ``i`` is ``(first_dealer + i) % players``: hands are independent deals, every seat
  deals equally often. The variant's dealer rules (first dealer, rotation, after a void) and the points
  target govern a *sequence* of hands (:class:`~tonk_rules.engine.session.Session`), not the play of one
  hand: each hand's net is reported (in points variants, stakes must be 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tonk_rules.cards import Card
from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout as L
from tonk_rules.kernel.tables import Seating
from tonk_rules.prng import SplitMix64, hand_seed
from tonk_rules.ruleset.table_bounds import why_not_seat, why_not_stakes
from tonk_rules.terms import Ending

#: Ending codes: ``HandBatch.ending`` indexes this list.
ENDINGS: list[Ending] = list(Ending)
#: A hand that has not ended after this many actions is an error (a variant whose play can cycle).
MAX_ACTIONS = 20_000

@dataclass(frozen=True)
class HandBatch:
    """The results of ``n`` hands at ``P`` seats; row ``i`` is hand ``first_hand + i``.

    ``ending``: index into :data:`ENDINGS`; ``winners``: who won; ``counts``: final counts; ``net``: each
    seat's payments (a row sums to 0); ``knocker``: the seat that knocked, or -1; ``actions``: actions
    played; ``turns``: turns begun (0 when the deal ended the hand); ``dealer``: the dealing seat.
    ``in_play`` (the compiled kernel's, None from the reference engine): per hand and rule dimension
    (``layout.IP_*``), the times the rule came into play (:mod:`tonk_rules.kernel.in_play` says what counts).
    ``trace`` (only when asked for) holds each hand's canonical action keys
    (:func:`~tonk_rules.engine.encoding.action_key`).
    """

    ending: npt.NDArray[np.int8]
    winners: npt.NDArray[np.bool_]
    counts: npt.NDArray[np.int32]
    net: npt.NDArray[np.int64]
    knocker: npt.NDArray[np.int8]
    actions: npt.NDArray[np.int32]
    turns: npt.NDArray[np.int32]
    dealer: npt.NDArray[np.int8]
    in_play: npt.NDArray[np.int32] | None = None
    trace: tuple[npt.NDArray[np.int64], ...] | None = None

    def __len__(self) -> int:
        return int(self.ending.shape[0])

    def endings(self) -> list[Ending]:
        return [ENDINGS[int(e)] for e in self.ending]


def empty_batch(n: int, players: int, in_play: bool = False) -> dict[str, npt.NDArray[np.generic]]:
    """The arrays of a batch of ``n`` hands, zeroed (``in_play``: with the kernel's rule counts)."""
    out = {
        "ending": np.zeros(n, np.int8), "winners": np.zeros((n, players), np.bool_),
        "counts": np.zeros((n, players), np.int32), "net": np.zeros((n, players), np.int64),
        "knocker": np.full(n, -1, np.int8), "actions": np.zeros(n, np.int32), "turns": np.zeros(n, np.int32),
        "dealer": np.zeros(n, np.int8),
    }
    if in_play:
        out["in_play"] = np.zeros((n, L.N_IN_PLAY), np.int32)
    return out


def check_run(seats: Seating, n_players: int, n_hands: int, seed: int, first_hand: int, first_dealer: int,
              stakes: Sequence[int] | None) -> list[int]:
    """Validate a run's numbers against the variant's seating; return the stakes per seat."""
    if why := why_not_seat(seats.min_players, seats.max_players, n_players):
        raise KernelError(why)
    if n_hands < 0 or first_hand < 0:
        raise KernelError("n_hands and first_hand must be 0 or more")
    if not 0 <= seed < 2**64:
        raise KernelError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed}")
    if not 0 <= first_dealer < n_players:
        raise KernelError(f"first dealer seat {first_dealer} does not exist at {n_players} seats")
    given = [1] * n_players if stakes is None else list(stakes)
    if why := why_not_stakes(given, n_players, points=seats.points, per_player=seats.per_player_stakes):
        raise KernelError(why)
    return [int(s) for s in given]


@dataclass(frozen=True)
class DealPlan:
    """What hand ``index`` of a run starts from (see the module docstring)."""

    deck: list[Card]
    reshuffle_seed: int
    bot_seeds: list[int]
    dealer: int


def plan_hand(deck: Sequence[Card], n_players: int, seed: int, index: int, first_dealer: int) -> DealPlan:
    rng = SplitMix64(hand_seed(seed, index))
    cards = list(deck)
    for j in range(len(cards) - 1, 0, -1):
        k = rng.below(j + 1)
        cards[j], cards[k] = cards[k], cards[j]
    reshuffle_seed = rng.next_u64() >> 33
    bot_seeds = [rng.next_u64() for _ in range(n_players)]
    return DealPlan(cards, reshuffle_seed, bot_seeds, (first_dealer + index) % n_players)
