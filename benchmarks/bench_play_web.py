"""Benchmark: ``tonk play --web`` under load — 20 tables of 3 phones, each phone polling its seat's live part and
making its moves, on loopback only, for a fixed time.

The server is ``tonk play --web``'s app and server (web/play_routes.py, web/play_server.py: the guard, the
connection limits) serving ``--tables`` tables of russian, three people at each (no bots: every move is a
phone's). Each phone speaks from an address of its own on the loopback network (127.0.1.N, as each phone on
the Wi-Fi has its own rate limit) and behaves as play.js does: it asks for the live part every 0.4 s (with
the version it has: 204 while nothing changed), and when it is its turn it sends a move after a short pause
(0.1 to 0.3 s, seeded): its first allowed move, a knock once it has had three turns; when the hand is over,
the phone whose seat is first deals the next. A move's time is the POST's, until its answer (303). Any
answer but 200, 204 and 303 is an error.

Run: python benchmarks/bench_play_web.py [--tables 20] [--seconds 60] [--seed 1]  (prints figures; not a test)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_serve import Phone, free_port, p95  # noqa: E402  (the phones' HTTP/1.1 streams, shared)

KEY = re.compile(r'name="key" value="([^"]+)"')
ALLOWED = re.compile(r'name="move" value="([^"]+)" class="[a-z]+"')  # a refused move's class ends in " no"
SEATS = ("Ann", "Bob", "Cy")


@dataclass
class Tally:
    move_ms: list[float] = field(default_factory=list)
    live_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    hands: int = 0
    unchanged: int = 0


def serve(port: int, tables: int, seed: int) -> None:
    """The server process: ``tables`` tables, each seat's secret printed (one JSON line), then served."""
    from tonk_rules.table.play_table import PlayTable
    from tonk_rules.table.table_bots import SeatSpec
    from tonk_rules.table.table_setup import ruleset_for
    from tonk_rules.variant.loader import load_variant
    from tonk_rules.web.play_host import PlayHost
    from tonk_rules.web.play_routes import create_play_app
    from tonk_rules.web.play_server import run_app
    from tonk_rules.web.serve import bind

    rules, digest = ruleset_for("russian"), load_variant("russian").digest
    hosts = {f"t{t}": PlayHost(PlayTable(rules, [SeatSpec(n, None) for n in SEATS], seed=seed + t), "russian",
                               digest) for t in range(tables)}
    sock = bind("127.0.0.1", port)  # loopback only
    print(json.dumps({name: host.tokens for name, host in hosts.items()}), flush=True)
    run_app(create_play_app(hosts, lang="ru", variant="russian"), sock)


async def phone(table: str, seat: int, token: str, port: int, number: int, deadline: float, tally: Tally,
                rng: random.Random) -> None:
    client = Phone(port, f"127.0.1.{number + 1}")
    base = f"/p/{table}/s/{token}"
    version, fragment, turns = "", "", 0
    try:
        while time.monotonic() < deadline:
            start = time.perf_counter()
            status, headers, text = await client.request("GET", f"{base}/live?v={version}")
            tally.live_ms.append(1000 * (time.perf_counter() - start))
            if status == 200:
                version, fragment = headers.get("x-version", version), text
            elif status == 204:
                tally.unchanged += 1
            else:
                tally.errors.append(f"live: {status}")
            key = KEY.search(fragment)
            if key is not None and 'class="status mine"' in fragment:
                moves = ALLOWED.findall(fragment)
                move = "knock" if "knock" in moves and turns >= 3 else next(m for m in moves if m != "knock")
                turns += move.startswith("discard")
                await asyncio.sleep(rng.uniform(0.1, 0.3))
                start = time.perf_counter()
                status, _, _ = await client.request("POST", f"{base}/move", {"key": key.group(1), "move": move})
                if status == 303:
                    tally.move_ms.append(1000 * (time.perf_counter() - start))
                else:
                    tally.errors.append(f"move: {status}")
                fragment, version = "", ""
                continue
            if key is not None and "/next" in fragment and seat == 0:
                await asyncio.sleep(rng.uniform(0.1, 0.3))
                status, _, _ = await client.request("POST", f"{base}/next", {"key": key.group(1)})
                if status != 303:
                    tally.errors.append(f"next: {status}")
                tally.hands += 1
                turns, fragment, version = 0, "", ""
                continue
            if "/next" in fragment:
                turns = 0
            await asyncio.sleep(0.4)
    except (OSError, ValueError, IndexError, StopIteration, asyncio.IncompleteReadError) as exc:
        tally.errors.append(f"{type(exc).__name__}")
    finally:
        client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)  # the server process
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.tables, args.seed)
        return
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--tables", str(args.tables),
                               "--seed", str(args.seed)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert server.stdout is not None
        tokens: dict[str, list[str]] = json.loads(server.stdout.readline())
        time.sleep(1.0)  # uvicorn listening
        tally = Tally()
        load_before = os.getloadavg()
        began = time.monotonic()
        cpu_before = _server_cpu(server.pid)
        deadline = began + args.seconds
        rng = random.Random(args.seed)

        async def run_all() -> None:
            await asyncio.gather(*(phone(table, seat, token, port, 3 * t + seat, deadline, tally,
                                         random.Random(rng.random()))
                                   for t, (table, seats) in enumerate(tokens.items())
                                   for seat, token in enumerate(seats)))

        asyncio.run(run_all())
        took = time.monotonic() - began
        cpu = _server_cpu(server.pid) - cpu_before
        load_after = os.getloadavg()
    finally:
        server.terminate()
        server.wait(timeout=30)
    phones = 3 * len(tokens)
    requests = len(tally.move_ms) + len(tally.live_ms)
    print(f"{len(tokens)} tables, {phones} phones for {took:.0f} s on {os.cpu_count()} CPU(s), load average "
          f"{load_before[0]:.1f} before, {load_after[0]:.1f} after: {requests} requests ({requests / took:.0f}/s), "
          f"server CPU {cpu:.1f} s ({100 * cpu / took:.0f}% of one core)")
    print(f"errors: {len(tally.errors)}{' ' + ', '.join(sorted(set(tally.errors))[:5]) if tally.errors else ''}")
    print(f"moves: {len(tally.move_ms)}, hands dealt again: {tally.hands}, live answers unchanged (204): "
          f"{tally.unchanged}")
    for label, values in (("move", tally.move_ms), ("live", tally.live_ms)):
        if values:
            print(f"{label:>5}: median {statistics.median(values):6.1f} ms, p95 {p95(values):6.1f} ms, "
                  f"max {max(values):6.1f} ms ({len(values)} requests)")


def _server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


if __name__ == "__main__":
    main()
