"""Transport, fighters and planet boxes in an activation (rules 11.5-11.8, 9.0).

- Loading (11.5): a unit in a planet box of the activated system, or loose in one of the
  side's fleets there, goes aboard a transport with room (one unit a TR, ruling I7) in a fleet
  there that has not moved: ``{"load": "T9", "onto": "T3"}``. A fighter may go aboard a carrier
  (or an Earth BB) with room the same way (11.6, ruling I118). Batteries never move once placed
  (9.0). Loading is the fleet's action for the segment, except drop troops going aboard an AT,
  which may still move (11.5).
- Unloading (11.5, 11.6): cargo, or a unit loose in a fleet, goes into a planet box of the system
  that takes it (11.7: kind and capacity) and holds no enemy unit or marker — an enemy planet is
  taken by attack (13.0, `attack`): ``{"unload": "T9", "to": "sol_2"}``. An Outpost unloaded on a
  planet without a marker becomes the side's Outpost marker there (9.0, ruling I118). Unloading
  is the fleet's action for the segment.
- A transport destroyed takes its cargo with it (11.5): the battles' `damage.destroy` does it.
- 13.4: the units on a planet where surface combat was fought in this action stay there; so do
  those on a contested planet during Peace Negotiations (B.2; `stays`). Infantry and drop troops
  loaded off a contested planet draw the enemy's fire (`evacuate`).
"""

from __future__ import annotations

from wartable.engine import Action, Msg, State, msg
from wartable.games.imperium.carriers import room as fighter_room
from wartable.games.imperium.components import ASSAULT
from wartable.games.imperium.flow import other
from wartable.games.imperium.state import (
    Placed,
    by_carrier,
    by_place,
    ship_type,
    units_at,
)
from wartable.games.imperium.war import knowledge
from wartable.games.imperium.war.control import contested
from wartable.games.imperium.war.movement import NEGOTIATIONS
from wartable.games.imperium.war.setup import filled
from wartable.games.imperium.war.state import (
    OUTPOST,
    battles,
    box,
    fleet_at,
    fleets_in,
    gal,
    places_in,
    planets_of,
)
from wartable.games.imperium.war.terraform import allows


def kind(state: State, uid: str) -> str:
    """What 11.7 calls a unit: "fighter", "monitor", "outpost", or its ground kind; "ship" for
    the other ships."""
    type_id = state["units"][uid]["type"]
    return OUTPOST if type_id == OUTPOST else battles(state).kinds[type_id]


def shiftable(state: State, uid: str, side: str) -> bool:
    """A unit of `side` that may change planet box within its star (11.0, 11.8)."""
    return state["units"][uid]["side"] == side and kind(state, uid) in ("fighter", "monitor")


def fits(
    state: State, uid: str, planet: str, placed: Placed | None = None, space: int | None = None
) -> bool:
    """Rule 11.7: the planet's box takes the unit (monitors: any box, never on the map).
    `placed`: as for `units_at`; `space`: the box's `box_room`, when at hand."""
    what = kind(state, uid)
    if what == "monitor":
        return True
    if space is None:
        space = box_room(state, planet, placed)
    return allows(state, planet, what) and space > 0


def box_room(state: State, planet: str, placed: Placed | None = None) -> int:
    """The units the planet's box may still take (11.7; `placed`: as for `units_at`)."""
    return battles(state).planets[planet].map.capacity - filled(state, planet, placed)


def _unmoved(state: State, mine: list[str], placed: Placed) -> tuple[list[str], list[str]]:
    """What the unmoved fleets of `mine` hold (10.0: no unit moves twice in a segment): their
    ships, and the units loose in them (not ships but fighters), which may be loaded or
    unloaded."""
    fleets, units, types = state["war"]["fleets"], state["units"], battles(state).ships
    ships, loose = [], []
    for number in mine:
        if fleets[number]["moved"]:
            continue
        for uid in units_at(state, fleet_at(number), placed):
            if units[uid]["type"] in types:
                ships.append(uid)
            if kind(state, uid) not in ("ship", "monitor"):
                loose.append(uid)
    return ships, loose


def _loads(state: State, ships: list[str], loose: list[str], carried: Placed) -> list[Action]:
    """Rule 11.5, 11.6: each loose unit onto each of `ships` that takes it: a fighter onto a
    carrier with room, anything onto a transport with room (`carried`: a `by_carrier` of
    `ships`). Each ship's room is counted once for all the units."""
    if not ships or not loose:
        return []
    units, types = state["units"], battles(state).ships
    room = {ship: types[units[ship]["type"]].cargo - len(carried[ship]) for ship in ships}
    fighters = {uid for uid in loose if kind(state, uid) == "fighter"}
    hangar = {ship: fighter_room(state, ship, carried) for ship in ships} if fighters else {}
    return [
        {"load": uid, "onto": ship}
        for uid in loose
        for ship in ships
        if ship != uid and ((uid in fighters and hangar[ship] > 0) or room[ship] > 0)
    ]


