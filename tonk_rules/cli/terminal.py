"""Text from files on its way to a terminal: control characters made visible, rich markup escaped.

A variant title, a quotation or a path comes from a file anyone may have written. Printed raw, an ANSI
escape would recolour or clear the user's terminal, and ``[/bold]`` would crash rich or vanish from a
quotation. Every command passes such text through :func:`plain` (for click.echo) or :func:`markup_safe`
(for anything rich renders).

    >>> plain("Tonk\\x1b[2J night")
    'Tonk\\\\x1b[2J night'
    >>> markup_safe("as printed [sic]")
    'as printed \\\\[sic]'
"""

from __future__ import annotations

import unicodedata


def plain(text: str) -> str:
    """``text`` with every control character (except newline and tab) shown as an escape such as ``\\x1b``."""
    out = []
    for ch in text:
        if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def markup_safe(text: str) -> str:
    """:func:`plain`, then escaped so that rich prints every ``[`` as written."""
    from rich.markup import escape

    return escape(plain(text))
