"""A parameter sweep: one variant played at each value of one or more of its keys, on the same deals.

Each point of the sweep is the house file ``extends: VARIANT`` plus the changed keys, loaded through the
variant loader, so a bad key or value gets the loader's own located message (naming the point). Every point
plays the same seed with the same seats, so the deals are the same at every point (a paired design: a
difference between two points is the rules', not the cards'). Several ``--vary`` keys make a grid.

A companion value (``--with KEY=V``) that some points need and others cannot have (``dealer.after_void`` is
needed only where ``stock_exhaustion.when_empty`` reshuffles) is written in a file between the variant and the
point, so it is *inherited* by each point: where the point's change leaves it without effect it is dropped,
as a house file's inherited values are (variant/inherited.py), with the same one-line note naming the point.

    >>> parse_vary("deal_check.at_most=13,15,null")
    ('deal_check.at_most', [13, 15, None])
    >>> [p for p in grid([("a.b", [1, 2]), ("c", [True])])]
    [{'a.b': 1, 'c': True}, {'a.b': 2, 'c': True}]
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from tonk_rules.bots.specs import BotSpec
from tonk_rules.errors import SimulationError, VariantError
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.odds import table_odds_meanwhile
from tonk_rules.sim.paired import (
    PairSums,
    paired_means,
    paired_proportions,
    same_deals,
    unpaired_means,
    unpaired_proportions,
)
from tonk_rules.sim.paired_run import PairedJob, feature_names, run_all
from tonk_rules.sim.simulate import Job, check_table
from tonk_rules.sim.skill import Skill, Trace, skill_jobs
from tonk_rules.sim.tally import ENDINGS, Tally, proportion
from tonk_rules.variant.inherited import notes as dropped_notes
from tonk_rules.variant.loader import is_variant_path, load_variant
from tonk_rules.variant.option_values import read_key_values

#: The most points one sweep may have (a grid multiplies quickly; each point is a full simulation).
MAX_POINTS = 64

Scalar = str | int | float | bool | None
Values = dict[str, Scalar]


def parse_vary(text: str, option: str = "--vary") -> tuple[str, list[Scalar]]:
    """``KEY=V1,V2,…`` -> (dotted rule key, values read as a variant file reads them: YAML 1.2, within its
    limits; :mod:`tonk_rules.variant.option_values`). Raises :class:`SimulationError`."""
    return read_key_values(option, text)


def parse_with(text: str) -> tuple[str, Scalar]:
    """``KEY=V`` -> (dotted rule key, the value, read as :func:`parse_vary` reads). Raises :class:`SimulationError`."""
    key, values = parse_vary(text, "--with")
    if len(values) != 1:
        raise SimulationError(f"--with {key}: give one value (a companion value is the same at every point)")
    return key, values[0]


def grid(varied: Sequence[tuple[str, list[Scalar]]]) -> list[Values]:
    """Every combination of the varied keys' values, the last key changing fastest."""
    keys = [key for key, _ in varied]
    if len(set(keys)) != len(keys):
        raise SimulationError("a key is varied twice: give each key one --vary with all its values")
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(v for _, v in varied))]


def point_label(values: Values) -> str:
    """``deal_check.at_most=13 knocking.max_count=5``: how a point is named in messages and tables."""
    return " ".join(f"{key}={_scalar_text(value)}" for key, value in values.items())


def _scalar_text(value: Scalar) -> str:
    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()


def house_file_text(variant: str, values: Values, as_written: bool = False) -> str:
    """The house file a point would be: ``extends: VARIANT`` and the changed keys, nested; a variant file is
    named by its absolute path unless ``as_written`` (a file kept beside it names it relatively)."""
    tree: dict[str, Any] = {}
    for key, value in values.items():
        *parents, leaf = key.split(".")
        node = tree
        for part in parents:
            nested = node.setdefault(part, {})
            if not isinstance(nested, dict):
                raise SimulationError(f"--vary {key}: {'.'.join(parents)} is varied itself, so it has no keys")
            node = nested
        if leaf in node:
            raise SimulationError(f"--vary {key}: it is varied both whole and by its keys")
        node[leaf] = value
    parent = str(Path(variant).resolve()) if is_variant_path(variant) and not as_written else variant
    return yaml.safe_dump({"extends": parent, **tree}, sort_keys=False, allow_unicode=True)


