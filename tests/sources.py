"""The package's sources, read and parsed once per test process: several test files walk every module's
syntax tree (the floors, the rule functions both sides call, the refusal codes raised) or search its text (a
rule's words written twice), and each read the whole package again (about 0.3 s of CPU per walk). The trees
are shared: a caller must not change one."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tonk_rules"


@cache
def text(path: Path) -> str:
    """The source of ``path``."""
    return path.read_text(encoding="utf-8")


@cache
def tree(path: Path) -> ast.Module:
    """The syntax tree of ``path`` (shared: read it, never change it)."""
    return ast.parse(text(path))


@cache
def modules() -> tuple[Path, ...]:
    """Every module of the package, sorted."""
    return tuple(sorted(PACKAGE.rglob("*.py")))
