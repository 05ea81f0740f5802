"""Rule 16: recovery, ``{"recover": uid, "base": bid}``. A unit on its damaged back, in the hex
of a base its faction governs with no other faction's units there, turns to its front (16.1-16.3)
and neither moves nor governs this phase (16.4). Each base recovers units worth up to three times
its deployment points at its level, in production points, per phase (16.5); at Side 6 any
faction recovers up to 6 points a phase (34.4). Only a damaged unit is offered the order
(ruling S35). Recovery comes before the governance rolls (16.6), which are made at the end of
the orders (`wartable.games.zeta.governance`).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import Scene, current, free, order
from wartable.games.zeta.components import SIDE6
from wartable.games.zeta.existence import others_here
from wartable.games.zeta.state import bases_at, comp, unit_name

CAPACITY = 3  # rule 16.5: three times the deployment points
SIDE6_CAPACITY = 6  # rule 34.4


def capacity(state: State, bid: str) -> int:
    if bid == SIDE6:
        return SIDE6_CAPACITY
    base = state["bases"][bid]
    return CAPACITY * comp(state).bases[bid].level(base["level"]).dp


def legal(state: State, scene: Scene) -> list[Action]:
    act = current(state)
    if act["type"] == "atmosphere":
        return []  # 12.7
    faction = act["faction"]
    here = scene.here
    damaged = [
        (uid, unit)
        for uid, unit in scene.units
        if unit["back"] and free(state, uid) and not others_here(state, unit["at"], faction, here)
    ]  # 16.1, 16.3, 16.4; ruling S35
    return [
        {"recover": uid, "base": bid}
        for uid, unit in damaged
        for bid in bases_at(state, unit["at"])
        if (bid == SIDE6 or state["bases"][bid]["owner"] == faction)  # 16.2, 34.4
        and left(state, bid) >= comp(state).unit(unit["type"]).pp  # 16.5
    ]


def left(state: State, bid: str) -> int:
    """The production points a base may still recover this phase."""
    used: int = current(state)["recovered"].get(bid, 0)
    return capacity(state, bid) - used


def apply(ctx: Context, state: State, action: Action) -> None:
    act = current(state)
    uid, bid = action["recover"], action["base"]
    unit = state["units"][uid]
    unit["back"] = False  # 16.1
    act["recover"][uid] = bid
    act["recovered"][bid] = act["recovered"].get(bid, 0) + comp(state).unit(unit["type"]).pp


def describe(state: State, action: Action) -> Msg:
    who = unit_name(state, action["recover"])
    base = comp(state).bases[action["base"]].name
    return msg(f"{who['en']} recovers at {base['en']}", f"{who['ja']}が{base['ja']}で回復")


order("recover", "16.1", legal, apply, describe)
