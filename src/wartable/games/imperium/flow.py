"""The decision points (steps) of IMPERIUM, and the hand-over between a battle and what started it.

Each rules module registers the kinds of decision it owns with `step` and stops at one with
`wait`. A battle is a unit of its own: whoever needs one — a scenario of the book now, the
galactic war later (issue 12) — sets up ``state["battle"]`` (`wartable.games.imperium.setup`),
names in ``battle["then"]`` what is to happen when it is over, and starts it
(`wartable.games.imperium.battle.start`). When the battle ends, its result is in
``battle["outcome"]`` and the function registered under that name with `after_battle` runs. A
name, not a function, so that the state stays plain data and a record replays.

Inside a battle, each combat step (fire, movement; bombardment, landing) is a module of its own:
when its decisions are done it calls `go_on`, and the flow of the battle's kind (`battle.py` for
"space", `planetary.py` for "planetary", each registered with `proceed`) chooses what comes
next. Whoever started a battle may also end it early: `decides` registers, under the same name
as `after_battle`, a test of whether the battle is already settled (scenario 4's "play until one
side wins", scenario 1's troops gone).
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Context, State
from wartable.engine.steps import Actors, Apply, Describe, Legal, Steps
from wartable.games.imperium.components import SIDES

Then = Callable[[Context, State], None]

STEPS = Steps()
wait = STEPS.wait
AFTER_BATTLE: dict[str, Then] = {}
Settled = Callable[[State], bool]
SETTLED: dict[str, Settled] = {}
_PROCEED: dict[str, Then] = {}


def step(
    kind: str, actors: Actors, legal: Legal, apply: Apply, describe: Describe | None = None
) -> None:
    """Register a kind of decision; the battles' and the war's share one registry, so a name
    may be taken once only (`Steps.register` would silently replace the first)."""
    if kind in STEPS.kinds:
        raise ValueError(f"the step kind {kind!r} is registered twice")
    STEPS.register(kind, actors, legal, apply, describe)


def after_battle(name: str) -> Callable[[Then], Then]:
    """Register what follows a battle whose ``then`` is `name`."""

    def register(then: Then) -> Then:
        AFTER_BATTLE[name] = then
        return then

    return register


def decides(name: str) -> Callable[[Settled], Settled]:
    """Register whether a battle whose ``then`` is `name` is settled before its end."""

    def register(settled: Settled) -> Settled:
        SETTLED[name] = settled
        return settled

    return register


def proceed(kind: str) -> Callable[[Then], Then]:
    """Register the flow of a kind of battle ("space", "planetary"), which `go_on` resumes."""

    def register(then: Then) -> Then:
        _PROCEED[kind] = then
        return then

    return register


def go_on(ctx: Context, state: State) -> None:
    """A combat step is over: the flow of the battle's kind chooses the next."""
    _PROCEED[state["battle"]["kind"]](ctx, state)


def other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def settled(state: State) -> bool:
    """Rule 12.3: the battle ends as soon as a side has no ship left in it (ruling I31); or
    when whoever started it says it is settled."""
    battle, units = state["battle"], state["units"]
    here = {units[uid]["side"] for uid in battle["areas"]}  # `present`'s ships, sides only
    here.update(units[uid]["side"] for uid in battle["waiting"])
    if not here.issuperset(SIDES):
        return True
    check = SETTLED.get(battle["then"])
    return check is not None and check(state)
