"""``tonk tune``: a variant's tuned default player, what it does, and what each deviation gains against it."""

from __future__ import annotations

import json

import click

from tonk_rules.cli.terminal import plain
from tonk_rules.limits import MAX_HANDS, MAX_PLAYERS, MAX_SEED, MAX_WORKERS

#: Paired hands per deviation by default: seconds, an interval of about ±0.01 stakes per hand.
DEFAULT_TUNE_HANDS = 20_000
#: Deviations listed in the table (the best ones; --json has all).
SHOWN = 12


@click.command()
@click.argument("variant")
@click.option("--players", "-p", type=click.IntRange(1, MAX_PLAYERS), default=None,
              help="Players at the table (default: 3, or the largest number the variant seats up to 6).")
@click.option("--hands", "-n", type=click.IntRange(100, MAX_HANDS), default=DEFAULT_TUNE_HANDS, show_default=True,
              help="Paired hands for each deviation's gain.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=2, show_default=True,
              help="The deals of the check (the shipped values were tuned on seed 1).")
@click.option("--workers", "-w", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True,
              help="Worker processes.")
@click.option("--player", type=click.Choice(["reckoner", "greedy"]), default="reckoner", show_default=True,
              help="The default player (reckoner) or the simple greedy one, whose knock threshold is tuned too.")
@click.option("--json", "as_json", is_flag=True, help="Print the tuned parameters and the gains as JSON.")
def tune(variant: str, players: int | None, hands: int, seed: int, workers: int, player: str, as_json: bool) -> None:
    """Show the tuned default player of VARIANT, what it does, and the gain of each deviation against it.

    `reckoner` (the default player) plays parameters tuned to the rules and table size by iterated best
    response over a grid of its parameters. This checks one seat switching, against a table of tuned
    reckoners, to: every value of that grid changed alone, greedy:knock=K for K = 0 to 10, casual and
    random. The gains are paired: the same deals with and without the deviating player, the deviating seat
    rotating. A wider family (pairs of changes, every parameter's whole range, every K) is checked by
    benchmarks/bench_equilibrium.py. With --player greedy: greedy's tuned threshold against every fixed
    greedy:knock=K for K = 1 to 10 (the family that tuning searched; K = 0, never knocking, is not in it).

    \b
    Examples:
      tonk tune pagat
      tonk tune russian --players 4 --hands 50000
      tonk tune pagat --player greedy
    """
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.sim.tuning import seatable
    from tonk_rules.variant.loader import load_variant

    ruleset = compile_ruleset(load_variant(variant).variant)
    sizes = seatable(ruleset)
    if players is None:
        if not sizes:
            raise click.BadParameter(f"{plain(variant)} seats no table of 2 to 6; name one", param_hint="'--players'")
        players = 3 if 3 in sizes else max(sizes)
    elif why := ruleset.why_not_seat(players, subject=plain(variant)) or ruleset.why_not_deal(players):
        raise click.BadParameter(why, param_hint="'--players'")
    if player == "greedy":
        _tune_greedy(ruleset, plain(variant), players, hands, seed, workers, as_json)
    else:
        _tune_reckoner(ruleset, plain(variant), players, hands, seed, workers, as_json)


