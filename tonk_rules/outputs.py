"""Every file tonk writes (records, exports, rules sheets, reports): checked before the work, written atomically.

A path is checked before anything is played or computed, so a mistyped folder costs nothing, and an existing
file is never replaced unless asked (``--force``). Even then only a *regular file* is replaced: a device node,
a FIFO, a folder or a symlink to one is refused, so ``--force`` cannot turn ``/dev/sda`` into a report. The text
goes to a temporary file in the same folder that is then renamed over the target, so a reader never sees half
a file and a failed write (a full disk) leaves the old one.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> why_not_writable(folder / "x.yaml", force=False) is None
    True
    >>> write_atomic(folder / "x.yaml", "a: 1\\n")
    >>> why_not_writable(folder / "x.yaml", force=False)
    '...x.yaml: already exists; give --force to replace it'
    >>> why_not_writable(folder / "nodir" / "x.yaml", force=False)
    '...x.yaml: the folder ... does not exist'
    >>> why_not_writable("/dev/null", force=True)
    '/dev/null: is a device; --force replaces only a regular file'
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from tonk_rules.errors import TableInputError
from tonk_rules.safe_read import file_kind

__all__ = ["why_not_writable", "why_not_writable_folder", "why_replaces_input", "write_atomic"]


def _existing_problem(path: str | Path, *, force: bool) -> str | None:
    """For a path that may exist: why it may not be written over (None when it may, or is not there)."""
    try:
        mode = os.stat(path).st_mode  # follows a symlink: what --force would really write over
    except FileNotFoundError:
        return None if not os.path.islink(path) or force else f"{path}: already exists; give --force to replace it"
    except OSError as exc:
        return f"{path}: cannot be checked: {exc.strerror}"
    if not stat.S_ISREG(mode):
        if stat.S_ISDIR(mode):
            return f"{path}: is a folder, not a file"
        return f"{path}: is {file_kind(mode)}; --force replaces only a regular file"
    if not force:
        return f"{path}: already exists; give --force to replace it"
    return None


def _cannot_create_in(folder: Path) -> str | None:
    """Why no file can be created in ``folder`` (None when one can), found by creating and removing one:
    permission bits do not tell (root passes ``os.access`` on ``/proc``, where nothing can be created)."""
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=".tonk-probe-", suffix=".tmp")
    except OSError as exc:
        return exc.strerror or type(exc).__name__
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(temp)
    return None


def _folder_problem(path: str | Path, folder: Path) -> str | None:
    if not folder.is_dir():
        return f"{path}: the folder {folder} does not exist"
    if why := _cannot_create_in(folder):
        return f"{path}: the folder {folder} is not writable ({why})"
    return None


def why_not_writable(path: str | Path, *, force: bool) -> str | None:
    """Why the file ``path`` cannot be written now (None when it can): no such folder, not writable, already
    there without ``force``, or something that is not a regular file."""
    target = Path(path)
    if "\x00" in str(path):
        return f"{path!r}: the path contains a NUL byte"
    if target.is_dir():
        return f"{path}: is a folder, not a file"
    folder = target.parent if str(target.parent) else Path(".")
    return _folder_problem(path, folder) or _existing_problem(path, force=force)


def why_not_writable_folder(folder: str | Path, names: Iterable[str], *, force: bool) -> str | None:
    """Why the files ``names`` cannot be written into ``folder`` (created with its parents when missing):
    None when they can. Each existing file is one :func:`why_not_writable` would refuse."""
    target = Path(folder)
    if "\x00" in str(folder):
        return f"{folder!r}: the path contains a NUL byte"
    if target.exists() or target.is_symlink():
        if not target.is_dir():
            return f"{folder}: is not a folder"
        if why := _cannot_create_in(target):
            return f"{folder}: the folder is not writable ({why})"
        for name in names:
            if why := _existing_problem(target / name, force=force):
                return why
        return None
    ancestor = target.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        return f"{folder}: {ancestor} is not a folder"
    if why := _cannot_create_in(ancestor):
        return f"{folder}: cannot be created: the folder {ancestor} is not writable ({why})"
    return None


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether ``a`` and ``b`` name one file: the same inode when both exist (a hard link, a symlink, ``./x``
    and ``x``), else the same real path (one that does not exist yet, under a symlinked folder)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def why_replaces_input(out: str | Path, inputs: Iterable[tuple[str, str | Path]]) -> str | None:
    """Why ``out`` may not be written: it is one of the files the command reads, given as (what it is, path)
    pairs. Refused even with ``--force``, which replaces an old output, never the ledger or the rules the
    command is reading.

        >>> why_replaces_input("night.sqlite", [("the ledger", "./night.sqlite")])
        'night.sqlite: is the ledger this command reads; an output never replaces an input, not even with --force'
    """
    for what, path in inputs:
        if same_file(out, path):
            return f"{out}: is {what} this command reads; an output never replaces an input, not even with --force"
    return None


def variant_inputs(chain: Iterable[str]) -> list[tuple[str, str]]:
    """The files a loaded variant was read from (its ``extends`` chain), as inputs for :func:`why_replaces_input`."""
    return [("the variant file" if i == 0 else "a variant file it extends", ref)
            for i, ref in enumerate(chain) if os.path.exists(ref)]


def ledger_inputs(ledger: str | Path) -> list[tuple[str, str]]:
    """The ledger and the files SQLite keeps beside it, as inputs for :func:`why_replaces_input`."""
    return [("the ledger", str(ledger)), *((f"the ledger's {suffix} file", f"{ledger}{suffix}")
                                          for suffix in ("-wal", "-shm", "-journal"))]


def write_atomic(path: str | Path, content: str | bytes) -> None:
    """Write ``content`` (text as UTF-8) to ``path`` through a temporary file in the same folder and a rename.

    The target is checked again just before the rename: what is there now must still be a regular file (or
    nothing), whatever it was when the command started.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise TableInputError(f"cannot write {path}: {exc.strerror}") from None
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temp, 0o666 & ~mask)  # as an ordinary new file, not mkstemp's owner-only mode
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if why := _existing_problem(target, force=True):
            raise TableInputError(f"cannot write {why}")
        os.replace(temp, target)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise TableInputError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
