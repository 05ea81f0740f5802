"""The ASGI app: `create_app(settings)` wires storage, tables, computer players and the hub.

>>> from wartable.server import create_app, Settings
>>> app = create_app(Settings(database="sqlite:///tmp/wartable-example.db"))

The HTTP API and the pages go through FastAPI. The live WebSockets (``/ws/{table}``) go
straight to the hub: a connection lives for hours, and the framework's middleware would keep a
dozen coroutine frames alive for each one (hundreds of thousands of objects for the garbage
collector to walk with a thousand players online).
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import State
from starlette.websockets import WebSocket

from wartable.server.computer import ComputerPlayers
from wartable.server.config import Settings
from wartable.server.hub import Hub
from wartable.server.odds import Odds
from wartable.server.routes import WEB, router
from wartable.server.shared import Server
from wartable.server.storage import open_storage
from wartable.server.tables import Tables

log = logging.getLogger("wartable.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
)

# The garbage collector's thresholds for a server process of its own. A pass pauses every
# game for as long as it takes to walk the objects still alive (most garbage is freed by
# reference counting, not by the collector). A young pass is due when 250 more objects were
# made than freed; freeing the old ones that a change replaces (game states, earlier views)
# offsets making new ones, so the objects a young pass walks can pile up far beyond that
# count: at Python's 700, with views turned into text without thousands of temporary dicts
# (views.py), young passes came seldom and walked up to 20,000 objects (20-30 ms); at 250
# they stay under 2-4 ms. The middle generation is collected every 200 young passes (Python:
# 10): what lives a second or two (a seat's view until the next change, the legal actions of
# a position) is gone before it is promoted to the old generation, whose full passes are the
# longest pauses of all (150-200 ms with 500 VOTOMS games). (`wartable bench-web`, 500 games,
# 1 s think time: VOTOMS and the card game.)
GC_THRESHOLDS = (250, 200, 10)

HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class App:
    """The ASGI entry point: WebSockets to the hub, everything else to FastAPI, with security
    and caching headers on every HTTP response."""

    def __init__(self, api: FastAPI, server: Server) -> None:
        self.api = api
        self.server = server

    @property
    def state(self) -> State:
        return self.api.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"].startswith("/ws/"):
            table_id = scope["path"][len("/ws/") :]
            await self.server.hub.serve(WebSocket(scope, receive, send), table_id)
            return
        if scope["type"] != "http":
            await self.api(scope, receive, send)
            return
        path: str = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += HEADERS
                if not path.startswith("/api/docs"):
                    headers.append((b"content-security-policy", CSP.encode()))
                if path.startswith("/static/"):  # revalidate: the modules change together
                    headers = [(k, v) for k, v in headers if k.lower() != b"cache-control"]
                    headers.append((b"cache-control", b"no-cache"))
                message["headers"] = headers
            await send(message)

        await self.api(scope, receive, send_with_headers)


def create_app(settings: Settings | None = None) -> App:
    """The web app; its storage opens (and unfinished games are replayed) at start-up."""
    settings = settings or Settings()
    storage = open_storage(settings.database_url())
    tables = Tables(storage, settings.shard)
    hub = Hub(tables)
    computers = ComputerPlayers(tables, delay=settings.computer_delay)
    odds = Odds(timeout=settings.odds_timeout, workers=settings.odds_workers)
    server = Server(settings, storage, tables, hub, computers, odds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await storage.open()
        restored = await tables.restore_unfinished()
        where = storage.url.split("@")[-1]  # (no password in the log)
        log.info("games stored in %s; %d unfinished games restored", where, restored)
        # What exists now lives as long as the server: keep it out of the garbage collector's
        # passes, which otherwise pause every game for tens of milliseconds.
        if settings.tune_gc:
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            await computers.close()
            await storage.close()

    api = FastAPI(title="wartable", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    api.state.server = server
    api.include_router(router)
    api.mount("/static", StaticFiles(directory=WEB), name="static")
    return App(api, server)
