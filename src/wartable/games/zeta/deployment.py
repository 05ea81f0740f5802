"""Rule 9: the deployment phase, with the arrivals the rules put in it: the Jupiter fleet on
turn 2 (33.1-33.2) and Gryps 2 on turn 5 (31.1-31.2).

The factions place, at the same time (ruling S27), every produced unit (6.1) and every arriving
or recovered character (4.2-4.4) they can:
- a unit at a base it governs, within the base's deployment points at its level, an MS counting 1
  and a ship 2 (9.2-9.4): ``{"deploy": type, "to": bid}``; not on a map its aptitude does not
  fit (2.4), nor an MS where another faction's units would not let it stand alone (15.6; ruling
  S28);
- one MS aboard La Vie en Rose and one aboard Jupitris, as at a base, if the ship has room
  (29.2.6, 29.3.1; ruling S30): ``{"deploy": type, "to": uid}``;
- a character where the track says: the space map (S), the ground map (G), the hex of the named
  character ([name]) or anywhere (9.5), always in a hex with an own unit (9.5) where it may stand
  alone or go aboard; [name] is anywhere when that character is not on the map (9.6, ruling S29):
  ``{"place": cid, "to": at}``.
A faction is done when it has nothing more it can place; what it could not place waits for the
next deployment phase (ruling S27).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache, partial

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.carrying import room
from wartable.games.zeta.components import (
    DOCK_SHIPS,
    FACTIONS,
    GREEN_NOA,
    GRYPS2,
    JUPITER_BOX,
    JUPITER_FLEET,
    fits,
)
from wartable.games.zeta.existence import (
    Presence,
    may_settle,
    may_stand_alone,
    on_land,
    presence,
    settle,
)
from wartable.games.zeta.flow import next_phase, phase, step, wait
from wartable.games.zeta.setup import load_stack
from wartable.games.zeta.state import (
    add_unit,
    comp,
    governed,
    map_of,
    on_map,
    place_name,
    unit_name,
)

SHIP_POINTS, MS_POINTS = 2, 1  # rule 9.4
PENDING = "pending"


Arrival = Callable[[Context, State], None]
ARRIVING: list[Arrival] = []  # what may arrive in any deployment phase (29.4.2, 29.5.1)


def arrival(arrive: Arrival) -> Arrival:
    """Register something that may arrive in any deployment phase: tried at its start and again
    after each character is placed (ruling S62)."""
    ARRIVING.append(arrive)
    return arrive


@phase("deployment")
def start(ctx: Context, state: State) -> None:
    for event in comp(state).turns[state["turn"]].events:
        ARRIVALS[event](ctx, state)
    for arrive in ARRIVING:
        arrive(ctx, state)
    state["deployment"] = {"used": {}}  # base or dock ship -> points used this phase
    go_on(ctx, state)


def go_on(ctx: Context, state: State) -> None:
    if actors(state):
        wait(state, "deploy")
    else:
        state["deployment"] = None
        next_phase(ctx, state)


def jupiter_fleet(ctx: Context, state: State) -> None:
    """33.1-33.2: Jupitris, the Messala and Scirocco ① in the Jupiter-fleet entry hex, the
    MS and the character aboard (15.4, ruling S11)."""
    c = comp(state)
    group = c.groups[JUPITER_FLEET]
    for type_id, count in group.units.items():
        for _ in range(count):
            add_unit(state, group.faction, type_id, JUPITER_BOX)
    for cid in group.characters:
        state["characters"][cid] = {"faction": group.faction, "at": JUPITER_BOX, "on": None}
    load_stack(state, c, JUPITER_BOX)
    ctx.say(
        msg("The Jupiter fleet arrives for the Titans", "木星船団がティターンズに到着"),
        rule="33.2",
    )


def gryps2(ctx: Context, state: State) -> None:
    """31.1-31.2: Gryps 2 in Green Noa's hex, at Green Noa's level and under its governor."""
    c = comp(state)
    noa = state["bases"].get(GREEN_NOA, {"owner": None, "level": 0})
    state["bases"][GRYPS2] = {
        "owner": noa["owner"],
        "level": noa["level"],
        "at": c.bases[GREEN_NOA].at,
    }
    ctx.say(msg("Gryps 2 is placed at Green Noa", "グリプス2をグリーンノアに配置"), rule="31.1")


ARRIVALS = {JUPITER_FLEET: jupiter_fleet, "gryps2": gryps2}  # the events of the track


def actors(state: State) -> tuple[str, ...]:
    here = cache(partial(presence, state))  # at most once for the three factions
    return tuple(f for f in FACTIONS if next(placements(state, f, here), None) is not None)


def legal(state: State, faction: str) -> list[Action]:
    return list(placements(state, faction, cache(partial(presence, state))))


def placements(state: State, faction: str, here: Callable[[], Presence]) -> Iterator[Action]:
    """What the faction may place now, one action at a time (so `actors` stops at the first);
    `here` gives `presence`, found only if asked: often the first placement needs none."""
    c = comp(state)
    used = state["deployment"]["used"]
    pending = {
        u["type"] for u in state["units"].values() if u["faction"] == faction and u["at"] == PENDING
    }
    bases = governed(state, faction) if pending else []
    alone: dict[str, bool] = {}  # base -> whether an MS may stand alone there, asked once a base
    for type_id in sorted(pending):
        unit = c.unit(type_id)
        points = SHIP_POINTS if type_id in c.ships else MS_POINTS
        for bid in bases:
            base = state["bases"][bid]
            if (
                c.bases[bid].level(base["level"]).dp - used.get(bid, 0) >= points
                and fits(unit.aptitude, c.bases[bid].map)
                and (type_id in c.ships or may_stand_alone_at(state, bid, faction, here, alone))
            ):
                yield {"deploy": type_id, "to": bid}
        if type_id in c.ms:
            yield from ({"deploy": type_id, "to": uid} for uid in docks(state, faction, type_id))
    for cid, ch in state["characters"].items():
        if ch["faction"] == faction and ch["at"] == PENDING:
            yield from ({"place": cid, "to": at} for at in places(state, cid, ch["code"], here()))


def may_stand_alone_at(
    state: State, bid: str, faction: str, here: Callable[[], Presence], alone: dict[str, bool]
) -> bool:
    """`may_stand_alone` at a base, remembered in `alone`."""
    if bid not in alone:
        at = state["bases"][bid]["at"]
        alone[bid] = on_land(state, at) or may_stand_alone(state, at, faction, here())
    return alone[bid]


def units_pending(state: State, faction: str, type_id: str) -> list[str]:
    return [
        uid
        for uid, u in state["units"].items()
        if u["faction"] == faction and u["at"] == PENDING and u["type"] == type_id
    ]


def docks(state: State, faction: str, type_id: str) -> list[str]:
    """29.2.6, 29.3.1: La Vie en Rose and Jupitris take one MS a phase, if they have room."""
    c = comp(state)
    return [
        uid
        for uid, u in state["units"].items()
        if u["faction"] == faction
        and u["type"] in DOCK_SHIPS
        and on_map(u["at"])
        and uid not in state["deployment"]["used"]
        and room(state, uid) > 0
        and fits(c.ms[type_id].aptitude, map_of(u["at"]))
    ]


def places(state: State, cid: str, code: str, here: Presence) -> list[str]:
    """9.5, 9.6: where a character may be placed."""
    faction = state["characters"][cid]["faction"]
    if code.startswith("["):
        anchor = state["characters"].get(code[1:-1])
        if anchor is not None and on_map(anchor["at"]):
            return [anchor["at"]] if may_settle(state, cid, anchor["at"], here) else []
    wanted = {"S": "space", "G": "ground"}.get(code)
    return [
        at
        for at in sorted(where for where, factions in here.items() if faction in factions)
        if (wanted is None or map_of(at) == wanted) and may_settle(state, cid, at, here)
    ]


def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    ctx.say(describe(state, faction, action), rule="9.2" if "deploy" in action else "9.5")
    used = state["deployment"]["used"]
    if "place" in action:
        settle(state, action["place"], action["to"])
        del state["characters"][action["place"]]["code"]
        for arrive in ARRIVING:  # 29.4.3: Puru follows a Judau placed now (ruling S62)
            arrive(ctx, state)
    else:
        c = comp(state)
        type_id, to = action["deploy"], action["to"]
        unit = state["units"][units_pending(state, faction, type_id)[0]]
        if to in state["units"]:  # 29.2.6, 29.3.1
            unit.update(at=state["units"][to]["at"], carrier=to)
            used[to] = MS_POINTS
        else:
            unit["at"] = state["bases"][to]["at"]
            used[to] = used.get(to, 0) + (SHIP_POINTS if type_id in c.ships else MS_POINTS)
    go_on(ctx, state)


def describe(state: State, faction: str, action: Action) -> Msg:
    c = comp(state)
    if "place" in action:
        who, where = unit_name(state, action["place"]), place_name(state, action["to"])
        return msg(f"place {who['en']} at {where['en']}", f"{who['ja']}を{where['ja']}に配置")
    name, to = c.unit(action["deploy"]).name, action["to"]
    target = unit_name(state, to) if to in state["units"] else c.bases[to].name
    return msg(f"deploy {name['en']} at {target['en']}", f"{name['ja']}を{target['ja']}に配置")


step("deploy", actors, legal, apply, describe)