def stays(state: State, planet: str) -> bool:
    """Whether the units in the planet's box may not be loaded now: locked in after surface
    combat in this action (13.4), or frozen on a contested planet by Peace Negotiations (B.2;
    ruling I126)."""
    segment = state["war"].get("segment") or {}
    if planet in segment.get("locked", []):
        return True
    return state["war"]["event"] == NEGOTIATIONS and contested(state, planet)


def lock(state: State, planet: str) -> None:
    """13.4: surface combat has been fought on the planet in the action under way."""
    segment = state["war"].get("segment")
    if segment is not None:
        segment.setdefault("locked", []).append(planet)


def _boxed(state: State, side: str, system: str, placed: Placed) -> list[str]:
    """The side's units that may be loaded from the planet boxes of `system` (not batteries
    or monitors; none that must stay, `stays`)."""
    found = []
    for planet in planets_of(state, system):
        if stays(state, planet):
            continue
        for uid in units_at(state, box(planet), placed):
            unit = state["units"][uid]
            if unit["side"] == side and kind(state, uid) not in ("battery", "monitor"):
                found.append(uid)
    return found


def _free(state: State, side: str, planet: str) -> bool:
    """No enemy marker on the planet and no enemy unit in its box (ruling I118) that `side`
    knows of (`knowledge`, ruling I128; `occupied` finds the others out)."""
    marker = state["war"]["planets"].get(planet)
    if marker is not None and marker["owner"] == other(side):
        return False
    return not knowledge.units_in(state, side, planet)


def occupied(state: State, side: str, action: Action) -> list[str]:
    """The enemy units in the box an unload order is for (ruling I128): the enemy must show
    them, and the unit is not unloaded there (13.0: an enemy planet is attacked)."""
    if "unload" not in action:
        return []
    where = box(action["to"])
    return [u for u in units_at(state, where) if state["units"][u]["side"] == other(side)]


def _lands(state: State, side: str, uid: str, planet: str, space: int) -> bool:
    """Whether the unit may be unloaded onto the planet, whose box has `space` (`box_room`)."""
    if kind(state, uid) == OUTPOST:
        used = sum(1 for m in state["war"]["planets"].values() if m["marker"] == OUTPOST)
        free = used < gal(state).markers["outposts"]
        return planet not in state["war"]["planets"] and free
    return fits(state, uid, planet, space=space)


def orders(
    state: State,
    side: str,
    system: str,
    placed: Placed | None = None,
    aboard: Placed | None = None,
    mine: list[str] | None = None,
) -> list[Action]:
    """The loads and unloads open in `system` (`placed`: as for `units_at`; `aboard`: the
    cargo of every ship, as `by_place_aboard` gives it; `mine`: the side's fleets there,
    `fleets_in`; each when at hand)."""
    if placed is None:
        placed = by_place(state, places_in(state, system))
    if mine is None:
        mine = fleets_in(state, system, side)
    ships, unshipped = _unmoved(state, mine, placed)
    if aboard is None:
        carried = by_carrier(state, ships)
    else:
        carried = {ship: aboard.get(ship, []) for ship in ships}
    # what lies in the boxes matters only to the ships that may load it
    loose = [*_boxed(state, side, system, placed), *unshipped] if ships else unshipped
    loads = _loads(state, ships, loose, carried)
    cargo = [c for ship in ships for c in carried[ship]] + unshipped
    if not cargo:
        return loads
    planets = [p for p in planets_of(state, system) if _free(state, side, p)]
    space = {p: box_room(state, p, placed) for p in planets}  # asked for every unit
    unloads: list[Action] = [
        {"unload": uid, "to": planet}
        for uid in cargo
        for planet in planets
        if _lands(state, side, uid, planet, space[planet])
    ]
    return [*loads, *unloads]


def apply(state: State, side: str, action: Action) -> None:
    units, fleets = state["units"], state["war"]["fleets"]
    if "load" in action:
        ship, uid = action["onto"], action["load"]
        units[uid].update(at=None, aboard=ship)
        number = units[ship]["at"].partition(":")[2]
        if not (ship_type(state, ship).code == ASSAULT and kind(state, uid) == "drop"):
            fleets[number]["moved"] = True  # 11.5: the fleet's whole action
    else:
        uid, planet = action["unload"], action["to"]
        carrier = units[uid]["aboard"]
        where = units[carrier]["at"] if carrier is not None else units[uid]["at"]
        number = where.partition(":")[2]
        fleets[number]["moved"] = True
        if kind(state, uid) == OUTPOST:
            del units[uid]
            state["war"]["planets"][planet] = {"marker": OUTPOST, "owner": side}
        else:
            units[uid].update(at=box(planet), aboard=None)
    state["war"].setdefault("disclosed", {}).pop(number, None)


def words(state: State, action: Action) -> Msg | None:
    if "load" in action:
        uid, ship = action["load"], action["onto"]
        return msg(f"load {uid} onto {ship}", f"{uid}を{ship}に積載")
    if "unload" in action:
        uid, planet = action["unload"], action["to"]
        return msg(f"unload {uid} to {planet}", f"{uid}を{planet}に降荷")
    return None
