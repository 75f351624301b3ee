"""``tonk odds | simulate | compare``: exact deal odds, seeded simulation and the variant comparison report."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from tonk_rules.cli.terminal import plain

if TYPE_CHECKING:
    from tonk_rules.bots.specs import BotSpec
    from tonk_rules.ruleset import Ruleset
    from tonk_rules.sim.executors import Executor

DEFAULT_PLAYERS = 3
#: Enough hands that the bare ``tonk compare russian pagat`` separates the endings that differ, in < 30 s.
DEFAULT_COMPARE_HANDS = 400_000
DEFAULT_DEPTH_HANDS = 100_000


def _load(names: tuple[str, ...]) -> list[tuple[str, Ruleset]]:
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.variant.loader import load_variant

    if len(set(names)) != len(names):
        raise click.UsageError("a variant is named twice")
    return [(name, compile_ruleset(load_variant(name).variant)) for name in names]


def _seatable(ruleset: Ruleset) -> set[int]:
    """The table sizes ``ruleset`` seats and its deck can deal."""
    extra = 1 if ruleset.deal.upcard else 0
    return {n for n in range(ruleset.min_players, ruleset.max_players + 1)
            if n * ruleset.deal.hand_size + extra <= len(ruleset.deal.deck)}


def _seats_text(ruleset: Ruleset) -> str:
    low, high = ruleset.min_players, ruleset.max_players
    return f"exactly {low}" if low == high else f"{low} to {high}"


def _players(tables: list[tuple[str, Ruleset]], players: int | None) -> int:
    """The table size: ``--players`` when given (checked), else 3 when every variant seats 3, else the largest
    count every variant seats. No common count is a usage error that names each variant's range."""
    if players is not None:
        for name, ruleset in tables:
            if players not in _seatable(ruleset):
                if ruleset.min_players <= players <= ruleset.max_players:
                    why = f"its {len(ruleset.deal.deck)}-card deck cannot deal {players} hands"
                else:
                    why = f"it seats {_seats_text(ruleset)} players"
                raise click.BadParameter(f"{plain(name)} cannot be played by {players}: {why}",
                                         param_hint="'--players'")
        return players
    common = set.intersection(*(_seatable(r) for _, r in tables))
    if DEFAULT_PLAYERS in common:
        return DEFAULT_PLAYERS
    if not common:
        ranges = "; ".join(f"{plain(name)} seats {_seats_text(r)}" for name, r in tables)
        raise click.UsageError(f"no number of players suits every variant ({ranges}); compare variants that "
                               "share a table size")
    return max(common)


def _players_note(tables: list[tuple[str, Ruleset]], given: int | None, players: int) -> str | None:
    """Say why the table size is not the usual 3 when the user did not choose it."""
    if given is not None or players == DEFAULT_PLAYERS:
        return None
    why = "; ".join(f"{plain(name)} seats {_seats_text(r)}" for name, r in tables
                    if DEFAULT_PLAYERS not in _seatable(r))
    what = "" if len(tables) == 1 else ", the largest number every variant seats"
    return f"{players} players{what}, not the usual {DEFAULT_PLAYERS}: {why}. Choose another with --players."


def _seats(bots: str | None, players: int, budget: int | None = None) -> tuple[BotSpec, ...]:
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.errors import BotSpecError

    text = bots if bots is not None else "greedy"
    try:
        specs = _with_budget(parse_specs(text), text.split(","), budget)
    except BotSpecError as exc:
        raise click.BadParameter(plain(str(exc)), param_hint="'--bots'") from None
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise click.BadParameter(f"give one bot for every seat ({players}), or one bot for all; got {len(specs)}",
                                 param_hint="'--bots'")
    return tuple(specs)


def _with_budget(specs: list[BotSpec], texts: list[str], budget: int | None) -> list[BotSpec]:
    """Apply ``--budget`` (playouts per decision) to every montecarlo bot; misuse is an error, not ignored."""
    from dataclasses import replace

    if budget is None:
        return specs
    if not any(spec.name == "montecarlo" for spec in specs):
        raise click.BadParameter("there is no montecarlo bot to give a budget to", param_hint="'--budget'")
    out = []
    for spec, text in zip(specs, texts, strict=True):
        if spec.name == "montecarlo":
            if "rollouts=" in text and spec.params["rollouts"] != budget:
                raise click.BadParameter(f"{plain(text)} sets rollouts={spec.params['rollouts']}, and --budget "
                                         f"says {budget}", param_hint="'--budget'")
            spec = replace(spec, params={**spec.params, "rollouts": budget})
        out.append(spec)
    return out


