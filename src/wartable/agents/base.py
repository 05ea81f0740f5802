"""The agent interface: choose one of the legal actions in a view.

An agent decides for one seat from that seat's view. A search agent is also handed `copies`:
a function from a seed to ``game.determinized(seat, seed)``, made by the caller (the terminal,
the server, the simulator), never the game itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from wartable.engine.game import Game

Copies = Callable[[int], "Game"]


def legal_in(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal actions of a view, without their words; ValueError when there are none (an
    agent asked to decide where its seat has nothing to decide)."""
    legal = [option["action"] for option in view.get("legal_actions") or []]
    if not legal:
        raise ValueError("the view offers no legal action to choose from")
    return legal


class Agent(ABC):
    """Decides for one seat from that seat's view (as `Game.view(seat)` returns it)."""

    # True for an agent that searches determinized copies: the caller then passes `copies`
    searches: ClassVar[bool] = False

    @abstractmethod
    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        """One action from ``view["legal_actions"]``."""
