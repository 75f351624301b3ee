"""Building the comparison: load and compile each variant once, run every simulation, compare, find, write.

One executor run plays everything: the main table on the same deals for every variant (paired where they
deal the same cards), the strategic-depth tables, the first variant with each differing rule switched alone
(the one-rule runs behind the findings' causes) and the main comparison again at the ``check`` table.

    >>> from tonk_rules.sim.executors import make_executor
    >>> from tonk_rules.bots.specs import parse_spec
    >>> plan = Plan(hands=60, depth_hands=30, players=2, seed=1, seats=(parse_spec("greedy"),) * 2,
    ...             strong=parse_spec("greedy"), weak=parse_spec("random"), probe_hands=30,
    ...             check=(parse_spec("greedy"), parse_spec("random")))
    >>> c = run_comparison(load_tables(["russian", "pagat"]), plan, make_executor("local", 1))
    >>> [f.tally.hands for f in c.figures], c.rows[0].label, c.tests[0].paired
    ([60, 60], 'ends: deal_tonk', True)
    >>> run_comparison(load_tables(["pagat", "pagat"]), plan, make_executor("local", 1)).identical
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from tonk_rules.errors import TableInputError
from tonk_rules.outputs import write_atomic
from tonk_rules.report.compare import VariantFigures, compare, metrics
from tonk_rules.report.comparison import Comparison
from tonk_rules.report.comparison_plan import Plan, check_tables
from tonk_rules.report.findings_build import CheckRun, findings_for
from tonk_rules.report.rule_changes import rule_changes
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim.depth import Depth, depth_jobs
from tonk_rules.sim.design_figures import exact_values
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.paired import same_deals
from tonk_rules.sim.paired_run import PairedJob, run_all
from tonk_rules.sim.simulate import Job
from tonk_rules.sim.skill import Skill, skill_jobs
from tonk_rules.sim.tally import Tally
from tonk_rules.terms import Ending
from tonk_rules.variant.diff import variant_diff
from tonk_rules.variant.loader import LoadedVariant, load_variant

RunAll = Callable[[Sequence[Job | PairedJob], Executor], list[Any]]


@dataclass(frozen=True)
class Table:
    """A variant loaded and compiled once: its name, its file's values and provenance, its rules."""

    name: str
    loaded: LoadedVariant
    ruleset: Ruleset


def load_tables(names: Sequence[str]) -> list[Table]:
    """Load and compile each named variant (once)."""
    out = []
    for name in names:
        loaded = load_variant(name)
        out.append(Table(name, loaded, compile_ruleset(loaded.variant)))
    return out




def _pairs(rulesets: Sequence[Ruleset]) -> tuple[tuple[int, int], ...]:
    return tuple((i, j) for i, j in combinations(range(len(rulesets)), 2) if same_deals(rulesets[i], rulesets[j]))


