"""``greedy``: a simple player, the fast policy of bulk simulation.

The rule, applied to the canonical list of legal actions (:func:`~tonk_rules.engine.encoding.canonical`)
at every decision, first match wins:

1. **Knock** when knocking is legal and the own count is at most ``knock`` — or, once this player has
   completed ``patience`` turns of the hand, whenever knocking is legal (a table where nobody can reach
   ``knock`` and the stock is reshuffled would otherwise play forever; ordinary hands end before that).
2. **Spread**: lay the legal spread with the most cards, then the highest total value; ties: the first in
   canonical order.
3. **Hit**: play the legal hit with the highest card value; ties: the first in canonical order (lowest
   card, then lowest spread number).
4. **Draw**: from the discard pile when that draw is legal and the top card is *useful* — it is part of a
   book or run in the hand with it added (any book size or run the variant allows), or it extends a spread
   on the table that this player may hit (where ``drawing.discard_depth`` lets a card below the top be
   taken, the shallowest useful card in reach); otherwise from the stock when legal; otherwise from the
   discard pile.
5. **Discard** the legal discard with the highest card value; ties: the highest card (by rank, then suit
   in the order spades, hearts, diamonds, clubs).
6. Otherwise (only a knock above ``knock`` is legal) the first legal action.

So it lays everything it can and keeps its count down, without looking ahead or at other players.

The rule is written once, in the compiled kernel (:func:`tonk_rules.kernel.policies_nb.greedy_choice`):
this class encodes what its seat sees into the kernel's state vector, passes the legal actions as their
canonical keys, and returns the action whose key the kernel picked — so the bot and bulk simulation
cannot drift apart.

With ``alt_share > 0`` the bot is a *mixture*: for the hand it is built for it knocks at ``alt_knock``
instead of ``knock`` with probability ``alt_share / 1000``, drawn from ``seed`` exactly as the kernel draws
it from the seat's stream (a runner builds one bot per hand with that hand's seat seed).

    >>> GreedyBot(knock=3).params()
    {'knock': 3, 'patience': 30}
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from tonk_rules.bots.observation import Observation, kept_and_shed
from tonk_rules.engine.actions import Action
from tonk_rules.engine.encoding import action_key
from tonk_rules.errors import BotSpecError, KernelError
from tonk_rules.kernel import layout as L
from tonk_rules.kernel.jit import AVAILABLE
from tonk_rules.kernel.position import encode_spreads, encode_turn
from tonk_rules.kernel.seats import DEFAULT_KNOCK, DEFAULT_PATIENCE, KERNEL_POLICIES, SHARE_UNIT
from tonk_rules.kernel.tables import KernelTables, tables_of
from tonk_rules.prng import SplitMix64
from tonk_rules.ruleset import Ruleset
from tonk_rules.ruleset.melds import mask_of


class GreedyBot:
    """The greedy rule above; ``knock``: the highest own count it knocks with; ``patience``: own turns after
    which it knocks whenever it may; ``alt_knock``, ``alt_share``: a mixture (see the module docstring)."""

    name = "greedy"

    def __init__(self, *, knock: int = DEFAULT_KNOCK, patience: int = DEFAULT_PATIENCE, alt_knock: int = 0,
                 alt_share: int = 0, seed: int = 0) -> None:
        params = KERNEL_POLICIES["greedy"]
        for name, value in (("knock", knock), ("patience", patience), ("alt_knock", alt_knock),
                            ("alt_share", alt_share)):
            low, high = params[name].low, params[name].high
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise BotSpecError(f"greedy: {name} must be a whole number from {low} to {high}, not {value!r}")
        self.patience = patience
        self.alt_knock, self.alt_share = alt_knock, alt_share
        # the hand's threshold, drawn as the kernel draws it (policies_nb.draw_knocks)
        self.knock = alt_knock if alt_share and SplitMix64(seed).below(SHARE_UNIT) < alt_share else knock
        self.base_knock = knock
        self._seen: tuple[Ruleset, KernelTables, npt.NDArray[np.int64]] | None = None

    def params(self) -> dict[str, int]:
        out = {"knock": self.base_knock, "patience": self.patience}
        if self.alt_share:
            out |= {"alt_knock": self.alt_knock, "alt_share": self.alt_share}
        return out

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        by_key: dict[int, Action] = {}
        for action in legal:  # canonical order: by key, the first of equal keys kept (engine.encoding)
            by_key.setdefault(action_key(action), action)
        keys = np.array(sorted(by_key), np.int64)
        seen = self._seen
        if seen is None or seen[0] is not obs.ruleset:  # hashing a Ruleset costs more than a decision: once
            seen = self._seen = (obs.ruleset, *tables_and_packed(obs.ruleset))
        _, tables, packed = seen
        key = _greedy_choice()(seen_state(obs, tables), keys, len(keys), self.knock, self.patience, packed)
        return by_key[int(key)]


def _greedy_choice() -> Any:
    from tonk_rules.kernel.api import compiled  # numba is imported on a bot's first decision, not before

    if not AVAILABLE:  # numba is a dependency; an install without it gets one clear message
        raise KernelError("the greedy bot decides with the compiled kernel, which needs numba (pip install numba)")
    return compiled().greedy_choice


@lru_cache(maxsize=16)
def tables_and_packed(ruleset: Ruleset) -> tuple[KernelTables, npt.NDArray[np.int64]]:
    """The kernel's tables of ``ruleset`` and their packed vector, which the compiled players read."""
    # Every decision of a hand reads the same tables: compile them once per ruleset (it is frozen, hashed by value).
    tables = tables_of(ruleset)
    return tables, tables.packed()


