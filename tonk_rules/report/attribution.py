"""One rule at a time: the base variant with one differing rule switched to the other variant's value.

For each rule sentence that differs (:func:`~tonk_rules.report.rule_changes.rule_changes`) the first variant
gets the second's values for that sentence's keys, alone. Played on the same deals as the base, the
paired difference "switched minus base" of a figure is what that one rule does to it; the findings name
the rule that moves a figure most of the way from one variant to the other. A switch the model or its
checks reject alone (a value that needs another: a deal check without its ``several``) takes that whole
section of the rules instead; if even that is invalid it is reported as not run.
(A value the checks require with it, such as who deals after a void deal, is switched along.)

    >>> from tonk_rules.variant.loader import load_variant
    >>> from tonk_rules.report.rule_changes import rule_changes
    >>> a, b = load_variant("pagat"), load_variant("pagat-no-upcard")
    >>> [(s.change.keys, s.ruleset is not None) for s in switches(a, b, rule_changes(a, b), players=3)]
    [(('deal.upcard',), True), (('deal.first_turn',), True)]
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from tonk_rules.errors import SimulationError
from tonk_rules.report.rule_changes import RuleChange
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim.simulate import check_table
from tonk_rules.variant.checks import cross_field_problems, dependent_option_problems
from tonk_rules.variant.loader import LoadedVariant
from tonk_rules.variant.model import Variant

_BLAMED = re.compile(r"Value error, ([\w.|*]+): ")


@dataclass(frozen=True)
class Switch:
    """The base variant with ``change`` switched (``ruleset``), or why that could not be played."""

    change: RuleChange
    ruleset: Ruleset | None
    why_not: str = ""


def _path(key: str) -> list[str]:
    parts = key.split(".")
    return [*parts, "rules"] if parts[0] == "payments" and len(parts) == 2 else parts


def _set(data: dict[str, Any], source: dict[str, Any], keys: tuple[str, ...]) -> None:
    for key in keys:
        *head, last = _path(key)
        node, other = data, source
        try:
            for part in head:
                node, other = (node[int(part)], other[int(part)]) if isinstance(node, list) else (node[part],
                                                                                                 other[part])
            if isinstance(node, list):
                node[int(last)] = copy.deepcopy(other[int(last)])
            else:
                node[last] = copy.deepcopy(other[last])
        except (KeyError, IndexError, ValueError, TypeError):
            continue  # a value only one side has (a list item): the whole list is switched by its own key


def _problems(data: dict[str, Any]) -> list[str] | None:
    """The value keys the checks blame (empty: valid); None when the model itself rejects ``data``."""
    try:
        variant = Variant.model_validate(data)
    except ValidationError as exc:  # the model runs the checks too: "Value error, KEY|KEY: why"
        found = [m.group(1) for e in exc.errors() if (m := _BLAMED.match(str(e.get("msg", ""))))]
        return [p for paths in found for p in paths.split("|") if "*" not in p] or None
    blamed = [path for paths, _ in cross_field_problems(variant) + dependent_option_problems(variant)
              for path in paths.split("|")]
    return [p for p in blamed if "*" not in p]


def switched(base: LoadedVariant, other: LoadedVariant, keys: tuple[str, ...]) -> Variant | None:
    """``base`` with ``keys`` taken from ``other``, plus any value the checks then say must go with them
    (a void deal needs a rule for who deals after it); failing that, their whole sections; None if invalid."""
    mine, theirs = base.variant.model_dump(mode="json"), other.variant.model_dump(mode="json")
    wanted = list(keys)
    for _ in range(4):
        data = copy.deepcopy(mine)
        _set(data, theirs, tuple(wanted))
        problems = _problems(data)
        if problems == []:
            return Variant.model_validate(data)
        if not problems or all(p in wanted for p in problems):
            break
        wanted += [p for p in problems if p not in wanted]
    data = copy.deepcopy(mine)
    for section in dict.fromkeys(k.split(".")[0] for k in keys):
        data[section] = copy.deepcopy(theirs[section])
    return Variant.model_validate(data) if _problems(data) == [] else None


def switches(base: LoadedVariant, other: LoadedVariant, changes: list[RuleChange], players: int) -> list[Switch]:
    """One switch per change that can alter play (see :attr:`RuleChange.in_play`)."""
    base_rules = compile_ruleset(base.variant)
    out = []
    for change in changes:
        if not change.in_play:
            continue
        variant = switched(base, other, change.keys)
        if variant is None:
            out.append(Switch(change, None, "not valid alone, nor with its whole section"))
            continue
        ruleset = compile_ruleset(variant)
        if ruleset == base_rules:
            out.append(Switch(change, None, "compiles to the same rules"))
            continue
        try:
            check_table(ruleset, players, base.name)
        except SimulationError as exc:
            out.append(Switch(change, None, str(exc)))
            continue
        out.append(Switch(change, ruleset))
    return out
