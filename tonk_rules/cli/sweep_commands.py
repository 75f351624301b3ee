"""``tonk sweep``: one variant played at each value of one or more of its keys, on the same deals."""

from __future__ import annotations

import textwrap
from typing import Any

import click

from tonk_rules.cli.sim_options import (
    executor_for,
    load_rulesets,
    players_note,
    seat_specs,
    simulation_options,
    skill_options,
    skill_trace_of,
    table_players,
)
from tonk_rules.cli.sweep_options import checked_out_dir, emit_result, parsed_options
from tonk_rules.cli.terminal import markup_safe, plain
from tonk_rules.limits import MAX_HANDS

DEFAULT_SWEEP_HANDS = 100_000


@click.command()
@click.argument("variant")
@click.option("--vary", "vary", multiple=True, required=True, metavar="KEY=V1,V2,…",
              help="A dotted variant key and its values (YAML scalars), e.g. deal_check.at_most=13,15,17. "
                   "Repeat for a grid.")
@click.option("--with", "companions", multiple=True, metavar="KEY=V",
              help="A value every point inherits, dropped (with a note) at a point whose change makes it "
                   "meaningless, e.g. dealer.after_void=next beside --vary stock_exhaustion.when_empty=….")
@click.option("--hands", "-n", type=click.IntRange(1, MAX_HANDS), default=DEFAULT_SWEEP_HANDS, show_default=True,
              help="Hands at each point.")
@simulation_options
@click.option("--bots", default=None, help="Bot spec per seat, or one for every seat. Default: reckoner.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write sweep.json, sweep.md, sweep.html and PNG plots into this new directory.")
@click.option("--force", is_flag=True, help="Let --out write into a directory that is not empty.")
@click.option("--json", "as_json", is_flag=True, help="Print the sweep's JSON instead of the table.")
@skill_options("none", "each point's")
def sweep(variant: str, vary: tuple[str, ...], companions: tuple[str, ...], hands: int, players: int | None,
          seed: int, workers: int | None, executor: str, address: str | None, budget: int | None,
          bots: str | None, out_dir: str | None, force: bool, as_json: bool, skill_trace: str,
          skill_hands: int | None) -> None:
    """Play VARIANT at each value of the varied keys (a grid for several), on the same deals, and show how
    every figure moves, with 95% intervals and the exact deal-check odds.

    Each point is the house file `extends: VARIANT` plus the change, checked like any house file.

    \b
    Examples:
      tonk sweep russian --vary deal_check.at_most=13,14,15,16,17
      tonk sweep pagat --vary knocking.max_count=5,10 --vary deal.upcard=true,false --out sweep/
      tonk sweep russian --vary stock_exhaustion.when_empty=end_lowest_wins,reshuffle --with dealer.after_void=next
    """

    from tonk_rules.sim.progress import run_with_feedback
    from tonk_rules.sim.sweep import SweepPlan, parse_vary, parse_with, run_sweep

    target = checked_out_dir(out_dir, force)
    parsed = parsed_options((("--vary", parse_vary, vary), ("--with", parse_with, companions)))
    varied = tuple((key, tuple(values)) for key, values in parsed["--vary"])
    with_values = parsed["--with"]
    tables = load_rulesets((variant,))
    given, players = players, table_players(tables, players)
    seats = seat_specs(bots, players, budget)
    run = executor_for(executor, workers, address)
    plan = SweepPlan(variant, varied, hands, players, seed, seats, with_values,
                     skill_trace_of(skill_trace, skill_hands))
    data = run_sweep(plan, run, lambda jobs, ex: run_with_feedback(jobs, ex, "sweeping"))
    from tonk_rules.report.sweep_report import write_sweep

    written = emit_result(data, target, write_sweep, as_json)
    if written is None:
        return
    _print_sweep(data, players_note(tables, given, players))
    if target is not None:
        click.echo(f"Written: {plain(str(target / 'sweep.html'))} (also sweep.md, sweep.json and "
                   f"{len(written) - 3} PNG plots in {plain(str(target))})")


def _print_sweep(data: dict[str, Any], note: str | None) -> None:
    """The findings in words, then the figures (points across) and each point's difference from the first,
    in tables that fit the terminal (``COLUMNS``; 80 when piped): split side by side, intervals on a second
    line or left out, as :func:`~tonk_rules.cli.sim_tables.print_tables` does for ``tonk simulate``."""
    from tonk_rules.cli.sim_tables import print_tables, sized_console, wrapped
    from tonk_rules.report.sweep_findings import sweep_findings
    from tonk_rules.report.sweep_report import column_names, difference_note, difference_rows, table_rows

    console = sized_console()
    if note:
        click.echo(wrapped(note))
    keys = list(data["vary"])
    click.echo(wrapped(plain(f"{data['variant']}: {data['hands']:,} hands per point, {data['players']} players, "
                             f"seed {data['seed']}, "
                             f"{'the same deals at every point' if data['paired'] else 'different deals'}. Columns: "
                             f"{', '.join(keys)}.")))
    findings = sweep_findings(data)
    if findings:
        click.echo()
        for line in findings:
            click.echo(textwrap.fill(plain(line), width=console.width, initial_indent="- ", subsequent_indent="  ",
                                     break_long_words=False, break_on_hyphens=False))
        click.echo()
    headers, body = table_rows(data)
    names = column_names(data)
    print_tables(console, "Figures; brackets: 95% intervals", [markup_safe(h) for h in headers[len(keys):]],
                  [[row[i] for row in body] for i in range(len(keys), len(headers))], names)
    headers, body = difference_rows(data)
    if body:
        click.echo()
        click.echo(wrapped(plain(difference_note(data))))
        print_tables(console, "Difference from the first point; brackets: 95% intervals",
                      [markup_safe(row[0]) for row in body], [row[1:] for row in body], names[1:], keep=0,
                      split_first=True)
