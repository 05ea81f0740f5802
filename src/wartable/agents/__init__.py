"""Players that are not people. An agent sees only its seat's view, never the game state."""

from wartable.agents.base import Agent
from wartable.agents.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent"]
