"""Who may do what: the game master's secret, each table's link, CSRF tokens and rate limits.

The secrets live in ``EVENT_DIR/.tonk-serve-keys.json`` (owner-only), so the links on the phones keep working
when the server restarts. The file is written once, whole (a temporary file, synced, given its name, the
folder synced): a kill at any moment leaves no file or the whole file. A file that is there but cannot be read as keys
stops the server with one line naming it and what is wrong; it is never replaced by new secrets, which would
stop every printed table link and QR code working.

The game master's secret is printed at start and opens the console; a table's link carries a token derived
from the server key and the table's name, valid for that table only. Anyone else may
read the event, the tables and the rules sheets.
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tonk_rules.errors import TonkError
from tonk_rules.outputs import sync_folder

KEYS_FILE = ".tonk-serve-keys.json"
GM_COOKIE = "tonk_gm"
SESSION_COOKIE = "tonk_s"


def table_cookie(table: str) -> str:
    return f"tonk_t_{table}"


@dataclass(frozen=True)
class Keys:
    gm: str  # the game master's secret
    server: bytes  # signs table tokens and CSRF tokens

    @classmethod
    def load_or_create(cls, folder: Path) -> Keys:
        """The event's keys: read from its keys file, or made and written once when there is none (refused,
        :class:`KeysFileError`, when the file is damaged or cannot be read or written)."""
        path = Path(folder) / KEYS_FILE
        try:
            text = path.read_bytes()
        except FileNotFoundError:
            return _create(path)
        except OSError as exc:
            raise KeysFileError(f"{path}: the server's keys file cannot be read: {exc.strerror or exc}").coded(
                "keys_unreadable", "how", None) from None
        try:
            return _parse(path, text)
        except KeysFileError as exc:  # each damage said in English; another language says that it is damaged
            raise exc.coded("keys_damaged", "how", None) from None

    def _sign(self, what: str) -> str:
        return hmac.new(self.server, what.encode(), hashlib.sha256).hexdigest()[:24]

    def table_token(self, table: str) -> str:
        return self._sign(f"table:{table}")

    def csrf_token(self, session: str) -> str:
        return self._sign(f"csrf:{session}")

    def is_gm(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.gm.encode())

    def is_table_token(self, table: str, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.table_token(table).encode())

    def is_csrf(self, session: str | None, given: str | None) -> bool:
        return (session is not None and given is not None
                and hmac.compare_digest(given.encode(), self.csrf_token(session).encode()))


class KeysFileError(TonkError):
    """The keys file is damaged, or cannot be read or written: the server does not start."""


#: what a damaged keys file leaves the game master to do (its secrets are not guessed again)
_DAMAGED_HOW = ("restore it from a copy, or remove it to make new secrets (every printed table link and the "
                "console's link then change)")


def _parse(path: Path, text: bytes) -> Keys:
    try:
        data = json.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise KeysFileError(f"{path}: the server's keys file is damaged (not UTF-8 text); {_DAMAGED_HOW}") from None
    except json.JSONDecodeError as exc:  # where, never the content (it holds the secrets)
        if exc.pos >= len(exc.doc.rstrip()) or exc.msg.startswith("Unterminated string"):
            why = "it ends in the middle of its JSON: cut short"
        else:
            why = f"not JSON at line {exc.lineno}, column {exc.colno}"
        raise KeysFileError(f"{path}: the server's keys file is damaged ({why}); {_DAMAGED_HOW}") from None
    if not isinstance(data, dict):
        raise KeysFileError(f"{path}: the server's keys file is damaged (not an object of keys); {_DAMAGED_HOW}")
    gm, server = data.get("gm"), data.get("server")
    if not isinstance(gm, str) or len(gm) < 8:
        raise KeysFileError(f"{path}: the server's keys file is damaged (its \"gm\" secret is missing or too short); "
                            f"{_DAMAGED_HOW}")
    try:
        key = bytes.fromhex(server) if isinstance(server, str) else b""
    except ValueError:
        key = b""
    if len(key) < 16:
        raise KeysFileError(f"{path}: the server's keys file is damaged (its \"server\" key is missing or not 16 or "
                            f"more bytes in hex); {_DAMAGED_HOW}")
    return Keys(gm, key)


def _create(path: Path) -> Keys:
    """New keys, written whole: a temporary file beside the keys file, synced, renamed over it, the folder
    synced; a kill at any moment leaves no keys file or the whole one (a leftover temporary file is ignored)."""
    keys = Keys(secrets.token_urlsafe(12), secrets.token_bytes(32))
    temporary = path.parent / f".{KEYS_FILE}.{os.getpid()}.tmp"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except OSError as exc:
        raise KeysFileError(f"{path}: the server's keys file cannot be written: {exc.strerror or exc}").coded(
            "keys_unwritable", "how", None) from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            json.dump({"gm": keys.gm, "server": keys.server.hex()}, handle)
            handle.flush()
            os.fsync(handle.fileno())
        _claim(temporary, path)
    except FileExistsError:  # another process made it meanwhile: its keys are the event's
        return Keys.load_or_create(path.parent)
    except OSError as exc:
        raise KeysFileError(f"{path}: the server's keys file cannot be written: {exc.strerror or exc}").coded(
            "keys_unwritable", "how", None) from None
    finally:
        temporary.unlink(missing_ok=True)
    sync_folder(path.parent)
    return keys


def _claim(temporary: Path, path: Path) -> None:
    """``temporary`` under the name ``path``, never over a keys file another process wrote meanwhile (a hard
    link fails when the name is taken; a rename would replace it), renamed where the disk has no hard links."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK):
            raise
        os.replace(temporary, path)


def new_session() -> str:
    return secrets.token_urlsafe(16)


@dataclass
class RateLimit:
    """A token bucket per client address: ``rate`` requests a second, bursts of ``burst``."""

    rate: float
    burst: float
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(client, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if len(self._buckets) > 10_000:  # a flood of new clients cannot grow this without bound
                self._buckets.clear()
            if tokens < 1:
                self._buckets[client] = (tokens, now)
                return False
            self._buckets[client] = (tokens - 1, now)
            return True
