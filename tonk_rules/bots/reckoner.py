"""``reckoner``, the default player, and ``casual``, a table of people as they describe their own play.

**reckoner** decides by what the variant makes of each legal move (the rule, decision by decision, and
its parameters are in :mod:`tonk_rules.kernel.reckoner_nb`; :func:`~tonk_rules.bots.describe.describe_player`
says it in sentences):

1. **Knock** when the expected payoff of a knock now — the variant's own payments for a won knock and for
   one caught by one, two … players, weighed by the chance that each other player holds a count that
   catches it, judged by their hand sizes, their turns, the cards each took from the pile and still holds,
   each one's last discard (its other cards believed worth at most ``slack`` more) and the cards still
   unseen — reaches ``knock_margin`` hundredths of a stake (or once it has played ``patience`` turns).
2. **Spread**: lay the spread with most cards (then highest value), unless the rules let it hold the spread,
   laying it would not empty the hand, and its value is at most ``hold``.
3. **Hit**: the legal hit with the highest card value.
4. **Draw** the discard when it makes a meld or a hit, or when its value is at most ``take`` and below the
   highest card of the hand that is in no meld, or — where the hand ends when the stock runs out, with at
   most ``stall`` stock cards left — when it does not expect to hold the lowest count; else the stock.
   Where ``drawing.discard_depth`` lets a card below the top be taken, one that makes a meld or a hit when the
   top does not (the shallowest such card).
5. **Discard** the card worth least to keep: its value against its live meld chances (``hope``), a card
   the others could hit onto a spread kept a little longer, a card in a meld kept. Where the rules allow
   it, that can be the card it just took.

**casual** plays greedy's rule (:mod:`tonk_rules.bots.greedy`: lays everything, hits, always takes a useful
discard, throws its highest card) and knocks as people say they do: at a count of 5 or less on its first
turn, one more each turn after, up to 8.

Both are decided in the compiled kernel, as greedy is: these classes encode what the seat sees
(:func:`~tonk_rules.bots.greedy.seen_state`) and return the action whose key the kernel picked, so the bots
and bulk simulation cannot drift apart.

    >>> ReckonerBot(knock_margin=20).params()["knock_margin"]
    20
    >>> CasualBot().params()
    {'patience': 30}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tonk_rules.bots.greedy import seen_state, tables_and_packed
from tonk_rules.bots.observation import Observation
from tonk_rules.engine.actions import Action
from tonk_rules.engine.encoding import action_key
from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout as L
from tonk_rules.kernel.jit import AVAILABLE
from tonk_rules.kernel.seats import CASUAL_COLUMNS, KERNEL_POLICIES, RECKONER_COLUMNS, checked_params
from tonk_rules.kernel.tables import KernelTables
from tonk_rules.ruleset import Ruleset


def compiled_kernel() -> Any:
    """The compiled kernel the reckoner and casual players decide with (one clear message without numba)."""
    from tonk_rules.kernel.api import compiled  # numba is imported on a bot's first decision, not before

    if not AVAILABLE:
        raise KernelError("this bot decides with the compiled kernel, which needs numba (pip install numba)")
    return compiled()


def _keys(legal: Sequence[Action]) -> tuple[dict[int, Action], np.ndarray[Any, Any]]:
    by_key: dict[int, Action] = {}
    for action in legal:  # canonical order: by key, the first of equal keys kept (engine.encoding)
        by_key.setdefault(action_key(action), action)
    return by_key, np.array(sorted(by_key), np.int64)


class _KernelBot:
    """A bot whose decision is one compiled policy, given its row of parameters."""

    name = ""
    columns: tuple[str, ...] = ()

    def __init__(self, seed: int = 0, **params: Any) -> None:
        self._params = checked_params(self.name, KERNEL_POLICIES[self.name], params)
        self._seen: tuple[Ruleset, KernelTables, np.ndarray[Any, Any]] | None = None
        self.row = np.zeros(L.PARAM_COLUMNS, np.int64)
        self.row[: len(self.columns)] = [self._params[key] for key in self.columns]

    def params(self) -> dict[str, int]:
        return dict(self._params)

    def _decide(self, S: np.ndarray[Any, Any], keys: np.ndarray[Any, Any], packed: np.ndarray[Any, Any]) -> int:
        raise NotImplementedError

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        by_key, keys = _keys(legal)
        seen = self._seen
        if seen is None or seen[0] is not obs.ruleset:  # hashing a Ruleset costs more than a decision: once
            seen = self._seen = (obs.ruleset, *tables_and_packed(obs.ruleset))
        _, tables, packed = seen
        return by_key[int(self._decide(seen_state(obs, tables), keys, packed))]


class ReckonerBot(_KernelBot):
    """The reckoner (module docstring); parameters: :data:`~tonk_rules.kernel.seats.RECKONER_COLUMNS`."""

    name = "reckoner"
    columns = RECKONER_COLUMNS

    def _decide(self, S: np.ndarray[Any, Any], keys: np.ndarray[Any, Any], packed: np.ndarray[Any, Any]) -> int:
        return int(compiled_kernel().reckoner_choice(S, keys, len(keys), self.row, packed))


class CasualBot(_KernelBot):
    """The casual player (module docstring); its one parameter, ``patience``, as greedy's."""

    name = "casual"
    columns = CASUAL_COLUMNS

    def _decide(self, S: np.ndarray[Any, Any], keys: np.ndarray[Any, Any], packed: np.ndarray[Any, Any]) -> int:
        kernel = compiled_kernel()
        knock = kernel.casual_knock(S, int(S[L.S_CURRENT]))
        return int(kernel.greedy_choice(S, keys, len(keys), knock, self.row[0], packed))