def run_comparison(tables: Sequence[Table], plan: Plan, executor: Executor, run: RunAll = run_all) -> Comparison:
    """Simulate every variant (one executor run for everything) and compare; identical rules simulate nothing."""
    from tonk_rules.report.attribution import Switch, switches

    names = [t.name for t in tables]
    rulesets = tuple(t.ruleset for t in tables)
    diffs = [variant_diff(tables[0].loaded, t.loaded) for t in tables[1:]]
    if all(r == rulesets[0] for r in rulesets):
        return Comparison(names, plan, [], [], [], diffs, identical=True)
    changes = [rule_changes(tables[0].loaded, t.loaded, plan.lang) for t in tables[1:]]
    jobs: list[Job | PairedJob] = [PairedJob("main", rulesets, plan.seats, plan.hands, plan.seed, _pairs(rulesets))]
    for t in tables:
        jobs += depth_jobs(t.name, t.ruleset, plan.strong, plan.weak, plan.players, plan.depth_hands, plan.seed)
    first_skill = len(jobs)  # each variant's skill trace (tonk_rules.sim.skill), where the plan has one
    if plan.skill is not None:
        for t in tables:
            jobs += skill_jobs(t.name, t.ruleset, plan.players, plan.skill, plan.seed)
    # one-rule runs, per later variant: (the switches, the index of their job); none where a single rule
    # differs in play (it alone is the cause of every difference) or where they are left out
    probes: dict[int, tuple[list[Switch], int]] = {}
    if plan.probe_hands:
        for k, t in enumerate(tables[1:], 1):
            if sum(1 for c in changes[k - 1] if c.in_play) < 2:
                continue
            usable = [s for s in switches(tables[0].loaded, t.loaded, changes[k - 1], plan.players) if s.ruleset]
            switched = tuple(s.ruleset for s in usable if s.ruleset is not None)
            probes[k] = (usable, len(jobs))
            # the other variant is played on the same deals too: each switch's share of the way is measured
            # against the difference on these deals, not against the main run's (another sample)
            probe_rules = (rulesets[0], *switched, t.ruleset)
            jobs.append(PairedJob(f"{names[0]} one rule at a time", probe_rules, plan.seats,
                                  plan.probe_hands, plan.seed, _pairs(probe_rules)))
    checks = check_tables(plan)
    first_check = len(jobs)
    for table in checks:
        if table.hands:
            jobs.append(PairedJob(f"check: {table.name}", rulesets, table.seats, table.hands, plan.seed,
                                  _pairs(rulesets)))
    results = run(jobs, executor)
    main, per = results[0], plan.players
    figures = [_figures(t.name, main.tallies[i], Depth.of(results[1 + i * per:1 + (i + 1) * per]), t.ruleset,
                        plan.players) for i, t in enumerate(tables)]
    rows, tests = compare(figures, main)
    skills = []
    if plan.skill is not None:
        size = len(plan.skill.budgets) * plan.players
        skills = [Skill.of(plan.skill, plan.players, results[first_skill + i * size:first_skill + (i + 1) * size])
                  for i in range(len(tables))]
    found = []
    runs, at = [], first_check
    for table in checks:  # a table of 0 hands is the main table itself (the default table, when it is that)
        run_ = main if not table.hands else results[at]
        at += 1 if table.hands else 0
        runs.append(CheckRun(table.said(plan.lang), run_, interval=table.name == "search"))
    for k in range(1, len(tables)):
        probe = (probes[k][0], results[probes[k][1]]) if k in probes else None
        pair_tests = [t for t in tests if t.a == names[0] and t.b == names[k]]
        found.append(findings_for(pair_tests, figures, (0, k), changes[k - 1], probe, runs, plan))
    return Comparison(names, plan, figures, rows, tests, diffs, found, rulesets=rulesets, skills=skills)


def _figures(name: str, tally: Tally, depth: Depth, ruleset: Ruleset, players: int) -> VariantFigures:
    """One variant's figures with its deal check's rates counted exactly, as ``tonk odds`` counts them
    (none where counting is too costly)."""
    exact = exact_values(ruleset, players)
    endings = {f"ends: {e}": exact[f"ends.{e}"] for e in (Ending.DEAL_TONK, Ending.DEAL_VOID) if f"ends.{e}" in exact}
    return VariantFigures(name, tally, depth, exact.get("decided_at_deal"), endings)


@dataclass(frozen=True)
class Written:
    """The files of a report: where each one went."""

    html: Path
    markdown: Path
    json: Path
    plots: list[Path]

    @property
    def all(self) -> list[Path]:
        return [*self.plots, self.html, self.markdown, self.json]


def write_report(comparison: Comparison, out: Path) -> Written:
    """Write report.html, report.md, comparison.json and the PNG plots into ``out``."""
    from tonk_rules.report.documents import report_html, report_markdown
    from tonk_rules.report.plots import all_plots
    from tonk_rules.report.report_model import report_of

    plan = comparison.plan
    plots = all_plots(comparison.figures, str(plan.strong), str(plan.weak), plan.lang)
    report = report_of(comparison, plots)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TableInputError(f"cannot create {out}: {exc.strerror}") from None
    written = []
    for stem, png in plots.items():
        path = out / f"{stem}.png"
        write_atomic(path, png)  # checked again at the rename: never over what is not a regular file
        written.append(path)
    files = {"report.html": report_html(report), "report.md": report_markdown(report),
             "comparison.json": json.dumps(comparison.to_json(), indent=2, ensure_ascii=False) + "\n"}
    for name, text in files.items():
        write_atomic(out / name, text)
    return Written(out / "report.html", out / "report.md", out / "comparison.json", written)


def report_file_names() -> list[str]:
    """The names :func:`write_report` writes into its folder, known before anything is simulated."""
    from tonk_rules.report.plots import PLOTS

    return [*(f"{stem}.png" for stem in PLOTS), "report.html", "report.md", "comparison.json"]


__all__ = ["Comparison", "Plan", "Table", "Written", "load_tables", "metrics", "report_file_names",
           "run_comparison", "write_report"]
