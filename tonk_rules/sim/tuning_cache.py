"""The on-disk cache of tuned parameters for rule sets not shipped with tonk-rules, read like any input.

An entry is a small JSON file named by what was tuned (``greedy`` or ``reckoner``), the rules' play digest,
the table size and the kernel's source hash (:func:`tonk_rules.kernel.jit.source_hash`, so a changed kernel
tunes afresh). Anyone who can write the cache folder can write an entry, so a read is checked as an input
is: a regular file only (a FIFO or device is passed over without opening it for a blocking read:
:func:`tonk_rules.safe_read.read_limited`), at most :data:`MAX_BYTES`, UTF-8, strict JSON nested at most
:data:`MAX_DEPTH` deep (:mod:`tonk_rules.jsonio`), and every value of the right type and range (the reader
each caller passes). An entry that fails any check is recomputed and rewritten, with one warning line on
standard error saying why (at most 80 columns; no path: nothing there is for a person to do).

Where: ``$TONK_CACHE_DIR/tuning``, else ``$XDG_CACHE_HOME`` (or ``~/.cache``) ``/tonk-rules/tuning``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from tonk_rules.errors import TonkError
from tonk_rules.jsonio import read_json_text
from tonk_rules.kernel.jit import AVAILABLE, source_hash
from tonk_rules.safe_read import decode, read_limited

T = TypeVar("T")
#: A cache entry is a few hundred bytes; anything much larger is not one.
MAX_BYTES = 16 * 1024
#: An entry nests three levels deep.
MAX_DEPTH = 6


def cache_dir() -> Path:
    """Where tuned values of house rule sets are cached (see the module docstring)."""
    if os.environ.get("TONK_CACHE_DIR"):
        return Path(os.environ["TONK_CACHE_DIR"]) / "tuning"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "tonk-rules" / "tuning"


#: Per kind, the revision of how its values are searched, where it is not the first: an entry found by an
#: earlier search is not this one's answer (the reckoner's 2: from the nearest built-in, moving on clear gains;
#: 3: its knock reads what the others took and threw, parameter ``slack``).
REVISIONS = {"reckoner": "r3"}


def cache_file(kind: str, digest: str, players: int) -> Path:
    """The entry of ``kind`` (greedy's entries keep the name they always had: no prefix)."""
    prefix = "" if kind == "greedy" else f"{kind}-"
    kernel = source_hash() if AVAILABLE else "none"
    return cache_dir() / f"{prefix}{digest}-{players}p-{kernel}{REVISIONS.get(kind, '')}.json"


def read_entry(path: Path, parse: Callable[[Any], T]) -> tuple[T | None, str | None]:
    """The entry at ``path`` parsed by ``parse`` (which raises ValueError/KeyError/TypeError on a bad value):
    ``(value, None)``; ``(None, None)`` when there is none; ``(None, why)`` when it is there and bad."""
    if not os.path.lexists(path):
        return None, None
    try:
        raw = read_limited(path, MAX_BYTES, what="cache entry")
        data = read_json_text(str(path), decode(str(path), raw), max_depth=MAX_DEPTH)
        return parse(data), None
    except TonkError as exc:
        message = str(exc)
        if message.startswith(str(path)):  # the line names the file once, itself
            message = message[len(str(path)):].lstrip(":0123456789 ")
        return None, message
    except (ValueError, KeyError, TypeError) as exc:
        return None, f"not a tuning entry: {exc}"


def write_entry(path: Path, data: Any) -> None:
    """Write ``data`` whole, then rename it into place (a reader never sees half a file)."""
    import json

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False, encoding="utf-8") as f:
            json.dump(data, f)
        if os.path.lexists(path) and not path.is_file():  # a FIFO or folder in the way: leave it, cache nothing
            Path(f.name).unlink()
            return
        Path(f.name).replace(path)
    except OSError:
        pass  # an unwritable cache costs a few seconds next time, nothing else


def peek(kind: str, digest: str, players: int, parse: Callable[[Any], T]) -> T | None:
    """The cached entry if there is a good one, else None (a bad one is left for :func:`cached` to report
    and replace)."""
    return read_entry(cache_file(kind, digest, players), parse)[0]


#: The lines said on stderr so far (each is said once a run, however many entries it is true of).
_said: set[str] = set()


def _say_once(why: str) -> None:
    """That a bad entry is tuned again, and ``why`` (cut to fit 80 columns), on stderr, unless it was said
    already; the line names no path (nothing there is for a person to do)."""
    head = "tonk: tuning again (bad cache entry): "
    room = 80 - len(head)
    why = " ".join(why.removeprefix("not a tuning entry: ").split())
    text = head + (why if len(why) <= room else why[: room - 1] + "…")
    if text not in _said:
        _said.add(text)
        print(text, file=sys.stderr)


def cached(kind: str, digest: str, players: int, parse: Callable[[Any], T], compute: Callable[[], T],
           dump: Callable[[T], Any], notice: Callable[[], None] | None = None) -> T:
    """The cached entry, or ``compute()`` (then written); a bad entry is reported in one line and replaced."""
    path = cache_file(kind, digest, players)
    found, why = read_entry(path, parse)
    if found is not None:
        return found
    if why is not None:
        _say_once(why)
    elif notice is not None:
        notice()
    value = parse(dump(compute()))  # as the cache will read it
    write_entry(path, dump(value))
    return value
