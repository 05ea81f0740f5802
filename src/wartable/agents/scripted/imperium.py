"""The scripted player of IMPERIUM: part 1's battles (`imperium_battle`) and the galactic war
of scenarios 6-8 and the campaign (`imperium_war`, which hands the battles it starts to part 1's
player), deciding from its seat's view only; and the evaluation of a position."""

from __future__ import annotations

from typing import Any

from wartable.agents.base import Agent, Copies, legal_in
from wartable.agents.scripted import imperium_battle, imperium_war
from wartable.agents.scripted.imperium_battle import evaluate
from wartable.engine.rules import Action

__all__ = ["Scripted", "evaluate"]


class Scripted(Agent):
    """The IMPERIUM player, for either side; it plays by plan, so the seed changes nothing."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        options: list[Action] = legal_in(view)
        if len(options) == 1:
            return options[0]
        if view["board"].get("war") is not None:
            return imperium_war.choose(view, options)
        return imperium_battle.choose(view, options)
