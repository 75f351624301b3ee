"""Helpers for the tests of ``tonk serve``: an event, the app, and clients as a phone or a laptop uses it."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import TestClient
from tablekit import ROOT

from tonk_rules.event.event_folder import Event
from tonk_rules.web.app import create_app

CSRF = re.compile(r'name="csrf" value="([^"]+)"')
SUBMISSION = re.compile(r'name="submission" value="([^"]+)"')


def make_event(folder: Path, language: str = "en") -> Event:
    event = Event.create(folder, title="Winter night", language=language, currency="crowns")
    event.add_table("t1", variant_ref="russian", seats=["Ann", "Bob", "Cy"], stakes=[1, 1, 1])
    event.add_table("t2", variant_ref="pagat", seats=["Dee", "Eve"], stakes=[2, 2])
    return event


class Phone:
    """A browser: its cookies, the CSRF token of its session, forms sent as a browser sends them."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.client = TestClient(app, base_url="http://127.0.0.1:8000", follow_redirects=False,
                                 raise_server_exceptions=False)
        self.csrf = ""

    @property
    def keys(self) -> Any:
        return self.app.state.site.keys

    def get(self, url: str, **kw: Any) -> Any:
        response = self.client.get(url, **kw)
        if found := CSRF.search(response.text):
            self.csrf = found.group(1)
        return response

    def post(self, url: str, data: dict[str, str], *, csrf: bool = True) -> Any:
        if not self.csrf:
            self.get("/")
        body = {**data, **({"csrf": self.csrf} if csrf else {})}
        response = self.client.post(url, data=body)
        if found := CSRF.search(response.text):
            self.csrf = found.group(1)
        return response

    def as_gm(self) -> Phone:
        assert self.get(f"/gm?key={self.keys.gm}").status_code == 303
        self.get("/gm")  # the console's forms carry this session's CSRF token
        return self

    def at_table(self, table: str) -> Phone:
        assert self.get(f"/t/{table}?key={self.keys.table_token(table)}").status_code == 303
        return self

    def hand_form(self, table: str) -> dict[str, str]:
        """A fresh form's hidden fields, as the table page gives them."""
        page = self.get(f"/t/{table}").text
        submission = SUBMISSION.search(page)
        expected = re.search(r'name="expected" value="(\d+)"', page)
        assert submission and expected, page
        return {"submission": submission.group(1), "expected": expected.group(1)}


def app_for(folder: Path, **kw: Any) -> Any:
    return create_app(folder, **kw)


def knock(ann: int = 3, bob: int = 19, cy: int = 4, who: str = "Ann") -> dict[str, str]:
    return {"how": "knock", "player": who, "count_0": str(ann), "count_1": str(bob), "count_2": str(cy)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(folder: Path, port: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "tonk_rules", "serve", str(folder), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise AssertionError(f"the server did not start: {server.communicate()[0]}")
