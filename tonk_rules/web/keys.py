"""Who may do what: the game master's secret, each table's link, CSRF tokens and rate limits.

The secrets live in ``EVENT_DIR/.tonk-serve-keys.json`` (owner-only), so the links on the phones keep working
when the server restarts. The game master's secret is printed at start and opens the console; a table's link
carries a token derived from the server key and the table's name, valid for that table only. Anyone else may
read the event, the tables and the rules sheets.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

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
        path = folder / KEYS_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(str(data["gm"]), bytes.fromhex(data["server"]))
        except (OSError, ValueError, KeyError, TypeError):
            pass
        keys = cls(secrets.token_urlsafe(12), secrets.token_bytes(32))
        temporary = folder / f".{KEYS_FILE}.{os.getpid()}.tmp"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            json.dump({"gm": keys.gm, "server": keys.server.hex()}, handle)
        os.replace(temporary, path)
        return keys

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


def new_session() -> str:
    return secrets.token_urlsafe(16)


@dataclass
class RateLimit:
    """A token bucket per client (address and session): ``rate`` requests a second, bursts of ``burst``."""

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
