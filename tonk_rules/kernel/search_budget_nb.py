"""How a montecarlo seat shares its budget between decisions (``knock_x``, ``rest``).

Whether to knock settles most of a hand's value (a caught knock pays the catcher, a won one is the hand), so a
decision where a knock is legal gets ``knock_x`` times the budget; every other decision gets ``rest`` percent
of it. The Python mirror (:meth:`tonk_rules.bots.montecarlo.MonteCarloBot.decide`) spends the same.
"""

from __future__ import annotations

from tonk_rules.kernel import layout as L
from tonk_rules.kernel.jit import njit
from tonk_rules.kernel.search_nb import MC_KNOCK_X, MC_REST, MC_ROLLOUTS


@njit
def decision_budget(legal, n, row):  # type: ignore[no-untyped-def]
    """The playouts a seat with parameters ``row`` spends on the decision among ``legal[:n]``."""
    for i in range(n):
        if (legal[i] >> L.KIND_SHIFT) & L.KIND_MASK == L.K_KNOCK:
            return row[MC_ROLLOUTS] * row[MC_KNOCK_X]
    return max(1, row[MC_ROLLOUTS] * row[MC_REST] // 100)


def budget(rollouts: int, knock_legal: bool, knock_x: int, rest: int) -> int:
    """:func:`decision_budget` in Python (where ``knock_legal``: a knock is among the candidates)."""
    return rollouts * knock_x if knock_legal else max(1, rollouts * rest // 100)
