"""What to change when a YAML file does not parse: the parser's message turned into a hint at the line to edit.

The YAML parser says where it gave up ("did not find expected key", "found character that cannot start any
token"), which is often a line after the mistake and in words about YAML's grammar. :func:`syntax_hint`
reads the text itself for the mistakes people make in a hand-written file, and names the line to change:

    >>> syntax_hint("title: x\\nknocking:\\n\\tmax_count: 7\\n", 3)
    (3, 'line 3 starts with a tab: indent with spaces')
    >>> syntax_hint("title: x\\n# knocking:\\n  max_count: 7\\n", 3)[0]
    2
    >>> syntax_hint("knocking:\\n  max_count:7\\n  min: 2\\n", 3)
    (2, "line 2: put a space after the colon: 'max_count: 7'")
    >>> syntax_hint("deck:\\n  ranks: [A, 2, 3\\nplayers: 2\\n", 3)
    (2, "line 2 opens a '[' that is never closed: close it with ']' (ranks: [A, 2, 3])")

``None`` where none of these is found: the caller keeps the parser's own message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# A key with its value glued to the colon: "max_count:7" (a key is a name: a letter, then letters, digits, _ -).
_GLUED = re.compile(r"^(\s*(?:-\s+)?)([A-Za-z_][\w-]*):([^\s:/].*)$")
# A section line left commented: "# knocking:" (nothing after the colon but a comment).
_COMMENTED_SECTION = re.compile(r"^\s*#\s*([A-Za-z_][\w-]*):\s*(#.*)?$")
_KEY = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][\w-]*):(\s|$)")
_CLOSE = {"[": "]", "{": "}"}


def syntax_hint(text: str, error_line: int) -> tuple[int, str] | None:
    """The line to change and what to change there, for a file whose parse failed at ``error_line`` (1-based);
    ``None`` when the mistake is none of those this module knows."""
    lines = text.splitlines()
    last = min(max(error_line, 1), len(lines))
    for number, line in enumerate(lines[:last], 1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent and line.strip():
            return number, f"line {number} starts with a tab: indent with spaces"
    opened = _unclosed(lines)
    if opened is not None:
        return opened
    for number in range(last, 0, -1):
        match = _GLUED.match(lines[number - 1])
        if match and not lines[number - 1].lstrip().startswith("#"):
            key, value = match.group(2), match.group(3).rstrip()
            return number, f"line {number}: put a space after the colon: '{key}: {value}'"
    return _orphan_key(lines, last)


def _orphan_key(lines: list[str], number: int) -> tuple[int, str] | None:
    """An indented key under a line that opens no section: perhaps the section line is commented out."""
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    key = _KEY.match(line)
    indent = len(line) - len(line.lstrip(" "))
    if key is None or indent == 0:
        return None
    for above in range(number - 1, 0, -1):
        text = lines[above - 1]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        if len(text) - len(text.lstrip(" ")) >= indent or text.rstrip().endswith(":"):
            return None  # a sibling or a section line above: not this mistake
        break
    commented = commented_section_above(lines, number)
    if commented is not None:  # the line to change is the commented one
        return commented[0], (f"the indented key {key.group(1)} (line {number}) has no section above it; perhaps "
                              f"the section line is commented out: line {commented[0]} '# {commented[1]}:', "
                              "remove its '#'")
    return number, (f"line {number}: the indented key {key.group(1)} has no section line above it; un-indent it, "
                    "or add the section line it belongs to")


def commented_section_above(lines: Sequence[str], number: int) -> tuple[int, str] | None:
    """A section line left commented (``# knocking:``) among the comments and blank lines just above line
    ``number`` (1-based), less indented than it: its line and its key. Such a line hides the section the
    indented keys below it belong to (they then fall into the section above, or into none)."""
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    indent = len(line) - len(line.lstrip(" "))
    for above in range(number - 1, 0, -1):
        text = lines[above - 1]
        if not text.strip():
            continue
        if not text.lstrip().startswith("#"):
            return None
        match = _COMMENTED_SECTION.match(text)
        if match and len(text) - len(text.lstrip(" ")) < indent:
            return above, match.group(1)
    return None


def _unclosed(lines: list[str]) -> tuple[int, str] | None:
    """A quote or a bracket opened and never closed (to the end of the file): the line that opened it."""
    stack: list[tuple[str, int, str]] = []  # (bracket, line, that line)
    quote: tuple[str, int] | None = None
    for number, line in enumerate(lines, 1):
        i = 0
        while i < len(line):
            ch = line[i]
            if quote is not None:
                if quote[0] == '"' and ch == "\\":
                    i += 2
                    continue
                if ch == quote[0]:
                    if quote[0] == "'" and line[i + 1: i + 2] == "'":  # '' is a quote inside '...'
                        i += 2
                        continue
                    quote = None
                i += 1
                continue
            before = line[:i].rstrip()
            if ch == "#" and (i == 0 or line[i - 1] in " \t"):
                break  # a comment: the rest of the line is not YAML
            if ch in "'\"" and (not before or before[-1] in ":-[{,?"):
                quote = (ch, number)
            elif ch in "[{" and (not before or before[-1] in ":-[{,?"):
                stack.append((ch, number, line.strip()))
            elif ch in "]}" and stack:
                stack.pop()
            i += 1
    if quote is not None:
        mark, number = quote
        return number, f"line {number} opens a quote ({mark}) that is never closed: end the value with {mark}"
    if stack:
        bracket, number, shown = stack[-1]
        return number, (f"line {number} opens a '{bracket}' that is never closed: close it with "
                        f"'{_CLOSE[bracket]}' ({shown}{_CLOSE[bracket]})")
    return None
