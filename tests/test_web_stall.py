"""Nobody can stall ``tonk serve``: idle and slow sockets beyond the cap do not stop a phone, the rate limits
are the client address's (not a cookie's), a table whose ledger is locked or unreadable is said so for that
table only while the rest of the event goes on, and the CLI writing while the server runs doubles nothing."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tablekit import ROOT
from webkit import CSRF, Phone, app_for, free_port, knock, make_event, start

from tonk_rules.event.event_folder import Event
from tonk_rules.ledger.session_ledger import Ledger
from tonk_rules.web.connections import ConnectionLimits, guarded_protocol
from tonk_rules.web.forms import new_submission
from tonk_rules.web.keys import Keys

#: a guard against a hang only, never a measure of speed
HANG = 60


def test_idle_and_slow_sockets_beyond_the_cap_do_not_stop_a_phone(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    port = free_port()
    server = start(event.folder, port)
    sockets: list[socket.socket] = []
    try:
        for i in range(400):  # the 400: far beyond one address's cap, from this phone's own address
            held = socket.create_connection(("127.0.0.1", port), timeout=HANG)
            if i % 2:
                held.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # a request begun and never finished
            sockets.append(held)
        keys = Keys.load_or_create(event.folder)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=HANG) as phone:
            assert phone.get(f"/t/t1?key={keys.table_token('t1')}").status_code == 303
            page = phone.get("/t/t1")
            assert page.status_code == 200
            found = CSRF.search(page.text)
            assert found
            saved = phone.post("/t/t1/record", data={"csrf": found.group(1), "submission": new_submission(),
                                                     "expected": "1", **knock()})
            assert saved.status_code == 303
            assert phone.get("/standings.json").json()["tables"][0]["hands"] == 1
        for held in sockets[-2:]:  # idle and half-sent sockets are closed by the server, not kept for ever
            held.settimeout(HANG)
            assert held.recv(100) == b""
    finally:
        for held in sockets:
            held.close()
        server.kill()
        server.communicate()


class FakeTransport:
    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


class FakeConnection:
    def __init__(self, address: str, since: float, served: int, busy: bool) -> None:
        self.address, self.since, self.served, self.busy = address, since, served, busy
        self.transport = FakeTransport()

    def in_request(self) -> bool:
        return self.busy


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["10.0.0.1", "10.0.0.2", "10.0.0.3"]), st.integers(0, 3),
                          st.booleans()), max_size=60))
def test_the_cap_never_cuts_a_request_and_holds_per_address(arrivals: list[tuple[str, int, bool]]) -> None:
    limits = ConnectionLimits(per_address=4, total=9)
    opened: Any = guarded_protocol(limits).open_connections  # type: ignore[attr-defined]
    made: list[FakeConnection] = []
    for i, (address, served, busy) in enumerate(arrivals):
        conn = FakeConnection(address, float(i), 0, False)  # a new socket has asked nothing yet
        made.append(conn)
        opened.admit(conn)
        if not conn.transport.closed:  # then it is answered a few times, and is in a request or waiting
            conn.served, conn.busy = served, busy
        alive = [c for c in made if not c.transport.closed]
        assert all(not c.transport.closed for c in made if c.busy)  # a request in progress is never cut
        assert all(sum(c.address == a for c in alive) <= limits.per_address for a in {c.address for c in alive})
        assert len(alive) <= limits.total
        assert opened.count == len(alive)
        if conn.transport.closed:  # only a newcomer with no room: every other one at its address is answering
            assert all(c.busy for c in alive if c.address == address) or len(alive) >= limits.total


def test_rate_limits_are_the_addresss_not_the_cookies(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    app = app_for(event.folder, reads=(1.0, 20.0))
    one = TestClient(app, client=("10.0.0.7", 5000))
    codes = [one.get("/", headers={"cookie": f"tonk_s={new_submission()}"}).status_code for _ in range(60)]
    assert codes.count(200) <= 25 and codes[-1] == 429  # a fresh cookie each time buys nothing
    other = TestClient(app, client=("10.0.0.8", 5000))
    assert other.get("/").status_code == 200  # another phone's address has its own bucket


def hold_lock(path: Path, exclusive: bool) -> subprocess.Popen[str]:
    """Another program holding the ledger's write lock (``exclusive``: readers shut out too) until killed."""
    code = ("import sqlite3, sys, time\n"
            f"db = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
            + ("db.execute('PRAGMA locking_mode=EXCLUSIVE'); db.execute('BEGIN EXCLUSIVE')\n" if exclusive
               else "db.execute('BEGIN IMMEDIATE')\n")
            + "db.execute(\"INSERT INTO meta VALUES ('held', 'x')\")\nprint('held', flush=True)\ntime.sleep(600)\n")
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def run_with_guard(what: Any) -> Any:
    """``what()`` in a thread, failed if it hangs (a guard only: the answers' content is what is asserted)."""
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(what()), daemon=True)
    worker.start()
    worker.join(HANG)
    assert box, "hung"
    return box[0]


