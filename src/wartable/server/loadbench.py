"""The web load benchmark (not a test): many concurrent games over WebSockets on 127.0.0.1.

It starts a server (``wartable serve``) on a free port with a database of its own, creates
`games` tables whose seats are all people, connects every seat (one WebSocket each), and lets
each seat play random legal actions as fast as the server acknowledges them (or after a think
time). A finished game is replaced by a new one, so the number of games in play stays constant.
It prints acknowledged actions per second and the latency from sending an action to its
acknowledgement (stored in the database), p50/p90/p99.

    python -m wartable.server.loadbench skirmish --games 500 --plugin support.skirmish

The run is bounded: it measures for `--seconds` after a warm-up and then stops the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from wartable.server.views import apply_patch


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(
    port: int, database: str, plugins: list[str], log: Path, workers: int = 1
) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-c",
        "from wartable.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--database",
        database,
        "--computer-delay",
        "0",
        "--log-level",
        "warning",
        "--workers",
        str(workers),
    ]
    for name in plugins:
        command += ["--plugin", name]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*sys.path, env.get("PYTHONPATH", "")])
    with log.open("wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)


def wait_ready(
    base: str, process: subprocess.Popen[bytes], log: Path | None = None, timeout: float = 30.0
) -> None:
    """Wait for the server to answer; if it exits or never answers, an error that carries the
    end of its log (the log's folder is removed when the benchmark stops)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode}{tail(log)}")
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not start in time{tail(log)}")


def tail(log: Path | None, lines: int = 20) -> str:
    if log is None or not log.exists():
        return ""
    text = log.read_text("utf-8", errors="replace").strip().splitlines()[-lines:]
    return ":\n" + "\n".join(text) if text else ""


def create_table(base: str, game: str, seed: int) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps({"game": game, "seed": seed}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        table: dict[str, Any] = json.loads(response.read())
        return table


@dataclass
class Stats:
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    acks: int = 0
    errors: int = 0
    games_done: int = 0
    first_error: str = ""


class Seat:
    """One seat's connection: plays a random legal action whenever it must decide. Like the
    web page, it asks for patches after its first view of the seat."""

    def __init__(self, ws: ClientConnection, seat: str, rng: random.Random, think: float) -> None:
        self.ws = ws
        self.seat = seat
        self.rng = rng
        self.think = think
        self.sent_at: float | None = None
        self.sent_id = 0
        self.view: dict[str, Any] = {}
        self.version = -1
        self.acted_on = -2
        self.over = False

    async def run(self, stats: Stats) -> None:
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "view":
                if "patch" in message:
                    self.view = apply_patch(self.view, message["patch"])
                else:
                    self.view = message["view"]
                self.version = message["version"]
                if self.view["over"]:
                    self.over = True
                    return
            elif kind == "ack" and message.get("id") == self.sent_id and self.sent_at is not None:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - self.sent_at)
                    stats.acks += 1
                self.sent_at = None
            elif kind == "error":
                if message.get("id") == self.sent_id:
                    self.sent_at = None
                    self.acted_on = -2  # try again on the same view
                stats.errors += 1
                stats.first_error = stats.first_error or str(message)
            if (
                self.sent_at is None
                and self.acted_on != self.version
                and self.view.get("legal_actions")
            ):
                self.acted_on = self.version
                await self.act(self.view)

    async def act(self, view: dict[str, Any]) -> None:
        if self.think:
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))
        choice = self.rng.choice(view["legal_actions"])["action"]
        self.sent_id += 1
        self.sent_at = time.perf_counter()
        await self.ws.send(
            json.dumps({"type": "act", "action": choice, "id": self.sent_id, "seat": self.seat})
        )


