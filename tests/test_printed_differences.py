"""Every difference a table prints is the difference of the values printed beside it (within rounding).

A reader checks a table by subtracting what it shows; a difference tested on another quantity (strategic
depth's win share, printed beside its order) reads as an arithmetic mistake. Each test here takes the
printed cells apart and recomputes the difference from them.
"""

from __future__ import annotations

import re

import pytest

from tonk_rules.bots.specs import parse_spec
from tonk_rules.report.build import Plan, load_tables, run_comparison
from tonk_rules.report.compare import VariantFigures, compare
from tonk_rules.sim.depth import Depth
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.stats import Moments
from tonk_rules.sim.tally import Tally

_NUMBER = re.compile(r"[+\-]?\d+(?:\.\d+)?(?:e[+-]\d+)?")


def _numbers(text: str) -> list[tuple[float, float]]:
    """Each number in ``text`` with half a unit of its last printed digit (its rounding)."""
    out = []
    for raw in _NUMBER.findall(text.replace("−", "-")):
        digits = len(raw.split(".")[1]) if "." in raw and "e" not in raw else 0
        out.append((float(raw), 0.5 * 10.0 ** -digits if "e" not in raw else abs(float(raw))))
    return out


def _check_row(label: str, first: str, other: str, difference: str) -> None:
    """``difference`` (value first) is ``other - first`` (each value its first number) within rounding."""
    (a, ra), (b, rb) = _numbers(first)[0], _numbers(other)[0]
    (d, rd) = _numbers(difference)[0]
    scale = 100 if "pt" in difference else 1  # a rate's values are percentages, its difference points
    if scale == 1 and first.split(" ")[0].endswith("%"):
        pytest.fail(f"{label}: a rate's difference without its unit: {difference}")
    slack = ra + rb + rd + 1e-12
    assert abs(d - (b - a)) <= slack, (f"{label}: printed {first!r} and {other!r}, so {b - a:+.4f}, "
                                       f"but the difference printed is {difference!r}")


def _depth(players: int, share: float, hands: int) -> Depth:
    """A strong bot that won ``share`` of ``hands`` decided hands outright (each hand's share 0 or 1)."""
    wins = round(share * hands)
    return Depth(players, Moments(hands, wins, wins))


def test_the_depth_difference_is_a_difference_of_the_orders_printed() -> None:
    # at 3 players a change of win share of 0.02 is a change of order of 0.03: the row printed orders
    # 0.400 and 0.430 and a difference of +0.020 before (the win share's), which nobody can subtract to
    a, b = Tally.empty(3), Tally.empty(3)
    a.hands = b.hands = 1000
    first = VariantFigures("a", a, _depth(3, 0.60, 20_000), None)
    second = VariantFigures("b", b, _depth(3, 0.62, 20_000), None)
    rows, tests = compare([first, second])
    row = next(r for r in rows if r.label == "strategic depth (order)")
    assert row.values[0].startswith("0.400") and row.values[1].startswith("0.430")
    assert row.differences[0].startswith("+0.030"), row.differences[0]
    test = next(t for t in tests if t.metric == "strategic depth (order)")
    lo, hi = test.difference.ci95
    assert lo < 0.030 < hi and hi - lo < 0.03  # the interval is in order units too, around the printed +0.030
    _check_row(row.label, row.values[0], row.values[1], row.differences[0])


@pytest.mark.slow  # a small comparison of two variants: simulation and depth hands
def test_every_printed_difference_of_compare_is_recomputed_from_the_printed_values() -> None:
    plan = Plan(hands=1200, depth_hands=900, players=3, seed=5, seats=(parse_spec("greedy"),) * 3,
                strong=parse_spec("greedy"), weak=parse_spec("random"))
    c = run_comparison(load_tables(["russian", "pagat"]), plan, make_executor("local", 1))
    checked = 0
    for row in c.rows:
        difference = row.differences[0] if row.differences else ""
        if not difference or "—" in row.values:
            continue
        _check_row(row.label, row.values[0], row.values[1], difference)
        checked += 1
    assert checked >= 15  # every tested row, depth among them
    assert any(r.label == "strategic depth (order)" and r.differences[0] for r in c.rows)


def test_every_printed_difference_of_a_sweep_is_recomputed_from_its_points_table() -> None:
    from tonk_rules.report.sweep_report import difference_rows, table_rows
    from tonk_rules.sim.sweep import SweepPlan, run_sweep

    plan = SweepPlan("russian", (("deal_check.at_most", (11, 17)),), 600, 3, 3, (parse_spec("greedy"),) * 3)
    data = run_sweep(plan, make_executor("local", 1))
    headers, rows = table_rows(data)
    figure_names, differences = difference_rows(data)
    assert len(differences) >= 4 and figure_names[1:] == ["deal_check.at_most=17"]
    for name, printed in differences:
        column = headers.index(name)  # the difference table names each figure as the points table heads it
        _check_row(name, rows[0][column], rows[1][column], printed)
