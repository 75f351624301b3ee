"""One server per event folder: ``tonk serve`` holds the folder's serve lock for as long as it runs.

Two servers on one folder would each answer their own phones and check a form's idempotency key each in its
own memory: the same form could be recorded twice. So a second ``tonk serve`` on a folder already served is
refused, naming the first (its process id and the address it serves). The lock is an ``flock`` on
``EVENT_DIR/.tonk-serve.lock``, which the operating system releases when its process ends however it ends:
a server killed (SIGKILL, a power cut) leaves a file naming it, but no lock, and the next server takes the
folder over and says whose lock it found. The file is never removed (a server removing it while another
opens it could let two hold a lock each, on two files of one name); a clean stop empties it.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with serve_lock(folder, "http://127.0.0.1:8000") as left:
    ...     print(left)
    None
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tonk_rules.errors import TonkError

SERVE_LOCK_FILE = ".tonk-serve.lock"


class EventServedError(TonkError):
    """Another ``tonk serve`` serves this event folder (or its lock file cannot be used)."""


class TakenOver(str):
    """The line saying a killed server's lock was taken over, with what it names (a page or a line in another
    language says it from these)."""

    pid: int
    running: bool  # the process id is in use again (by another program: the lock was free)
    where: str


def _holder(text: str) -> tuple[int | None, str]:
    """The process id and address a lock file names (None and "" where it names none)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None, ""
    if not isinstance(data, dict):
        return None, ""
    pid, address = data.get("pid"), data.get("address")
    return (pid if isinstance(pid, int) else None), (address if isinstance(address, str) else "")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


@contextmanager
def serve_lock(folder: str | Path, address: str) -> Iterator[str | None]:
    """Hold the event folder's serve lock while the block runs; yields None, or a line saying the lock left
    by a server that stopped without releasing it was taken over. Refused (:class:`EventServedError`, one
    line naming the server that holds it) while another server holds it."""
    path = Path(folder) / SERVE_LOCK_FILE
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise EventServedError(f"{path}: the serve lock cannot be made ({exc.strerror or exc}); one server per "
                               "event folder is how a form is never recorded twice") from None
    with os.fdopen(descriptor, "r+", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid, where = _holder(handle.read(4096))
            named = f"process {pid}" if pid is not None else "another process"
            raise EventServedError(
                f"{Path(folder)}: this event is already served by another `tonk serve` ({named}"
                f"{', at ' + where if where else ''}); stop it first (two servers on one event could record "
                "a form twice)").coded("event_served", "how", None, pid="?" if pid is None else pid,
                                       where=where or "?") from None
        except OSError as exc:
            raise EventServedError(f"{path}: the serve lock cannot be taken ({exc.strerror or exc})") from None
        pid, where = _holder(handle.read(4096))
        left: TakenOver | None = None
        if pid is not None and pid != os.getpid():
            # the lock was free, so its server is gone; whether its pid is reused by now says nothing more
            state = "no longer running" if not _alive(pid) else "stopped serving"
            left = TakenOver(f"the lock left by a server that did not stop cleanly (process {pid}, {state}"
                             f"{', at ' + where if where else ''}) was taken over")
            left.pid, left.running, left.where = pid, _alive(pid), where
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps({"pid": os.getpid(), "address": address}))
        handle.flush()
        try:
            yield left
        finally:
            handle.seek(0)
            handle.truncate()
            handle.flush()
            fcntl.flock(handle, fcntl.LOCK_UN)