def test_a_locked_ledger_is_busy_for_its_table_only(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night", language="ru")
    holder = hold_lock(event.ledger_path("t1"), exclusive=True)  # before the server opens it: readers shut out
    try:
        fresh = Phone(app_for(event.folder))
        busy = run_with_guard(lambda: fresh.get("/t/t1"))
        assert busy.status_code == 503 and "стол «t1» занят" in busy.text
        assert run_with_guard(lambda: fresh.get("/t/t2")).status_code == 200
        front = run_with_guard(lambda: fresh.get("/"))
        assert front.status_code == 200 and "стол «t1» занят" in front.text and "Dee" in front.text
        standings = run_with_guard(lambda: fresh.get("/standings.json")).json()
        assert [t["name"] for t in standings["tables"]] == ["t2"] and standings["unavailable"][0]["name"] == "t1"
        gm = Phone(fresh.app)
        assert run_with_guard(lambda: gm.get(f"/gm?key={gm.keys.gm}")).status_code == 303
        assert run_with_guard(lambda: gm.get("/gm")).status_code == 200  # the console goes on
    finally:
        holder.kill()
        holder.communicate()
    helper = Phone(app_for(event.folder)).at_table("t1")
    form = helper.hand_form("t1")
    holder = hold_lock(event.ledger_path("t1"), exclusive=False)  # writers shut out, readers not
    try:
        saved = run_with_guard(lambda: helper.post("/t/t1/record", {**form, **knock()}))
        assert saved.status_code == 503 and "занят" in saved.text and "ничего не изменено" in saved.text
        assert run_with_guard(lambda: helper.get("/t/t1")).status_code == 200
    finally:
        holder.kill()
        holder.communicate()
    saved = helper.post("/t/t1/record", {**form, **knock()})  # the lock gone, the same form is recorded
    assert saved.status_code == 303
    with Ledger.open(event.ledger_path("t1")) as led:
        assert led.hand_count() == 1


def test_a_ledger_removed_or_cut_short_while_serving_is_said_so(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    phone = Phone(app_for(event.folder))
    assert phone.get("/t/t2").status_code == 200  # open in the server's thread
    path = event.ledger_path("t2")
    kept = path.read_bytes()
    path.unlink()
    gone = phone.get("/t/t2")
    assert gone.status_code == 503 and "no longer in the event folder" in gone.text
    front = phone.get("/")
    assert front.status_code == 200 and "no longer in the event folder" in front.text and "Ann" in front.text
    path.write_bytes(kept[:3000])
    cut = phone.get("/t/t2")
    assert cut.status_code == 503 and "damaged or cut short" in cut.text and "Something went wrong" not in cut.text
    assert phone.get("/t/t1").status_code == 200
    path.write_bytes(kept)  # restored from a copy: served again
    assert phone.get("/t/t2").status_code == 200
    assert "cannot be read" not in phone.get("/").text


def test_the_cli_recording_while_the_server_records_doubles_nothing(tmp_path: Path) -> None:
    event: Event = make_event(tmp_path / "night")
    port = free_port()
    server = start(event.folder, port)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        keys = Keys.load_or_create(event.folder)
        phone = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=HANG)
        phone.get(f"/t/t1?key={keys.table_token('t1')}")
        found = CSRF.search(phone.get("/t/t1").text)
        assert found
        cli = [subprocess.Popen([sys.executable, "-m", "tonk_rules", "event", "record", str(event.folder), "t1",
                                 "--count", "Ann=3", "--count", "Bob=19", "--count", "Cy=4", "--knock", "Ann"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
               for _ in range(3)]
        sent: list[str] = []
        for _ in range(6):
            submission = new_submission()
            hands = phone.get("/standings.json").json()["tables"][0]["hands"]
            form = {"csrf": found.group(1), "submission": submission, "expected": str(hands + 1), **knock()}
            for _ in range(2):  # each form sent twice (a double tap)
                answer = phone.post("/t/t1/record", data=form)
                while answer.status_code == 503:  # the CLI held the table a moment: the same form again
                    answer = phone.post("/t/t1/record", data=form)
                while answer.status_code == 409:  # the CLI recorded first: sent again as the next hand
                    expected = re.search(r'name="expected" value="(\d+)"', answer.text)
                    assert expected
                    submission = new_submission()
                    form = {**form, "submission": submission, "expected": expected.group(1)}
                    answer = phone.post("/t/t1/record", data=form)
                assert answer.status_code == 303, answer.text
            sent.append(submission)
        outputs = [p.communicate(timeout=HANG)[0] for p in cli]
        assert all(p.returncode == 0 for p in cli), outputs
    finally:
        server.kill()
        server.communicate()
    with Ledger.open(event.ledger_path("t1")) as led:
        kept = [h["detail"].get("submission") for h in led.hands()]
    assert sorted(k for k in kept if k) == sorted(sent)  # each form once
    assert len(kept) == len(sent) + 3  # and each CLI record once


def test_a_form_whose_body_stops_arriving_is_closed_and_nothing_is_printed(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    port = free_port()
    # the server with short limits (the real ones: 10 s and 60 s), in a process of its own
    code = f"""
import socket, threading, time, uvicorn
from tonk_rules.web.app import create_app
from tonk_rules.web.connections import ConnectionLimits, guarded_protocol
server = uvicorn.Server(uvicorn.Config(create_app({str(event.folder)!r}), host="127.0.0.1", port={port},
                                       log_level="warning", http=guarded_protocol(ConnectionLimits(body_s=1))))
threading.Thread(target=server.run, daemon=True).start()
while not server.started:
    time.sleep(0.05)
held = socket.create_connection(("127.0.0.1", {port}), timeout={HANG})
# the table's own link (its cookie): the role is checked before the body is read
from tonk_rules.web.keys import Keys, table_cookie
from pathlib import Path
token = Keys.load_or_create(Path({str(event.folder)!r})).table_token("t1")
cookie = (table_cookie("t1") + "=" + token).encode()
held.sendall(b"POST /t/t1/edit HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n"
             b"Cookie: " + cookie + b"\\r\\nContent-Length: 500\\r\\n\\r\\ncount_0=3")
print("answer", held.recv(100))
server.should_exit = True
time.sleep(1)
"""
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert ran.stdout.strip() == "answer b''"  # closed, no answer to a form never sent whole
    assert "Traceback" not in ran.stderr and "Exception" not in ran.stderr
