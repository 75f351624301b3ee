"""The ASGI guard around every request: size and rate limits, and the headers every response carries.

A POST must say its length (every browser's form does) and stay under the limit of its route; each client
(its address and session cookie) has a token bucket for reads and one for writes. Every response forbids
framing, sniffing, referrers (table links carry tokens) and caching, and allows scripts, styles and forms
only from this server: nothing on the pages comes from elsewhere.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import ClientDisconnect

from tonk_rules.variant.yaml_source import MAX_FILE_BYTES
from tonk_rules.web.keys import RateLimit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: a form of the hand, the console's forms: far under this; an import (a whole evening's export) up to 8 MiB
FORM_LIMIT = 64 * 1024
IMPORT_LIMIT = 8 * 1024 * 1024
#: a house-rule file is at most what the variant reader reads (said by its own refusal, not a bare 413); its
#: form may carry it URL-encoded, up to three bytes for each of its bytes
HOUSE_FILE_LIMIT = MAX_FILE_BYTES
HOUSE_FORM_LIMIT = 3 * HOUSE_FILE_LIMIT + FORM_LIMIT


def post_limit(path: str) -> int:
    """The largest body a POST to ``path`` may send: an import, a form that may carry a house-rule file (the
    console's new table and change of rules), else a form."""
    if path == "/gm/import":
        return IMPORT_LIMIT
    if path == "/gm/tables" or (path.startswith("/gm/t/") and path.endswith("/rules")):
        return HOUSE_FORM_LIMIT
    return FORM_LIMIT
HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                                 b"form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]


class Guard:
    def __init__(self, app: App, *, reads: RateLimit, writes: RateLimit,
                 refuse: Callable[[int, str], tuple[bytes, str]]) -> None:
        self.app, self.reads, self.writes, self.refuse = app, reads, writes, refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        method = scope["method"]
        client = str((scope.get("client") or ("?", 0))[0])
        if method == "POST":
            limit = post_limit(scope["path"])
            length = headers.get("content-length", "")
            if not length.isdigit():
                await self._refuse(send, 411, "too_big")
                return
            if int(length) > limit:
                await self._refuse(send, 413, "too_big")
                return
        bucket = self.writes if method not in ("GET", "HEAD") else self.reads
        if not bucket.allow(client):
            await self._refuse(send, 429, "too_many")
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except ClientDisconnect:
            # the client went, or was closed as too slow (web/connections.py), before its form had arrived:
            # nobody to answer, and nothing wrong to put in the game master's terminal
            return

    async def _refuse(self, send: Send, status: int, word: str) -> None:
        body, kind = self.refuse(status, word)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()),
                                *([(b"retry-after", b"1")] if status == 429 else []), *HEADERS]})
        await send({"type": "http.response.body", "body": body})
