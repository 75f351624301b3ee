"""Each rule function of ruleset/core.py is the one implementation: the kernel compiles it and the reference
side (the rule objects, the engine, the odds) calls it.

A function one side stops calling is a rule that side now decides some other way — a second copy of its
semantics, held together only by the identity test. This test reads the sources, so it fails as soon as
either side no longer names ``core.<function>``.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tonk_rules.ruleset import core

PACKAGE = Path(core.__file__).resolve().parent.parent
FUNCTIONS = sorted(name for name, value in vars(core).items()
                   if inspect.isfunction(value) and value.__module__ == core.__name__)


def core_names(files: list[Path]) -> set[str]:
    """Every ``core.<name>`` the files read."""
    return {node.attr for path in files for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "core"}


def test_the_kernel_compiles_every_rule_function() -> None:
    missing = set(FUNCTIONS) - core_names(sorted((PACKAGE / "kernel").glob("*.py")))
    assert not missing, f"the kernel does not compile core.{', core.'.join(sorted(missing))}"


def test_the_reference_side_calls_every_rule_function() -> None:
    files = [p for p in sorted(PACKAGE.rglob("*.py")) if "kernel" not in p.parts and p != Path(core.__file__).resolve()]
    missing = set(FUNCTIONS) - core_names(files)
    assert not missing, f"no rule object or engine module calls core.{', core.'.join(sorted(missing))}"


def test_the_rule_functions_are_found() -> None:
    assert {"knock_refusal", "draw_refusal", "take_refusal", "discard_refusal"} <= set(FUNCTIONS)
