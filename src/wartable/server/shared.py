"""What the routes and the hub share: one `Server` per app, made by `create_app`."""

from __future__ import annotations

from dataclasses import dataclass

from wartable.server.computer import ComputerPlayers
from wartable.server.config import Settings
from wartable.server.hub import Hub
from wartable.server.odds import Odds
from wartable.server.storage import Storage
from wartable.server.tables import Tables


@dataclass
class Server:
    """The parts of one running server."""

    settings: Settings
    storage: Storage
    tables: Tables
    hub: Hub
    computers: ComputerPlayers
    odds: Odds
