"""The design search's result as JSON: every point's figures, the winner, how sure the ranking is, and which
constraints bind (see :mod:`tonk_rules.sim.design`).

How sure: each finalist's *chance of being the best* is the share of draws, from the normal approximation
of the finalists' target estimates (with their paired covariances: the same deals make them move
together), in which it scores best; and the winner's paired difference from each other finalist, with
its 95% interval, is *settled* when the interval lies wholly on the winner's side. A figure counted
exactly (the deal check's) is read exactly: its difference has no interval, and a target counted exactly
leaves no chance about the best. Before the verdict the contenders play again on fresh deals
(:func:`recheck_json`): whether the first run's best comes first again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tonk_rules.sim.design_figures import FIGURES, SESSION, figure
from tonk_rules.sim.design_goals import Constraint, DesignPlan, Target, rank
from tonk_rules.sim.design_stats import DesignSums
from tonk_rules.sim.sweep import Values, point_label

#: Draws of the normal approximation behind each finalist's chance of being the best.
CHANCE_DRAWS = 4000


def design_json(plan: DesignPlan, points: Sequence[Values], sums: DesignSums, finalists: Sequence[int],
                dropped_after: dict[int, int], schedule: Sequence[int], paired: bool, notes: Sequence[str],
                dropped: Sequence[Sequence[str]], rng: np.random.Generator, at_base: Sequence[bool] = (),
                changes: Sequence[Values] = (), recheck: dict[str, Any] | None = None) -> dict[str, Any]:
    """``at_base``: per point, whether its rules are the base's own (compiled alike); ``changes``: per point,
    the values (varied and ``--with``) that differ from the base's, which a winner file would write;
    ``recheck``: the contenders played again on fresh deals (:func:`recheck_json`), None where not played."""
    target = figure(plan.target.figure)
    out_points: list[dict[str, Any]] = []
    for p, values in enumerate(points):
        estimates = {name: sums.known(p, f) for name, f in FIGURES.items()
                     if f.unit != "trace" or name in sums.measured.get(p, {})}
        figures: dict[str, dict[str, Any]] = {}
        for name, f in FIGURES.items():  # the sample always; beside it the exact value where one is counted
            if f.unit == "trace" and name not in sums.measured.get(p, {}):
                continue  # measured by runs of its own (the skill trace), which this design did not play
            value, ci = sums.estimate(p, f)
            exact = sums.exact_value(p, f)
            figures[name] = {"value": value, "ci95": list(ci), **({"exact": exact} if exact is not None else {})}
        statuses = {c.text(): c.status(*estimates[c.figure]) for c in plan.keep}
        label = point_label(values) or f"{plan.base} as it is"  # --each: the base itself, no change
        out_points.append({"values": values, "label": label, "hands": sums.hands[p].n,
                           "figures": figures, "constraints": statuses,
                           "keeps_all": all(c.keeps(estimates[c.figure][0]) for c in plan.keep),
                           "dropped_after": dropped_after.get(p),
                           "at_base": bool(at_base[p]) if p < len(at_base) else False,
                           "changes": dict(changes[p]) if p < len(changes) else dict(values),
                           "with_dropped": list(dropped[p]) if p < len(dropped) else []})
    ranked = rank(sums, finalists, plan.target, plan.keep)
    for p, point in enumerate(out_points):  # a point that plays exactly like an earlier-ranked one
        order = ranked + [q for q in range(len(points)) if q not in ranked]
        point["same_as"] = next((q for q in order[:order.index(p)] if sums.identical(p, q)), None)
    eligible = contenders(sums, ranked, len(points), plan.keep)
    winner = eligible[0] if eligible else None
    chances = _chances(sums, eligible, plan.target, rng)
    versus = []
    if winner is not None:
        for other in eligible[1:]:
            diff, (lo, hi), _ = sums.difference(winner, other, target)
            better = _better_side(plan.target, sums.known(winner, target)[0], sums.known(other, target)[0], lo, hi)
            versus.append({"point": other, "difference": {"value": diff, "ci95": [lo, hi]}, "settled": better})
    binding = []
    if winner is not None:
        best = plan.target.score(sums.known(winner, target)[0])
        for c in plan.keep:
            beaten = [p for p in range(len(points))
                      if plan.target.score(sums.known(p, target)[0]) < best
                      and not c.keeps(sums.known(p, figure(c.figure))[0])]
            if beaten:
                binding.append({"constraint": c.text(), "points": beaten})
    return {
        "format": "tonk-design/1", "base": plan.base,
        "vary": {key: list(values) for key, values in plan.varied},
        **({"with": dict(plan.companions)} if plan.companions else {}),
        "target": {"figure": plan.target.figure, "goal": plan.target.goal, "near": plan.target.near,
                   "text": plan.target.text()},
        "keep": [{"figure": c.figure, "op": c.op, "bound": c.bound, "text": c.text()} for c in plan.keep],
        "seed": plan.seed, "hands": schedule[-1], "players": plan.players, "bots": [str(s) for s in plan.seats],
        "session": SESSION, "paired": paired,
        "each": plan.each,
        "search": {"method": "every point" if len(schedule) == 1 else "successive halving",
                   "rounds": list(schedule), "points": len(points)},
        "points": out_points, "finalists": ranked, "winner": winner,
        "chance_best": {str(p): c for p, c in chances.items()}, "versus": versus, "binding": binding,
        "recheck": recheck,
        **({"skill": trace.settings()} if (trace := plan.trace()) is not None else {}),
        "notes": list(notes),
        "definitions": {name: f.definition for name, f in FIGURES.items()},
    }


def contenders(sums: DesignSums, ranked: Sequence[int], points: int, keep: Sequence[Constraint]) -> list[int]:
    """The ranked finalists that may win: those that keep every bound (exact where counted, else by the
    estimate) and play unlike every point ranked above them, best first."""
    order = [*ranked, *(q for q in range(points) if q not in ranked)]
    return [p for i, p in enumerate(ranked)
            if all(c.keeps(sums.known(p, figure(c.figure))[0]) for c in keep)
            and not any(sums.identical(p, q) for q in order[:i])]


def recheck_json(plan: DesignPlan, first: Sequence[int], fresh: DesignSums, seed: int, hands: int) -> dict[str, Any]:
    """The contenders played again on fresh deals (``seed``): their order there, whether the first run's best
    is best again (the ranking *holds*), and each one's target figure on the fresh deals."""
    target = figure(plan.target.figure)
    order = rank(fresh, first, plan.target, plan.keep)
    figures = {}
    for p in first:
        value, ci = fresh.estimate(p, target)
        figures[str(p)] = {"value": value, "ci95": list(ci)}
    return {"seed": seed, "hands": hands, "points": list(first), "order": order, "holds": order[0] == first[0],
            "same_order": list(order) == list(first), "figures": figures}


