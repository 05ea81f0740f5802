"""The agent interface: choose one of the legal actions in a view."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class Agent(ABC):
    """Decides for one seat from that seat's view (as `Game.view(seat)` returns it)."""

    @abstractmethod
    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        """One action from ``view["legal_actions"]``."""
