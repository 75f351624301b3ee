"""Starting ``tonk serve``: one server per event folder (a killed one's lock taken over), the keys file written
whole and never silently replaced, and each refusal at start naming its own cause."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import ROOT
from webkit import free_port, make_event, start

from tonk_rules.event.serve_lock import SERVE_LOCK_FILE, serve_lock
from tonk_rules.web.keys import KEYS_FILE, Keys, KeysFileError


def tonk_serve(folder: Path, port: int, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``tonk serve`` expected to refuse at start (a hang is a failure: it would have served)."""
    return subprocess.run([sys.executable, "-m", "tonk_rules", "serve", str(folder), "--port", str(port)],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_second_server_on_a_served_folder_is_refused_naming_the_first(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    port = free_port()
    first = start(event.folder, port)
    try:
        second = tonk_serve(event.folder, free_port())
        assert second.returncode == 1
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in second.stderr
        assert f"process {first.pid}" in lines[0] and f"http://127.0.0.1:{port}/" in lines[0]
        assert "already served" in lines[0]
    finally:
        first.kill()
        first.communicate()


def test_a_killed_servers_lock_is_taken_over(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    first = start(event.folder, free_port())
    first.send_signal(signal.SIGKILL)
    first.communicate()
    assert json.loads((event.folder / SERVE_LOCK_FILE).read_text())["pid"] == first.pid  # left behind
    second = start(event.folder, free_port())
    try:
        second.terminate()
        output = second.communicate(timeout=30)[0]
    finally:
        second.kill()
    assert f"process {first.pid}, no longer running" in output and "taken over" in output


def test_the_lock_in_one_process_refuses_a_second_holder_and_is_free_after(tmp_path: Path) -> None:
    with serve_lock(tmp_path, "http://127.0.0.1:9/") as left:
        assert left is None
        code = ("import sys; from tonk_rules.event.serve_lock import serve_lock\n"
                f"with serve_lock({str(tmp_path)!r}, 'x'): pass")
        other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert other.returncode != 0 and "EventServedError" in other.stderr and f"process {os.getpid()}" in other.stderr
    with serve_lock(tmp_path, "again") as left:  # released on a clean stop, and the file names nobody
        assert left is None
    assert (tmp_path / SERVE_LOCK_FILE).read_text() == ""


def test_a_damaged_keys_file_stops_the_server_and_is_kept(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    keys_file = event.folder / KEYS_FILE
    keys_file.write_text('{"gm": "abcdefgh", "server": "00')  # cut short
    answer = tonk_serve(event.folder, free_port())
    assert answer.returncode == 1 and "Traceback" not in answer.stderr
    line, = answer.stderr.strip().splitlines()
    assert str(keys_file) in line and "damaged" in line and "cut short" in line
    assert keys_file.read_text() == '{"gm": "abcdefgh", "server": "00'  # no new secrets made over it
    assert not (event.folder / SERVE_LOCK_FILE).read_text()  # the refused server left the folder free


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=120))
def test_a_keys_file_is_read_as_it_was_written_or_refused(tmp_path_factory: pytest.TempPathFactory,
                                                         text: bytes) -> None:
    folder = tmp_path_factory.mktemp("keys")
    made = Keys.load_or_create(folder)
    assert Keys.load_or_create(folder) == made  # read back, not made again
    (folder / KEYS_FILE).write_bytes(text)
    try:
        read = Keys.load_or_create(folder)
    except KeysFileError as exc:
        assert str(folder / KEYS_FILE) in str(exc) and "\n" not in str(exc)
    else:  # only a file holding both keys is read
        data = json.loads(text)
        assert read == Keys(data["gm"], bytes.fromhex(data["server"]))
    assert (folder / KEYS_FILE).read_bytes() == text  # never replaced


def test_keys_are_written_owner_only_and_whole(tmp_path: Path) -> None:
    keys = Keys.load_or_create(tmp_path)
    path = tmp_path / KEYS_FILE
    assert path.stat().st_mode & 0o777 == 0o600
    assert json.loads(path.read_text()) == {"gm": keys.gm, "server": keys.server.hex()}
    assert [p.name for p in tmp_path.iterdir()] == [KEYS_FILE]  # no temporary file left


def test_a_keys_file_that_cannot_be_written_is_said_so_not_the_port(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    port = free_port()
    # the temporary keys file's name taken by a folder: it cannot be written, for root as for anyone
    code = ("import os, sys; from pathlib import Path; from tonk_rules.cli import main\n"
            f"folder = Path({str(event.folder)!r}); (folder / f'.{KEYS_FILE}.{{os.getpid()}}.tmp').mkdir()\n"
            f"main(['serve', str(folder), '--port', '{port}'])")
    answer = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert answer.returncode == 1 and "Traceback" not in answer.stderr
    line, = answer.stderr.strip().splitlines()
    assert "keys file cannot be written" in line and "port" not in line
    assert not (event.folder / KEYS_FILE).exists()


def test_a_port_taken_is_said_so(tmp_path: Path) -> None:
    event = make_event(tmp_path / "night")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        answer = tonk_serve(event.folder, port)
    assert answer.returncode == 1
    line, = answer.stderr.strip().splitlines()
    assert f"cannot serve on port {port}" in line and "serving it" in line


def test_a_folder_without_an_event_is_refused_before_any_file_is_made(tmp_path: Path) -> None:
    answer = tonk_serve(tmp_path, free_port())
    assert answer.returncode == 1 and "not an event folder" in answer.stderr
    assert list(tmp_path.iterdir()) == []

