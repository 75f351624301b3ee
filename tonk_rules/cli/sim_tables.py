"""Terminal tables (rich) for ``tonk simulate`` and ``tonk compare``; every text from a file is escaped."""

from __future__ import annotations

import shutil
from typing import Any

from rich.console import Console
from rich.table import Table

from tonk_rules.cli.terminal import markup_safe
from tonk_rules.report.compare import Row, mark
from tonk_rules.sim.stats import percent


def _console() -> Console:
    return Console(width=max(100, shutil.get_terminal_size().columns))


def _pct(p: dict[str, Any]) -> str:
    lo, hi = p["ci95"]
    return f"{percent(p['fraction'])} [{percent(lo)[:-1]}, {percent(hi)[:-1]}]"


def _mean(m: dict[str, Any], digits: int = 2) -> str:
    lo, hi = m["ci95"]
    return f"{m['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def print_simulation(data: dict[str, Any]) -> None:
    """The figures of ``tonk simulate``, variants side by side, with 95% intervals."""
    variants: dict[str, Any] = data["variants"]
    table = Table(title=f"{data['hands']:,} hands per variant, {data['players']} players, seed {data['seed']}; "
                        "brackets: 95% intervals")
    table.add_column("figure")
    for name in variants:
        table.add_column(markup_safe(name), justify="right")
    first = next(iter(variants.values()))
    lines: list[tuple[str, list[str]]] = []
    for ending in first["endings"]:
        lines.append((f"ends: {ending}", [_pct(v["endings"][ending]) for v in variants.values()]))
    lines.append(("deal check (exact)", [percent(v['deal_check']['exact']) for v in variants.values()]))
    lines.append(("mean actions per hand", [_mean(v["mean_actions"]) for v in variants.values()]))
    lines.append(("mean turns per hand", [_mean(v["mean_turns"]) for v in variants.values()]))
    for s, seat in enumerate(first["seats"]):
        label = f"seat {seat['seat']} ({seat['bot']})"
        lines.append((f"{label} win rate", [_pct(v["seats"][s]["win_rate"]) for v in variants.values()]))
        lines.append((f"{label} mean net", [_mean(v["seats"][s]["mean_net"], 3) for v in variants.values()]))
    for bot in first["bots"]:
        lines.append((f"bot {bot} mean net", [_mean(v["bots"][bot], 3) for v in variants.values()]))
    lines.append(("hands ended by a knock", [f"{v['knocks']:,}" for v in variants.values()]))
    for label, values in lines:
        table.add_row(markup_safe(label), *values)
    _console().print(table)


def print_comparison(names: list[str], rows: list[Row], note: str) -> None:
    """The side-by-side figures of ``tonk compare``, significant differences marked."""
    table = Table(title=" vs ".join(markup_safe(n) for n in names) + " in play")
    table.add_column("figure")
    for name in names:
        table.add_column(markup_safe(name), justify="right")
    table.add_column("significant" if len(names) > 2 else "", justify="center")
    for row in rows:
        style = "bold" if row.significant else None
        table.add_row(markup_safe(row.label), *row.values, markup_safe(mark(row, len(names))), style=style)
    console = _console()
    console.print(table)
    console.print(markup_safe(note))