def seen_state(obs: Observation, tables: KernelTables) -> npt.NDArray[np.int64]:
    """The kernel's state vector holding only what ``obs`` shows: the seat's own hand and count, every seat's
    hand *size* (another seat's hand is a mask of that many low cards: the compiled players read only its
    size) and completed turns, the stock's size, the turn so far, the spreads and the discards that may be
    taken (the top; deeper ones where ``drawing.discard_depth`` allows; the stock's cards stay empty). The turn
    is copied whole (its slots, to ``layout.O_TURN``), so a rule that counts something in a turn reaches the
    players' decisions with no edit here."""
    S = np.zeros(L.STATE_SIZE, np.int64)
    seat = obs.seat
    S[L.S_PLAYERS], S[L.S_CURRENT] = len(obs.hand_sizes), seat
    encode_turn(S, obs.turn)
    for other, size in enumerate(obs.hand_sizes):
        S[L.O_HANDS + other] = (1 << size) - 1
        S[L.O_TURNS_TAKEN + other] = obs.turns_taken[other]
    S[L.O_HANDS + seat] = mask_of(obs.hand)
    S[L.O_COUNTS + seat] = obs.count
    S[L.S_STOCK_N] = obs.stock_size
    # the top is ``discard_top`` (a caller may ask about another top: replace(obs, discard_top=...)), the cards
    # in reach below it ``discard_seen`` but its last
    seen_pile = (*obs.discard_seen[:-1], obs.discard_top) if obs.discard_top is not None else ()
    for i, card in enumerate(seen_pile):  # the cards that may be taken: the top, and deeper where allowed
        S[L.O_DISCARD + i] = int(card)
    S[L.S_DISCARD_N] = len(seen_pile)
    encode_spreads(S, [(sp.owner, sp.kind, sp.cards) for sp in obs.spreads], tables.position, tables.plain_melds)
    encode_memory(S, obs)
    return S


def encode_memory(S: npt.NDArray[np.int64], obs: Observation) -> None:
    """What the table saw of each seat this hand (:func:`~tonk_rules.bots.observation.kept_and_shed`) into the
    state's public blocks ``layout.O_KEPT`` and ``O_SHED``, as the compiled play loop keeps them."""
    kept, shed = kept_and_shed(obs)
    for seat, cards in enumerate(kept):
        S[L.O_KEPT + seat] = mask_of(cards)
        S[L.O_SHED + seat] = shed[seat]
