"""``tonk tune``: a variant's tuned greedy, and what every fixed knock threshold gains against it."""

from __future__ import annotations

import json

import click

from tonk_rules.cli.terminal import plain
from tonk_rules.limits import MAX_HANDS, MAX_PLAYERS, MAX_SEED, MAX_WORKERS

#: Paired hands per threshold by default: a few seconds, an interval of about ±0.01 stakes per hand.
DEFAULT_TUNE_HANDS = 20_000


@click.command()
@click.argument("variant")
@click.option("--players", "-p", type=click.IntRange(1, MAX_PLAYERS), default=None,
              help="Players at the table (default: 3, or the largest number the variant seats up to 6).")
@click.option("--hands", "-n", type=click.IntRange(100, MAX_HANDS), default=DEFAULT_TUNE_HANDS, show_default=True,
              help="Paired hands for each fixed threshold's gain.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=2, show_default=True,
              help="The deals of the check (the shipped values were tuned on seed 1).")
@click.option("--workers", "-w", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True,
              help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print the tuned parameters and the gains as JSON.")
def tune(variant: str, players: int | None, hands: int, seed: int, workers: int, as_json: bool) -> None:
    """Show the tuned default greedy of VARIANT and the gain of every fixed knock threshold against it.

    `greedy` (no knock=) plays the tuned threshold, chosen so that no fixed `greedy:knock=K` gains more
    than 0.01 stakes per hand against a table of them. The gains are paired: the same deals with and
    without the deviating player, the deviating seat rotating.

    \b
    Examples:
      tonk tune pagat
      tonk tune russian --players 4 --hands 50000
    """
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.sim.deviation import deviation_gains
    from tonk_rules.sim.equilibrium import best_deviation, deviation_verdict, knock_range
    from tonk_rules.sim.executors import make_executor
    from tonk_rules.sim.tuning import seatable, tuned
    from tonk_rules.variant.loader import load_variant

    ruleset = compile_ruleset(load_variant(variant).variant)
    sizes = seatable(ruleset)
    if players is None:
        if not sizes:
            raise click.BadParameter(f"{plain(variant)} seats no table of 2 to 6; name one", param_hint="'--players'")
        players = 3 if 3 in sizes else max(sizes)
    elif why := ruleset.why_not_seat(players, subject=plain(variant)) or ruleset.why_not_deal(players):
        raise click.BadParameter(why, param_hint="'--players'")
    value = tuned(ruleset, players)
    knocks = knock_range(ruleset)
    gains = deviation_gains(ruleset, players, value.params(), knocks, hands, seed, make_executor("local", workers))
    best = best_deviation(value.params(), gains)
    if as_json:
        data = {"variant": plain(variant), "players": players, "tuned": value.to_json(), "check": {
            "hands": hands, "seed": seed, "gains": {str(k): {"mean": gains[k].mean, "ci95": list(gains[k].ci95())}
                                                   for k in knocks}, "best": best}}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"{plain(variant)}, {players} players: tuned greedy plays {value.describe()} "
               f"(greedy:{':'.join(f'{k}={v}' for k, v in value.params().items())})")
    click.echo(f"Gain per hand of one player switching to a fixed threshold ({hands} paired hands, seed {seed}):")
    click.echo(f"  {'knock':>5}  {'gain':>8}  95% interval")
    for k in knocks:
        lo, hi = gains[k].ci95()
        mark = "  ← best deviation" if k == best else "  (tuned)" if value.params() == {"knock": k} else ""
        click.echo(f"  {k:>5}  {gains[k].mean:>+8.4f}  [{lo:+.4f}, {hi:+.4f}]{mark}")
    verdict = deviation_verdict(*gains[best].ci95())
    click.echo(f"Best deviation: knock={best}, {gains[best].mean:+.4f} stakes per hand: {verdict}.")
