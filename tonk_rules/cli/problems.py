"""Printing the project's errors: one terminal-safe line per problem, on stderr.

    >>> from tonk_rules.errors import Diagnostic, VariantError
    >>> problem_lines(VariantError([Diagnostic("h.yaml", 3, 5, "bad\\x1b[2J value")]))
    ['h.yaml:3:5: bad\\\\x1b[2J value']
    >>> problem_lines(ValueError("two\\nlines"))
    ['error: two\\\\nlines']

Text in a message may come from a file or a path anyone wrote, so every line goes through
:func:`~tonk_rules.cli.terminal.plain` and a newline inside one problem is shown as ``\\n`` rather than
starting a line that could pass for another message.
"""

from __future__ import annotations

import click

from tonk_rules.cli.terminal import plain


def one_line(text: str) -> str:
    """``text`` made terminal-safe and kept on one line."""
    return plain(text).replace("\n", "\\n").replace("\t", " ")


def problem_lines(exc: BaseException) -> list[str]:
    """The lines that report ``exc``: one per located diagnostic, else ``error: message``."""
    diagnostics = getattr(exc, "diagnostics", None)
    if diagnostics:
        return [one_line(str(d)) for d in diagnostics]
    return [f"error: {one_line(str(exc))}"]


def echo_problems(exc: BaseException) -> None:
    for line in problem_lines(exc):
        click.echo(line, err=True)