def load_points(variant: str, points: Sequence[Values], companions: Values | None = None,
                notes: list[str] | None = None, dropped: list[list[str]] | None = None,
                what: str = "sweep") -> list[Ruleset]:
    """Each point's ruleset, loaded from its house file (the loader's messages name the point's file).

    ``companions`` (``--with``) are written in a file the point's file extends, so a point whose change makes
    one of them meaningless drops it; ``notes`` receives one line per point and group of dropped values, and
    ``dropped`` the companions each point dropped; ``what`` names the points in messages ("sweep point …")."""
    rulesets = []
    said: dict[str, list[Values]] = {}  # each note once, with the points it is true at
    with tempfile.TemporaryDirectory(prefix=f"tonk-{what}-") as folder:
        parent = variant
        if companions:
            for key in companions:
                if any(key == k or key.startswith(f"{k}.") or k.startswith(f"{key}.") for k in points[0]):
                    raise SimulationError(f"--with {key}: the key is varied too; give it in one place")
            base = Path(folder) / "with.yaml"
            base.write_text(house_file_text(variant, companions), encoding="utf-8")
            parent = str(base)
        for values in points:
            name = _file_name(Path(variant).stem if is_variant_path(variant) else variant, values)
            path = Path(folder) / name
            path.write_text(house_file_text(parent, values), encoding="utf-8")
            label = f"{what} point {point_label(values)}"
            try:
                loaded = load_variant(path)
                rulesets.append(compile_ruleset(loaded.variant))
            except VariantError as exc:
                # the point's house file is never seen: name the point instead of a temporary file's lines
                raise VariantError([replace(d, file=label, line=0, column=0, message=_finish(d.message, companions))
                                    if Path(d.file).parent == Path(folder) else d for d in exc.diagnostics]) from None
            named = tuple(replace(d, set_in="--with" if Path(d.set_in).parent == Path(folder) else d.set_in)
                          for d in loaded.dropped)
            if dropped is not None:
                dropped.append([d.path for d in named if d.set_in == "--with"])
            for line in dropped_notes(named):
                said.setdefault(line.removeprefix("note: "), []).append(values)
    if notes is not None:
        notes.extend(f"note: at {where(group, points, what)}: {line}" for line, group in said.items())
    return rulesets


def where(group: Sequence[Values], points: Sequence[Values], what: str = "sweep") -> str:
    """The points of ``group`` in few words: every point, every point with the values they share, or a list.

    >>> grid_points = grid([("a", [1, 2]), ("b", [3, 4])])
    >>> where(grid_points, grid_points), where(grid_points[:2], grid_points), where(grid_points[1:3], grid_points)
    ('every sweep point', 'every sweep point with a=1', 'sweep points a=1 b=4; a=2 b=3')
    """
    if len(group) == len(points):
        return f"every {what} point"
    if len(group) == 1:
        return f"{what} point {point_label(group[0])}"
    shared = {k: v for k, v in group[0].items() if all(g[k] == v for g in group)}
    if shared and sum(all(p[k] == v for k, v in shared.items()) for p in points) == len(group):
        return f"every {what} point with {point_label(shared)}"
    return f"{what} points " + "; ".join(point_label(g) for g in group)


def _finish(message: str, companions: Values | None) -> str:
    """A point's message that says a value must be given, finished with the option that gives it."""
    key, _, rest = message.partition(" must be given ")
    if not rest or " " in key or (companions and key in companions):
        return message
    return f"{message}; give it with --with {key}={_example(key)} (kept where it means something, dropped elsewhere)"


def _example(key: str) -> str:
    """A value the variant schema allows at ``key`` (its first choice), or ``…`` where it lists none."""
    from tonk_rules.variant.schema import variant_file_schema

    schema = variant_file_schema()
    node: Any = schema
    for part in key.split("."):
        node = _resolved(schema, node).get("properties", {}).get(part)
        if node is None:
            return "…"
    for option in [node, *node.get("anyOf", [])]:
        choices = [c for c in _resolved(schema, option).get("enum", []) if c is not None]
        if choices:
            return _scalar_text(choices[0])
    return "…"


