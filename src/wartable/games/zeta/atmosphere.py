"""Rule 14: atmospheric movement in an Atmosphere phase, the only movement it allows (12.7, 14.1).

Descent (14.5): a unit on drop point A, B or C when it starts goes to any hex of ground area A, B
or C: ``{"descend": key, "to": at}``. Launch (14.9): a unit at an own base on the ground when it
starts goes to the drop point of the base's area: ``{"launch": key}``. Either ends its move;
what it carries goes with it (15.2). No limit on how many (14.7, 14.10).

- A space-only unit descends only carried (14.8); a ground-only unit launches only carried
  (ruling S33). Ships are never carried, so only SG ships go down or up.
- An MS descends on its own (leaving its ship) to land or coast, or into an ocean hex where an
  own ship has room (14.6); it launches on its own only if an own ship with room is at the drop
  point (14.11). It goes aboard that ship (ruling S37).
- A character goes on its own if where it goes has an own ship (it goes aboard) or is an own base
  it may stand at (14.12, 15.6); where it starts always has one (ruling S37).
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import Scene, current, moved, order
from wartable.games.zeta.carrying import carry, ship_with_room, ships_at
from wartable.games.zeta.components import fits
from wartable.games.zeta.existence import Presence, character_may_stand
from wartable.games.zeta.state import comp, place_name, unit_name


def movers(state: State, scene: Scene) -> list[tuple[str, dict[str, Any]]]:
    """The active faction's units and characters that may still move (14.5, 14.9)."""
    if current(state)["type"] != "atmosphere":
        return []
    found = scene.units + scene.characters
    return [(key, piece) for key, piece in found if not moved(state, key)]


def own_ships(state: State, at: str) -> list[str]:
    return ships_at(state, at, current(state)["faction"])


def own_ship_with_room(state: State, at: str) -> str | None:
    return ship_with_room(state, at, current(state)["faction"])


def own_base_to_stand(state: State, at: str, here: Presence) -> bool:
    """14.12: an own base, where 15.6 lets a character stand."""
    faction = current(state)["faction"]
    owned = any(b["at"] == at and b["owner"] == faction for b in state["bases"].values())
    return owned and character_may_stand(state, at, faction, here)


def aptitude(state: State, key: str) -> str:
    return comp(state).unit(state["units"][key]["type"]).aptitude


def descents(state: State, key: str, area: str, here: Presence) -> list[str]:
    """Where a unit or character on a drop point may descend to (14.5, 14.6, 14.8, 14.12)."""
    c = comp(state)
    hexes = c.areas[area]
    if key in state["characters"]:
        return [h for h in hexes if own_ships(state, h) or own_base_to_stand(state, h, here)]
    if not fits(aptitude(state, key), "ground"):
        return []  # 14.8: it goes down only aboard its ship
    if state["units"][key]["type"] in c.ships:
        return list(hexes)
    return [h for h in hexes if c.terrain(h) != "ocean" or own_ship_with_room(state, h)]


def drop_point(state: State, at: str) -> str:
    """The drop point linked to the area of a ground hex (14.4, 14.9)."""
    c = comp(state)
    area = c.area(at)
    assert area is not None  # only units on the ground launch
    return c.drop_points[area]


def may_launch(state: State, key: str, at: str) -> bool:
    up = drop_point(state, at)
    if key in state["characters"]:
        return bool(own_ships(state, up))  # 14.12
    if not fits(aptitude(state, key), "space"):
        return False  # ruling S33: it goes up only aboard its ship
    if state["units"][key]["type"] in comp(state).ships:
        return True
    return own_ship_with_room(state, up) is not None  # 14.11


def legal_descend(state: State, scene: Scene) -> list[Action]:
    c = comp(state)
    here = scene.here
    actions: list[Action] = []
    for key, piece in movers(state, scene):
        area = c.drop_area(piece["at"])
        if area is not None:
            actions += [{"descend": key, "to": h} for h in descents(state, key, area, here)]
    return actions


def legal_launch(state: State, scene: Scene) -> list[Action]:
    return [
        {"launch": key}
        for key, piece in movers(state, scene)
        if piece["at"].startswith("ground:") and may_launch(state, key, piece["at"])
    ]


def arrive(state: State, key: str, to: str) -> None:
    """Move a unit or character by itself, with what it carries; an MS or character goes
    aboard where it may not be alone (14.6, 14.11, 14.12)."""
    act = current(state)
    act["mp"][key] = 0
    if key in state["characters"]:
        ships = own_ships(state, to)
        state["characters"][key].update(at=to, on=ships[0] if ships else None)
        return
    c = comp(state)
    unit = state["units"][key]
    unit["carrier"] = None  # an MS going by itself leaves its ship
    carry(state, key, to)
    if unit["type"] in c.ms and (to.startswith("space:") or c.terrain(to) == "ocean"):
        unit["carrier"] = own_ship_with_room(state, to)
    act["atmo"] = sorted({*act["atmo"], to})  # 18.3


def apply_descend(ctx: Context, state: State, action: Action) -> None:
    arrive(state, action["descend"], action["to"])


def apply_launch(ctx: Context, state: State, action: Action) -> None:
    key = action["launch"]
    piece = state["characters"].get(key) or state["units"][key]
    arrive(state, key, drop_point(state, piece["at"]))


def describe_descend(state: State, action: Action) -> Msg:
    who, where = unit_name(state, action["descend"]), place_name(state, action["to"])
    return msg(f"{who['en']} descends to {where['en']}", f"{who['ja']}が{where['ja']}へ降下")


def describe_launch(state: State, action: Action) -> Msg:
    who = unit_name(state, action["launch"])
    return msg(f"{who['en']} launches into space", f"{who['ja']}を打上げ")


order("descend", "14.5", legal_descend, apply_descend, describe_descend)
order("launch", "14.9", legal_launch, apply_launch, describe_launch)
