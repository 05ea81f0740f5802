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


def printed_values(view: dict[str, Any], option: str = "data") -> dict[str, Any]:
    """The printed values the table plays with, laid over the shipped data file (the game's
    ``data`` option, or another like IMPERIUM's ``galaxy``): a player reads the game's
    components from these, never from the shipped file alone."""
    values: dict[str, Any] = view["options"].get(option, {})
    return values


class Agent(ABC):
    """Decides for one seat from that seat's view (as `Game.view(seat)` returns it)."""

    # True for an agent that searches determinized copies: the caller then passes `copies`
    searches: ClassVar[bool] = False

    @abstractmethod
    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        """One action from ``view["legal_actions"]``."""
