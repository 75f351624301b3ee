"""The words of ``tonk design``'s verdict: each figure's change said by its direction, and what a target asks.

A difference is never left for the reader to turn around: "makes hands 0.05 turns longer", not "-0.047
turns per hand". Each figure says what it is about (*hands*, *a deal tonk*), its unit, and the words for up
and down.

    >>> change("turns", 0.047, (0.02, 0.07))
    'makes hands 0.05 turns longer (95% interval: 0.02 to 0.07 longer)'
    >>> change("deal_tonk", -0.0031, (-0.0050, -0.0012))
    'makes a deal tonk 0.31 pt rarer (95% interval: 0.12 to 0.50 rarer)'
    >>> change("turns", 0.01, (-0.02, 0.04))
    'makes hands 0.01 turns longer (95% interval: from 0.02 shorter to 0.04 longer)'
    >>> change("deal_tonk", 0.0, (0.0, 0.0))
    'leaves a deal tonk exactly as common'
    >>> aim("turns", "min"), aim("lead_changes", "max"), aim("turns", "near", 8)
    ('makes hands shorter', 'makes the lead change hands more often', 'brings turns per hand nearer 8')
"""

from __future__ import annotations

from dataclasses import dataclass

from tonk_rules.sim.design_figures import FIGURES, figure


@dataclass(frozen=True)
class Direction:
    """How a figure's change is said: ``subject`` (what changes), ``unit`` after the amount (empty for
    none; ``pt`` for a share, in percentage points), the word for a higher and a lower value, and the word
    for no change at all."""

    subject: str
    unit: str
    up: str
    down: str
    same: str


_DIRECTIONS = {
    "turns": Direction("hands", "turns", "longer", "shorter", "as long"),
    "deal_tonk": Direction("a deal tonk", "pt", "more common", "rarer", "as common"),
    "decided_at_deal": Direction("a hand decided at the deal", "pt", "more common", "rarer", "as common"),
    "stakes": Direction("the stakes that change hands", "per hand", "higher", "lower", "as high"),
    "stakes_spread": Direction("the stakes' swings", "", "wider", "narrower", "as wide"),
    "first_edge": Direction("the first player's edge", "per hand", "larger", "smaller", "as large"),
    "dealer_edge": Direction("the dealer's edge", "per hand", "larger", "smaller", "as large"),
    "lead_changes": Direction("the lead change hands", "times a session", "more often", "less often",
                              "as often"),
    "winner_clear": Direction("a session's winner clear", "pt of the session", "later", "earlier", "as early"),
}


def direction(name: str) -> Direction:
    """The words for figure ``name`` (an ending's share: a hand ending that way, more common or rarer)."""
    if name in _DIRECTIONS:
        return _DIRECTIONS[name]
    ending = name.removeprefix("ends.").replace("_", " ")
    return Direction(f"a hand ending by {ending}", "pt", "more common", "rarer", "as common")


def _amount(name: str, value: float) -> str:
    """A change's size without its sign, in the figure's unit (a share in percentage points)."""
    f = figure(name)
    size = abs(value) * (100 if f.percent else 1)
    digits = 3 if f.name.endswith("_edge") else 2
    unit = direction(name).unit
    return f"{size:.{digits}f}" + (f" {unit}" if unit else "")


def change(name: str, value: float, ci95: tuple[float, float]) -> str:
    """What going from one point to another does to figure ``name``: ``value`` (the other minus the one)
    said by its direction, with its interval in the same words."""
    d = direction(name)
    if value == 0 and ci95[0] == ci95[1] == 0:
        return f"leaves {d.subject} exactly {d.same}"
    word = d.up if value > 0 else d.down
    lo, hi = ci95
    bare = _amount(name, 0.0).split(" ", 1)
    scale, digits = (100 if figure(name).percent else 1), len(bare[0].split(".")[1])
    if lo >= 0 or hi <= 0:  # the interval on one side: said in the one word
        near, far = sorted((abs(lo), abs(hi)))
        interval = f"{scale * near:.{digits}f} to {scale * far:.{digits}f} {word}"
    else:
        interval = f"from {scale * -lo:.{digits}f} {d.down} to {scale * hi:.{digits}f} {d.up}"
    return f"makes {d.subject} {_amount(name, value)} {word} (95% interval: {interval})"


def aim(name: str, goal: str, near: float | None = None) -> str:
    """What a target asks of a candidate, as a verb phrase ("makes hands shorter")."""
    if goal == "near":
        return f"brings {FIGURES[name].label} nearer {near:g}"
    d = direction(name)
    return f"makes {d.subject} {d.down if goal == 'min' else d.up}"