def _tune_reckoner(ruleset: object, variant: str, players: int, hands: int, seed: int, workers: int,
                   as_json: bool) -> None:
    from tonk_rules.bots.describe import describe_player
    from tonk_rules.ruleset import Ruleset
    from tonk_rules.sim.deviation import seat_gains
    from tonk_rules.sim.equilibrium import EPSILON, deviation_verdict
    from tonk_rules.sim.executors import make_executor
    from tonk_rules.sim.reckoner_tuning import GRID, change_name, family
    from tonk_rules.sim.tuning import tuned_reckoner

    assert isinstance(ruleset, Ruleset)
    value = tuned_reckoner(ruleset, players)
    params = value.params
    singles = [(change_name(k, v), ("reckoner", {**params, k: v})) for k in GRID for v in GRID[k] if v != params[k]]
    others = [d for d in family(ruleset, params, pairs=False, greedy_top=10) if not d[0].startswith("reckoner")]
    deviations = singles + [d for d in others if d[0].startswith("greedy:knock=") or d[0] in ("casual", "random")]
    gains = seat_gains(ruleset, players, ("reckoner", params), [seat for _, seat in deviations], hands, seed,
                       make_executor("local", workers))
    rows = sorted(zip([label for label, _ in deviations], gains, strict=True), key=lambda r: -r[1].mean)
    spec = "reckoner:" + ":".join(f"{k}={v}" for k, v in params.items())
    if as_json:
        data = {"variant": variant, "players": players, "player": "reckoner", "tuned": value.to_json(),
                "describe": describe_player("reckoner", ruleset, players),
                "check": {"hands": hands, "seed": seed, "gains": {
                    label: {"mean": m.mean, "ci95": list(m.ci95())} for label, m in rows}, "best": rows[0][0]}}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"{variant}, {players} players: the tuned reckoner ({spec})")
    click.echo(describe_player("reckoner", ruleset, players))
    click.echo(f"Gain per hand of one player deviating ({hands} paired hands, seed {seed}; the {SHOWN} best of "
               f"{len(rows)}: each tuning-grid value alone, greedy:knock=0..10, casual, random):")
    click.echo(f"  {'deviation':<34}  {'gain':>8}  95% interval")
    for label, m in rows[:SHOWN]:
        lo, hi = m.ci95()
        click.echo(f"  {label:<34}  {m.mean:>+8.4f}  [{lo:+.4f}, {hi:+.4f}]")
    best_label, best = rows[0]
    verdict = deviation_verdict(*best.ci95())
    click.echo(f"Best deviation: {best_label}, {best.mean:+.4f} stakes per hand: {verdict}.")
    if best.ci95()[0] > EPSILON:
        click.echo("The tuned reckoner is not an equilibrium of this family here; the gain above is measured, "
                   "not hidden.")


def _tune_greedy(ruleset: object, variant: str, players: int, hands: int, seed: int, workers: int,
                 as_json: bool) -> None:
    from tonk_rules.bots.describe import describe_player
    from tonk_rules.ruleset import Ruleset
    from tonk_rules.sim.deviation import deviation_gains
    from tonk_rules.sim.equilibrium import best_deviation, deviation_verdict, knock_range
    from tonk_rules.sim.executors import make_executor
    from tonk_rules.sim.tuning import tuned

    assert isinstance(ruleset, Ruleset)
    value = tuned(ruleset, players)
    knocks = knock_range(ruleset)
    gains = deviation_gains(ruleset, players, value.params(), knocks, hands, seed, make_executor("local", workers))
    best = best_deviation(value.params(), gains)
    if as_json:
        data = {"variant": variant, "players": players, "player": "greedy", "tuned": value.to_json(), "check": {
            "hands": hands, "seed": seed, "gains": {str(k): {"mean": gains[k].mean, "ci95": list(gains[k].ci95())}
                                                   for k in knocks}, "best": best}}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"{variant}, {players} players: tuned greedy plays {value.describe()} "
               f"(greedy:{':'.join(f'{k}={v}' for k, v in value.params().items())})")
    click.echo(describe_player("greedy", ruleset, players))
    click.echo(f"Gain per hand of one player switching to a fixed threshold ({hands} paired hands, seed {seed}; "
               f"K = {knocks[0]} to {knocks[-1]}, the family greedy's tuning searched):")
    click.echo(f"  {'knock':>5}  {'gain':>8}  95% interval")
    for k in knocks:
        lo, hi = gains[k].ci95()
        mark = "  ← best deviation" if k == best else "  (tuned)" if value.params() == {"knock": k} else ""
        click.echo(f"  {k:>5}  {gains[k].mean:>+8.4f}  [{lo:+.4f}, {hi:+.4f}]{mark}")
    verdict = deviation_verdict(*gains[best].ci95())
    click.echo(f"Best deviation: knock={best}, {gains[best].mean:+.4f} stakes per hand: {verdict}.")
