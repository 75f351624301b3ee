"""Reading one YAML variant file: :mod:`tonk_rules.yamlio` with the variant file's limit and messages.

    >>> doc = read_yaml_text("house.yaml", "extends: pagat\\ndeal: {hand_size: 7}\\n")
    >>> doc.data["deal"], doc.where(("deal", "hand_size"))
    ({'hand_size': 7}, (2, 19))

Everything the hardened reader refuses is refused here too (non-regular files, oversized files, aliases,
duplicate keys, tags, deep nesting); this module adds that the top level must be a mapping of rule sections.
"""

from __future__ import annotations

from pathlib import Path

from tonk_rules.errors import Diagnostic, YamlReadError
from tonk_rules.yamlio import KeyPath, YamlDocument, read_limited
from tonk_rules.yamlio import decode as _decode
from tonk_rules.yamlio import read_yaml_text as _read_text

__all__ = ["MAX_FILE_BYTES", "KeyPath", "YamlDocument", "YamlReadError", "read_yaml_file", "read_yaml_text"]

#: A variant file is a few dozen lines; 64 KiB leaves room for long quotations.
MAX_FILE_BYTES = 64 * 1024
WHAT = "variant file"


def _top_level(doc: YamlDocument) -> YamlDocument:
    root = doc.data
    if root is None:
        raise YamlReadError([Diagnostic(doc.file, 1, 1, "file is empty: a variant file is a mapping of rule "
                                                        "sections (start with `extends: pagat` or `title:`)")])
    if not isinstance(root, dict):
        kind = "a list" if isinstance(root, list) else "a single value"
        line, col = doc.where(())
        raise YamlReadError([Diagnostic(doc.file, line, col,
                                        f"the top level must be a mapping of rule sections, found {kind}")])
    return doc


def read_yaml_text(file: str, text: str) -> YamlDocument:
    """Parse variant text; raise :class:`YamlReadError` with every problem the reader finds."""
    return _top_level(_read_text(file, text, limit=MAX_FILE_BYTES, what=WHAT))


def read_yaml_file(path: Path, display: str | None = None) -> YamlDocument:
    """Read a variant file safely (see :func:`tonk_rules.yamlio.read_limited`) and parse it."""
    file = str(path) if display is None else display
    raw = read_limited(path, MAX_FILE_BYTES, display=file, what=WHAT)
    return read_yaml_text(file, _decode(file, raw))
