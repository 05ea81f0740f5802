"""The test server for the browser tests: uvicorn serving the app in a thread of this
process, on 127.0.0.1, with a fresh SQLite file."""

from __future__ import annotations

import asyncio
import copy
import json
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, WebSocket

from wartable.engine import Game
from wartable.engine.plain import copy_plain
from wartable.server import Settings, create_app
from wartable.server.app import App
from wartable.server.views import apply_patch


class LiveServer:
    """uvicorn serving the app in a thread, bounded in time at start and stop."""

    def __init__(self, database: str, computer_delay: float = 0.15) -> None:
        import uvicorn

        self.app: App = create_app(Settings(database=database, computer_delay=computer_delay))
        # a port the OS gives, kept bound and handed to uvicorn: no other server (another
        # pytest-xdist worker's, say) can take it between choosing and listening
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve(sockets=[self.socket]))

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.socket.close()

    def call(self, coroutine: Any) -> Any:
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=10)

    def game(self, table_id: str) -> Game:
        """The game of a table in the server (read it, never change it)."""
        game: Game = self.app.server.tables.tables[table_id].game
        return game

    def truth(self, table_id: str) -> dict[str, Any]:
        """The whole state of a game (what no page may hold), copied under the table's lock."""

        async def copy() -> dict[str, Any]:
            table = await self.app.server.tables.get(table_id)
            assert table is not None
            async with table.lock:
                state: dict[str, Any] = copy_plain(table.game.state)
                return state

        return dict(self.call(copy()))


def watch_frames(page: Page) -> list[dict[str, Any]]:
    """Every message the page's WebSocket receives, parsed; a view that came as a patch has
    its whole view (the page's previous view of that seat, patched) under "view", so that the
    tests look at everything the page could hold."""
    frames: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        views: dict[str | None, Any] = {}  # this connection's latest view of each seat

        def received(payload: str | bytes) -> None:
            if not isinstance(payload, str):
                return
            message = json.loads(payload)
            if message.get("type") == "view":
                if "patch" in message:
                    message["view"] = apply_patch(
                        copy.deepcopy(views[message["seat"]]), message["patch"]
                    )
                views[message["seat"]] = message["view"]
            frames.append(message)

        ws.on("framereceived", received)

    page.on("websocket", on_socket)
    return frames


def wait_until(page: Page, test: Callable[[], bool], what: str, seconds: float = 15.0) -> None:
    """Wait until `test()` holds (something the page cannot show, such as the server's state),
    asking again every 25 ms while the page runs; fail naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(25)


def settled(page: Page) -> None:
    """Wait until the page has laid itself out and painted twice (after a change of its size,
    say: layout that waits for a resize observer happens by the second frame)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def start_imperium(page: Page, live: LiveServer, scenario: str, seed: int, drawn: str) -> str:
    """IMPERIUM's `scenario` ("s1"-"s8", "campaign") started from the lobby with the Terrans
    played on this page and the Imperium invited; waits for `drawn` on the board; the table id."""
    page.goto(live.base + "/")
    page.click("[data-game=imperium]")
    page.select_option("select[name=scenario]", scenario)
    page.select_option("select[data-seat=terran]", "here")
    page.select_option("select[data-seat=imperial]", "invite")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#invites:not([hidden])")
    page.click("#go")
    page.wait_for_url("**/play/*")
    page.wait_for_selector(drawn)
    return page.url.rsplit("/", 1)[1]
