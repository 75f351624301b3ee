"""``tonk serve`` as a real process: killed in the middle of writing, it loses no acknowledged hand, and a
form resent after the restart records once."""

from __future__ import annotations

import json
import re
import signal
import threading
import time
from pathlib import Path

import httpx
from webkit import CSRF, free_port, knock, make_event, start

from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.web.forms import new_submission
from tonk_rules.web.keys import KEYS_FILE, Keys


def helper(port: int, folder: Path) -> tuple[httpx.Client, str]:
    keys = Keys.load_or_create(folder)
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5)
    client.get(f"/t/t1?key={keys.table_token('t1')}")
    found = CSRF.search(client.get("/t/t1").text)
    assert found
    return client, found.group(1)


def test_killed_mid_write_it_loses_no_acknowledged_hand(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    port = free_port()
    server = start(event.folder, port)
    printed_key = json.loads((event.folder / KEYS_FILE).read_text())["gm"]
    client, csrf = helper(port, event.folder)
    acknowledged: list[str] = []
    in_flight = ""
    killer = threading.Timer(1.5, lambda: server.send_signal(signal.SIGKILL))
    killer.start()
    try:
        while len(acknowledged) < 500:
            in_flight = new_submission()
            form = {"csrf": csrf, "submission": in_flight, "expected": str(len(acknowledged) + 1), **knock()}
            try:
                answer = client.post("/t/t1/record", data=form)
                while answer.status_code == 429:  # faster than a phone: wait as the server asks, send again
                    time.sleep(0.2)
                    answer = client.post("/t/t1/record", data=form)
            except httpx.HTTPError:
                break  # the server is gone: this form was never acknowledged
            assert answer.status_code == 303, answer.text
            acknowledged.append(in_flight)
    finally:
        killer.cancel()
        server.kill()
        output = server.communicate()[0]
    assert printed_key in output  # the game master's secret is printed at start
    assert len(acknowledged) >= 3
    with Ledger.open(event.ledger_path("t1")) as led:
        kept = [h["detail"].get("submission") for h in led.hands()]
    assert kept[:len(acknowledged)] == acknowledged  # every acknowledged hand, in order
    assert len(kept) - len(acknowledged) <= 1  # at most the one in flight, committed before its answer

    server = start(event.folder, port)
    try:
        client, csrf = helper(port, event.folder)
        expected = len(acknowledged) + 1
        resent = {"csrf": csrf, "submission": in_flight, "expected": str(expected), **knock()}
        for _ in range(2):  # the phone resends the form it never got an answer to, twice
            answer = client.post("/t/t1/record", data=resent)
            assert answer.status_code == 303
            assert re.fullmatch(r"/t/t1\?done=\d+", answer.headers["location"])
    finally:
        server.kill()
        server.communicate()
    with Ledger.open(event.ledger_path("t1")) as led:
        kept = [h["detail"].get("submission") for h in led.hands()]
    assert kept.count(in_flight) == 1 and kept[:len(acknowledged)] == acknowledged
