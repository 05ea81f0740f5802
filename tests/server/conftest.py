"""Fixtures for the web server's tests: an app on a fresh SQLite file, pages, real server
processes, and a PostgreSQL server started for the session."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from server.server_support import Page, ServerProcess, TestClient, free_port, postgres_bin
from wartable.server import Settings, create_app

# -- an app in this process ----------------------------------------------------------------------


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite://{tmp_path / 'wartable.db'}"


@pytest.fixture
def make_client(database: str) -> Iterator[Callable[..., TestClient]]:
    """make_client(): a TestClient (started) on this test's database; closed at the end."""
    opened: list[TestClient] = []

    def make(computer_delay: float = 0.0, db: str | None = None) -> TestClient:
        app = create_app(Settings(database=db or database, computer_delay=computer_delay))
        client = TestClient(app)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


@pytest.fixture
def open_page(client: TestClient) -> Iterator[Callable[..., Page]]:
    """open_page(table_id, *tokens): a page said hello with these tokens (checked: joined)."""
    sessions: list[Any] = []

    def open_(table_id: str, *tokens: str, expect: str = "joined") -> Page:
        session = client.websocket_connect(f"/ws/{table_id}")
        session.__enter__()
        sessions.append(session)
        page = Page(session)
        answer = page.hello(*tokens)
        assert answer["type"] == expect, answer
        return page

    yield open_
    for session in reversed(sessions):
        with contextlib.suppress(Exception):
            session.__exit__(None, None, None)


# -- real server processes ------------------------------------------------------------------------


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[[str], ServerProcess]]:
    started: list[ServerProcess] = []

    def start(database: str) -> ServerProcess:
        server = ServerProcess(database, tmp_path / "server.log")
        started.append(server)
        return server

    yield start
    for server in started:
        if server.process.poll() is None:
            server.stop()


# -- PostgreSQL ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server of Debian's package in a temporary folder on 127.0.0.1, for this
    test session; its URL (to the `postgres` database)."""
    binaries = postgres_bin()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql; .ci/run does)")
    folder = Path(tempfile.mkdtemp(prefix="wartable-pg-"))
    as_root = os.geteuid() == 0
    run_as: list[str] = []
    if as_root:  # initdb and postgres refuse to run as root
        shutil.chown(folder, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    port = free_port()
    log = folder / "postgres.log"

    def run(*command: str) -> None:
        result = subprocess.run(
            [*run_as, *command], capture_output=True, text=True, timeout=60, check=False
        )
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")

    run(str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=on"
    run(str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A fresh database on the session's PostgreSQL server."""
    import psycopg

    name = f"wartable_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return postgres_server.rsplit("/", 1)[0] + f"/{name}"
