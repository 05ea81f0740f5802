"""The registry of the game's decisions (flow.py registers every kind) and what a procedure
hands back to the flow: the stage of the battle that comes next."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from wartable.engine import State
from wartable.engine.steps import Steps

STEPS = Steps()
step = STEPS.register
wait = STEPS.wait

# The stage the flow carries out next (flow.py `proceed`), or None when the battle stopped at
# a decision (`wait`) or is over. A stage reads what it works on from the state (the attack
# being made is state["attack"]).
Next = Literal["after_boost", "hit", "after_damage", "roll_done", "turn_done", "next_turn"] | None


def owner_of(mid_key: str) -> Callable[[State], tuple[str, ...]]:
    """Actors of a decision that belongs to the owner of the machine named by step[mid_key]."""

    def actors(state: State) -> tuple[str, ...]:
        owner = state["machines"][state["step"][mid_key]]["owner"]
        return () if owner is None else (owner,)

    return actors
