"""The server's settings: where games are stored and how the computer players behave."""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "wartable"


def default_database_url() -> str:
    """A SQLite file in the user's data folder ($XDG_DATA_HOME/wartable/wartable.db on Linux)."""
    xdg = os.environ.get("XDG_DATA_HOME")
    folder = Path(xdg) / APP_NAME if xdg else Path(platformdirs.user_data_dir(APP_NAME))
    return f"sqlite://{folder / 'wartable.db'}"


@dataclass(frozen=True)
class Shard:
    """Which tables one server process holds when several share the work (`router`): those
    whose id falls to its `index` of `count`. Every request about a table goes to that
    process, so a table is only ever in one process's memory."""

    index: int = 0
    count: int = 1

    def owns(self, table_id: str) -> bool:
        return shard_of(table_id, self.count) == self.index


def shard_of(table_id: str, count: int) -> int:
    """The process (of `count`) that holds the table `table_id`."""
    return zlib.crc32(table_id.encode()) % count


@dataclass(frozen=True)
class Settings:
    """How one server runs.

    ``database``: ``sqlite:///absolute/path.db`` (the path is what follows ``sqlite://``), a
    plain file path, or ``postgresql://user@host:port/dbname``. ``computer_delay``: seconds a
    computer player waits before it acts, so that people can follow its moves. ``tune_gc``:
    after start-up, freeze what exists and set the garbage collector's thresholds
    (`app.GC_THRESHOLDS`; for a server process of its own: `wartable serve` sets it).
    ``odds_timeout``: seconds an exact odds question may take before it is refused (each is
    worked out in a process of its own, see `server.odds`; `wartable serve --odds-timeout`);
    ``odds_workers``: how many are worked out at once. ``shard``: the tables this process
    holds when several share the work (`wartable serve --workers`). ``plugins``: modules
    imported before the app starts (games of ``--plugin``; each worker process imports them).
    """

    database: str = ""
    computer_delay: float = 0.6
    tune_gc: bool = False
    odds_timeout: float = 15.0
    odds_workers: int = 2
    shard: Shard = Shard()
    plugins: tuple[str, ...] = ()

    def database_url(self) -> str:
        return self.database or default_database_url()
