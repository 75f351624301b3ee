"""The options and checks that ``tonk simulate``, ``compare``, ``sweep``, ``design`` and ``ladder`` share.

Public API: :func:`simulation_options` (the shared click options), :func:`load_rulesets` (variant names to
compiled rules), :func:`table_players` and :func:`players_note` (the table size and the note that says why),
:func:`seat_specs` and :func:`with_budget` (``--bots`` and ``--budget``), :func:`executor_for` (``--executor``).
Every misuse is a click usage error naming its option.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from tonk_rules.cli.terminal import plain
from tonk_rules.limits import MAX_HANDS, MAX_PLAYERS, MAX_ROLLOUTS, MAX_SEED, MAX_WORKERS

if TYPE_CHECKING:
    from tonk_rules.bots.specs import BotSpec
    from tonk_rules.ruleset import Ruleset
    from tonk_rules.sim.executors import Executor
    from tonk_rules.sim.skill import Trace


def load_rulesets(names: tuple[str, ...]) -> list[tuple[str, Ruleset]]:
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.variant.loader import load_variant

    if len(set(names)) != len(names):
        raise click.UsageError("a variant is named twice")
    return [(name, compile_ruleset(load_variant(name).variant)) for name in names]


def table_players(tables: list[tuple[str, Ruleset]], players: int | None) -> int:
    """The table size (:func:`~tonk_rules.sim.table_size.players_for`), its errors as usage errors."""
    from tonk_rules.sim.table_size import TableSizeError, players_for

    try:
        return players_for(tables, players)
    except TableSizeError as exc:
        if exc.given:
            raise click.BadParameter(plain(str(exc)), param_hint="'--players'") from None
        raise click.UsageError(plain(str(exc))) from None


def players_note(tables: list[tuple[str, Ruleset]], given: int | None, players: int) -> str | None:
    from tonk_rules.sim.table_size import players_note

    note = players_note(tables, given, players)
    return plain(note) if note else None


def seat_specs(bots: str | None, players: int, budget: int | None = None,
               option: str = "--bots") -> tuple[BotSpec, ...]:
    from tonk_rules.bots.specs import parse_specs
    from tonk_rules.errors import BotSpecError

    text = bots if bots is not None else "reckoner"
    try:
        specs = with_budget(parse_specs(text), text.split(","), budget)
    except BotSpecError as exc:
        raise click.BadParameter(plain(str(exc)), param_hint=f"'{option}'") from None
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise click.BadParameter(f"give one bot for every seat ({players}), or one bot for all; got {len(specs)}",
                                 param_hint=f"'{option}'")
    return tuple(specs)


def with_budget(specs: list[BotSpec], texts: list[str], budget: int | None) -> list[BotSpec]:
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


def executor_for(kind: str, workers: int | None, address: str | None) -> Executor:
    from tonk_rules.errors import SimulationError
    from tonk_rules.sim.executors import make_executor

    if address is not None and kind != "ray":
        raise click.BadParameter("--address is only for --executor ray", param_hint="'--address'")
    try:
        return make_executor(kind, workers, address)
    except SimulationError as exc:
        raise click.ClickException(str(exc)) from None


def simulation_options(f: Any) -> Any:
    """Options shared by ``simulate`` and ``compare``."""
    for option in reversed([
        click.option("--players", "-p", type=click.IntRange(1, MAX_PLAYERS), default=None,
                     help="Players at each table (default: 3, or else the largest number every variant "
                          "seats)."),
        click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
                     help="Fixes every random outcome."),
        click.option("--workers", "-w", type=click.IntRange(1, MAX_WORKERS), default=None,
                     help="Worker processes (default: all cores)."),
        click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="Where chunks run: local processes, or Ray (pip install 'tonk-rules[ray]')."),
        click.option("--address", default=None, help="With --executor ray: the cluster to join (default: "
                                                      "start a local Ray)."),
        click.option("--budget", type=click.IntRange(1, MAX_ROLLOUTS), default=None,
                     help="Playouts per decision of every montecarlo bot (its rollouts=)."),
    ]):
        f = option(f)
    return f


def skill_options(default: str | None, whose: str, fewer: str = "",
                  unnamed: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--skill`` and ``--skill-hands``: the skill trace ``whose`` (:mod:`tonk_rules.sim.skill`) and its hands
    a step, ``default`` the trace played when none is named (None: ``unnamed`` says what happens)."""
    def add(command: Callable[..., Any]) -> Callable[..., Any]:
        command = click.option(
            "--skill-hands", type=click.IntRange(1, MAX_HANDS), default=None,
            help=f"Hands per step of the skill trace (default: 600 short, 1,200 full{fewer}).")(command)
        return click.option(
            "--skill", "skill_trace", type=click.Choice(["short", "full", "none"]), default=default,
            show_default=default is not None,
            help=f"Play {whose} skill trace: montecarlo against itself at half the budget, the budget doubling "
                 f"from 10 to 80 playouts (short) or to 2,560 (full: minutes); none: no trace{unnamed}.")(command)
    return add


def skill_trace_of(name: str, hands: int | None, depth_hands: int | None = None) -> Trace | None:
    """The trace ``--skill`` names with ``--skill-hands`` hands a step (its own, or ``depth_hands`` where that
    is fewer); ``--skill-hands`` without a trace is refused, not ignored."""
    from tonk_rules.sim.skill import trace_named

    trace = trace_named(name)
    if trace is None:
        if hands is not None:
            raise click.BadParameter("there is no skill trace to play (--skill none)", param_hint="'--skill-hands'")
        return None
    if hands is None:
        hands = trace.hands if depth_hands is None else min(trace.hands, depth_hands)
    return trace.with_hands(hands)
