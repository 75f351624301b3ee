"""Is a table an ε-equilibrium of a family of deviations? A two-stage check: screen every deviation, then
re-check on fresh deals, with many more hands, every one the screen cannot rule out.

Every gain is one seat's paired per-hand gain (:func:`tonk_rules.sim.deviation.seat_gains`: the same deals
with and without the deviation, the deviating seat rotating), in stakes per hand.

1. **Screen**: every deviation over ``screen_hands`` paired hands of the run ``screen_seed``. A deviation is
   *re-checked* (:func:`needs_recheck`) when the upper end of its 95% interval lies above ε, or its mean
   above :data:`RECHECK_MEAN`; every other deviation is ruled out by the screen (its whole interval is at or
   below ε, and its mean at most :data:`RECHECK_MEAN`).
2. **Re-check**: each of those over ``recheck_hands`` paired hands of another run, ``recheck_seed`` (other
   deals: the screen's selection does not bias the figure it is judged by), and judged by that figure alone
   (:func:`recheck_verdict`): *cleared* when its whole 95% interval is at or below ε, *confirmed* (to gain
   more than ε) when its mean is above ε, and *unsettled* otherwise (mean at or below ε, interval reaching
   above it).
3. **Settle** (when asked for): each unsettled re-check once more over ``settle_hands`` paired hands of a
   third run, ``settle_seed``, judged the same way by that figure instead.
4. **Outside** (when asked for): each player from outside the family
   (:data:`~tonk_rules.sim.outside_players.OUTSIDE`: the frozen baseline) over ``outside_hands`` paired hands
   of a run of its own, ``outside_seed``, judged as a re-check is; an unsettled one is reported as *not
   settled* (it plays on the reference engine, so no settling run follows).

A table *holds* when every re-checked deviation (and every outside player) is cleared, *holds by the means*
when none is confirmed but some are unsettled, and *fails* when any is confirmed (:func:`table_verdict`).

    >>> needs_recheck(Moments(10_000, -500, 10_000))  # mean -0.05, interval about ±0.02: ruled out
    False
    >>> recheck_verdict(Moments(100_000, 300, 10_000))  # mean +0.003, interval about ±0.002
    'cleared'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.deviation import seat_gains
from tonk_rules.sim.equilibrium import EPSILON
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.outside_players import outside_gains
from tonk_rules.sim.stats import Moments

#: A screened deviation whose mean gains more than this is re-checked even when its interval is below ε.
RECHECK_MEAN = 0.005

Verdict = Literal["cleared", "unsettled", "confirmed"]


def needs_recheck(screen: Moments, epsilon: float = EPSILON, mean_bar: float = RECHECK_MEAN) -> bool:
    """Whether the screen cannot rule a deviation out: its interval reaches above ``epsilon`` or its mean
    above ``mean_bar``."""
    return screen.ci95()[1] > epsilon or screen.mean > mean_bar


def recheck_verdict(recheck: Moments, epsilon: float = EPSILON) -> Verdict:
    """A re-checked deviation's verdict from the re-check's figure alone (see the module docstring)."""
    if recheck.ci95()[1] <= epsilon:
        return "cleared"
    return "confirmed" if recheck.mean > epsilon else "unsettled"


def table_verdict(verdicts: Sequence[Verdict]) -> str:
    """The table's verdict from its re-checked deviations' verdicts, in words."""
    confirmed, unsettled = verdicts.count("confirmed"), verdicts.count("unsettled")
    if confirmed:
        return f"FAILS: {confirmed} gain more than {EPSILON}"
    if unsettled:
        return f"holds by the means ({unsettled} unsettled)"
    return "holds"


@dataclass(frozen=True)
class Check:
    """One table's staged check: every deviation's screen figure, the re-checked ones' figures and
    verdicts (in the family's order), the settling runs' figures, and each outside player's figure."""

    screen: dict[str, Moments]
    recheck: dict[str, Moments]
    verdicts: dict[str, Verdict]
    settle: dict[str, Moments] = field(default_factory=dict)
    outside: dict[str, Moments] = field(default_factory=dict)

    def outside_verdicts(self) -> dict[str, Verdict]:
        """Each outside player's verdict, judged as a re-check is."""
        return {label: recheck_verdict(m) for label, m in self.outside.items()}

    def verdict(self) -> str:
        return table_verdict(list(self.verdicts.values()) + list(self.outside_verdicts().values()))

    def final(self, label: str) -> Moments:
        """The figure a re-checked deviation is judged by: its settling run's where it had one."""
        return self.settle.get(label, self.recheck[label])

    def largest_recheck(self) -> str | None:
        """The re-checked deviation whose final figure gains most (None when the screen ruled out every one)."""
        return max(self.recheck, key=lambda k: self.final(k).mean) if self.recheck else None


def check(ruleset: Ruleset, players: int, table: SeatSpec, deviations: Sequence[tuple[str, SeatSpec]],
          screen_hands: int, recheck_hands: int, screen_seed: int, recheck_seed: int,
          executor: Executor | None = None, settle_hands: int = 0, settle_seed: int | None = None,
          outside: Sequence[str] = (), outside_hands: int = 0, outside_seed: int | None = None) -> Check:
    """Screen ``deviations`` (``(label, seat)``) against a table of ``table`` at ``players`` seats, then
    re-check the ones :func:`needs_recheck` keeps on the run ``recheck_seed``; with ``settle_hands``, each
    re-check left unsettled is measured once more over that many hands of the run ``settle_seed`` and
    judged by that figure instead. Each player of ``outside`` (names of
    :data:`~tonk_rules.sim.outside_players.OUTSIDE`) is measured over ``outside_hands`` hands of the run
    ``outside_seed``. With no ``deviations``, only the outside players are measured."""
    if settle_hands and settle_seed is None:
        raise ValueError("a settling run needs its own seed")
    if outside and (outside_seed is None or outside_hands < 1):
        raise ValueError("the outside players need hands and a seed of their own")
    seeds = ([screen_seed, recheck_seed] + ([settle_seed] if settle_hands else [])
             + ([outside_seed] if outside else []))
    if len(set(seeds)) < len(seeds):
        raise ValueError("each stage must play other deals than the ones before: give it another seed")
    figures_outside = (outside_gains(ruleset, players, table, outside, outside_hands, int(outside_seed or 0),
                                     executor) if outside else {})
    if not deviations:
        return Check({}, {}, {}, outside=figures_outside)
    labels = [label for label, _ in deviations]
    gains = seat_gains(ruleset, players, table, [seat for _, seat in deviations], screen_hands, screen_seed,
                       executor)
    screen = dict(zip(labels, gains, strict=True))
    again = [(label, seat) for label, seat in deviations if needs_recheck(screen[label])]
    regains = seat_gains(ruleset, players, table, [seat for _, seat in again], recheck_hands, recheck_seed,
                         executor) if again else []
    recheck = {label: m for (label, _), m in zip(again, regains, strict=True)}
    verdicts = {label: recheck_verdict(m) for label, m in recheck.items()}
    open_ = [(label, seat) for label, seat in again if verdicts[label] == "unsettled"]
    settle: dict[str, Moments] = {}
    if settle_hands and open_:
        figures = seat_gains(ruleset, players, table, [seat for _, seat in open_], settle_hands,
                             int(settle_seed or 0), executor)
        settle = {label: m for (label, _), m in zip(open_, figures, strict=True)}
        verdicts.update({label: recheck_verdict(m) for label, m in settle.items()})
    return Check(screen, recheck, verdicts, settle, figures_outside)
