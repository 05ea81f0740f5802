"""Agents at a table: ask an agent for a seat's decision, or play a whole game with agents.

This is the one place that builds an agent's inputs: the seat's view and, for a search agent,
determinized copies of the game (never the game: it holds every secret and the future dice).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartable.agents.base import Agent
from wartable.engine.game import Game


def decide(agent: Agent, game: Game, seat: str, *, texts: bool = False) -> dict[str, Any]:
    """`agent`'s action for `seat` now, from the seat's view (and copies, if it searches)."""
    view = game.view(seat, texts=texts)
    if not agent.searches:
        return agent.choose(view)
    return agent.choose(view, lambda seed: game.determinized(seat, seed))


def play_out(game: Game, agents: Mapping[str, Agent], max_actions: int | None = None) -> Game:
    """Play `game` on to its end (or for `max_actions`) with an agent in every seat; when
    several seats decide at once, they answer in seat order."""
    limit = game.rules.max_actions(game.options) if max_actions is None else max_actions
    for _ in range(limit):
        to_act = game.to_act
        if not to_act:
            break
        seat = to_act[0]
        game.apply(seat, decide(agents[seat], game, seat))
    return game
