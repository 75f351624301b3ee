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

import sources

from tonk_rules.ruleset import core, slots

PACKAGE = sources.PACKAGE
FUNCTIONS = sorted(name for name, value in vars(core).items()
                   if inspect.isfunction(value) and value.__module__ == core.__name__)


def core_names(files: list[Path]) -> set[str]:
    """Every ``core.<name>`` the files read."""
    return {node.attr for path in files for node in ast.walk(sources.tree(path))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "core"}


def test_the_kernel_compiles_every_rule_function() -> None:
    missing = set(FUNCTIONS) - core_names(sorted((PACKAGE / "kernel").glob("*.py")))
    assert not missing, f"the kernel does not compile core.{', core.'.join(sorted(missing))}"


def test_the_reference_side_calls_every_rule_function() -> None:
    files = [p for p in sources.modules() if "kernel" not in p.parts and p != Path(core.__file__).resolve()]
    missing = set(FUNCTIONS) - core_names(files)
    assert not missing, f"no rule object or engine module calls core.{', core.'.join(sorted(missing))}"


def test_the_rule_functions_are_found() -> None:
    assert {"knock_refusal", "draw_refusal", "take_refusal", "discard_refusal"} <= set(FUNCTIONS)


# --- a rule object hands core only its own section's slots ----------------------------------------------------
def slots_read(source: str) -> dict[str, set[str]]:
    """Per function of core.py's ``source``: the parameter slots it reads (``R[R_NAME]``)."""
    out: dict[str, set[str]] = {}
    for fn in ast.parse(source).body:
        if isinstance(fn, ast.FunctionDef):
            out[fn.name] = {node.slice.id for node in ast.walk(fn)
                            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)
                            and node.value.id == "R" and isinstance(node.slice, ast.Name)}
    return out


def section_calls(source: str) -> dict[str, tuple[str, set[str]]]:
    """Per rule object class of rule_objects.py's ``source``: its section (``SECTION``, whose slots
    ``SectionRule.params`` holds) and the core functions it hands ``self.params``."""
    out: dict[str, tuple[str, set[str]]] = {}
    for cls in ast.parse(source).body:
        if not isinstance(cls, ast.ClassDef):
            continue
        sections = {node.value.value for node in cls.body if isinstance(node, ast.AnnAssign)
                    and isinstance(node.target, ast.Name) and node.target.id == "SECTION"
                    and isinstance(node.value, ast.Constant)}
        called = {node.func.attr for node in ast.walk(cls) if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                  and node.func.value.id == "core" and node.args and ast.unparse(node.args[0]) == "self.params"}
        if sections:
            (section,) = sections
            out[cls.name] = (section, called)
    return out


def foreign_reads(core_source: str, rule_objects_source: str) -> list[str]:
    """Slots a rule object's core functions read from another section: the rule object holds them at their
    neutral value, so the engine would read a different rule than the kernel (which holds every slot)."""
    reads = slots_read(core_source)
    found = []
    for cls, (section, called) in section_calls(rule_objects_source).items():
        for fn in sorted(called):
            for name in sorted(reads[fn]):
                path = slots.READ.get(getattr(slots, name), ("(computed)", ""))[0]
                if path.partition(".")[0] != section:
                    found.append(f"{cls} ({section}) hands core.{fn} its own slots, but it reads {name} ({path})")
    return found


def test_each_rule_object_hands_core_the_slots_it_reads() -> None:
    core_source = Path(core.__file__).read_text(encoding="utf-8")
    rule_objects_source = (PACKAGE / "ruleset" / "rule_objects.py").read_text(encoding="utf-8")
    assert len(section_calls(rule_objects_source)) >= 6  # deal, deal check, knock, spread, hit, taken, stock
    assert foreign_reads(core_source, rule_objects_source) == [], (
        "pass these values as arguments (as draw_refusal takes them), or read them where the whole parameter "
        "vector is at hand")
    mixed = core_source.replace("R[R_KN_MAX] != NO_LIMIT", "R[R_HIT_RUNS] != NO_LIMIT", 1)  # the test can fail
    assert foreign_reads(mixed, rule_objects_source) == [
        "KnockRule (knocking) hands core.knock_refusal its own slots, but it reads R_HIT_RUNS (hitting.runs)"]
