"""Rule 13: movement in a Space or Ground phase, one step at a time: ``{"move": uid, "to": at}``.

A ship has 3 movement points and an MS 2 (13.2), for the phase: unspent points are lost and
never handed on (13.3); a unit may move in several steps, between other units' moves (ruling
S38). Entering a hex costs 1, and 1 more if another faction's units are in it or another faction
governs a military base there, never 2 more (13.4-13.7). There is no stacking limit (13.11) and
no stop on entering. An MS moves on its own only on the ground (13.8), never into the ocean
(13.9), and only on a map its aptitude fits (2.4, ruling S33); in space it rides a ship
(`wartable.games.zeta.carrying`). Characters move only aboard (13.10). The ground map's edges
join (13.12, in `Components.neighbours`).

Also here: no unit moves into a box, nor out of the Asteroid Belt box, which only Axis leaves
(30.3.4; the Jupiter fleet leaves its box, 33.3); the AEUG and Titans may not enter Side 3 until
Neo Zeon has governed it (32.1.2, 32.1.6); a ship carrying an MS told to recover or govern may not
move (12.6).
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import Scene, current, order, ordered
from wartable.games.zeta.carrying import carry
from wartable.games.zeta.components import BELT, SIDE3, Components, fits
from wartable.games.zeta.dock import escorts
from wartable.games.zeta.existence import Presence, others_here
from wartable.games.zeta.state import (
    comp,
    foreign_military,
    foreign_military_hexes,
    place_name,
    unit_name,
)

SHIP_MP, MS_MP = 3, 2  # rule 13.2
NEO_ZEON = "neo_zeon"


def full_mp(c: Components, type_id: str) -> int:
    return SHIP_MP if type_id in c.ships else MS_MP


def dearer(state: State, here: Presence, faction: str) -> set[str]:
    """13.4-13.6: the hexes that cost 1 more to enter, where another faction's units (or
    characters, ruling S34) are or another faction governs a military base."""
    # another faction is there: two or more, or one that is not `faction` (`here` holds no
    # location without one)
    crowded = {at for at, factions in here.items() if len(factions) > 1 or faction not in factions}
    return crowded | foreign_military_hexes(state, faction)


def cost(state: State, faction: str, to: str, dear: set[str] | None = None) -> int:
    """13.4-13.7: 1, plus 1 where another faction's units are or it governs a military base,
    never more. A caller asking about many hexes passes `dearer` once as `dear`."""
    if dear is None:
        extra = others_here(state, to, faction) or foreign_military(state, to, faction)
    else:
        extra = to in dear
    return 2 if extra else 1


def closed_hex(state: State, faction: str) -> str | None:
    """32.1.2: Side 3's hex while the faction may not enter it."""
    side3 = state["bases"].get(SIDE3)
    if side3 is None or faction == NEO_ZEON or state["side3_open"]:
        return None
    at: str = side3["at"]
    return at


def held_ships(state: State) -> set[str | None]:
    """12.6: the ships carrying an MS told to recover or govern (they may not move)."""
    act, units = current(state), state["units"]
    return {units[key]["carrier"] for key in (*act["recover"], *act["govern"]) if key in units}


def may_move(
    state: State, c: Components, uid: str, unit: dict[str, Any], held: set[str | None]
) -> bool:
    """Whether a unit may step on its own now; `held` is `held_ships`, `c` the components
    (asked once by the caller: this runs for every unit at every order)."""
    if unit["carrier"] is not None or ordered(state, uid) or unit["at"] == BELT:
        return False  # 15.2 it rides; 16.4, 17.3; 30.3.4
    if unit["type"] in c.ships:
        return uid not in held  # 12.6
    return unit["at"].startswith("ground:") and fits(c.ms[unit["type"]].aptitude, "ground")


def legal(state: State, scene: Scene) -> list[Action]:
    """Every step a unit may make now. What does not depend on the unit (the dearer hexes, the
    held ships, Side 3) is found once: this runs at every order of a phase. The dearer hexes
    matter only to a unit with 1 point left, which most decisions have not."""
    act = current(state)
    if act["type"] == "atmosphere":
        return []  # 12.7
    c = comp(state)
    faction = act["faction"]
    held = held_ships(state)
    closed = closed_hex(state, faction)
    dear: set[str] = set()  # `dearer`, found when a unit with 1 point left first needs it
    mp = act["mp"]
    actions: list[Action] = []
    for uid, unit in scene.units:
        left = mp[uid] if uid in mp else full_mp(c, unit["type"])
        if not left or not may_move(state, c, uid, unit, held):
            continue
        if left == 1 and not dear:
            dear = dearer(state, scene.here, faction)
        actions += [
            {"move": uid, "to": to}
            for to in c.steps[unit["type"] in c.ms][unit["at"]]  # no box; no ocean for an MS
            if to != closed and (left > 1 or to not in dear)  # 32.1.2; `cost` is 1 or 2
        ]
    return actions


def apply(ctx: Context, state: State, action: Action) -> None:
    act = current(state)
    uid, to = action["move"], action["to"]
    unit = state["units"][uid]
    spent = cost(state, act["faction"], to)
    left = act["mp"].get(uid, full_mp(comp(state), unit["type"])) - spent
    carry(state, uid, to)
    act["mp"][uid] = left
    for escort in escorts(state, uid):  # 29.2.4: the ship it repaired makes the same move
        carry(state, escort, to)


def describe(state: State, action: Action) -> Msg:
    who, where = unit_name(state, action["move"]), place_name(state, action["to"])
    return msg(f"{who['en']} moves to {where['en']}", f"{who['ja']}が{where['ja']}へ移動")


order("move", "13.4", legal, apply, describe)
