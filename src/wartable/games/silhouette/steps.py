"""The registry of the game's decisions; each rules module registers the kinds it owns."""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import State
from wartable.engine.steps import Steps
from wartable.games.silhouette.state import machine

STEPS = Steps()
step = STEPS.register
wait = STEPS.wait


def owner_of(mid_key: str) -> Callable[[State], tuple[str, ...]]:
    """Actors of a decision that belongs to the owner of the machine named by step[mid_key]."""

    def actors(state: State) -> tuple[str, ...]:
        owner = machine(state, state["step"][mid_key])["owner"]
        return () if owner is None else (owner,)

    return actors
