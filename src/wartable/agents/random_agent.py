"""The random player: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from wartable.agents.base import Agent, Copies, legal_in


class RandomAgent(Agent):
    """>>> RandomAgent(seed=1).choose({"legal_actions": [{"action": {"pass": True}}]})
    {'pass': True}
    """

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        return self.random.choice(legal_in(view))
