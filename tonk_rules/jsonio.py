"""The hardened JSON reader: duplicate keys refused, nesting bounded, no NaN, every problem located.

The JSON twin of :mod:`tonk_rules.yamlio` for files a user hands over (a ledger export): the standard
parser would keep the last of two equal keys, recurse until the interpreter gives up on a deeply nested
file, and accept ``NaN``; here each of those is one located message.

    >>> read_json_text("x.json", '{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    tonk_rules.jsonio.JsonReadError: x.json:1:10: the key 'a' is given twice
    >>> read_json_text("x.json", "[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    tonk_rules.jsonio.JsonReadError: x.json:1:65: nested deeper than 64 levels
"""

from __future__ import annotations

import json
import re
from typing import Any

from tonk_rules.errors import TonkError

#: A ledger export nests about six levels deep; far more is not an export
MAX_DEPTH = 64
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


class JsonReadError(TonkError):
    """A file that is not JSON this program reads, located as ``FILE:LINE:COL: message``."""


def _where(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def _shallow(text: str, max_depth: int) -> bool:
    """Whether every bracket closes within ``max_depth`` levels, at C speed: strings and everything but
    brackets removed, then the innermost pairs peeled ``max_depth`` times; nothing may be left open."""
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text)).replace("{", "[").replace("}", "]")
    for _ in range(max_depth):
        peeled = brackets.replace("[]", "")
        if peeled == brackets:
            break
        brackets = peeled
    return "[" not in brackets


def _check_depth(file: str, text: str, max_depth: int) -> None:
    """Refuse deep nesting before parsing (the parser would recurse once per level)."""
    if _shallow(text, max_depth):
        return
    # too deep, or a bracket left open: find where, character by character (brackets inside strings do not
    # nest); an open bracket within the limit is left to the parser to report
    blanked = _STRING.sub(lambda m: " " * len(m.group()), text)
    depth = 0
    for match in _BRACKETS.finditer(blanked):
        depth += 1 if match.group() in "[{" else -1
        if depth > max_depth:
            line, col = _where(text, match.start())
            raise JsonReadError(f"{file}:{line}:{col}: nested deeper than {max_depth} levels")


def read_json_text(file: str, text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` (read from ``file``, named in messages) as strict JSON."""
    _check_depth(file, text, max_depth)
    decoder = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant)
    try:
        data, end = decoder.raw_decode(text, len(text) - len(text.lstrip()))
    except json.JSONDecodeError as exc:
        raise JsonReadError(f"{file}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    except _DuplicateKey as exc:
        # the parser does not say where: find the second occurrence of the key as a key
        quoted = json.dumps(exc.key)
        hits = [m.start() for m in re.finditer(re.escape(quoted) + r"\s*:", text)]
        line, col = _where(text, hits[1] if len(hits) > 1 else 0)
        raise JsonReadError(f"{file}:{line}:{col}: the key {exc.key!r} is given twice") from None
    except (ValueError, RecursionError) as exc:  # NaN, Infinity, a number of thousands of digits
        raise JsonReadError(f"{file}: not JSON this program reads: {str(exc).splitlines()[0][:120]}") from None
    if text[end:].strip():
        line, col = _where(text, end + len(text[end:]) - len(text[end:].lstrip()))
        raise JsonReadError(f"{file}:{line}:{col}: more text after the JSON value")
    return data
