"""Benchmark: `tonk serve` under an evening's load — concurrent phones on several tables, recording hands and
reading standings and live updates, on loopback only, for a fixed time.

Each client is a helper's phone at one table (its table link, its own session): it reads the standings, asks
for its table's live fragment, records a hand every third round (a knock, through the form a phone sends,
with its own idempotency key), and waits 0.5 to 1.5 s (seeded) as a person would. At the end every ledger is
read: each acknowledged hand must be there exactly once (0 lost, 0 doubled). A 409 (another phone recorded
first: the form comes back to send again) and a 429 (the client's rate limit) are answers the server is
meant to give, counted apart from errors.

Meanwhile ``--idle`` sockets (400 by default) are held open to the server from 127.0.0.1, half of them having
sent half a request, each opened again when the server closes it (at most once a second per socket,
for the run's time only): what stalled every phone before the server bounded its connections. Each phone
speaks from an address of its own on the loopback network (127.0.1.N, as each phone on the venue's Wi-Fi has
its own), so each has its own rate limit, as on the Wi-Fi. Everything stays on this machine: the server binds
127.0.0.1 only (Linux: the whole 127.0.0.0/8 is loopback).

Run: python benchmarks/bench_serve.py [--clients 50] [--tables 5] [--seconds 60] [--idle 400]
(prints figures; not a test)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

import httpx

from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.web.keys import Keys

ROOT = Path(__file__).resolve().parent.parent
SEATS = ("Ann", "Bob", "Cy", "Dee")
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


class Phone:
    """A phone's keep-alive HTTP/1.1 connection with its cookies: a few lines of asyncio streams, so that the
    fifty clients cost the shared two cores far less than the server they measure (an HTTP library's client
    costs more per request than the server's answer)."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        self.port, self.source = port, source
        self.resent = 0
        self.cookies: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str,
                      form: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        reused = self.writer is not None
        try:
            return await self._request(method, path, form)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            if not reused:
                raise
            # a keep-alive connection the server closed as this request left: sent again on a new one, as
            # a browser does (a form carries its idempotency key)
            self.close()
            self.resent += 1
            return await self._request(method, path, form)

    async def _request(self, method: str, path: str,
                       form: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port,
                                                                     local_addr=(self.source, 0))
        assert self.reader is not None
        body = urlencode(form).encode() if form is not None else b""
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Content-Length: {len(body)}"]
        if form is not None:
            head.append("Content-Type: application/x-www-form-urlencoded")
        if cookie:
            head.append(f"Cookie: {cookie}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode("latin-1").partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            headers[key] = value
        text = (await self.reader.readexactly(int(headers.get("content-length", "0")))).decode()
        if headers.get("connection") == "close":
            self.writer.close()
            self.writer = None
        return status, headers, text

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


@dataclass
class Tally:
    record_ms: list[float] = field(default_factory=list)
    standings_ms: list[float] = field(default_factory=list)
    live_ms: list[float] = field(default_factory=list)
    acknowledged: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    retries: int = 0
    throttled: int = 0
    resent: int = 0
    idle_opened: int = 0
    idle_closed: int = 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values, default=0.0)


async def phone(i: int, port: int, keys: Keys, tables: int, deadline: float, tally: Tally, seed: int) -> None:
    table = f"t{i % tables + 1}"
    names = [f"{n}{i % tables + 1}" for n in SEATS]
    rng = random.Random(seed * 1000 + i)
    client = Phone(port, f"127.0.1.{i + 1}")
    try:
        await client.request("GET", f"/t/{table}?key={keys.table_token(table)}")
        found = CSRF.search((await client.request("GET", f"/t/{table}"))[2])
        if found is None:
            tally.errors.append(f"{table}: no form on the table page")
            return
        csrf, version, rounds = found.group(1), "", 0
        while time.monotonic() < deadline:
            rounds += 1
            start = time.perf_counter()
            status, _, text = await client.request("GET", "/standings.json")
            tally.standings_ms.append(1000 * (time.perf_counter() - start))
            if status != 200:
                tally.errors.append(f"standings: {status}")
                continue
            hands = next(t["hands"] for t in json.loads(text)["tables"] if t["name"] == table)
            start = time.perf_counter()
            status, headers, _ = await client.request("GET", f"/live/t/{table}?v={quote(version)}")
            tally.live_ms.append(1000 * (time.perf_counter() - start))
            if status == 200:
                version = headers.get("x-version", version)
            elif status != 204:
                tally.errors.append(f"live: {status}")
            if rounds % 3 == 0:
                await record(client, table, names, csrf, hands + 1, rng, tally)
            await asyncio.sleep(rng.uniform(0.5, 1.5))
    except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as exc:
        tally.errors.append(f"{table}: connection {type(exc).__name__}")
    finally:
        tally.resent += client.resent
        client.close()


async def idle_socket(i: int, port: int, deadline: float, tally: Tally) -> None:
    """A socket that asks nothing (odd ``i``: sends half a request), opened again whenever the server closes it."""
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        tally.idle_opened += 1
        if i % 2:
            writer.write(b"POST /t/t1/record HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n")
        try:
            got = await asyncio.wait_for(reader.read(1), timeout=max(0.01, deadline - time.monotonic()))
            if got == b"":
                tally.idle_closed += 1
        except (TimeoutError, OSError):
            pass
        writer.close()
        await asyncio.sleep(1.0)  # bounded: at most one socket a second in place of this one


async def record(client: Phone, table: str, names: list[str], csrf: str, expected: int,
                 rng: random.Random, tally: Tally) -> None:
    knocker = rng.randrange(len(names))
    form = {"csrf": csrf, "submission": f"bench-{rng.getrandbits(96):024x}", "expected": str(expected),
            "how": "knock", "player": names[knocker],
            **{f"count_{s}": str(3 if s == knocker else rng.randint(10, 40)) for s in range(len(names))}}
    start = time.perf_counter()
    status, _, text = await client.request("POST", f"/t/{table}/record", form)
    for _ in range(20):  # another phone recorded first: send it again as the next hand, as the page asks
        again = re.search(r'name="expected" value="(\d+)"', text) if status == 409 else None
        if again is None:
            break
        tally.retries += 1
        await asyncio.sleep(rng.uniform(0.05, 0.3))  # a person reads the page before sending again
        form = {**form, "expected": again.group(1), "submission": f"bench-{rng.getrandbits(96):024x}"}
        start = time.perf_counter()
        status, _, text = await client.request("POST", f"/t/{table}/record", form)
    elapsed = 1000 * (time.perf_counter() - start)
    if status == 303:
        tally.record_ms.append(elapsed)
        tally.acknowledged.append((table, form["submission"]))
    elif status == 429:
        tally.throttled += 1
    else:
        tally.errors.append(f"record: {status}")


def check_ledgers(folder: Path, tables: int, tally: Tally) -> tuple[int, int, int]:
    """(hands kept, acknowledged hands lost, hands recorded twice)."""
    kept: list[tuple[str, str]] = []
    for t in range(1, tables + 1):
        with Ledger.open(folder / f"t{t}.sqlite") as led:
            kept += [(f"t{t}", h["detail"].get("submission", "")) for h in led.hands()]
    doubled = len(kept) - len(set(kept))
    lost = len(set(tally.acknowledged) - set(kept))
    return len(kept), lost, doubled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--idle", type=int, default=400, help="idle and half-sent sockets held open meanwhile")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "evening"
        event = Event.create(folder, title="Load", language="ru", currency="крона")
        for t in range(1, args.tables + 1):
            event.add_table(f"t{t}", variant_ref="russian", seats=[f"{n}{t}" for n in SEATS], stakes=[1] * 4)
        port = free_port()
        base = f"http://127.0.0.1:{port}"  # loopback only: no other address is ever a target
        server = subprocess.Popen([sys.executable, "-m", "tonk_rules", "serve", str(folder), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            for _ in range(300):
                try:
                    if httpx.get(f"{base}/", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.2)
            keys = Keys.load_or_create(folder)
            tally = Tally()
            deadline = time.monotonic() + args.seconds

            async def run_all() -> None:
                await asyncio.gather(*(idle_socket(i, port, deadline, tally) for i in range(args.idle)),
                                     *(phone(i, port, keys, args.tables, deadline, tally, args.seed)
                                       for i in range(args.clients)))

            began = time.monotonic()
            asyncio.run(run_all())
            took = time.monotonic() - began
        finally:
            server.terminate()
            server.wait(timeout=30)
        kept, lost, doubled = check_ledgers(folder, args.tables, tally)
    requests = len(tally.record_ms) + len(tally.standings_ms) + len(tally.live_ms) + tally.retries + tally.throttled
    print(f"{args.clients} clients on {args.tables} tables for {took:.0f} s on {os.cpu_count()} CPU(s): "
          f"{requests} requests ({requests / took:.0f}/s)")
    print(f"idle sockets: {args.idle} held from one address, {tally.idle_opened} opened, {tally.idle_closed} "
          f"closed by the server; phones' requests sent again on a new connection: {tally.resent}")
    print(f"errors: {len(tally.errors)}{' ' + ', '.join(sorted(set(tally.errors))[:5]) if tally.errors else ''}")
    print(f"hands: {len(tally.acknowledged)} acknowledged, {kept} in the ledgers, {lost} lost, {doubled} doubled; "
          f"{tally.retries} sent again after a 409, {tally.throttled} throttled (429)")
    for label, values in (("record", tally.record_ms), ("standings", tally.standings_ms), ("live", tally.live_ms)):
        if values:
            print(f"{label:>9}: median {statistics.median(values):6.1f} ms, p95 {p95(values):6.1f} ms, "
                  f"max {max(values):6.1f} ms ({len(values)} requests)")


if __name__ == "__main__":
    main()
