"""Running the event server: the address, the game master's link and, with ``--lan``, a QR code for phones.

It binds to 127.0.0.1 unless asked for the venue's network (``--lan``: every address of this machine). One
process serves the whole event, and only one: it holds the folder's serve lock (:mod:`tonk_rules.event.serve_lock`)
while it runs. Every hand is committed to its ledger before the phone is told it is saved.

Start-up happens in an order that makes each refusal name its own cause, in one line: the event folder, the
serve lock (another server), the keys file (damaged, unreadable, unwritable), then the port (taken, not
allowed); :class:`StartError` carries the line. Connections are guarded by :mod:`tonk_rules.web.connections`.
"""

from __future__ import annotations

import errno
import io
import socket
from collections.abc import Callable
from pathlib import Path

import segno
import uvicorn

from tonk_rules.errors import TonkError
from tonk_rules.event.event_folder import Event
from tonk_rules.event.serve_lock import serve_lock
from tonk_rules.web.app import create_app
from tonk_rules.web.connections import ConnectionLimits, guarded_protocol, raise_file_limit


class StartError(TonkError):
    """The server cannot start: the port cannot be had (its message says which port and why)."""


def lan_address() -> str:
    """This machine's address on the local network, from its own name (nothing is sent anywhere)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    found = [str(info[4][0]) for info in infos if not str(info[4][0]).startswith("127.")]
    return found[0] if found else "127.0.0.1"


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is printed: a port taken is said as such, not as anything else."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        why = ("another program (or another `tonk serve`) is serving it" if exc.errno == errno.EADDRINUSE
               else "this user may not use it (ports below 1024 need the administrator)" if exc.errno == errno.EACCES
               else exc.strerror or str(exc))
        raise StartError(f"cannot serve on port {port}: {why}; choose another with --port") from None
    sock.listen(2048)
    return sock


def serve(folder: str | Path, *, port: int = 8000, lan: bool = False,
          echo: Callable[[str], None] = print) -> None:
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = lan_address() if lan else "127.0.0.1"
    base = f"http://{shown}:{port}"
    folder = Path(folder)
    Event.open(folder)  # not an event folder: said first, before any file is made in it
    with serve_lock(folder, f"{base}/") as taken_over:
        app = create_app(folder, base_url=base)  # the keys file: read, or made once
        sock = bind(host, port)
        if taken_over:
            echo(taken_over[0].upper() + taken_over[1:] + ".")
        keys = app.state.site.keys
        echo(f"Serving the event in {folder} at {base}/  (stop with Ctrl+C)")
        echo(f"Game master's console: {base}/gm?key={keys.gm}")
        echo("  (the key is the game master's secret: it opens table creation, rules changes, corrections, import)")
        if lan and shown.startswith("127."):
            echo("This computer has no address on a local network (is the Wi-Fi connected?): phones cannot reach "
                 "it yet; serving every address anyway.")
        if lan:
            echo("Phones on this network open the event with this code:")
            echo(qr_code(f"{base}/"))
        else:
            echo("Only this computer can reach it; add --lan to serve the phones on the venue's network.")
        limits = ConnectionLimits.for_open_files(raise_file_limit())
        # no limit_concurrency: it answered 503 to everyone once ~400 sockets were open, idle or not; the
        # connections' own limits (per address, idle time, a request's time) bound the work instead
        config = uvicorn.Config(app, log_level="warning", access_log=False, http=guarded_protocol(limits),
                                timeout_keep_alive=limits.keep_alive_s, server_header=False)
        try:
            uvicorn.Server(config).run(sockets=[sock])
        finally:
            sock.close()


def qr_code(url: str) -> str:
    """``url`` as a QR code drawn in the terminal (a phone's camera opens it)."""
    drawn = io.StringIO()
    segno.make(url, error="m").terminal(out=drawn, compact=True)
    return drawn.getvalue()
