"""Reading one YAML variant file safely, keeping the line and column of every key and value.

Refused before any parsing: files over :data:`MAX_FILE_BYTES` and bytes that are not UTF-8. Refused while
parsing: anchors and aliases (so an alias bomb costs nothing), duplicate keys, non-string keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tonk_rules.errors import Diagnostic

MAX_FILE_BYTES = 64 * 1024

# libyaml's parser when PyYAML has it (about ten times faster); both give the same nodes and marks.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

KeyPath = tuple[str | int, ...]


@dataclass
class YamlDocument:
    """A parsed file: its data and where each key path sits (1-based line and column)."""

    file: str
    data: dict[str, Any]
    positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[KeyPath, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: KeyPath, *, key: bool = False) -> tuple[int, int]:
        """The position of a value (or of its key), else of its nearest located ancestor."""
        table = self.key_positions if key else self.positions
        for cut in range(len(path), -1, -1):
            if path[:cut] in table:
                return table[path[:cut]]
            if path[:cut] in self.positions:
                return self.positions[path[:cut]]
        return (1, 1)


class YamlReadError(Exception):
    """The file cannot be read as a variant file; ``opening`` is true when it could not even be opened."""

    def __init__(self, diagnostic: Diagnostic, *, opening: bool = False) -> None:
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic
        self.opening = opening


def _fail(file: str, line: int, col: int, message: str, *, opening: bool = False) -> YamlReadError:
    return YamlReadError(Diagnostic(file, line, col, message), opening=opening)


def _decode(file: str, raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise _fail(file, line, col, f"not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be decoded; "
                                     "save the file as UTF-8") from None


def read_yaml_text(file: str, text: str) -> YamlDocument:
    """Parse YAML text into a :class:`YamlDocument`; raise :class:`YamlReadError` on the first problem."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise _fail(file, 1, 1, f"file is larger than {MAX_FILE_BYTES // 1024} KiB; a variant file is a few "
                                "dozen lines")
    try:
        # Anchors and aliases are refused from the event stream, before any node is built.
        for event in yaml.parse(text, Loader=_Loader):
            anchor = getattr(event, "anchor", None)
            if isinstance(event, yaml.AliasEvent) or anchor is not None:
                mark = event.start_mark
                line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
                raise _fail(file, line, col,
                            "YAML anchors and aliases (&name, *name) are not allowed in variant files; "
                            "use `extends:` to share rules")
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise _fail(file, line, col, f"YAML syntax error: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise _fail(file, 1, 1, f"YAML error: {exc}") from None
    if root is None:
        raise _fail(file, 1, 1, "file is empty: a variant file is a mapping of rule sections "
                                "(start with `extends: pagat` or `title:`)")
    if not isinstance(root, yaml.MappingNode):
        kind = "a list" if isinstance(root, yaml.SequenceNode) else "a single value"
        raise _fail(file, root.start_mark.line + 1, root.start_mark.column + 1,
                    f"the top level must be a mapping of rule sections, found {kind}")
    doc = YamlDocument(file=file, data={})
    doc.data = _build(doc, root, ())
    return doc


def read_yaml_file(path: Path) -> YamlDocument:
    file = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _fail(file, 1, 1, f"file is larger than {MAX_FILE_BYTES // 1024} KiB ({size} bytes); "
                                    "a variant file is a few dozen lines")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise _fail(file, 1, 1, "no such file", opening=True) from None
    except IsADirectoryError:
        raise _fail(file, 1, 1, "is a directory, not a variant file", opening=True) from None
    except OSError as exc:
        raise _fail(file, 1, 1, f"cannot read: {exc.strerror}", opening=True) from None
    return read_yaml_text(file, _decode(file, raw))


_CONSTRUCTOR = yaml.SafeLoader("")


def _build(doc: YamlDocument, node: yaml.Node, path: KeyPath) -> Any:
    doc.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _CONSTRUCTOR.construct_object(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            line, col = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if not isinstance(key, str):
                raise _fail(doc.file, line, col, f"keys must be names, found {key_node.value!r}")
            if key in result:
                first = doc.key_positions[(*path, key)]
                raise _fail(doc.file, line, col, f"duplicate key {key!r} (first given at line {first[0]})")
            doc.key_positions[(*path, key)] = (line, col)
            result[key] = _build(doc, value_node, (*path, key))
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(doc, item, (*path, i)) for i, item in enumerate(node.value)]
    return _CONSTRUCTOR.construct_object(node)
