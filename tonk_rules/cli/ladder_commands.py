"""``tonk ladder``: bots against each other on the same deals, seats rotated, each with its mean net."""

from __future__ import annotations

import json

import click

from tonk_rules.cli.sim_options import executor_for, load_rulesets, players_note, table_players
from tonk_rules.cli.terminal import plain
from tonk_rules.limits import MAX_HANDS, MAX_PLAYERS, MAX_SEED, MAX_WORKERS


@click.command()
@click.argument("variant")
@click.option("--bots", default="reckoner,greedy,random,montecarlo", show_default=True,
              help="The bots, comma-separated (each once; specs as in simulate: greedy:knock=1, "
                   "montecarlo:rollouts=300).")
@click.option("--hands", "-n", type=click.IntRange(2, MAX_HANDS), default=1200, show_default=True,
              help="Deals; each is played once in every rotation of the seats.")
@click.option("--players", "-p", type=click.IntRange(1, MAX_PLAYERS), default=None,
              help="Players at the table (default: 3, or the largest number the variant seats).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
              help="Fixes every random outcome.")
@click.option("--workers", "-w", type=click.IntRange(1, MAX_WORKERS), default=None,
              help="Worker processes (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def ladder(variant: str, bots: str, hands: int, players: int | None, seed: int, workers: int | None,
           as_json: bool) -> None:
    """Play the BOTS against each other in VARIANT and print each one's mean net per hand.

    Every deal is played once per rotation of the seats (every bot in every seat equally often, the same
    deals in every rotation: a paired comparison); the 95% interval is computed over the deals.

    \b
    Examples:
      tonk ladder russian --bots greedy,random,montecarlo --hands 600
      tonk ladder pagat --bots greedy:knock=0,montecarlo:knock=0 --players 2 --seed 3
    """
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.errors import BotSpecError, SimulationError
    from tonk_rules.sim.ladder import ladder as run_ladder

    tables = load_rulesets((variant,))
    given, players = players, table_players(tables, players)
    try:
        specs = parse_specs(bots)
    except BotSpecError as exc:
        raise click.BadParameter(plain(str(exc)), param_hint="'--bots'") from None
    if len(specs) < 2 or len({str(s) for s in specs}) != len(specs):
        raise click.BadParameter("name at least two different bots, each once", param_hint="'--bots'")
    try:
        result = run_ladder(tables[0][1], specs, hands, players, seed, executor_for("local", workers, None))
    except SimulationError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        data = {"variant": variant, "players": players, "seed": seed, "deals": result.deals,
                "rotations": result.rotations, "hands": result.hands,
                "bots": [{"bot": r.bot, "mean_net": r.mean, "ci95": [r.low, r.high]} for r in result.rows]}
        click.echo(json.dumps(data, indent=2))
        return
    note = players_note(tables, given, players)
    if note:
        click.echo(note, err=True)
    click.echo(f"{plain(variant)}: {players} players, {result.deals} deals x {result.rotations} seat rotations "
               f"= {result.hands} hands, seed {seed}")
    click.echo(f"  {'bot':<28} {'mean net/hand':>13}  95% interval")
    for row in sorted(result.rows, key=lambda r: -r.mean):
        click.echo(f"  {plain(row.bot):<28} {row.mean:>+13.3f}  [{row.low:+.3f}, {row.high:+.3f}]")
