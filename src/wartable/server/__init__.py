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
    workers: int = 1,
) -> int:
    """Run the web app until interrupted, in `workers` processes (one per core pays: each
    holds its share of the tables, see `server.router`); the exit status."""
    import dataclasses

    settings = dataclasses.replace(settings or Settings(), tune_gc=True)
    if workers > 1:
        from wartable.server.router import serve_workers

        return serve_workers(host, port, settings, log_level, workers)
    from wartable.server.process import run_uvicorn

    run_uvicorn(settings, log_level, host=host, port=port)
    return 0
