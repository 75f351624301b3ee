"""``tonk design``: search the house rules of a grid of values for the point that best meets a target."""

from __future__ import annotations

import textwrap
from dataclasses import replace
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

DEFAULT_DESIGN_HANDS = 40_000


def _figures_help() -> str:
    from tonk_rules.sim.design_figures import FIGURES

    return ", ".join(FIGURES)


@click.command()
@click.argument("base")
@click.option("--vary", "vary", multiple=True, required=True, metavar="KEY=V1,V2,…",
              help="A dotted variant key and the values to try (YAML scalars). Repeat for a grid.")
@click.option("--target", "target", required=True, metavar="FIGURE=min|max, FIGURE~VALUE",
              help="The figure to make lowest, highest or as near a value as can be, e.g. turns=min.")
@click.option("--keep", "keep", multiple=True, metavar="FIGURE<=VALUE",
              help="A bound a point must keep (<=, >=, <, >; a share may be written 2%), e.g. deal_tonk<=2%. "
                   "Repeat for several.")
@click.option("--with", "companions", multiple=True, metavar="KEY=V",
              help="A value every point inherits, dropped at a point whose change makes it meaningless.")
@click.option("--each", is_flag=True,
              help="Try each --vary value alone against BASE as it is (BASE one of the points), not the grid "
                   "of their combinations.")
@click.option("--hands", "-n", type=click.IntRange(1, MAX_HANDS), default=DEFAULT_DESIGN_HANDS, show_default=True,
              help="Hands each point plays (a large grid: the finalists; the others fewer).")
@simulation_options
@click.option("--bots", default=None, help="Bot spec per seat, or one for every seat (default: the default "
                                           "players).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write the winner as winner.yaml, and design.json, design.md, design.html and PNG plots, "
                   "into this new directory.")
@click.option("--force", is_flag=True, help="Let --out write into a directory that is not empty.")
@click.option("--json", "as_json", is_flag=True, help="Print the design's JSON instead of the summary.")
@skill_options(None, "every point's", unnamed=" (default: short where --target or --keep names skill, else none)")
def design(base: str, vary: tuple[str, ...], target: str, keep: tuple[str, ...], companions: tuple[str, ...],
           each: bool, hands: int, players: int | None, seed: int, workers: int | None, executor: str,
           address: str | None, budget: int | None, bots: str | None, out_dir: str | None, force: bool,
           as_json: bool, skill_trace: str | None, skill_hands: int | None) -> None:
    """Find the house rules that best meet a target: every combination of the --vary values is BASE plus
    that change; each plays the same deals with the default players, and the best point that keeps every
    --keep bound wins, with 95% intervals, the constraints that bind and how sure the ranking is.

    A small grid is played whole; a large one by successive halving (the better half of the points play on).

    \b
    Figures: turns, deal_tonk, decided_at_deal, ends.ENDING, stakes, stakes_spread, first_edge,
    dealer_edge, lead_changes, winner_clear (docs/simulation.md defines each), skill (each point's skill
    trace: --skill).

    \b
    Examples:
      tonk design russian --vary deal_check.at_most=11,13 --vary hitting.books=none,anyone \\
          --target turns=min --keep "deal_tonk<=2%" --out design/
      tonk design pagat --vary knocking.max_count=5,10,15 --target "lead_changes=max"
      tonk design russian --each --vary deal_check.at_most=13 --vary hitting.books=anyone \\
          --vary knocking.max_count=10 --target turns=min
    """

    from tonk_rules.sim.design_goals import DesignPlan, parse_keep, parse_target
    from tonk_rules.sim.panel import DEFAULT_PLAYER
    from tonk_rules.sim.sweep import parse_vary, parse_with

    folder = checked_out_dir(out_dir, force, names=_design_names(), what="design")
    parsed = parsed_options((("--vary", parse_vary, vary), ("--with", parse_with, companions),
                              ("--keep", parse_keep, keep), ("--target", parse_target, (target,))))
    tables = load_rulesets((base,))
    given, players = players, table_players(tables, players)
    seats = seat_specs(bots if bots is not None else DEFAULT_PLAYER, players, budget)
    run = executor_for(executor, workers, address)
    varied = tuple((key, tuple(values)) for key, values in parsed["--vary"])
    plan = DesignPlan(base, varied, parsed["--target"][0], parsed["--keep"], hands, players, seed, seats,
                      parsed["--with"], each)
    needs_skill = plan.trace() is not None
    if skill_trace == "none" and needs_skill:
        raise click.BadParameter("the target or a --keep bound names skill, which needs a skill trace",
                                 param_hint="'--skill'")
    named = skill_trace if skill_trace is not None else "short" if needs_skill or skill_hands is not None else "none"
    plan = replace(plan, skill=skill_trace_of(named, skill_hands))
    data = _run(plan, run)
    from tonk_rules.report.design_report import write_design

    written = emit_result(data, folder, write_design, as_json)
    if written is None:
        return
    _print_design(data, players_note(tables, given, players))
    if folder is not None:
        from tonk_rules.report.design_report import WINNER_FILE, no_winner_file

        kept = f"the winner as {plain(str(folder / WINNER_FILE))}, " if (folder / WINNER_FILE) in written else ""
        if no_winner_file(data):
            click.echo(_wrap(plain(no_winner_file(data) or "")))
        click.echo(_wrap(f"Written: {kept}{plain(str(folder / 'design.html'))} (also design.md, design.json "
                         f"and {sum(p.suffix == '.png' for p in written)} PNG plots)"))


