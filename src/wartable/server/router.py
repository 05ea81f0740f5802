"""Several server processes on one port (``wartable serve --workers N``): one per core.

Each worker process runs the whole app (`create_app`) on a Unix socket of its own and holds
the tables whose id falls to it (`config.Shard`). This process listens on the public address
and hands every connection to the worker that holds the table it names (``/ws/{id}``,
``/api/tables/{id}/...``), or to the next worker in turn when it names none (the lobby, a new
table: the worker that creates a table draws an id that falls to itself). It reads only the
request's head to choose; then it passes bytes both ways untouched, so a WebSocket goes
straight through. A plain HTTP request is sent on with ``Connection: close``: the next
request on that connection may name another table, so it comes on a new connection, routed
afresh.

Every worker uses the same database; a game in progress lives in one worker's memory only.
If a worker stops, the server stops (its games are restored from storage when it starts
again).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import multiprocessing
import re
import shutil
import signal
import tempfile
from multiprocessing.process import BaseProcess
from pathlib import Path

from wartable.server.config import Settings, Shard, shard_of
from wartable.server.process import run_worker

log = logging.getLogger("wartable.server")

HEAD_TIMEOUT = 30.0  # seconds a client may take to send a request's head
CHUNK = 1 << 16
TABLE_PATH = re.compile(rb"^/(?:ws|play|api/tables)/([^/?#]+)")
REFUSED = b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


def route(head: bytes, workers: int, turn: int) -> int:
    """The worker for a request: the one holding the table its path names, else `turn`'s."""
    request_line = head.split(b"\r\n", 1)[0]
    parts = request_line.split(b" ")
    found = TABLE_PATH.match(parts[1]) if len(parts) == 3 else None
    if found is None:
        return turn % workers
    return shard_of(found.group(1).decode("latin-1"), workers)


def one_request(head: bytes) -> bytes:
    """The head as sent on to a worker: a WebSocket upgrade as it is; any other request with
    ``Connection: close`` (its connection carries no second request, which might belong to
    another worker)."""
    lines = head[:-4].split(b"\r\n")
    upgrade = any(
        line.lower().startswith(b"upgrade:") and b"websocket" in line.lower() for line in lines
    )
    if upgrade:
        return head
    kept = [lines[0]] + [
        line for line in lines[1:] if not line.lower().startswith((b"connection:", b"keep-alive:"))
    ]
    return b"\r\n".join([*kept, b"Connection: close", b"", b""])


async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    """Bytes from `source` to `sink` until `source` ends; then end `sink`'s writing side."""
    with contextlib.suppress(ConnectionError):
        while data := await source.read(CHUNK):
            sink.write(data)
            await sink.drain()
    with contextlib.suppress(OSError, RuntimeError):
        if sink.can_write_eof():
            sink.write_eof()


class Router:
    """The public listener: each connection to the worker that should answer it."""

    def __init__(self, sockets: list[Path], processes: list[BaseProcess]) -> None:
        self.sockets = sockets
        self.processes = processes
        self.turn = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_TIMEOUT)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, OSError):
            writer.close()  # no request (or a head over the reader's 64 KB limit)
            return
        self.turn += 1
        socket_path = self.sockets[route(head, len(self.sockets), self.turn)]
        try:
            up_reader, up_writer = await asyncio.open_unix_connection(socket_path)
        except OSError as error:
            log.error("worker at %s refused a connection: %s", socket_path, error)
            writer.write(REFUSED)
            writer.close()
            return
        up_writer.write(one_request(head))
        try:
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        finally:
            for end in (writer, up_writer):
                end.close()

    async def run(self, host: str, port: int) -> int:
        """Listen until told to stop or until a worker stops; the exit status."""
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await self.wait_for_workers()
        server = await asyncio.start_server(self.handle, host, port)
        log.info("listening on http://%s:%d with %d workers", host, port, len(self.sockets))
        status = 0
        async with server:
            while not stop.is_set():
                dead = [p for p in self.processes if not p.is_alive()]
                if dead:
                    log.error("worker %s stopped (exit code %s)", dead[0].name, dead[0].exitcode)
                    status = 1
                    break
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 0.5)
        return status

    async def wait_for_workers(self, timeout: float = 60.0) -> None:
        """Until every worker accepts connections (each replays its unfinished games first)."""
        deadline = asyncio.get_running_loop().time() + timeout
        for path, process in zip(self.sockets, self.processes, strict=True):
            while True:
                try:
                    _, writer = await asyncio.open_unix_connection(path)
                except OSError:
                    if not process.is_alive() or asyncio.get_running_loop().time() > deadline:
                        raise RuntimeError(f"worker {process.name} did not start") from None
                    await asyncio.sleep(0.05)
                else:
                    writer.close()
                    break


def serve_workers(host: str, port: int, settings: Settings, log_level: str, workers: int) -> int:
    """Run `workers` server processes behind one port until interrupted; the exit status."""
    folder = Path(tempfile.mkdtemp(prefix="wartable-workers-"))
    sockets = [folder / f"worker-{i}.sock" for i in range(workers)]
    spawn = multiprocessing.get_context("spawn")  # a fresh interpreter: no inherited loop
    processes: list[BaseProcess] = [
        spawn.Process(
            target=run_worker,
            args=(dataclasses.replace(settings, shard=Shard(i, workers)), log_level, str(path)),
            name=f"wartable-worker-{i}",
        )
        for i, path in enumerate(sockets)
    ]
    for process in processes:
        process.start()
    try:
        return asyncio.run(Router(sockets, processes).run(host, port))
    finally:
        for process in processes:
            process.terminate()  # SIGTERM: uvicorn finishes what is under way, then stops
        for process in processes:
            process.join(timeout=15)
            if process.is_alive():
                process.kill()
        shutil.rmtree(folder, ignore_errors=True)
