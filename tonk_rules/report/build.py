"""Building the comparison report: run the simulations, compare, plot and write the files.

    >>> from tonk_rules.variant.loader import load_variant
    >>> from tonk_rules.sim.executors import make_executor
    >>> from tonk_rules.bots.specs import parse_spec
    >>> plan = Plan(hands=60, depth_hands=30, players=2, seed=1, seats=(parse_spec("greedy"),) * 2,
    ...             strong=parse_spec("greedy"), weak=parse_spec("random"))
    >>> c = run_comparison([load_variant("russian"), load_variant("pagat")], plan, make_executor("local", 1))
    >>> [f.tally.hands for f in c.figures], c.rows[0].label
    ([60, 60], 'ends: deal_tonk')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tonk_rules.bots.specs import BotSpec
from tonk_rules.report.compare import TEST_NOTE, Row, Test, VariantFigures, compare, comparison_json
from tonk_rules.report.documents import Report, RulesDiff, report_html, report_markdown
from tonk_rules.report.plots import all_plots
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim.depth import Depth, depth_jobs
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.odds import table_odds_or_none
from tonk_rules.sim.simulate import Job, run_jobs
from tonk_rules.variant.diff import DiffReport, diff_json, label_of, show_value, side_mark, source_text, variant_diff
from tonk_rules.variant.loader import LoadedVariant

RunJobs = Callable[[Sequence[Job], Executor], list[Any]]


@dataclass(frozen=True)
class Plan:
    """What to simulate for each variant: the main run and the strategic-depth runs."""

    hands: int
    depth_hands: int
    players: int
    seed: int
    seats: tuple[BotSpec, ...]
    strong: BotSpec
    weak: BotSpec

    def settings(self) -> dict[str, Any]:
        return {"seed": self.seed, "hands": self.hands, "players": self.players,
                "bots": [str(s) for s in self.seats], "depth": {"hands": self.depth_hands,
                                                                "strong": str(self.strong), "weak": str(self.weak)}}


@dataclass(frozen=True)
class Comparison:
    names: list[str]
    plan: Plan
    figures: list[VariantFigures]
    rows: list[Row]
    tests: list[Test]
    diffs: list[DiffReport]

    def to_json(self) -> dict[str, Any]:
        data = comparison_json(self.figures, self.rows, self.tests, self.plan.settings())
        data["variants"] = {f.label: {**f.tally.to_json([str(s) for s in self.plan.seats]),
                                      "depth": f.depth.to_json(str(self.plan.strong), str(self.plan.weak)),
                                      "deal_check_exact": f.exact_deal_check} for f in self.figures}
        data["rule_differences"] = [json.loads(diff_json(d)) for d in self.diffs]
        return data


def run_comparison(loaded: Sequence[LoadedVariant], plan: Plan, executor: Executor,
                   run: RunJobs = run_jobs) -> Comparison:
    """Simulate every variant (one executor run for all of them) and compare the figures."""
    names = [v.name for v in loaded]
    rulesets = [compile_ruleset(v.variant) for v in loaded]
    jobs: list[Job] = []
    for name, ruleset in zip(names, rulesets, strict=True):
        jobs.append(Job(name, ruleset, plan.seats, plan.hands, plan.seed))
        jobs += depth_jobs(name, ruleset, plan.strong, plan.weak, plan.players, plan.depth_hands, plan.seed)
    tallies = run(jobs, executor)
    per = 1 + plan.players
    figures = [
        VariantFigures(name, tallies[i * per], Depth.of(tallies[i * per + 1:(i + 1) * per]),
                       table_odds_or_none(ruleset, plan.players))
        for i, (name, ruleset) in enumerate(zip(names, rulesets, strict=True))
    ]
    rows, tests = compare(figures)
    diffs = [variant_diff(loaded[0], other) for other in loaded[1:]]
    return Comparison(names, plan, figures, rows, tests, diffs)


def rules_diff(report: DiffReport) -> RulesDiff:
    """The variant layer's diff as the report's table: each side's value and whether it is sourced."""
    rows = [{"rule": label_of(r.path) + ("" if r.differs else " (agree)"),
             report.left_name: f"{show_value(r.left.value)} ({side_mark(r.left)})",
             report.right_name: f"{show_value(r.right.value)} ({side_mark(r.right)})"} for r in report.rows]
    return RulesDiff(report.heading(), rows, [source_text(s) for s in report.sources])


def write_report(comparison: Comparison, out: Path) -> list[Path]:
    """Write report.html, report.md, comparison.json and the PNG plots into ``out``; return the paths."""
    plan = comparison.plan
    plots = all_plots(comparison.figures, str(plan.strong), str(plan.weak))
    report = Report(
        title=" vs ".join(comparison.names) + ": Tonk rules compared in play",
        variants=comparison.names,
        settings=[("hands simulated per variant", f"{plan.hands:,}"), ("players", str(plan.players)),
                  ("bots (by seat)", ", ".join(str(s) for s in plan.seats)), ("seed", str(plan.seed)),
                  ("strategic depth", f"{plan.strong} against {plan.weak}, {plan.depth_hands:,} hands per variant")],
        diffs=[rules_diff(d) for d in comparison.diffs],
        rows=comparison.rows,
        test_note=TEST_NOTE.format(m=len(comparison.tests)),
        plots=plots,
    )
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for stem, png in plots.items():
        path = out / f"{stem}.png"
        path.write_bytes(png)
        written.append(path)
    for name, text in (("report.html", report_html(report)), ("report.md", report_markdown(report)),
                       ("comparison.json", json.dumps(comparison.to_json(), indent=2, ensure_ascii=False) + "\n")):
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
