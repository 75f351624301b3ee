"""Reading a file anyone may have written, safely: regular files only, never blocking, never more than a limit.

    >>> read_limited("/dev/zero", 1024)
    Traceback (most recent call last):
    ...
    tonk_rules.errors.YamlReadError: /dev/zero: is a device, not a file

Used by :mod:`tonk_rules.yamlio` for every file the project reads; problems are
:class:`~tonk_rules.errors.YamlReadError` (``opening=True`` when the file could not be opened as one).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from tonk_rules.errors import Diagnostic, YamlReadError


def _fail(file: str, line: int, col: int, message: str, *, opening: bool = False) -> YamlReadError:
    return YamlReadError([Diagnostic(file, line, col, message)], opening=opening)


def file_kind(mode: int) -> str:
    """What a path that is not a regular file is, in words (its ``st_mode``)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _os_reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "symbolic link loop"
    if exc.errno == errno.ENOENT:
        return "no such file"
    return exc.strerror or type(exc).__name__


def read_limited(path: str | Path, limit: int, *, display: str | None = None, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, refused (``opening=True``) when it cannot be opened as one.

    Never blocks (FIFOs are refused by ``stat`` and the file is opened with ``O_NONBLOCK``) and never reads
    more than ``limit + 1`` bytes (``st_size`` is not trusted: ``/dev/zero`` says 0).
    """
    file = str(path) if display is None else display
    name = os.fspath(path)
    if "\x00" in name:
        raise _fail(file, 0, 0, "the path contains a NUL byte", opening=True)
    try:
        mode = os.stat(name).st_mode
        if not stat.S_ISREG(mode):
            raise _fail(file, 0, 0, f"is {file_kind(mode)}, not a {what}", opening=True)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise _fail(file, 0, 0, "no such file", opening=True) from None
    except OSError as exc:
        raise _fail(file, 0, 0, f"cannot read: {_os_reason(exc)}", opening=True) from None
    except ValueError as exc:  # a path the OS cannot take at all
        raise _fail(file, 0, 0, f"cannot read: {exc}", opening=True) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped between stat and open
            raise _fail(file, 0, 0, f"is {file_kind(mode)}, not a {what}", opening=True)
        chunks: list[bytes] = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    except OSError as exc:
        raise _fail(file, 0, 0, f"cannot read: {_os_reason(exc)}", opening=True) from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise _fail(file, 1, 1, f"file is larger than {size_text(limit)}; a {what} is much smaller")
    return raw


def size_text(limit: int) -> str:
    """``limit`` bytes as people say it (``64 KiB``, ``1 MiB``)."""
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"


def decode(file: str, raw: bytes) -> str:
    """UTF-8 text, or a :class:`YamlReadError` at the line and column of the first undecodable byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = len(raw[raw.rfind(b"\n", 0, exc.start) + 1: exc.start].decode("utf-8", "replace")) + 1
        raise _fail(file, line, col, f"not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be decoded; "
                                     "save the file as UTF-8") from None
