"""Files the table tools write (records, exports, rules sheets): checked before the work, written atomically.

A path is checked before anything is played or computed, so a mistyped folder costs nothing, and an existing
file is never replaced unless asked (``--force``); the text goes to a temporary file in the same folder that is
then renamed over the target, so a reader never sees half a file and a failed write leaves the old one.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> why_not_writable(folder / "x.yaml", force=False) is None
    True
    >>> write_atomic(folder / "x.yaml", "a: 1\\n")
    >>> why_not_writable(folder / "x.yaml", force=False)
    '...x.yaml: already exists; give --force to replace it'
    >>> why_not_writable(folder / "nodir" / "x.yaml", force=False)
    '...x.yaml: the folder ... does not exist'
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tonk_rules.errors import TableInputError


def why_not_writable(path: str | Path, *, force: bool) -> str | None:
    """Why ``path`` cannot be written now (None when it can): no such folder, not writable, or already there."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        return f"{path}: is a folder, not a file"
    if not folder.is_dir():
        return f"{path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{path}: the folder {folder} is not writable"
    if (target.exists() or target.is_symlink()) and not force:
        return f"{path}: already exists; give --force to replace it"
    return None


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file in the same folder and a rename."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise TableInputError(f"cannot write {path}: {exc.strerror}") from None
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temp, 0o666 & ~mask)  # as an ordinary new file, not mkstemp's owner-only mode
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise TableInputError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