def _executor(kind: str, workers: int | None, address: str | None) -> Executor:
    from tonk_rules.errors import SimulationError
    from tonk_rules.sim.executors import make_executor

    if address is not None and kind != "ray":
        raise click.BadParameter("--address is only for --executor ray", param_hint="'--address'")
    try:
        return make_executor(kind, workers, address)
    except SimulationError as exc:
        raise click.ClickException(str(exc)) from None


def _dump(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


@click.command()
@click.argument("variant")
@click.option("--players", "-p", type=click.IntRange(min=1), default=None,
              help="Players at the table (default: 3, or the number the variant seats).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: {hand, table} with fraction and decimal.")
def odds(variant: str, players: int | None, as_json: bool) -> None:
    """The exact probability that a hand is a deal tonk, and that at least one of PLAYERS hands is.

    Counted over the variant's deck and deal check (no sampling), as exact fractions; also the chance
    that exactly one hand qualifies and that several do. A count too large to finish in about 2 s is
    refused at once, with the reason.

    \b
    Examples:
      tonk odds russian
      tonk odds pagat --players 2 --json
    """
    from tonk_rules.sim.odds import deal_tonk_odds

    tables = _load((variant,))
    given, players = players, _players(tables, players)
    result = deal_tonk_odds(tables[0][1], players)
    if as_json:
        click.echo(_dump({"variant": plain(variant), **result.to_json()}), nl=False)
        return
    note = _players_note(tables, given, players)
    if note:
        click.echo(note)
    if not result.deal_check:
        click.echo(f"{plain(variant)} has no deal check: no hand is a deal tonk, whatever the table size")
        return
    click.echo(f"{plain(variant)}, {players} players: deal tonk")
    rows = [("one hand", result.hand), (f"any of {players} hands", result.table)]
    if players > 1:
        rows += [("exactly one hand", result.exactly_one), ("several hands", result.several)]
    for label, p in rows:
        click.echo(f"  {label:<18} {p.numerator}/{p.denominator} = {float(p):.6f} ({float(p):.3%})")


def simulation_options(f: Any) -> Any:
    """Options shared by ``simulate`` and ``compare``."""
    for option in reversed([
        click.option("--players", "-p", type=click.IntRange(min=1), default=None,
                     help="Players at each table (default: 3, or else the largest number every variant "
                          "seats)."),
        click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
                     help="Fixes every random outcome."),
        click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
                     help="Worker processes (default: all cores)."),
        click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="Where chunks run: local processes, or Ray (pip install 'tonk-rules[ray]')."),
        click.option("--address", default=None, help="With --executor ray: the cluster to join (default: "
                                                      "start a local Ray)."),
        click.option("--budget", type=click.IntRange(min=1), default=None,
                     help="Playouts per decision of every montecarlo bot (its rollouts=)."),
    ]):
        f = option(f)
    return f


@click.command()
@click.argument("variants", nargs=-1, required=True)
@click.option("--hands", "-n", type=click.IntRange(min=1), default=100_000, show_default=True,
              help="Hands per variant.")
@simulation_options
@click.option("--bots", default=None, help="Bot spec per seat, comma-separated (greedy, greedy:knock=5, random), "
                                           "or one for every seat. Default: greedy.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def simulate(variants: tuple[str, ...], hands: int, players: int | None, seed: int, workers: int | None, executor: str,
             address: str | None, budget: int | None, bots: str | None, as_json: bool) -> None:
    """Play HANDS seeded hands of each variant with bots and print how they end and who wins.

    The same seed gives the same figures (byte-identical JSON) on any executor and number of workers.

    \b
    Examples:
      tonk simulate russian pagat --hands 200000 --players 3 --seed 1
      tonk simulate pagat --bots greedy:knock=5,random,random --json
    """
    from tonk_rules.sim.odds import table_odds_meanwhile
    from tonk_rules.sim.simulate import Job, run_with_progress, simulation_json

    tables = _load(variants)
    given, players = players, _players(tables, players)
    seats = _seats(bots, players, budget)
    run = _executor(executor, workers, address)
    jobs = [Job(name, ruleset, seats, hands, seed) for name, ruleset in tables]
    exact_odds = table_odds_meanwhile(dict(tables), players)  # counted while the hands play, bounded
    tallies = run_with_progress(jobs, run, "simulating")
    exact = exact_odds()
    settings = {"seed": seed, "hands": hands, "players": players, "bots": [str(s) for s in seats]}
    data = simulation_json(variants, tallies, seats, exact, settings)
    if as_json:
        click.echo(_dump(data), nl=False)
    else:
        from tonk_rules.cli.sim_tables import print_simulation

        print_simulation(data, _players_note(tables, given, players))


