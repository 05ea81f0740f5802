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
from functools import cached_property

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import Pieces
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
    boardable,
    character_may_stand,
    may_stand_alone,
    on_land,
    settle,
)
from wartable.games.zeta.flow import next_phase, phase, step, wait
from wartable.games.zeta.setup import load_stack
from wartable.games.zeta.state import (
    OFF_MAP,
    add_unit,
    comp,
    first_at,
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
    if next(placing(state), None) is not None:
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


class Waiting:
    """What waits to be placed, for all three factions: the types of each faction's pending
    units and its pending characters with their codes, in id order. Found in one pass over the
    counters, as `actors` asks it of every faction several times a decision, with `presence`;
    what only some placements need is found from the units on the maps when first asked."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._stands: dict[tuple[str, str], bool] = {}  # see `stands`
        self.types: dict[str, set[str]] = {f: set() for f in FACTIONS}
        self.characters: dict[str, list[tuple[str, str]]] = {f: [] for f in FACTIONS}
        self.here: Presence = {}  # `presence`
        self.on_maps: Pieces = []  # the units on the maps
        for uid, u in state["units"].items():
            at = u["at"]
            if at in OFF_MAP:
                if at == PENDING:
                    self.types[u["faction"]].add(u["type"])
            elif on_map(at):
                self.here.setdefault(at, set()).add(u["faction"])
                self.on_maps.append((uid, u))
        for cid, ch in state["characters"].items():
            at = ch["at"]
            if at == PENDING:
                self.characters[ch["faction"]].append((cid, ch["code"]))
            elif on_map(at):
                self.here.setdefault(at, set()).add(ch["faction"])

    @cached_property
    def units(self) -> dict[str, dict[str, list[str]]]:
        """Each faction's units on the maps by location, in id order (`units_at`)."""
        found: dict[str, dict[str, list[str]]] = {f: {} for f in FACTIONS}
        for key, piece in self.on_maps:
            found[piece["faction"]].setdefault(piece["at"], []).append(key)
        return found

    @cached_property
    def docks(self) -> dict[str, Pieces]:
        """Each faction's dock ships on the maps (29.2.6, 29.3.1), in id order."""
        found: dict[str, Pieces] = {f: [] for f in FACTIONS}
        for key, piece in self.on_maps:
            if piece["type"] in DOCK_SHIPS:
                found[piece["faction"]].append((key, piece))
        return found

    def stands(self, at: str, faction: str) -> bool:
        """`character_may_stand`, remembered: each character placed asks it of the same places."""
        key = (at, faction)
        if key not in self._stands:
            self._stands[key] = character_may_stand(self.state, at, faction, self.here)
        return self._stands[key]


def actors(state: State) -> tuple[str, ...]:
    return tuple(placing(state))


def placing(state: State) -> Iterator[str]:
    """The factions with something they may place, one at a time (`go_on` needs only one)."""
    to_place = Waiting(state)  # once for the three factions
    return (f for f in FACTIONS if next(placements(state, f, to_place), None) is not None)


def legal(state: State, faction: str) -> list[Action]:
    return list(placements(state, faction, Waiting(state)))


def placements(state: State, faction: str, to_place: Waiting) -> Iterator[Action]:
    """What the faction may place now, one action at a time (so `actors` stops at the first)."""
    c = comp(state)
    used = state["deployment"]["used"]
    pending = to_place.types[faction]
    bases = governed(state, faction) if pending else []
    left: dict[str, int] = {}  # base -> its deployment points left this phase, found once
    alone: dict[str, bool] = {}  # base -> whether an MS may stand alone there, asked once a base
    for type_id in sorted(pending):
        unit = c.unit(type_id)
        points = SHIP_POINTS if type_id in c.ships else MS_POINTS
        for bid in bases:
            if bid not in left:  # 9.3, 9.4
                left[bid] = c.bases[bid].level(state["bases"][bid]["level"]).dp - used.get(bid, 0)
            if (
                left[bid] >= points
                and fits(unit.aptitude, c.bases[bid].map)
                and (
                    type_id in c.ships
                    or may_stand_alone_at(state, bid, faction, to_place.here, alone)
                )
            ):
                yield {"deploy": type_id, "to": bid}
        if type_id in c.ms:
            yield from (
                {"deploy": type_id, "to": uid}
                for uid in docks(state, to_place.docks[faction], type_id)
            )
    for cid, code in to_place.characters[faction]:
        yield from ({"place": cid, "to": at} for at in places(state, cid, code, to_place))


def may_stand_alone_at(
    state: State, bid: str, faction: str, here: Presence, alone: dict[str, bool]
) -> bool:
    """`may_stand_alone` at a base, remembered in `alone`."""
    if bid not in alone:
        at = state["bases"][bid]["at"]
        alone[bid] = on_land(state, at) or may_stand_alone(state, at, faction, here)
    return alone[bid]


def docks(state: State, ships: Pieces, type_id: str) -> list[str]:
    """29.2.6, 29.3.1: La Vie en Rose and Jupitris (`ships`, the faction's on the maps) take
    one MS a phase, if they have room."""
    c = comp(state)
    return [
        uid
        for uid, u in ships
        if uid not in state["deployment"]["used"]
        and room(state, uid) > 0
        and fits(c.ms[type_id].aptitude, map_of(u["at"]))
    ]


def places(state: State, cid: str, code: str, to_place: Waiting) -> list[str]:
    """9.5, 9.6: where a character may be placed."""
    faction = state["characters"][cid]["faction"]
    own = to_place.units[faction]

    def settles(at: str) -> bool:
        """`may_settle`, from what the placements share."""
        alone = to_place.stands(at, faction)
        return alone or boardable(state, cid, at, own.get(at, [])) is not None

    if code.startswith("["):
        anchor = state["characters"].get(code[1:-1])
        if anchor is not None and on_map(anchor["at"]):
            return [anchor["at"]] if settles(anchor["at"]) else []
    wanted = {"S": "space", "G": "ground"}.get(code)
    return [
        at
        for at in sorted(where for where, factions in to_place.here.items() if faction in factions)
        if (wanted is None or map_of(at) == wanted) and settles(at)
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
        unit = state["units"][first_at(state, PENDING, faction, type_id)]
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
