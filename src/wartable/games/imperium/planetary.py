"""Rule 13: a planetary battle, as a procedure of stages in the rule's order — bombardment
(`bombard`, 13.1), the defender placing its units on the planet map (`deploy`, 13.2), landing
(`land`, 13.3), surface combat (`surface`, 13.4) — after scenario 1's loading (`load`, ruling
I15); each a module that stops at its decisions and hands back through `flow.go_on`.

`start` begins a battle laid out by `wartable.games.imperium.setup.planetary_battle`;
``battle["stage"]`` is the index in `STAGES` of the stage under way. At the end the outcome is in
``battle["outcome"]`` and whatever ``battle["then"]`` names takes over (`flow.after_battle`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartable.engine import Context, State
from wartable.games.imperium import bombard, damage, deploy, land, load, surface
from wartable.games.imperium.components import SIDES
from wartable.games.imperium.flow import AFTER_BATTLE, proceed
from wartable.games.imperium.state import defender

STAGES: tuple[Callable[[Context, State], bool], ...] = (
    load.begin,
    bombard.begin,
    deploy.begin,
    land.begin,
    surface.begin,
)


def start(ctx: Context, state: State, then: str) -> None:
    """Begin the planetary battle in ``state["battle"]``; `then` names what follows it."""
    state["battle"].update(
        then=then, stage=0, bombard=None, defence=None, landing=None, outcome=None
    )
    _run(ctx, state)


def _run(ctx: Context, state: State) -> None:
    battle = state["battle"]
    while battle["stage"] < len(STAGES):
        if STAGES[battle["stage"]](ctx, state):
            return
        battle["stage"] += 1
    finish(ctx, state)


@proceed("planetary")
def _stage_over(ctx: Context, state: State) -> None:
    state["battle"]["stage"] += 1
    _run(ctx, state)


def finish(ctx: Context, state: State) -> None:
    battle = state["battle"]
    battle["outcome"] = outcome(state)
    state["step"] = None
    AFTER_BATTLE[battle["then"]](ctx, state)


def outcome(state: State) -> dict[str, Any]:
    """What the battle leaves (13.4 step 5): the units on the planet by side; each side's
    infantry and drop troops still in play, on the planet or in orbit (ruling I39); the ships
    destroyed; and who holds the planet — the invader alone on it takes it, both: "contested",
    otherwise the defender keeps it."""
    battle = state["battle"]
    on = {side: surface.on_map(state, side) for side in SIDES}
    troops: dict[str, list[str]] = {side: [] for side in SIDES}
    for uid, unit in state["units"].items():
        if damage.is_troop(state, uid):
            troops[unit["side"]].append(uid)
    invader, held = battle["invader"], defender(state)
    control = "contested" if all(on.values()) else invader if on[invader] else held
    return {
        "rounds": battle["round"],
        "on_planet": on,
        "troops": troops,
        "destroyed": {side: list(t) for side, t in battle["destroyed"].items()},
        "control": control,
    }