@click.command()
@click.argument("variants", nargs=-1, required=True)
@click.option("--hands", "-n", type=click.IntRange(min=1), default=DEFAULT_COMPARE_HANDS, show_default=True,
              help="Hands per variant for the main figures.")
@click.option("--depth-hands", type=click.IntRange(min=1), default=DEFAULT_DEPTH_HANDS, show_default=True,
              help="Hands per variant for strategic depth (strong bot against weak ones).")
@simulation_options
@click.option("--bots", default=None, help="Bot spec per seat for the main figures (default: greedy).")
@click.option("--strong", default="greedy", show_default=True, help="The strong bot of strategic depth.")
@click.option("--weak", default="random", show_default=True, help="The weak bots of strategic depth.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="tonk-report", show_default=True,
              help="Directory for report.html, report.md, comparison.json and the PNG plots.")
def compare(variants: tuple[str, ...], hands: int, depth_hands: int, players: int | None, seed: int,
            workers: int | None, executor: str, address: str | None, budget: int | None, bots: str | None,
            strong: str, weak: str, out_dir: str) -> None:
    """Compare variants in play: the rules that differ and simulated figures side by side.

    Writes an HTML report (self-contained), a Markdown report, the figures as JSON and PNG plots into
    --out, and prints a summary. Differences that are statistically significant are marked.

    \b
    Examples:
      tonk compare russian pagat
      tonk compare pagat pagat-no-upcard my-table.yaml --hands 400000 --out report/
    """
    from pathlib import Path

    from tonk_rules.cli.sim_tables import print_comparison, wrapped
    from tonk_rules.report.build import Plan, run_comparison, write_report
    from tonk_rules.report.compare import TEST_NOTE
    from tonk_rules.sim.simulate import run_with_progress
    from tonk_rules.variant.loader import load_variant

    if len(variants) < 2:
        raise click.UsageError("name two or more variants to compare")
    tables = _load(variants)
    given, players = players, _players(tables, players)
    seats = _seats(bots, players)
    strong_bot, weak_bot = _one_bot(strong, "--strong"), _one_bot(weak, "--weak")
    if budget is not None:  # every montecarlo bot of the report: the seats, the strong and the weak bot
        seat_texts = (bots or "greedy").split(",")
        if len(seat_texts) == 1:
            seat_texts *= players
        *seated, strong_bot, weak_bot = _with_budget([*seats, strong_bot, weak_bot], [*seat_texts, strong, weak],
                                                     budget)
        seats = tuple(seated)
    plan = Plan(hands=hands, depth_hands=depth_hands, players=players, seed=seed, seats=seats,
                strong=strong_bot, weak=weak_bot)
    run = _executor(executor, workers, address)
    comparison = run_comparison([load_variant(v) for v in variants], plan, run,
                                lambda jobs, ex: run_with_progress(jobs, ex, "simulating"))
    written = write_report(comparison, Path(out_dir))
    note = _players_note(tables, given, players)
    if note:
        click.echo(wrapped(note))
    print_comparison(comparison.names, comparison.rows, TEST_NOTE.format(m=len(comparison.tests)))
    click.echo(wrapped(f"Report: {plain(str(written[-3]))} (also {plain(str(written[-2]))}, comparison.json and "
                       f"{len(written) - 3} PNG plots in {plain(out_dir)})"))


def _one_bot(text: str, option: str) -> BotSpec:
    from tonk_rules.bots.specs import parse_spec
    from tonk_rules.errors import BotSpecError

    try:
        return parse_spec(text)
    except BotSpecError as exc:
        raise click.BadParameter(plain(str(exc)), param_hint=f"'{option}'") from None
