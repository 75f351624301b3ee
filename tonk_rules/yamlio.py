"""The one hardened YAML reader of tonk-rules: variant files, hand records and session files all come here.

    >>> doc = read_yaml_text("house.yaml", "deal:\\n  hand_size: 7\\nplayers: [Ann, Bob]\\n", limit=4096)
    >>> doc.data
    {'deal': {'hand_size': 7}, 'players': ['Ann', 'Bob']}
    >>> doc.where(("deal", "hand_size")), doc.where(("players", 1))
    ((2, 14), (3, 16))
    >>> read_yaml_text("t.yaml", "at: 1:30\\nwhen: 2001-12-14\\nok: yes\\n", limit=4096).data
    {'at': '1:30', 'when': '2001-12-14', 'ok': 'yes'}

A file anyone may have written is refused, with ``FILE:LINE:COL: message``, when it

* is not a regular file (directory, FIFO, device, socket, symlink loop, NUL in the name): checked with
  ``stat`` before opening, opened non-blocking, checked again with ``fstat`` on the open descriptor;
* is larger than the caller's limit: at most ``limit + 1`` bytes are ever read, whatever ``st_size`` says;
* is not UTF-8, or holds characters YAML forbids (NUL, other control characters), located where they are;
* uses anchors or aliases (an alias bomb costs nothing), merge keys ``<<``, explicit tags other than the
  plain ones (``!!binary``, ``!!timestamp``, ``!!python/...``, ``!local``), or an explicit tag whose value
  cannot be that type (``!!int five``);
* repeats a key in a mapping (every repetition is reported), or uses a key that is not text;
* nests deeper than :data:`MAX_DEPTH` (counted on the event stream, with no recursion anywhere).

The tree is built from the parser's event stream, never by PyYAML's recursive composer or its constructors,
and plain scalars are read with the YAML 1.2 core types only: null, true/false, decimal integers and
floats. Everything else is text, so ``1:30`` is not 90, ``2001-12-14`` is not a date, ``yes`` is not true
and ``012`` is 12, not octal 10. The result is plain data (dict, list, str, int, float, bool, None) with
the line and column of every value and every key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import yaml

from tonk_rules.errors import Diagnostic, YamlReadError
from tonk_rules.safe_read import decode, read_limited, size_text
from tonk_rules.yaml_hints import syntax_hint

__all__ = ["MAX_DEPTH", "MAX_PROBLEMS", "KeyPath", "YamlDocument", "capped", "decode", "more_problems",
           "plain_data_problems", "read_limited", "read_yaml_file", "read_yaml_text"]

#: Deepest nesting of lists and mappings accepted; real files use fewer than ten levels.
MAX_DEPTH = 64
#: At most this many problems are collected from one file before reading stops.
MAX_PROBLEMS = 50

# libyaml's parser when PyYAML has it (about ten times faster); both give the same events and marks.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

KeyPath = tuple[str | int, ...]

# YAML 1.2 core schema, plain scalars only.
_NULL = re.compile(r"~|null|Null|NULL|")
_TRUE = re.compile(r"true|True|TRUE")
_FALSE = re.compile(r"false|False|FALSE")
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)")
_NAN = re.compile(r"\.(nan|NaN|NAN)")
# Characters YAML allows in a stream (YAML 1.2, 5.1); anything else is located before parsing.
_FORBIDDEN = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

# A plain scalar starting with any other character is text under the core schema.
_MAY_NOT_BE_TEXT = frozenset("~nNtTfF-+.0123456789")
_CORE = "tag:yaml.org,2002:"
_PLAIN_TYPES = "text, whole numbers, true/false, null, lists and mappings"


@dataclass
class YamlDocument:
    """A parsed file: its data and where each key path sits (1-based line and column)."""

    file: str
    data: Any
    positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)
    lines: tuple[str, ...] = ()  # the text's lines, for a hint that reads the file (yaml_hints)

    def where(self, path: KeyPath, *, key: bool = False) -> tuple[int, int]:
        """The position of a value (or of its key), else of its nearest located ancestor; (0, 0) if none."""
        table = self.key_positions if key else self.positions
        for cut in range(len(path), -1, -1):
            if path[:cut] in table:
                return table[path[:cut]]
            if path[:cut] in self.positions:
                return self.positions[path[:cut]]
        return (0, 0)

    def diagnostic(self, path: KeyPath, message: str, *, key: bool = False, dotted: str | None = None) -> Diagnostic:
        """A :class:`Diagnostic` at ``path`` (its key with ``key=True``), naming the key path."""
        line, col = self.where(path, key=key)
        shown = ".".join(str(p) for p in path) if dotted is None else dotted
        return Diagnostic(self.file, line, col, message, shown)


def more_problems(shown: list[Diagnostic], file: str) -> Diagnostic:
    """The closing line when a file has more problems than are worth listing; placed after the last one
    shown, so that it still comes last when problems are sorted by position."""
    line, col = max(((d.line, d.column) for d in shown if d.file == file), default=(0, 0))
    return Diagnostic(file, line, col, f"more problems follow; only the first {MAX_PROBLEMS} are shown")


def capped(diagnostics: list[Diagnostic], file: str) -> list[Diagnostic]:
    """``diagnostics`` cut to :data:`MAX_PROBLEMS`, with a closing line saying more were found."""
    if len(diagnostics) <= MAX_PROBLEMS:
        return diagnostics
    shown = diagnostics[:MAX_PROBLEMS]
    return [*shown, more_problems(shown, file)]


def _fail(file: str, line: int, col: int, message: str, *, opening: bool = False) -> YamlReadError:
    return YamlReadError([Diagnostic(file, line, col, message)], opening=opening)


def read_yaml_file(path: str | Path, *, limit: int, display: str | None = None,
                   what: str = "file") -> YamlDocument:
    """Read, decode and parse the file ``path`` (see the module docstring for what is refused)."""
    file = str(path) if display is None else display
    return read_yaml_text(file, decode(file, read_limited(path, limit, display=file, what=what)), limit=limit,
                          what=what)


# --- parsing ---------------------------------------------------------------------------------------------
def _forbidden_characters(file: str, text: str) -> list[Diagnostic]:
    if text.count("\x00") > 1:
        # binary data (/proc/self/environ, an image): one line, and no position or count, which would tell the
        # length of the file's first line or its number of entries (an environment's variables); a single NUL
        # in a text file is a slip, located as any other forbidden character
        return [Diagnostic(file, 0, 0, "the file holds NUL bytes: it is binary data, not YAML text")]
    out = []
    for match in _FORBIDDEN.finditer(text):
        start = match.start()
        line = text.count("\n", 0, start) + 1
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        out.append(Diagnostic(file, line, col, f"character U+{ord(match.group()):04X} is not allowed in YAML "
                                               "text (control characters and NUL are refused)"))
        if len(out) >= MAX_PROBLEMS:
            break
    return out


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def _plain(value: str) -> Any:
    """A plain (unquoted, untagged) scalar, by the YAML 1.2 core schema."""
    if _NULL.fullmatch(value):
        return None
    if _TRUE.fullmatch(value):
        return True
    if _FALSE.fullmatch(value):
        return False
    if _INT.fullmatch(value):
        return int(value)
    if _FLOAT.fullmatch(value):
        return float(value)
    if _INF.fullmatch(value):
        return float("-inf") if value.startswith("-") else float("inf")
    if _NAN.fullmatch(value):
        return float("nan")
    return value


class _Builder:
    """Turns the parser's events into plain data with positions; collects problems instead of raising."""

    def __init__(self, file: str) -> None:
        self.doc = YamlDocument(file=file, data=None)
        self.problems: list[Diagnostic] = []
        # open containers: (container, key path, the key waiting for its value, its position)
        self.stack: list[tuple[dict[str, Any] | list[Any], KeyPath, list[Any]]] = []
        self.documents = 0
        self.dropped = 0

    def problem(self, mark: Any, message: str) -> None:
        self.problems.append(Diagnostic(self.doc.file, mark.line + 1, mark.column + 1, message))
        if len(self.problems) >= MAX_PROBLEMS:
            raise _TooMany

    def scalar(self, event: Any) -> tuple[Any, bool]:
        """The value of a scalar event, and whether it is acceptable."""
        tag, value, mark = event.tag, event.value, event.start_mark
        plain = event.implicit[0] and tag is None
        if plain:
            if value and value[0] not in _MAY_NOT_BE_TEXT:
                return value, True  # the common case, decided without a regular expression
            try:
                return _plain(value), True
            except ValueError:  # Python refuses to convert integers of more than 4300 digits
                self.problem(mark, f"the number {value[:20]}... has too many digits")
                return None, False
        if tag is None or tag == "!" or tag == f"{_CORE}str":
            return value, True
        short = _tag_name(tag)
        if tag in (f"{_CORE}int", f"{_CORE}float", f"{_CORE}bool", f"{_CORE}null"):
            wanted = tag[len(_CORE):]
            try:
                read: Any = _plain(value)
            except ValueError:
                self.problem(mark, f"the number {value[:20]}... has too many digits")
                return None, False
            kinds: dict[str, type | tuple[type, ...]] = {
                "int": int, "float": (int, float), "bool": bool, "null": type(None)}
            if isinstance(read, kinds[wanted]) and not (wanted != "bool" and isinstance(read, bool)):
                return (float(cast(float, read)) if wanted == "float" else read), True
            self.problem(mark, f"{value!r} cannot be read as {short}; write the value without the tag")
            return None, False
        self.problem(mark, f"the tag {short} is not allowed: only plain values ({_PLAIN_TYPES}) are read")
        return None, False

    def add(self, value: Any, mark: Any, key_mark: Any = None) -> KeyPath | None:
        """Place ``value`` in the open container; returns its key path (None when it is dropped)."""
        if not self.stack:
            self.doc.data = value
            path: KeyPath = ()
        else:
            container, base, pending = self.stack[-1]
            if isinstance(container, list):
                path = (*base, len(container))
                container.append(value)
            else:
                key, key_pos = pending
                pending.clear()
                if key is _NO_KEY:
                    return None
                path = (*base, key)
                container[key] = value
                self.doc.key_positions[path] = key_pos
        self.doc.positions[path] = (mark.line + 1, mark.column + 1)
        return path

    def key_expected(self) -> bool:
        if not self.stack:
            return False
        container, _, pending = self.stack[-1]
        return isinstance(container, dict) and not pending

    def take_key(self, key: Any, event: Any) -> None:
        container, base, pending = self.stack[-1]
        assert isinstance(container, dict)
        mark = event.start_mark
        pos = (mark.line + 1, mark.column + 1)
        if key is _NO_KEY:
            pending[:] = [_NO_KEY, pos]
            return
        if key == "<<" and isinstance(event, yaml.ScalarEvent) and event.implicit[0] and event.tag is None:
            self.problem(mark, "merge keys (<<) are not allowed; write the keys out")
            pending[:] = [_NO_KEY, pos]
            return
        if not isinstance(key, str):
            if key is None:
                self.problem(mark, "keys must be names (text), found an empty key (null)")
            else:
                shown = str(key).lower() if isinstance(key, bool) else str(key)
                self.problem(mark, f"keys must be names (text), found {shown}; quote it ('{event.value}') "
                                   "if it is a name")
            pending[:] = [_NO_KEY, pos]
            return
        if key in container or (*base, key) in self.doc.key_positions:
            first = self.doc.key_positions.get((*base, key), pos)
            self.problem(mark, f"duplicate key {key!r} (first given at line {first[0]})")
            pending[:] = [_NO_KEY, pos]
            return
        pending[:] = [key, pos]


