"""A name that starts with ``_`` is its module's own: no other module of the package imports it or reaches it
through the module (``module._name``), and no test imports it (a test may reach a hook through its module, to
replace it). A helper two modules share is public, in a module that says what it is (the CLI's shared options
in ``cli/sim_options.py``, not borrowed from ``sim_commands.py``), so that renaming a private name can never
break a module that was not looking."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import sources

TESTS = Path(__file__).resolve().parent


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def module_of(path: Path) -> str:
    """``tonk_rules/cli/sim_commands.py`` -> ``tonk_rules.cli.sim_commands`` (a package: its ``__init__``)."""
    parts = list(path.relative_to(sources.PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def borrowed(path: Path, tree: ast.Module, modules: set[str], *, reads: bool = True) -> Iterator[str]:
    """Each private name of another package module that ``tree`` (the source at ``path``) imports, or (with
    ``reads``) reads through the module."""
    own = module_of(path) if path.is_relative_to(sources.PACKAGE) else None
    aliases: dict[str, str] = {}  # a local name bound to a package module -> that module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tonk_rules"):
            for alias in node.names:
                if f"{node.module}.{alias.name}" in modules:
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                elif private(alias.name) and node.module != own:
                    yield f"{path.name}:{node.lineno} imports {node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in modules:
                    aliases[alias.asname] = alias.name
    for node in ast.walk(tree) if reads else ():
        if (isinstance(node, ast.Attribute) and private(node.attr) and isinstance(node.value, ast.Name)
                and aliases.get(node.value.id, own) != own):
            yield f"{path.name}:{node.lineno} reads {aliases[node.value.id]}.{node.attr}"


def test_no_module_borrows_another_modules_private_name() -> None:
    modules = {module_of(p) for p in sources.modules()}
    found = [line for path in sources.modules() for line in borrowed(path, sources.tree(path), modules)]
    assert found == [], "make the name public, in a module that says what it is"


def test_no_test_imports_a_private_name() -> None:
    """A test may still replace a module's private hook through the module (``monkeypatch.setattr``), the
    one way to reach inside it without binding a second name to it."""
    modules = {module_of(p) for p in sources.modules()}
    found = [line for path in sorted(TESTS.glob("*.py"))
             for line in borrowed(path, ast.parse(path.read_text(encoding="utf-8")), modules, reads=False)]
    assert found == [], "test the public name; a private one may be renamed without notice"


def test_the_check_sees_a_borrowed_name() -> None:
    """The scan itself: each form of borrowing is found, a module's own private names are not."""
    modules = {"tonk_rules.cli.sim_commands", "tonk_rules.cli.sweep_commands"}
    here = sources.PACKAGE / "cli" / "sweep_commands.py"
    code = ("from tonk_rules.cli.sim_commands import _load, simulation_options\n"
            "from tonk_rules.cli import sim_commands as sc\n"
            "import tonk_rules.cli.sim_commands as other\n"
            "sc._seats(); other._executor(); sc.simulation_options()\n"
            "from tonk_rules.cli.sweep_commands import _emit\n")
    found = list(borrowed(here, ast.parse(code), modules))
    assert found == ["sweep_commands.py:1 imports tonk_rules.cli.sim_commands._load",
                     "sweep_commands.py:4 reads tonk_rules.cli.sim_commands._seats",
                     "sweep_commands.py:4 reads tonk_rules.cli.sim_commands._executor"]
