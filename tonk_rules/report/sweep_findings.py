"""A sweep's findings in words: points that play alike, the largest settled effects, trends along the axis.

Each sentence rests on the differences from the first point and their 95% intervals (paired per deal where
the points deal the same cards): an effect is *settled* when its interval excludes zero, and only settled
effects are reported as effects; a sweep where none is settled says so in one sentence.

- **Alike.** A point whose every per-hand figure equals the first point's on every deal (paired sums of
  squared differences all zero) plays exactly as it: on these hands the change made no difference to any move.
  Points whose figures agree to the last digit are said to play alike too.
- **Largest effects.** For each figure, the point that moves it most (settled), the figures ordered by how
  clearly they moved (the difference over its standard error), at most :data:`MOST_FINDINGS`.
- **Trends.** With one varied key and three or more points, a figure that rises (or falls) at every step
  of the axis, with its end-to-end change settled, is said to rise (fall) steadily.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tonk_rules.sim.stats import Z95, percent
from tonk_rules.sim.sweep import point_label

#: Sentences about effects, at most (the difference table has the rest).
MOST_FINDINGS = 4


def _values_of(data: dict[str, Any]) -> dict[str, list[tuple[float, tuple[float, float]]]]:
    """Each main figure's value and interval at every point (the figure names of the difference table)."""
    out: dict[str, list[tuple[float, tuple[float, float]]]] = {}
    for point in data["points"]:
        f = point["figures"]
        for ending, cell in f["endings"].items():
            out.setdefault(f"ends: {ending}", []).append((cell["fraction"], tuple(cell["ci95"])))
        out.setdefault("mean turns", []).append((f["mean_turns"]["mean"], tuple(f["mean_turns"]["ci95"])))
        for p in f["positions"]:
            out.setdefault(f"position {p['position']} mean net", []).append(
                (p["mean_net"]["mean"], tuple(p["mean_net"]["ci95"])))
    return out


def _shown(figure: str, value: float) -> str:
    if figure.startswith("ends: "):
        return percent(value)
    return f"{value:+.3f}" if "net" in figure else f"{value:.2f}"


def _change(figure: str, d: dict[str, Any]) -> str:
    lo, hi = d["ci95"]
    if figure.startswith("ends: "):
        return f"{100 * d['value']:+.2f} points [{100 * lo:+.2f}, {100 * hi:+.2f}]"
    n = 3 if "net" in figure else 2
    return f"{d['value']:+.{n}f} [{lo:+.{n}f}, {hi:+.{n}f}]"


def _settled(d: dict[str, Any]) -> bool:
    lo, hi = d["ci95"]
    return bool(lo > 0 or hi < 0)


def _clearness(d: dict[str, Any]) -> float:
    lo, hi = d["ci95"]
    se = (hi - lo) / (2 * Z95)
    return abs(d["value"]) / se if se > 0 else 0.0


def sweep_findings(data: dict[str, Any]) -> list[str]:
    """The sweep's findings, as sentences (empty for a sweep of one point)."""
    points = data["points"]
    if len(points) < 2:
        return []
    first = point_label(points[0]["values"])
    out = _alike(points, first)
    identical = {i for i, p in enumerate(points[1:], 1) if p["difference"].get("identical")}
    values = _values_of(data)
    trends = _trends(data, values)
    moves: list[tuple[float, str]] = []
    for figure in points[1]["difference"]["figures"]:
        settled = [(i, p["difference"]["figures"][figure]) for i, p in enumerate(points[1:], 1)
                   if i not in identical and _settled(p["difference"]["figures"][figure])]
        if not settled or figure in trends:
            continue
        i, d = max(settled, key=lambda pair: abs(pair[1]["value"]))
        was, now = values[figure][0][0], values[figure][i][0]
        moves.append((_clearness(d), f"{figure}: the largest change is at {point_label(points[i]['values'])}, "
                                     f"{_change(figure, d)} against the first point ({_shown(figure, was)} → "
                                     f"{_shown(figure, now)})."))
    moves.sort(key=lambda m: -m[0])
    out += list(trends.values())[:MOST_FINDINGS]
    out += [text for _, text in moves[:max(1, MOST_FINDINGS - len(trends))]]
    from tonk_rules.sim.in_play_tally import RARE

    for rule in data.get("in_play", []):  # a varied rule the players (nearly) never met cannot show its effect
        counted = [h for h in rule["hands"].values() if h is not None]
        if counted and max(counted) < RARE * data["hands"]:
            out.append(rule["said"])
    if not moves and not trends and len(identical) < len(points) - 1:
        out.append(f"No difference from the first point ({first}) is settled: every point plays within chance "
                   "of it on these hands (more hands may separate them).")
    return out


def _alike(points: Sequence[dict[str, Any]], first: str) -> list[str]:
    out = []
    same = [point_label(p["values"]) for p in points[1:] if p["difference"].get("identical")]
    if same:
        verb = "plays" if len(same) == 1 else "play"
        out.append(f"{_listed(same)} {verb} exactly as the first point ({first}) on every deal: on these hands "
                   "the change made no difference to any move.")
    groups: dict[str, list[str]] = {}
    for p in points:
        if not p.get("difference", {}).get("identical"):
            groups.setdefault(repr(p["figures"]), []).append(point_label(p["values"]))
    for labels in groups.values():
        if len(labels) > 1:
            out.append(f"{_listed(labels)} have the same figures to the last digit: they play alike.")
    return out


def _trends(data: dict[str, Any], values: dict[str, list[tuple[float, tuple[float, float]]]]) -> dict[str, str]:
    """Figure -> its sentence, for each figure that moves the same way at every step of a one-key axis
    (three points or more) with its end-to-end change settled; the clearest first."""
    if len(data["vary"]) != 1 or len(data["points"]) < 3:
        return {}
    [(key, axis)] = data["vary"].items()
    last = data["points"][-1]["difference"]["figures"]
    found = []
    for figure, series in values.items():
        ys = [v for v, _ in series]
        steps = [b - a for a, b in zip(ys, ys[1:], strict=False)]
        if figure not in last or not _settled(last[figure]):
            continue
        if all(s > 0 for s in steps) or all(s < 0 for s in steps):
            way = "rises" if steps[0] > 0 else "falls"
            path = ", ".join(f"{_shown(figure, y)} at {point_label({key: x}).split('=', 1)[1]}"
                             for x, y in zip(axis, ys, strict=True))
            change = _change(figure, last[figure])
            found.append((_clearness(last[figure]), figure,
                          f"{figure} {way} steadily with {key}: {path} (first to last: {change})."))
    return {figure: text for _, figure, text in sorted(found, key=lambda t: -t[0])}


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