class _TooMany(Exception):
    """Enough problems collected; stop reading."""


_NO_KEY: Any = object()  # a key that was refused: its value is read (to find more problems) and dropped


def read_yaml_text(file: str, text: str, *, limit: int, what: str = "file") -> YamlDocument:
    """Parse YAML text into a :class:`YamlDocument`; raise :class:`YamlReadError` with every problem found."""
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise _fail(file, 1, 1, f"file is larger than {size_text(limit)}; a {what} is much smaller")
    bad = _forbidden_characters(file, text)
    if bad:
        raise YamlReadError(bad)
    builder = _Builder(file)
    try:
        _run(builder, text)
    except _TooMany:
        if len(builder.problems) >= MAX_PROBLEMS:
            builder.problems.append(more_problems(builder.problems, file))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        said = f"{exc.problem or exc.context}"
        if (hint := syntax_hint(text, line)) is not None:  # the line to change, not where the parser gave up
            line, col, said = hint[0], 1, hint[1]
        builder.problems.append(Diagnostic(file, line, col, f"YAML syntax error: {said}"))
    except yaml.reader.ReaderError as exc:  # characters were checked above; kept for completeness
        line = text.count("\n", 0, exc.position) + 1
        builder.problems.append(Diagnostic(file, line, 1, f"YAML error: {exc.reason}"))
    except yaml.YAMLError as exc:
        builder.problems.append(Diagnostic(file, 1, 1, f"YAML error: {exc}"))
    if builder.problems:
        raise YamlReadError(builder.problems)
    builder.doc.lines = tuple(text.splitlines())
    return builder.doc


