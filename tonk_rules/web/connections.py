"""The server's connections, bounded so that nobody can stall the evening by opening sockets and saying nothing.

``tonk serve`` runs uvicorn's h11 protocol with these limits added (:func:`guarded_protocol`):

- a connection must send its request line and headers within :attr:`ConnectionLimits.request_s` of opening (or
  of its last answer), and a request's body within :attr:`ConnectionLimits.body_s`: idle and slow sockets are
  closed (uvicorn alone waits for ever for a first request, and for ever for one sent a byte at a time);
- each client address holds at most :attr:`ConnectionLimits.per_address` connections, and the server at most
  :attr:`ConnectionLimits.total`. A connection beyond either takes the place of the longest-waiting one that
  has no request in progress, preferring one that never sent a request over a phone's keep-alive
  connection; only where every other connection is in the middle of a request is the newcomer closed;
- no connection is answered 503 for the number of sockets open (uvicorn's ``limit_concurrency`` did that to
  every phone once about 400 sockets were open, idle or not).

A connection closed while it waits for a request loses nothing: no request was read from it, and a browser
opens another. A request being answered is never cut.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


@dataclass(frozen=True)
class ConnectionLimits:
    #: a phone opens a few connections (browsers: up to 6 per server); a laptop with the console and a few
    #: tabs open a few more
    per_address: int = 32
    total: int = 900
    #: the request line and headers: a phone on the venue's Wi-Fi sends them in one packet
    request_s: float = 10.0
    #: a form's body (an import of a whole evening, 8 MiB at most, over slow Wi-Fi)
    body_s: float = 60.0
    #: how long a keep-alive connection waits for its next request before uvicorn closes it
    keep_alive_s: int = 5

    @classmethod
    def for_open_files(cls, files: int) -> ConnectionLimits:
        """The limits for a process that may open ``files`` files (room kept for the ledgers and the server's
        own files)."""
        return cls(total=max(32, min(cls.total, files - 128)))


def raise_file_limit(wanted: int = 4096) -> int:
    """Raise this process's limit of open files towards ``wanted`` (as far as the system allows; macOS starts
    at 256); return the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return int(soft) if soft != resource.RLIM_INFINITY else wanted


class _Open:
    """The server's open connections, by client address: what a new connection is counted against."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.by_address: dict[str, dict[Any, None]] = {}
        self.count = 0
        self.sweeping = False

    def admit(self, conn: Any) -> None:
        peers = self.by_address.setdefault(conn.address, {})
        peers[conn] = None
        self.count += 1
        if len(peers) > self.limits.per_address:
            self._make_room(list(peers), conn)
        if conn.address in self.by_address and conn in self.by_address[conn.address] \
                and self.count > self.limits.total:
            self._make_room([c for group in self.by_address.values() for c in group], conn)

    def forget(self, conn: Any) -> None:
        peers = self.by_address.get(conn.address)
        if peers is not None and conn in peers:
            del peers[conn]
            self.count -= 1
            if not peers:
                del self.by_address[conn.address]

    def close(self, conn: Any) -> None:
        self.forget(conn)  # counted out now: the next connection in this same moment sees the room made
        conn.transport.close()

    def _make_room(self, candidates: list[Any], newcomer: Any) -> None:
        waiting = [c for c in candidates if c is not newcomer and not c.in_request()]
        if not waiting:
            self.close(newcomer)
            return
        # a socket that never asked anything goes first, the longest waiting first; then a keep-alive one
        self.close(min(waiting, key=lambda c: (c.served > 0, c.since)))

    def sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        """Close what waited too long for its request or its body; runs every second while the server runs."""
        now = loop.time()
        for conn in [c for group in self.by_address.values() for c in group]:
            if conn.too_slow(now):
                self.close(conn)
        loop.call_later(1.0, self.sweep, loop)


def guarded_protocol(limits: ConnectionLimits) -> type[H11Protocol]:
    """uvicorn's h11 protocol with ``limits`` (one set of open connections per call: per server)."""
    connections = _Open(limits)

    class GuardedH11Protocol(H11Protocol):
        #: the server's open connections (read by the tests)
        open_connections = connections
        address = "?"
        served = 0
        since = 0.0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.address = str(self.client[0]) if self.client else "?"
            self.served, self.since = 0, self.loop.time()
            if not connections.sweeping:
                connections.sweeping = True
                self.loop.call_later(1.0, connections.sweep, self.loop)
            connections.admit(self)

        def connection_lost(self, exc: Exception | None) -> None:
            connections.forget(self)
            super().connection_lost(exc)

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            if self.cycle is not before:  # a request's headers arrived: its body's time starts now
                self.since = self.loop.time()

        def on_response_complete(self) -> None:
            self.served += 1
            self.since = self.loop.time()
            super().on_response_complete()

        def in_request(self) -> bool:
            return self.cycle is not None and not self.cycle.response_complete

        def too_slow(self, now: float) -> bool:
            if not self.in_request():
                return now - self.since > limits.request_s
            # the app is answering once the body is in: an answer is never cut, however long it takes
            return self.conn.their_state is h11.SEND_BODY and now - self.since > limits.body_s

    return GuardedH11Protocol
