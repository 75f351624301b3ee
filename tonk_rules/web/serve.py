"""Running the event server: the address, the game master's link and, with ``--lan``, a QR code for phones.

It binds to 127.0.0.1 unless asked for the venue's network (``--lan``: every address of this machine). One
process serves the whole event; every hand is committed to its ledger before the phone is told it is saved.
"""

from __future__ import annotations

import io
import socket
from collections.abc import Callable
from pathlib import Path

import segno
import uvicorn

from tonk_rules.web.app import create_app


def lan_address() -> str:
    """This machine's address on the local network, from its own name (nothing is sent anywhere)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    found = [str(info[4][0]) for info in infos if not str(info[4][0]).startswith("127.")]
    return found[0] if found else "127.0.0.1"


def serve(folder: str | Path, *, port: int = 8000, lan: bool = False,
          echo: Callable[[str], None] = print) -> None:
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = lan_address() if lan else "127.0.0.1"
    base = f"http://{shown}:{port}"
    app = create_app(folder, base_url=base)
    keys = app.state.site.keys
    echo(f"Serving the event in {folder} at {base}/  (stop with Ctrl+C)")
    echo(f"Game master's console: {base}/gm?key={keys.gm}")
    echo("  (the key is the game master's secret: it opens table creation, rules changes, corrections, import)")
    if lan and shown.startswith("127."):
        echo("This computer has no address on a local network (is the Wi-Fi connected?): phones cannot reach it "
             "yet; serving every address anyway.")
    if lan:
        echo("Phones on this network open the event with this code:")
        drawn = io.StringIO()
        segno.make(f"{base}/", error="m").terminal(out=drawn, compact=True)
        echo(drawn.getvalue())
    else:
        echo("Only this computer can reach it; add --lan to serve the phones on the venue's network.")
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            limit_concurrency=400, timeout_keep_alive=5, server_header=False)
    uvicorn.Server(config).run()