def _resolved(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref", "")
    return schema["$defs"][ref.rsplit("/", 1)[1]] if ref.startswith("#/$defs/") else node


def _file_name(variant: str, values: Values) -> str:
    """A readable, safe file name for a point: ``russian+deal_check.at_most=13.yaml``."""
    text = "+".join([variant, *(f"{k}={_scalar_text(v)}" for k, v in values.items())])
    return "".join(ch if ch.isalnum() or ch in "._=+-" else "_" for ch in text)[:200] + ".yaml"


@dataclass(frozen=True)
class SweepPlan:
    """What a sweep plays: the variant, the varied keys, and one simulation's settings for every point."""

    variant: str
    varied: tuple[tuple[str, tuple[Scalar, ...]], ...]
    hands: int
    players: int
    seed: int
    seats: tuple[BotSpec, ...]
    companions: tuple[tuple[str, Scalar], ...] = ()  # --with: the same at every point, dropped where meaningless
    skill: Trace | None = None  # the skill trace each point plays (tonk_rules.sim.skill); None: none


def run_sweep(plan: SweepPlan, executor: Executor,
              run: Callable[[Sequence[Job | PairedJob], Executor], list[Any]] = run_all) -> dict[str, Any]:
    """Play every point of ``plan`` (same seed, same seats) and return the sweep's JSON.

    ``run`` plays the jobs (with or without a progress bar). Each point's figures are those of
    ``tonk simulate``'s ``variants.NAME``, the deal check with its exact rate (null where too costly); each
    later point also has ``difference`` from the first point — paired per deal when every point deals the
    same cards (one paired job), unpaired otherwise (a point that changes the deal).
    """
    points = grid([(key, list(values)) for key, values in plan.varied])
    if len(points) > MAX_POINTS:
        raise SimulationError(f"the sweep has {len(points)} points; at most {MAX_POINTS} (vary fewer values)")
    notes: list[str] = []
    rulesets = load_points(plan.variant, points, dict(plan.companions), notes)
    labels = [point_label(values) for values in points]
    named = tuple(f"{plan.variant} with {label}" for label in labels)  # a point as a message names it
    for name, ruleset in zip(named, rulesets, strict=True):
        check_table(ruleset, plan.players, name)
    exact_odds = table_odds_meanwhile(dict(zip(labels, rulesets, strict=True)), plan.players)
    paired = len(rulesets) > 1 and all(same_deals(rulesets[0], r) for r in rulesets[1:])
    # each point's skill trace (where the plan has one) plays in the same run, after the points' own jobs
    skill_of: list[Job] = [] if plan.skill is None else [
        job for name, ruleset in zip(named, rulesets, strict=True)
        for job in skill_jobs(name, ruleset, plan.players, plan.skill, plan.seed)]
    if paired:  # one job: every chunk plays its hands at every point, and the per-hand differences are summed
        pairs = tuple((i, 0) for i in range(1, len(rulesets)))
        [result, *traced] = run([PairedJob(plan.variant, tuple(rulesets), plan.seats, plan.hands, plan.seed, pairs,
                                           named), *skill_of], executor)
        tallies: list[Tally] = result.tallies
    else:
        played = run([*(Job(name, ruleset, plan.seats, plan.hands, plan.seed)
                        for name, ruleset in zip(named, rulesets, strict=True)), *skill_of], executor)
        tallies, traced = played[:len(rulesets)], played[len(rulesets):]
    exact = exact_odds()
    bots = [str(s) for s in plan.seats]
    out = []
    for i, (values, label, tally) in enumerate(zip(points, labels, tallies, strict=True)):
        figures = tally.to_json(bots)
        figures["deal_check"] = {**proportion(tally.deal_check, tally.hands), "exact": exact[label]}
        point: dict[str, Any] = {"values": values, "figures": figures}
        if plan.skill is not None:
            size = len(plan.skill.budgets) * plan.players
            point["skill"] = Skill.of(plan.skill, plan.players, traced[i * size:(i + 1) * size]).to_json()
        if i:
            sums = {f: result.pair(i, 0, f) for f in feature_names(plan.players)} if paired else None
            point["difference"] = differences(tally, tallies[0], sums)
            if sums is not None:  # every per-hand figure equal on every deal: the change made no difference
                point["difference"]["identical"] = all(s.squares == 0 for s in sums.values())
        out.append(point)
    return {"format": "tonk-sweep/1", "variant": plan.variant, "in_play": rules_in_play(plan, labels, tallies),
            "vary": {key: list(values) for key, values in plan.varied}, "seed": plan.seed, "hands": plan.hands,
            "players": plan.players, "bots": bots, "paired": paired, "points": out,
            **({"with": dict(plan.companions), "notes": notes} if plan.companions else {}),
            **({"skill": plan.skill.settings()} if plan.skill is not None else {})}


def rules_in_play(plan: SweepPlan, labels: Sequence[str], tallies: Sequence[Tally]) -> list[dict[str, Any]]:
    """For each varied key: the hands in which its rule came into play at each point (the kernel's counts,
    :mod:`tonk_rules.sim.in_play_tally`), and the sentence that says so (naming it where it never did)."""
    from tonk_rules.sim.in_play_tally import hands_in_play, in_play_sentence

    out = []
    for key, _ in plan.varied:
        try:
            sides = [(label, tally, key) for label, tally in zip(labels, tallies, strict=True)]
            said = in_play_sentence(key, sides)
        except KeyError:  # not a rule dimension the counts know (a title, a description)
            continue
        out.append({"rule": key, "hands": {label: hands_in_play(t, key) for label, t in zip(labels, tallies,
                                                                                          strict=True)},
                    "said": said})
    return out


def differences(tally: Tally, first: Tally, sums: dict[str, PairSums] | None) -> dict[str, Any]:
    """Each main figure of a point minus the first point's, with its 95% interval: paired per deal where
    ``sums`` (the per-hand differences, by feature) are given, unpaired otherwise."""
    out: dict[str, Any] = {}
    n = tally.hands
    for e, ending in enumerate(ENDINGS):
        key = f"ends: {ending}"
        k, k0 = tally.endings[e], first.endings[e]
        diff = (paired_proportions(k, k0, n, sums[key].squares) if sums is not None
                else unpaired_proportions(k, n, k0, first.hands))
        out[key] = diff.to_json()
    means = [("turns", "mean turns", tally.moments(tally.turns), first.moments(first.turns))]
    means += [(f"net: position {p + 1}", f"position {p + 1} mean net", tally.moments(tally.position_net[p]),
               first.moments(first.position_net[p])) for p in range(tally.players)]
    for feature, key, a, b in means:
        diff = paired_means(a, b, sums[feature].moments) if sums is not None else unpaired_means(a, b)
        out[key] = diff.to_json()
    return {"paired": sums is not None, "figures": out}
