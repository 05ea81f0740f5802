"""Helpers for the web server's tests: tables, a page's live connection with time limits,
a real server process, and where PostgreSQL's programs are."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio

from wartable.server.app import App

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note that httpx will be replaced
    from fastapi.testclient import TestClient

TESTS = Path(__file__).resolve().parent.parent


def server_of(client: TestClient) -> Any:
    app = client.app
    assert isinstance(app, App)
    return app.server


def new_table(
    client: TestClient,
    seats: dict[str, str] | None = None,
    seed: int = 3,
    game: str = "skirmish",
    options: dict[str, Any] | None = None,
) -> tuple[str, dict[str, str]]:
    body: dict[str, Any] = {"game": game, "seed": seed, "seats": seats or {}}
    if options is not None:
        body["options"] = options
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    return data["id"], data["tokens"]


class Page:
    """A live connection as a page holds it: hello, then messages, each wait time-limited.
    `until` takes the first message, waiting or already received, that passes its test; the
    others stay in the inbox for later calls."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.messages: list[dict[str, Any]] = []  # everything received, in order
        self.inbox: list[dict[str, Any]] = []  # received and not yet taken

    def receive(self, timeout: float = 5.0) -> dict[str, Any]:
        session = self.session

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await session._send_rx.receive()

        message = session.portal.call(get)
        if message["type"] == "websocket.close":
            raise ConnectionError(f"closed with code {message.get('code')}")
        data: dict[str, Any] = json.loads(message["text"])
        self.messages.append(data)
        return data

    def until(self, test: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        for i, message in enumerate(self.inbox):
            if test(message):
                del self.inbox[i]
                return message
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.05, deadline - time.monotonic()))
            if test(message):
                return message
            self.inbox.append(message)

    def send(self, message: Any) -> None:
        if isinstance(message, str):
            self.session.send_text(message)
        else:
            self.session.send_json(message)

    def hello(self, *tokens: str) -> dict[str, Any]:
        self.send({"type": "hello", "tokens": list(tokens)})
        return self.until(lambda m: m["type"] in ("joined", "error"))

    def view(self, seat: str | None, timeout: float = 5.0) -> dict[str, Any]:
        """The next view message for `seat`."""
        return self.until(lambda m: m["type"] == "view" and m["seat"] == seat, timeout)

    def reply(self, message_id: int, timeout: float = 5.0) -> dict[str, Any]:
        return self.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == message_id)

    def quiet(self, seconds: float = 0.15) -> list[dict[str, Any]]:
        """Empty the inbox, and return whatever arrives within `seconds` (nothing, usually)."""
        self.inbox.clear()
        got = []
        try:
            while True:
                got.append(self.receive(seconds))
        except TimeoutError:
            return got

    def latest(self, seat: str | None, version: int, timeout: float = 5.0) -> dict[str, Any]:
        """The view for `seat` at table version `version` or later."""
        return self.until(
            lambda m: m["type"] == "view" and m["seat"] == seat and m["version"] >= version,
            timeout,
        )


# -- real server processes ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """`wartable serve --plugin support.skirmish` in a process of its own, on 127.0.0.1, with
    `workers` server processes behind it (two by default: the router in front of them)."""

    def __init__(self, database: str, log: Path, workers: int = 2) -> None:
        self.database = database
        self.log = log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
        command = [
            sys.executable,
            "-c",
            "from wartable.cli import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--database",
            database,
            "--plugin",
            "support.skirmish",
            "--computer-delay",
            "0.05",
            "--log-level",
            "warning",
            "--workers",
            str(workers),
        ]
        self.out = log.open("ab")
        # a session of its own: `kill` stops every process of the server at once
        self.process = subprocess.Popen(
            command, stdout=self.out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
        self.wait_ready()

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/games", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"the server did not start: {self.log.read_text(errors='replace')}")

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return json.loads(response.read())

    def kill(self) -> None:
        """kill -9 of every process of the server: no shutdown, no flushing, nothing."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.out.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.out.close()


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL server programs (initdb, pg_ctl), if installed."""
    for found in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (found / "initdb").exists() and (found / "pg_ctl").exists():
            return found
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None