def _run(builder: _Builder, text: str) -> None:
    """Feed every event of ``text`` to ``builder``; depth is the length of its stack, never recursion."""
    for event in yaml.parse(text, Loader=_Loader):
        mark = event.start_mark
        if isinstance(event, yaml.DocumentStartEvent):
            builder.documents += 1
            if builder.documents > 1:
                builder.problem(mark, "a second YAML document (---): a file holds exactly one")
                raise _TooMany
            continue
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            builder.problem(mark, "YAML anchors and aliases (&name, *name) are not allowed; write the value out")
            if isinstance(event, yaml.AliasEvent):
                event = yaml.ScalarEvent(None, None, (True, False), "", start_mark=mark)  # stands in for it
        if isinstance(event, yaml.ScalarEvent):
            value, ok = builder.scalar(event)
            if builder.key_expected():
                builder.take_key(value if ok else _NO_KEY, event)
            else:
                builder.add(value, mark)
        elif isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            tag = event.tag
            expected = f"{_CORE}map" if isinstance(event, yaml.MappingStartEvent) else f"{_CORE}seq"
            if tag is not None and tag not in ("!", expected):
                builder.problem(mark, f"the tag {_tag_name(tag)} is not allowed: only plain values "
                                      f"({_PLAIN_TYPES}) are read")
            if len(builder.stack) >= MAX_DEPTH:
                builder.problem(mark, f"nested more than {MAX_DEPTH} levels deep")
                raise _TooMany
            is_key = builder.key_expected()
            if is_key:
                kind = "a mapping" if isinstance(event, yaml.MappingStartEvent) else "a list"
                builder.problem(mark, f"keys must be names (text), found {kind}")
                builder.take_key(_NO_KEY, event)
            container: dict[str, Any] | list[Any] = {} if isinstance(event, yaml.MappingStartEvent) else []
            # a refused key's content is still read (for its own problems) under a path no one looks up
            path = None if is_key else builder.add(container, mark)
            if path is None:
                builder.dropped += 1
                path = ("\x00dropped", builder.dropped)
            builder.stack.append((container, path, []))
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            builder.stack.pop()


_PLAIN_SCALARS = (str, int, float, bool, type(None))


def plain_data_problems(file: str, data: Any) -> list[Diagnostic]:
    """For data that did not come from this reader (an API caller's dict): every key that is not text and
    every value that is not plain YAML data, named by key path. Iterative, so any depth is safe."""
    out: list[Diagnostic] = []
    stack: list[tuple[KeyPath, Any]] = [((), data)]
    while stack and len(out) < MAX_PROBLEMS:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if not isinstance(key, str):
                    out.append(Diagnostic(file, 0, 0, f"keys must be names (text), found {key!r}",
                                          ".".join(str(p) for p in path)))
                else:
                    stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, i), item) for i, item in enumerate(node))
        elif not isinstance(node, _PLAIN_SCALARS):
            out.append(Diagnostic(file, 0, 0, f"{type(node).__name__} is not plain data (text, numbers, true/false, "
                                              "null, lists, mappings)", ".".join(str(p) for p in path)))
    return out
