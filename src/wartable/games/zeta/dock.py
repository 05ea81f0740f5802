"""Rule 29.2.2-29.2.5: La Vie en Rose, the dock ship, repairing other units as it moves.

In a phase in which it takes the Move order (29.2.2) — it has neither recovered nor governed —
and before it has moved (ruling S57), La Vie en Rose turns to its front one damaged ship, or up to
three damaged MS, of its faction in its hex that have not moved and have no other order (29.2.3):
``{"dock": uid, "by": ship}``. A repaired MS goes aboard it (there must be room); a repaired ship
is bound to it. Either has chosen Move: it moves only with La Vie en Rose, making the same move,
and may fight this phase (29.2.4). La Vie en Rose repairs itself only as any ship does, at a base
(29.2.5, `recovery`).

``state["action"]["docked"]`` maps each unit repaired this phase to La Vie en Rose.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import Scene, current, free, order, ordered
from wartable.games.zeta.carrying import room
from wartable.games.zeta.state import comp, unit_name

DOCK = "la_vie_en_rose"  # rule 29.2
MS = 3  # rule 29.2.3: one ship, or three MS, a phase


def docked(state: State) -> dict[str, str]:
    found: dict[str, str] = current(state).get("docked", {})
    return found


def escorts(state: State, ship: str) -> list[str]:
    """The ships bound to `ship` this phase (29.2.4)."""
    return [uid for uid, by in docked(state).items() if by == ship]


def legal(state: State, scene: Scene) -> list[Action]:
    act = current(state)
    if act["type"] == "atmosphere":
        return []  # 12.7: only atmospheric movement
    c = comp(state)
    units = scene.units
    actions: list[Action] = []
    for sid, ship in units:
        if ship["type"] != DOCK or ordered(state, sid) or sid in act["mp"]:
            continue
        work = [uid for uid, by in docked(state).items() if by == sid]
        if any(state["units"][uid]["type"] in c.ships for uid in work):
            continue  # 29.2.3: its one ship this phase
        for uid, unit in units:
            if uid == sid or unit["at"] != ship["at"] or not unit["back"] or not free(state, uid):
                continue
            if unit["type"] in c.ships:
                fits = not work  # one ship, or MS
            else:
                fits = len(work) < MS and (unit["carrier"] == sid or room(state, sid) > 0)
            if fits:
                actions.append({"dock": uid, "by": sid})
    return actions


def apply(ctx: Context, state: State, action: Action) -> None:
    uid, sid = action["dock"], action["by"]
    unit = state["units"][uid]
    unit["back"] = False  # 16.1
    if unit["type"] in comp(state).ms:
        unit["carrier"] = sid  # it moves aboard La Vie en Rose
    current(state)["docked"] = {**docked(state), uid: sid}
    current(state)["mp"][uid] = 0  # 29.2.4: it moves only with La Vie en Rose


def describe(state: State, action: Action) -> Msg:
    who, ship = unit_name(state, action["dock"]), unit_name(state, action["by"])
    return msg(f"{ship['en']} repairs {who['en']}", f"{ship['ja']}が{who['ja']}を回復")


order("dock", "29.2.2", legal, apply, describe)
