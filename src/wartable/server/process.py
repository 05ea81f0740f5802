"""One server process: the app under uvicorn, on an address or (a worker behind
`server.router`) on a Unix socket that lives as long as the process that started it."""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from typing import Any

import uvicorn

from wartable.engine import import_plugins
from wartable.server.app import create_app
from wartable.server.config import Settings


def run_uvicorn(settings: Settings, log_level: str, **where: Any) -> None:
    """One server process with uvicorn; `where` is ``host`` and ``port``, or ``uds`` (a
    Unix socket, for a worker behind `server.router`)."""
    import_plugins(settings.plugins)
    config = uvicorn.Config(
        create_app(settings),
        **where,
        ws_max_size=64 * 1024,  # a message is a small JSON object
        ws_per_message_deflate=False,  # views are small; compressing them costs more than it saves
        log_level=log_level,
        proxy_headers=False,
    )
    # the server's own messages (games restored, storage errors) go where uvicorn's go
    ours = logging.getLogger("wartable")
    ours.handlers = logging.getLogger("uvicorn").handlers
    ours.setLevel(log_level.upper())
    ours.propagate = False
    uvicorn.Server(config).run()


def run_worker(settings: Settings, log_level: str, socket_path: str) -> None:
    """A worker behind the router: it stops when the router is gone (killed outright, say),
    rather than live on holding games that no request reaches any more."""
    router = os.getppid()

    def watch() -> None:
        while os.getppid() == router:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGTERM)  # uvicorn stops as on a normal shutdown

    threading.Thread(target=watch, name="wartable-router-watch", daemon=True).start()
    run_uvicorn(settings, log_level, uds=socket_path)
