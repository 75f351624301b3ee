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
from tonk_rules.web.serve_lines import line, start_refusal, where_part


class StartError(TonkError):
    """The server cannot start: the port cannot be had (its message says which port and why), or a refusal at
    start said in the event's language (``lang``)."""

    lang = "en"


def lan_address() -> str:
    """This machine's address on the local network, from its own name (nothing is sent anywhere)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    found = [str(info[4][0]) for info in infos if not str(info[4][0]).startswith("127.")]
    return found[0] if found else "127.0.0.1"


def bind(host: str, port: int, lang: str = "en") -> socket.socket:
    """The listening socket, bound before anything is printed: a port taken is said as such, not as anything else."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        key = ("port_taken" if exc.errno == errno.EADDRINUSE else "port_denied" if exc.errno == errno.EACCES
               else "port_other")
        raise StartError(line(key, lang, port=port, why=exc.strerror or str(exc))) from None
    sock.listen(2048)
    return sock


def serve(folder: str | Path, *, port: int = 8000, lan: bool = False,
          echo: Callable[[str], None] = print) -> None:
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = lan_address() if lan else "127.0.0.1"
    base = f"http://{shown}:{port}"
    folder = Path(folder)
    lang = Event.open(folder).language  # not an event folder: said first, before any file is made in it
    try:
        _serve(folder, host, port, base, lang, lan=lan, shown=shown, echo=echo)
    except TonkError as exc:  # a refusal at start with words in the event's language is said in it
        said = start_refusal(exc, lang) if lang != "en" else None
        if said is None:
            if isinstance(exc, StartError):
                exc.lang = lang  # the port's refusal: worded in the event's language already
            raise
        error = StartError(said)
        error.lang = lang
        raise error from None


def _serve(folder: Path, host: str, port: int, base: str, lang: str, *, lan: bool, shown: str,
           echo: Callable[[str], None]) -> None:
    with serve_lock(folder, f"{base}/") as taken_over:
        app = create_app(folder, base_url=base)  # the keys file: read, or made once
        sock = bind(host, port, lang)
        if taken_over:
            said = taken_over[0].upper() + taken_over[1:]
            echo(line("taken_over", lang, said=said, pid=getattr(taken_over, "pid", "?"),
                      where=where_part(lang, getattr(taken_over, "where", ""))))
        keys = app.state.site.keys
        echo(line("serving", lang, folder=folder, base=base))
        echo(line("console", lang, base=base, key=keys.gm))
        echo(line("secret", lang))
        if lan and shown.startswith("127."):
            echo(line("no_lan_address", lang))
        if lan:
            echo(line("lan_code", lang))
            echo(qr_code(f"{base}/"))
        else:
            echo(line("local_only", lang))
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
