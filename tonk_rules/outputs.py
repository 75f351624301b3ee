"""Every file tonk writes (records, exports, rules sheets, reports): checked before the work, written atomically.

A path is checked before anything is played or computed, so a mistyped folder costs nothing, and an existing
file is never replaced unless asked (``--force``). Even then only a *regular file* is replaced: a device node,
a FIFO, a folder or a symlink to one is refused, so ``--force`` cannot turn ``/dev/sda`` into a report. The text
goes to a temporary file in the same folder that is then renamed over the target, so a reader never sees half
a file and a failed write (a full disk) leaves the old one. No ``--force`` ever replaces a session ledger (or
the write-ahead log beside one) or an event file: they are recognised by their content (:func:`kept_file`),
whatever they are named, since an evening's money cannot be rebuilt from a report.

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
import json
import os
import sqlite3
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from tonk_rules.errors import TableInputError
from tonk_rules.safe_read import file_kind

__all__ = ["kept_file", "why_not_writable", "why_not_writable_folder", "why_replaces_input", "write_atomic"]

#: What an SQLite file begins with, and where its header keeps the application id (``PRAGMA application_id``)
_SQLITE_HEADER = b"SQLite format 3\x00"
_APPLICATION_ID_AT = 68
#: The application id a session ledger is made with ("TONK" in ASCII; tonk_rules.ledger.db sets it)
_LEDGER_APPLICATION_ID = b"TONK"
#: The format markers of the files no --force replaces (tonk_rules.ledger.db, tonk_rules.event.event_folder)
_LEDGER_FORMAT, _EVENT_FORMAT = "tonk-ledger", "tonk-event"
#: An event file is a few KiB; a JSON file larger than this is read no further to recognise one
_EVENT_FILE_MOST = 4 * 1024 * 1024


def _is_ledger(path: str | Path) -> bool:
    """Whether ``path`` is a session ledger: an SQLite file marked as one (its application id), or whose meta
    table says so (a ledger whose header lost its mark is still the evening's money)."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(_APPLICATION_ID_AT + 4)
    except OSError:
        return False
    if not header.startswith(_SQLITE_HEADER):
        return False
    if header[_APPLICATION_ID_AT:] == _LEDGER_APPLICATION_ID:
        return True
    try:  # read-only and immutable: looking must not write a -shm or -wal beside it
        db = sqlite3.connect(f"{Path(path).absolute().as_uri()}?mode=ro&immutable=1", uri=True)
    except (sqlite3.Error, ValueError):
        return False
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except sqlite3.Error:
        return False
    finally:
        db.close()
    return row is not None and row[0] == _LEDGER_FORMAT


def _is_event_file(path: str | Path) -> bool:
    try:
        if os.path.getsize(path) > _EVENT_FILE_MOST:
            return False
        with open(path, "rb") as handle:
            data = json.loads(handle.read(_EVENT_FILE_MOST))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == _EVENT_FORMAT


def kept_file(path: str | Path) -> str | None:
    """What ``path`` is, when it is a file no output may replace (None otherwise): a session ledger, the
    write-ahead log or index beside one (the hands not yet in the ledger itself), or an event file.

        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (folder / "night.json").write_text('{"format": "tonk-event", "tables": []}')
        >>> kept_file(folder / "night.json"), kept_file(folder / "nothing.sqlite")
        ('an event file', None)
    """
    if _is_ledger(path):
        return "a session ledger"
    for suffix in ("-wal", "-shm", "-journal"):
        if str(path).endswith(suffix) and _is_ledger(str(path)[:-len(suffix)]):
            return f"the {suffix[1:]} file of a session ledger"
    if _is_event_file(path):
        return "an event file"
    return None


def _existing_problem(path: str | Path, *, force: bool, older_copy: bool = False) -> str | None:
    """For a path that may exist: why it may not be written over (None when it may, or is not there).
    ``older_copy``: the caller found it an older copy of the very ledger it writes (a backup), which
    ``--force`` may replace."""
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
    if not older_copy and (kind := kept_file(path)):
        return f"{path}: is {kind}; an output never replaces one, not even with --force (choose another name)"
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


def why_not_writable(path: str | Path, *, force: bool, older_copy: bool = False) -> str | None:
    """Why the file ``path`` cannot be written now (None when it can): no such folder, not writable, already
    there without ``force``, something that is not a regular file, or a ledger or event file (unless
    ``older_copy``: an older backup of the ledger being backed up)."""
    target = Path(path)
    if "\x00" in str(path):
        return f"{path!r}: the path contains a NUL byte"
    if target.is_dir():
        return f"{path}: is a folder, not a file"
    folder = target.parent if str(target.parent) else Path(".")
    return _folder_problem(path, folder) or _existing_problem(path, force=force, older_copy=older_copy)


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


def sync_folder(folder: Path) -> None:
    """Make a rename or a link in ``folder`` durable: it lives in the folder's entry, not in the file, so a kill
    of the machine (not only of the process) could otherwise lose it."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:  # some file systems refuse fsync on a folder: the file itself is synced already
        pass
    finally:
        os.close(descriptor)


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
