"""The web app: a lobby, seats with secret tokens, live play over WebSockets, stored games.

`create_app` builds the ASGI app; `serve` runs it with uvicorn (``wartable serve``).
"""

from __future__ import annotations

from wartable.server.app import create_app
from wartable.server.config import Settings, default_database_url
from wartable.server.shared import Server

__all__ = ["Server", "Settings", "create_app", "default_database_url", "serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    settings: Settings | None = None,
    log_level: str = "info",
) -> None:
    """Run the web app until interrupted."""
    import dataclasses
    import logging

    import uvicorn

    settings = dataclasses.replace(settings or Settings(), tune_gc=True)
    config = uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
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
