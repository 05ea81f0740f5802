"""Rules 15.1-15.3 with 13.10: ships carrying MS and characters, and characters going aboard.

A ship carries own MS up to its capacity and any number of characters (15.1, 15.3); a character
is aboard a ship or an MS (13.10) unless it stands alone where 15.6 allows. What is carried makes
the same move as its carrier (15.2): its move is then made (ruling S32).

Loading and unloading (ruling S32): before its carrier has moved, an MS goes aboard a ship
(or changes ship) and a character boards a unit in the hex where both are; unloading and leaving
a unit may happen at any time, where the unit may then be on its own (15.4-15.6) and on a map its
aptitude fits (2.4, ruling S33).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import Scene, current, free, moved, order
from wartable.games.zeta.components import fits
from wartable.games.zeta.existence import (
    aboard,
    character_may_stand,
    may_board,
    may_stand_alone,
)
from wartable.games.zeta.state import carried_by, comp, map_of, unit_name, units_at


def riders(state: State, uid: str) -> tuple[list[str], list[str]]:
    """The MS a unit carries, and the characters aboard it or aboard those MS."""
    ms = carried_by(state, uid)
    aboard = {uid, *ms}
    people = [cid for cid, ch in state["characters"].items() if ch["on"] in aboard]
    return ms, people


def carry(state: State, uid: str, to: str) -> None:
    """Put a unit at `to` with everything it carries (15.2); what rode has made its move."""
    state["units"][uid]["at"] = to
    ms, people = riders(state, uid)
    mp = current(state)["mp"]
    for key in ms:
        state["units"][key]["at"] = to
        mp[key] = 0
    for key in people:
        state["characters"][key]["at"] = to
        mp[key] = 0


def room(state: State, ship: str) -> int:
    """How many more MS a ship may carry (15.3)."""
    return comp(state).ships[state["units"][ship]["type"]].capacity - len(carried_by(state, ship))


def ships_at(state: State, at: str, faction: str) -> list[str]:
    """A faction's ships at `at`, in id order."""
    c = comp(state)
    return [uid for uid in units_at(state, at, faction) if state["units"][uid]["type"] in c.ships]


def ship_with_room(state: State, at: str, faction: str) -> str | None:
    """The first of a faction's ships at `at` that may carry one more MS (15.3)."""
    return next((uid for uid in ships_at(state, at, faction) if room(state, uid) > 0), None)


def legal_load(state: State, scene: Scene) -> list[Action]:
    c = comp(state)
    units = scene.units
    ships = [(sid, s) for sid, s in units if s["type"] in c.ships and not moved(state, sid)]
    rooms: dict[str, int] = {}  # ship -> its `room`, found once a ship
    actions: list[Action] = []
    for mid, m in units:
        if m["type"] not in c.ms or not free(state, mid):
            continue
        for sid, s in ships:
            if s["at"] == m["at"] and sid != m["carrier"]:
                if sid not in rooms:
                    rooms[sid] = room(state, sid)
                if rooms[sid] > 0:
                    actions.append({"load": mid, "on": sid})
    return actions


def legal_unload(state: State, scene: Scene) -> list[Action]:
    c = comp(state)
    faction = current(state)["faction"]
    return [
        {"unload": mid}
        for mid, m in scene.units
        if m["carrier"] is not None
        and fits(c.ms[m["type"]].aptitude, map_of(m["at"]))
        and may_stand_alone(state, m["at"], faction, scene.here)
    ]


def legal_board(state: State, scene: Scene) -> list[Action]:
    free_characters = [(cid, ch) for cid, ch in scene.characters if free(state, cid)]
    if not free_characters:
        return []
    occupied = aboard(state)
    still: dict[str, list[str]] = {}  # the units that have not moved, by location, in id order
    for uid, u in scene.units:
        if not moved(state, uid):
            still.setdefault(u["at"], []).append(uid)
    actions: list[Action] = []
    for cid, ch in free_characters:
        actions += [
            {"board": cid, "on": uid}
            for uid in still.get(ch["at"], ())
            if uid != ch["on"] and may_board(state, cid, uid, occupied)
        ]
    return actions


def legal_alight(state: State, scene: Scene) -> list[Action]:
    faction = current(state)["faction"]
    return [
        {"alight": cid}
        for cid, ch in scene.characters
        if ch["on"] is not None and character_may_stand(state, ch["at"], faction, scene.here)
    ]


def apply_load(ctx: Context, state: State, action: Action) -> None:
    state["units"][action["load"]]["carrier"] = action["on"]


def apply_unload(ctx: Context, state: State, action: Action) -> None:
    state["units"][action["unload"]]["carrier"] = None


def apply_board(ctx: Context, state: State, action: Action) -> None:
    state["characters"][action["board"]]["on"] = action["on"]


def apply_alight(ctx: Context, state: State, action: Action) -> None:
    state["characters"][action["alight"]]["on"] = None


def describe_aboard(state: State, action: Action) -> Msg:
    key = action["load"] if "load" in action else action["board"]
    who, ship = unit_name(state, key), unit_name(state, action["on"])
    return msg(f"{who['en']} goes aboard {ship['en']}", f"{who['ja']}が{ship['ja']}に搭乗")


def describe_off(state: State, action: Action) -> Msg:
    who = unit_name(state, action["unload"] if "unload" in action else action["alight"])
    return msg(f"{who['en']} leaves its carrier", f"{who['ja']}が降りる")


order("load", "15.1", legal_load, apply_load, describe_aboard)
order("unload", "15.6", legal_unload, apply_unload, describe_off)
order("board", "13.10", legal_board, apply_board, describe_aboard)
order("alight", "15.6", legal_alight, apply_alight, describe_off)
