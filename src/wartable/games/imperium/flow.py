"""The decision points (steps) of IMPERIUM, and the hand-over between a battle and what started it.

Each rules module registers the kinds of decision it owns with `step` and stops at one with
`wait`. A battle is a unit of its own: whoever needs one — a scenario of the book now, the
galactic war later (issue 12) — sets up ``state["battle"]`` (`wartable.games.imperium.setup`),
names in ``battle["then"]`` what is to happen when it is over, and starts it
(`wartable.games.imperium.battle.start`). When the battle ends, its result is in
``battle["outcome"]`` and the function registered under that name with `after_battle` runs. A
name, not a function, so that the state stays plain data and a record replays.
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Context, State
from wartable.engine.steps import Steps
from wartable.games.imperium.components import SIDES

Then = Callable[[Context, State], None]

STEPS = Steps()
step = STEPS.register
wait = STEPS.wait
AFTER_BATTLE: dict[str, Then] = {}


def after_battle(name: str) -> Callable[[Then], Then]:
    """Register what follows a battle whose ``then`` is `name`."""

    def register(then: Then) -> Then:
        AFTER_BATTLE[name] = then
        return then

    return register


def other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]
