"""Several server processes behind one port (`wartable serve --workers`): every request about a
table reaches the process that holds it, whichever connection it comes on; games in both
processes play and are stored; a worker never outlives the server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from server.server_support import ServerProcess
from server.test_server_restart import HotSeat, hello
from wartable.server.config import Shard, shard_of
from wartable.server.router import one_request, route
from wartable.server.storage import open_storage
from wartable.server.tables import Tables


def head(*lines: str) -> bytes:
    return "\r\n".join([*lines, "", ""]).encode()


@pytest.mark.parametrize(
    "path", ["/ws/abc", "/api/tables/abc", "/api/tables/abc/view?seat=red", "/play/abc"]
)
def test_a_request_naming_a_table_goes_to_the_worker_holding_it(path: str) -> None:
    for turn in range(3):
        assert route(head(f"GET {path} HTTP/1.1", "Host: x"), 3, turn) == shard_of("abc", 3)


def test_other_requests_take_the_workers_in_turn() -> None:
    chosen = [route(head("POST /api/tables HTTP/1.1"), 2, turn) for turn in range(4)]
    assert chosen == [0, 1, 0, 1]
    assert route(head("GET / HTTP/1.1"), 2, 5) == 1


def test_a_plain_request_is_sent_on_alone_and_a_websocket_as_it_is() -> None:
    plain = head("GET /api/games HTTP/1.1", "Host: x", "Connection: keep-alive", "Keep-Alive: 5")
    assert one_request(plain) == head("GET /api/games HTTP/1.1", "Host: x", "Connection: close")
    upgrade = head("GET /ws/abc HTTP/1.1", "Host: x", "Connection: Upgrade", "Upgrade: websocket")
    assert one_request(upgrade) == upgrade


def test_a_worker_makes_only_its_own_tables_and_restores_no_other(tmp_path: Path) -> None:
    asyncio.run(own_tables_only(tmp_path))


async def own_tables_only(tmp_path: Path) -> None:
    storage = open_storage(f"sqlite://{tmp_path / 'w.db'}")
    await storage.open()
    try:
        first, second = Tables(storage, Shard(0, 2)), Tables(storage, Shard(1, 2))
        made = [(await first.create("votoms", seed=n))[0].id for n in range(6)]
        assert {shard_of(table_id, 2) for table_id in made} == {0}
        # the other worker never loads them (it would hold a second copy of the game)
        assert [await second.get(table_id) for table_id in made] == [None] * 6
        assert await second.restore_unfinished() == 0
        again = Tables(storage, Shard(0, 2))
        assert await again.restore_unfinished() == 6
    finally:
        await storage.close()


def status(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent (from /proc), or None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def workers_of(pid: int) -> list[int]:
    """The worker processes the server `pid` started (not multiprocessing's resource tracker)."""
    found = []
    for folder in Path("/proc").glob("[0-9]*"):
        child = int(folder.name)
        with contextlib.suppress(OSError):
            if (status(child) or ("", 0))[1] == pid and b"spawn_main" in (
                folder / "cmdline"
            ).read_bytes():
                found.append(child)
    return found


def running(pid: int) -> bool:
    found = status(pid)
    return found is not None and found[0] not in "ZX"  # (a zombie has stopped)


def test_two_workers_serve_their_tables_on_one_port(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite://{tmp_path / 'w.db'}", tmp_path / "server.log", workers=2)
    try:
        created = [
            server.post(
                "/api/tables",
                {"game": "skirmish", "seed": n, "seats": {"red": "here", "blue": "here"}},
            )
            for n in range(6)
        ]
        by_worker = {shard_of(c["id"], 2): c for c in created}
        assert set(by_worker) == {0, 1}  # new tables land in both processes
        # one keep-alive client asks about tables held by both processes in turn
        with httpx.Client(base_url=server.base, timeout=10) as client:
            for table in created * 2:
                facts = client.get(f"/api/tables/{table['id']}")
                assert facts.status_code == 200
                assert facts.json()["id"] == table["id"]
        # a game in each process plays, and every acknowledged action is stored
        for table in by_worker.values():
            with connect(f"{server.ws_base}/ws/{table['id']}", open_timeout=10) as ws:
                player = HotSeat(hello(ws, list(table["tokens"].values())))
                player.play(5, first_id=1)
            assert server.get(f"/api/tables/{table['id']}")["moves"] == 5
        workers = workers_of(server.process.pid)
        assert len(workers) == 2
    finally:
        server.process.kill()  # the router alone, as a crash would
        server.process.wait(timeout=10)
        server.out.close()
    # its workers stop too, rather than live on with games no request can reach
    deadline = time.monotonic() + 15
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in workers if running(pid)] == []


def test_the_server_stops_when_a_worker_stops(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite://{tmp_path / 'w.db'}", tmp_path / "server.log", workers=2)
    try:
        workers = workers_of(server.process.pid)
        os.kill(workers[0], signal.SIGKILL)
        # the router says so and stops, and stops the other worker (a process manager would
        # start it all again, and every unfinished game is restored from storage)
        assert server.process.wait(timeout=20) == 1
    finally:
        server.stop()
    deadline = time.monotonic() + 15
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in workers if running(pid)] == []
    assert "stopped (exit code -9)" in (tmp_path / "server.log").read_text()
