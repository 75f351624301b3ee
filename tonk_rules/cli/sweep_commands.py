"""``tonk sweep``: one variant played at each value of one or more of its keys, on the same deals."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click

from tonk_rules.cli.sim_commands import _executor, _load, _players, _players_note, _seats, simulation_options
from tonk_rules.cli.terminal import markup_safe, plain
from tonk_rules.limits import MAX_HANDS

DEFAULT_SWEEP_HANDS = 100_000


def _out_dir(out_dir: str | None, force: bool, names: list[str] | None = None, what: str = "sweep") -> Path | None:
    """``--out`` must be a new (or empty) directory unless ``--force``; checked before anything plays.
    ``names``: the files the command writes there (default: the sweep's)."""
    if out_dir is None:
        if force:
            raise click.BadParameter("--force only lets --out overwrite; there is no --out",
                                     param_hint="'--force'")
        return None
    path = Path(out_dir)
    if path.exists() and not path.is_dir():
        raise click.BadParameter(f"{plain(out_dir)} exists and is not a directory", param_hint="'--out'")
    if path.is_dir() and any(path.iterdir()) and not force:
        raise click.BadParameter(f"{plain(out_dir)} is not empty; choose a new directory or add --force to "
                                 f"overwrite the {what} files in it", param_hint="'--out'")
    from tonk_rules.outputs import why_not_writable_folder
    from tonk_rules.report.sweep_report import sweep_file_names

    # a folder that cannot be created or written, or a file of ours that is a device or a folder, even with --force
    if why := why_not_writable_folder(path, sweep_file_names() if names is None else names, force=True):
        raise click.BadParameter(plain(why), param_hint="'--out'")
    return path


def _parsed_options(options: Iterable[tuple[str, Callable[[str], Any], Iterable[str]]]) -> dict[str, tuple[Any, ...]]:
    """Each option's texts parsed (``(name, parse, texts)``): a text that does not parse is a usage error
    naming its option; a ``--with`` key given twice likewise."""
    from tonk_rules.errors import SimulationError

    parsed: dict[str, tuple[Any, ...]] = {}
    for option, parse, texts in options:
        try:
            parsed[option] = tuple(parse(text) for text in texts)
        except SimulationError as exc:
            raise click.BadParameter(plain(str(exc)), param_hint=f"'{option}'") from None
    companions = parsed.get("--with", ())
    if len({key for key, _ in companions}) != len(companions):
        raise click.BadParameter("a key is given twice", param_hint="'--with'")
    return parsed


def _emit(data: dict[str, Any], folder: Path | None, write: Callable[[dict[str, Any], Path], list[Path]],
          as_json: bool) -> list[Path] | None:
    """A sweep's or a design's result out: its notes on stderr, its files into ``folder`` (when given), and
    its JSON on stdout with ``as_json`` (then None: nothing more to print); else the files written."""
    for line in data.get("notes", []):
        click.echo(plain(line), err=True)
    written = write(data, folder) if folder is not None else []
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return None
    return written


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
def sweep(variant: str, vary: tuple[str, ...], companions: tuple[str, ...], hands: int, players: int | None,
          seed: int, workers: int | None, executor: str, address: str | None, budget: int | None,
          bots: str | None, out_dir: str | None, force: bool, as_json: bool) -> None:
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

    target = _out_dir(out_dir, force)
    parsed = _parsed_options((("--vary", parse_vary, vary), ("--with", parse_with, companions)))
    varied = tuple((key, tuple(values)) for key, values in parsed["--vary"])
    with_values = parsed["--with"]
    tables = _load((variant,))
    given, players = players, _players(tables, players)
    seats = _seats(bots, players, budget)
    run = _executor(executor, workers, address)
    plan = SweepPlan(variant, varied, hands, players, seed, seats, with_values)
    data = run_sweep(plan, run, lambda jobs, ex: run_with_feedback(jobs, ex, "sweeping"))
    from tonk_rules.report.sweep_report import write_sweep

    written = _emit(data, target, write_sweep, as_json)
    if written is None:
        return
    _print_sweep(data, _players_note(tables, given, players))
    if target is not None:
        click.echo(f"Written: {plain(str(target / 'sweep.html'))} (also sweep.md, sweep.json and "
                   f"{len(written) - 3} PNG plots in {plain(str(target))})")


def _print_sweep(data: dict[str, Any], note: str | None) -> None:
    """The findings in words, then the figures (points across) and each point's difference from the first,
    in tables that fit the terminal (``COLUMNS``; 80 when piped): split side by side, intervals on a second
    line or left out, as :func:`~tonk_rules.cli.sim_tables._print_tables` does for ``tonk simulate``."""
    from tonk_rules.cli.sim_tables import _console, _print_tables, wrapped
    from tonk_rules.report.sweep_findings import sweep_findings
    from tonk_rules.report.sweep_report import column_names, difference_note, difference_rows, table_rows

    console = _console()
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
    _print_tables(console, "Figures; brackets: 95% intervals", [markup_safe(h) for h in headers[len(keys):]],
                  [[row[i] for row in body] for i in range(len(keys), len(headers))], names)
    headers, body = difference_rows(data)
    if body:
        click.echo()
        click.echo(wrapped(plain(difference_note(data))))
        _print_tables(console, "Difference from the first point; brackets: 95% intervals",
                      [markup_safe(row[0]) for row in body], [row[1:] for row in body], names[1:], keep=0,
                      split_first=True)
