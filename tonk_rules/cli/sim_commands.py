"""``tonk odds | simulate | compare``: exact deal odds, seeded simulation and the variant comparison report."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

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
    with_budget,
)
from tonk_rules.cli.terminal import plain
from tonk_rules.limits import MAX_HANDS, MAX_PLAYERS

if TYPE_CHECKING:
    from tonk_rules.bots.specs import BotSpec

#: Enough hands that the bare ``tonk compare russian pagat`` separates the endings that differ, in < 30 s.
DEFAULT_COMPARE_HANDS = 400_000
DEFAULT_DEPTH_HANDS = 100_000


def _dump(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


@click.command()
@click.argument("variant")
@click.option("--players", "-p", type=click.IntRange(1, MAX_PLAYERS), default=None,
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

    tables = load_rulesets((variant,))
    given, players = players, table_players(tables, players)
    result = deal_tonk_odds(tables[0][1], players)
    if as_json:
        click.echo(_dump({"variant": plain(variant), **result.to_json()}), nl=False)
        return
    note = players_note(tables, given, players)
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


@click.command()
@click.argument("variants", nargs=-1, required=True)
@click.option("--hands", "-n", type=click.IntRange(1, MAX_HANDS), default=100_000, show_default=True,
              help="Hands per variant.")
@simulation_options
@click.option("--bots", default=None, help="Bot spec per seat, comma-separated (reckoner, greedy:knock=5, casual, "
                                           "random), or one for every seat. Default: reckoner, the default player, "
                                           "tuned to the rules and table size.")
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
    from tonk_rules.sim.progress import run_with_feedback
    from tonk_rules.sim.simulate import Job, simulation_json

    tables = load_rulesets(variants)
    given, players = players, table_players(tables, players)
    seats = seat_specs(bots, players, budget)
    run = executor_for(executor, workers, address)
    jobs = [Job(name, ruleset, seats, hands, seed) for name, ruleset in tables]
    exact_odds = table_odds_meanwhile(dict(tables), players)  # counted while the hands play, bounded
    tallies = run_with_feedback(jobs, run)
    exact = exact_odds()
    settings = {"seed": seed, "hands": hands, "players": players, "bots": [str(s) for s in seats]}
    from tonk_rules.sim.in_play_tally import differing_keys

    data = simulation_json(variants, tallies, seats, exact, settings,
                           differing_keys(variants) if len(variants) > 1 else ())
    if as_json:
        click.echo(_dump(data), nl=False)
    else:
        from tonk_rules.cli.sim_tables import print_simulation

        print_simulation(data, players_note(tables, given, players))


@click.command()
@click.argument("variants", nargs=-1, required=True)
@click.option("--hands", "-n", type=click.IntRange(1, MAX_HANDS), default=DEFAULT_COMPARE_HANDS, show_default=True,
              help="Hands per variant for the main figures.")
@click.option("--depth-hands", type=click.IntRange(1, MAX_HANDS), default=DEFAULT_DEPTH_HANDS, show_default=True,
              help="Hands per variant for strategic depth (strong bot against weak ones).")
@simulation_options
@click.option("--bots", default=None, help="Bot spec per seat for the main figures (default: reckoner).")
@click.option("--strong", default="reckoner", show_default=True, help="The strong bot of strategic depth.")
@click.option("--weak", default="random", show_default=True, help="The weak bots of strategic depth.")
@click.option("--check-bots", default=None,
              help="A bot table to check each finding with, per seat or one for all (default: the panel: the "
                   "default table, a casual table and a table with a search player in one seat).")
@click.option("--probe-hands", type=click.IntRange(0, MAX_HANDS), default=None,
              help="Hands for each one-rule-at-a-time run and for the check table (default: a quarter of --hands; "
                   "0: no findings' causes and no check).")
@click.option("--lang", type=click.Choice(["en", "ru"]), default="en", show_default=True,
              help="Language of the findings, the rules and the report's headings.")
@skill_options("short", "each variant's", " (or --depth-hands where that is fewer)")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="tonk-report", show_default=True,
              help="Directory for report.html, report.md, comparison.json and the PNG plots.")
@click.option("--force", is_flag=True, help="Replace the report's files in --out if they exist (refused otherwise).")
def compare(variants: tuple[str, ...], hands: int, depth_hands: int, players: int | None, seed: int,
            workers: int | None, executor: str, address: str | None, budget: int | None, bots: str | None,
            strong: str, weak: str, check_bots: str | None, probe_hands: int | None, lang: str,
            skill_trace: str, skill_hands: int | None, out_dir: str, force: bool) -> None:
    """Compare variants in play: findings in words, the rules that differ, and the figures side by side.

    Opens with the differences that matter, largest first, each with the rule that drives it (from runs
    that switch one rule at a time) and whether it holds at a second bot table. Writes an HTML report
    (self-contained), a Markdown report, the figures as JSON and PNG plots into --out. Variants with the
    same rules are said to play identically, and nothing is simulated.

    \b
    Examples:
      tonk compare russian pagat
      tonk compare pagat pagat-no-upcard my-table.yaml --hands 400000 --out report/
      tonk compare russian russian-2001 --lang ru
    """
    from pathlib import Path

    from tonk_rules.cli.sim_tables import print_comparison_report
    from tonk_rules.outputs import why_not_writable_folder
    from tonk_rules.report.build import Plan, load_tables, report_file_names, run_comparison, write_report
    from tonk_rules.sim.progress import run_with_feedback

    if len(variants) < 2:
        raise click.UsageError("name two or more variants to compare")
    loaded = load_tables(variants)
    if all(t.ruleset == loaded[0].ruleset for t in loaded):  # the same name twice too: nothing to simulate
        names = " and ".join(dict.fromkeys(plain(v) for v in variants))
        said = (f"{names} is named {len(variants)} times: a variant plays identically to itself"
                if len(set(variants)) == 1 else f"{names} play identically: they resolve to the same rules")
        click.echo(wrapped_text(f"{said}, so nothing was simulated and no report was written."))
        return
    if len(set(variants)) != len(variants):
        raise click.UsageError("a variant is named twice")
    if why := why_not_writable_folder(out_dir, report_file_names(), force=force):  # before any simulation
        raise click.BadParameter(plain(why), param_hint="'--out'")
    tables = [(t.name, t.ruleset) for t in loaded]
    given, players = players, table_players(tables, players)
    seats = seat_specs(bots, players)
    probes = hands // 4 if probe_hands is None else probe_hands
    if check_bots is not None and probes == 0:
        raise click.BadParameter("the check table plays --probe-hands hands, and that is 0",
                                 param_hint="'--check-bots'")
    check = seat_specs(check_bots, players, option="--check-bots") if check_bots else ()  # () : the panel
    strong_bot, weak_bot = _one_bot(strong, "--strong"), _one_bot(weak, "--weak")
    if budget is not None:  # every montecarlo bot of the report: the seats, the strong and the weak bot
        seat_texts = (bots or "reckoner").split(",")
        if len(seat_texts) == 1:
            seat_texts *= players
        *seated, strong_bot, weak_bot = with_budget([*seats, strong_bot, weak_bot], [*seat_texts, strong, weak],
                                                     budget)
        seats = tuple(seated)
    trace = skill_trace_of(skill_trace, skill_hands, depth_hands)
    plan = Plan(hands=hands, depth_hands=depth_hands, players=players, seed=seed, seats=seats,
                strong=strong_bot, weak=weak_bot, probe_hands=probes,
                check=check, lang=lang, skill=trace)
    run = executor_for(executor, workers, address)
    comparison = run_comparison(loaded, plan, run, run_with_feedback)
    written = write_report(comparison, Path(out_dir))
    print_comparison_report(comparison, players_note(tables, given, players))
    files = (plain(str(written.html)), plain(str(written.markdown)), written.json.name, len(written.plots),
             plain(out_dir))
    click.echo(wrapped_text(_REPORT_LINE[lang].format(*files)))


#: Where the report went: the HTML, the Markdown, the JSON's name, the number of plots, the folder.
_REPORT_LINE = {"en": "Report: {0} (also {1}, {2} and {3} PNG plots in {4})",
                "ru": "Отчёт: {0} (а также {1}, {2} и графики PNG ({3}) в {4})"}


def wrapped_text(text: str) -> str:
    from tonk_rules.cli.sim_tables import wrapped

    return wrapped(text)


def _one_bot(text: str, option: str) -> BotSpec:
    from tonk_rules.bots.specs import parse_spec
    from tonk_rules.errors import BotSpecError

    try:
        return parse_spec(text)
    except BotSpecError as exc:
        raise click.BadParameter(plain(str(exc)), param_hint=f"'{option}'") from None