async def play_games(
    base: str,
    ws_base: str,
    game: str,
    slot: int,
    stats: Stats,
    think: float,
    stop: asyncio.Event,
    start_within: float,
) -> None:
    """Keep one game in play in this slot until told to stop (starting at a random moment
    of the warm-up, so that games do not all begin and end together)."""
    rng = random.Random(slot)
    await asyncio.sleep(rng.random() * start_within)
    n = 0
    while not stop.is_set():
        table = await asyncio.to_thread(create_table, base, game, slot * 100_003 + n)
        n += 1
        seats: list[Seat] = []
        try:
            for seat, token in table["tokens"].items():
                ws = await connect(f"{ws_base}/ws/{table['id']}", max_size=2**22)
                await ws.send(json.dumps({"type": "hello", "tokens": [token], "patches": True}))
                seats.append(Seat(ws, seat, random.Random(rng.random()), think))
            tasks = [asyncio.ensure_future(s.run(stats)) for s in seats]
            stopper = asyncio.ensure_future(stop.wait())
            await asyncio.wait([*tasks, stopper], return_when=asyncio.FIRST_COMPLETED)
            stopper.cancel()
            if any(s.over for s in seats):
                stats.games_done += 1
            for task in tasks:
                task.cancel()
        finally:
            for s in seats:
                with contextlib.suppress(Exception):
                    await s.ws.close()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


async def drive(
    base: str, game: str, games: int, seconds: float, warmup: float, think: float
) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    ws_base = base.replace("http://", "ws://")
    slots = [
        asyncio.ensure_future(play_games(base, ws_base, game, i, stats, think, stop, warmup * 0.6))
        for i in range(games)
    ]
    await asyncio.sleep(warmup)
    # The load generator's own garbage-collector pauses are not the server's latency: it runs
    # without automatic collection while it measures (its garbage is small and bounded).
    gc.collect()
    gc.freeze()
    gc.disable()
    stats.measuring = True
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed = time.perf_counter() - start
    gc.enable()
    stop.set()
    await asyncio.wait(slots, timeout=15)
    for slot in slots:
        slot.cancel()
    stats.latencies.append(elapsed)  # the last item carries the measured time
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wartable bench-web", description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="skirmish")
    parser.add_argument("--games", type=int, default=100, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds before measuring (games start in it)"
    )
    parser.add_argument("--think", type=float, default=0.0, help="ms a player waits to act")
    parser.add_argument("--database", default=None, help="default: a new SQLite file")
    parser.add_argument("--plugin", action="append", default=[], help="module with a game")
    parser.add_argument(
        "--port", type=int, default=None, help="drive a server already on 127.0.0.1:PORT"
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="server processes started"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or args.workers < 1:
        parser.error("--games, --seconds and --workers must be positive")

    # The server's log, and its SQLite file unless --database: removed at the end, whatever
    # the database and however the run ends.
    folder = Path(tempfile.mkdtemp(prefix="wartable-bench-"))
    database = args.database or f"sqlite://{folder / 'bench.db'}"
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    log = folder / "server.log"
    server = None
    try:
        if not args.port:
            server = start_server(port, database, args.plugin, log, args.workers)
            wait_ready(base, server, log)
        print(
            f"{args.games} concurrent {args.game} games over WebSockets on 127.0.0.1:{port} "
            f"({'a server already there' if args.port else f'{args.workers} server processes'}), "
            f"{database.split('@')[-1]}; warm-up {args.warmup:g} s, measuring {args.seconds:g} s"
            + (f", think time {args.think:g} ms" if args.think else ", flat out"),
            flush=True,
        )
        stats = asyncio.run(
            drive(base, args.game, args.games, args.seconds, args.warmup, args.think / 1000)
        )
    finally:
        if server is not None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    elapsed = stats.latencies.pop()
    ms = [x * 1000 for x in stats.latencies]
    print(
        f"actions: {stats.acks} acknowledged in {elapsed:.1f} s = {stats.acks / elapsed:,.0f} "
        f"actions/s; games finished: {stats.games_done}; errors: {stats.errors}"
    )
    if ms:
        print(
            f"latency (send → stored and acknowledged): p50 {percentile(ms, 50):.1f} ms, "
            f"p90 {percentile(ms, 90):.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
            f"max {max(ms):.1f} ms, mean {statistics.fmean(ms):.1f} ms"
        )
    if stats.first_error:
        print(f"first error: {stats.first_error}")
    return 0 if stats.acks else 1


if __name__ == "__main__":
    raise SystemExit(main())