def _better_side(target: Target, winner: float, other: float, lo: float, hi: float) -> bool:
    """Whether the winner's lead over ``other`` is settled (the interval of winner - other on its side)."""
    if target.goal == "min":
        return hi < 0
    if target.goal == "max":
        return lo > 0
    near = target.near or 0.0
    if (winner - near) * (other - near) >= 0:  # both on one side of the aim: the nearer must be settled
        return hi < 0 if other > near else lo > 0
    return False  # on either side of the aim: the paired interval of the figure does not settle distance


def _chances(sums: DesignSums, points: Sequence[int], target: Target, rng: np.random.Generator) -> dict[int, float]:
    """Each point's chance of scoring best, from a multivariate normal of the target estimates (certain
    where the target is counted exactly)."""
    if len(points) < 2:
        return {p: 1.0 for p in points}
    f = figure(target.figure)
    means = np.array([sums.known(p, f)[0] for p in points])
    k = len(points)
    if all(sums.exact_value(p, f) is not None for p in points):  # counted exactly: no chance about it
        scores = [target.score(m) for m in means]
        tied = [p for p, s in zip(points, scores, strict=True) if s == min(scores)]
        return {p: (1 / len(tied) if p in tied else 0.0) for p in points}
    cov = np.zeros((k, k))
    for i, a in enumerate(points):
        cov[i, i] = sums.standard_error(a, f) ** 2
    for i, a in enumerate(points):
        for j in range(i + 1, k):
            b = points[j]
            _, _, se = sums.difference(a, b, f)  # var(a - b) = var a + var b - 2 cov(a, b)
            cov[i, j] = cov[j, i] = (cov[i, i] + cov[j, j] - se * se) / 2
    draws = rng.multivariate_normal(means, cov, size=CHANCE_DRAWS, check_valid="ignore", method="eigh")
    scores = np.vectorize(target.score)(draws)
    best = np.bincount(scores.argmin(axis=1), minlength=k)
    return {p: float(best[i]) / CHANCE_DRAWS for i, p in enumerate(points)}
