"""The floors of the house: a module imports only from floors below its own, and no two modules import each
other, directly or round a circle. Imports inside functions count too: a deferred import is still a
dependency; so, for circles, do a package's imports of its own modules and imports for annotations only.

The floors (see docs/architecture.md), lowest first. A new top-level module or package must be placed here,
so the test fails until someone decides where it lives.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

import sources

PACKAGE = sources.PACKAGE

FLOORS: list[set[str]] = [
    {"errors"},
    {"terms", "prng", "safe_read", "limits", "yaml_hints"},
    {"cards", "yamlio", "jsonio", "outputs"},
    {"words"},
    {"variant"},
    {"ruleset"},
    {"engine"},
    {"kernel"},
    {"bots"},
    {"records"},
    {"sim"},
    # one floor, so that none imports another: settling hands at a table, the rules sheets, and the report,
    # which words rules through words/, never by borrowing the sheets
    {"table", "sheets", "report"},
    # one table's ledger: it checks seats and names by the table's rules, and stores what they settled
    {"ledger"},
    # an event of several tables: a ledger per table, the sheets of each
    {"event"},
    # any variant as an OpenSpiel game or a PettingZoo environment: it drives the engine and the bots
    {"interop"},
    # tonk serve: it calls the ledger and the event exactly as the CLI does, with no ledger or payment code of its own
    {"web"},
    {"cli"},
    {"__init__", "__main__"},
]
FLOOR = {name: level for level, names in enumerate(FLOORS) for name in names}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def top(module: str) -> str:
    """The floor-owning part of a module name: ``tonk_rules.kernel.api`` -> ``kernel``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__"
    return parts[1]


@functools.cache  # every test reads the same graph: parse the package once
def imports(typing: bool = False) -> dict[str, set[str]]:
    """Each module of the package -> the package modules it imports (anywhere in its body); with ``typing``,
    also those it imports for annotations only (under ``if TYPE_CHECKING:``)."""
    modules = {module_name(p): p for p in sources.modules()}
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        tree = sources.tree(path)
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and ast.unparse(block.test).endswith("TYPE_CHECKING") for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only and not typing:  # annotations only: no import at run time
                continue
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # ``from pkg import mod`` depends on the module; ``from mod import name`` on the module itself
                targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                           for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
    return graph


def test_every_top_level_module_has_a_floor() -> None:
    names = {top(module_name(p)) for p in sources.modules()}
    assert names - FLOOR.keys() == set(), "place these in FLOORS"


def test_no_module_imports_from_its_own_floor_or_above_outside_its_package() -> None:
    wrong = []
    for source, targets in imports().items():
        for target in targets:
            a, b = top(source), top(target)
            if a != b and FLOOR[b] >= FLOOR[a] and a != "__init__":
                wrong.append(f"{source} -> {target}")
    assert wrong == []


def test_no_import_circle_between_modules() -> None:
    # Every edge counts: a package's __init__ importing its own modules (a circle through it is one all the
    # same, lazy or not), and an import for annotations only (the modules still cannot be read apart).
    edges = imports(typing=True)
    circles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                circles.append(" -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    assert circles == []


def test_the_kernel_sees_neither_bots_nor_simulation() -> None:
    kernel = {t for s, ts in imports().items() if top(s) == "kernel" for t in ts}
    assert {top(t) for t in kernel} & {"bots", "sim", "records", "table", "sheets", "ledger", "event", "report",
                                       "web", "cli"} == set()


#: the game master's tools: settling at a table, the rules sheets, the ledger, the event
TABLE_TOOLS = {"table", "sheets", "ledger", "event"}


def test_the_report_borrows_nothing_from_the_table_tools() -> None:
    borrowed = sorted(f"{s} -> {t}" for s, ts in imports().items() if top(s) == "report" for t in ts
                      if top(t) in TABLE_TOOLS)
    assert borrowed == [], "the rules' words live in tonk_rules/words/: import them from there"


def test_the_words_import_only_the_ground() -> None:
    above = sorted(f"{s} -> {t}" for s, ts in imports().items() if top(s) == "words" for t in ts
                   if FLOOR[top(t)] >= FLOOR["words"] and top(t) != "words")
    assert above == []


def test_every_module_name_is_unique() -> None:
    """A module's file name says what it holds, once in the tree: two ``model.py`` (or ``in_play.py``) in two
    packages read alike in a traceback, a grep or an import, and one is easily taken for the other."""
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in sources.modules():
        if path.name != "__init__.py":
            by_name[path.name].append(str(path.relative_to(PACKAGE)))
    assert {name: paths for name, paths in by_name.items() if len(paths) > 1} == {}