def _design_names() -> list[str]:
    from tonk_rules.report.design_report import design_file_names

    return design_file_names()


def _run(plan: Any, run: Any) -> dict[str, Any]:
    """The search, with a progress bar on a terminal's stderr."""
    import sys

    from tonk_rules.sim.design import FINALISTS, design_points, rounds_for, run_design

    if not sys.stderr.isatty():
        return run_design(plan, run)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    points = len(design_points(plan))
    schedule = rounds_for(points, plan.hands)
    alive, total, before = points, 0, 0
    for until in schedule:  # the halving's hands: every round's survivors play the round's new hands
        total += alive * (until - before)
        before, alive = until, max(FINALISTS, -(-alive // 2))
    total += min(points, FINALISTS) * schedule[-1]  # at most: the contenders played again on fresh deals
    with Progress(TextColumn("designing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("designing", total=total)
        return run_design(plan, run, progress=lambda chunk: bar.advance(task, chunk.size * len(chunk.points)))


def _wrap(text: str, indent: str = "") -> str:
    from tonk_rules.cli.sim_tables import width

    return textwrap.fill(text, width=width(), subsequent_indent=indent or "", break_long_words=False,
                         break_on_hyphens=False)


def _stacked(text: str) -> str:
    """A value on several lines, split only between its parts: the figure, the rate played, the interval
    (``1.544% exact`` / ``(played 2.17%`` / ``[1.27, 3.67])``), never inside a word or an interval."""
    return text.replace(" (played ", "\n(played ").replace(" [", "\n[")


def _print_design(data: dict[str, Any], note: str | None) -> None:
    from rich.console import Console
    from rich.table import Table

    from tonk_rules.cli.sim_tables import width
    from tonk_rules.report.design_report import findings, headline, point_legend, point_table, settings_text

    if note:
        click.echo(_wrap(note))
    click.echo(_wrap(plain(headline(data))))
    click.echo(_wrap(plain(settings_text(data))))
    click.echo()
    for line in findings(data):
        click.echo(_wrap(f"- {plain(line)}", "  "))
    headers, rows = point_table(data)
    room = width()
    # each value on one line where the table fits so, else split between its parts (figure, rate played,
    # interval); the standing wraps between its words
    inline = sum(max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))) + 3 * len(headers) + 1
    cells = rows if inline <= room else [[row[0], *(_stacked(c) for c in row[1:-1]), row[-1]] for row in rows]
    click.echo()
    click.echo("Every point (the finalists first, best first); the points are:")
    for name, label in point_legend(data):
        click.echo(_wrap(f"  {name}: {plain(label)}", "     "))
    table = Table(title_justify="left")
    for i, header in enumerate(headers):
        longest_word = max(len(word) for text in [header, *(r[i] for r in cells)] for word in text.split())
        table.add_column(markup_safe(header), justify="right" if 0 < i < len(headers) - 1 else "left",
                         min_width=longest_word, overflow="fold")
    for row in cells:
        table.add_row(*(markup_safe(c) for c in row))
    Console(width=room, soft_wrap=False).print(table)
