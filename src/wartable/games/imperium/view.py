"""What each side may see, and the game as one side may believe it to be (ruling I40).

Every ship on the battle board, every unit on a planet map and every die is in plain sight
(digest D.1), and so is what each side brought to a battle: the scenario lists it, scenario 1's
draws are said (ruling I15). The one secret of a battle is the note of what each transport
carries (11.5, 12.2): the other side knows which ground units are aboard its enemy's transports
at one place, not which transport holds which. A transport's cargo is shown when it is declared
landing (13.3) or shaken by damage (ruling I36); then ``state["shown"]`` names it, and names a
shaken transport too: all it carries is known. A spectator sees neither side's note. Fighters
aboard carriers are no secret in the battles (ruling I40).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from typing import Any

from wartable.engine import State
from wartable.engine.rules import Path
from wartable.games.imperium.components import Components
from wartable.games.imperium.state import Placed, by_carrier, carried_by, comp, is_ship, ship_type

HIDDEN = "hidden"  # what the view shows of a secret transport


def secret_cargo(state: State, player: str | None) -> list[str]:
    """The ground units aboard transports whose transport `player` may not know, in id order:
    the other side's (both sides' for a spectator) not yet shown."""
    return sorted(
        uid
        for uid, unit in state["units"].items()
        if unit["aboard"] is not None
        and unit["side"] != player
        and not is_ship(state, uid)  # a ground unit aboard: only transports carry them (11.5)
        and uid not in state["shown"]
    )


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    for uid in secret_cargo(state, player):
        yield ("units", uid, "aboard")


def view(state: State, player: str | None) -> dict[str, Any]:
    secret = set(secret_cargo(state, player))
    units = {
        uid: {**unit, "aboard": HIDDEN} if uid in secret else unit
        for uid, unit in state["units"].items()
    }
    return {
        "scenario": state["scenario"],
        "printed": printed(comp(state), state["scenario"]),
        "simplified": bool(state["options"].get("simplified", False)),
        "step": state["step"],
        "units": units,
        "battle": state["battle"],
    }


def _printed(c: Components, scenario_id: str) -> dict[str, Any]:
    scenario = c.scenarios[scenario_id]
    ships = {t for force in scenario.forces.values() for t in force.ships}
    ground = {
        gid
        for gid, g in c.ground.items()
        for force in scenario.forces.values()
        if g.side == force.side and g.kind in force.draw
    }
    planet = scenario.planet
    return {
        "scenario": {
            "number": scenario.number,
            "name": scenario.name,
            "kind": scenario.kind,
            "rounds": scenario.rounds,
            "victory": scenario.victory_text,
            "planet": None if planet is None else planet.name,
        },
        "board": board_geometry(c),
        "map": None
        if planet is None or scenario.kind != "planetary"
        else {"hexes": list(planet.map.hexes)},
        "types": type_faces(c, ships, ground),
    }


def board_geometry(c: Components) -> dict[str, Any]:
    """The space combat board's size and the area of its planet (12.1)."""
    board = c.board
    return {
        "levels": board.levels,
        "rows": board.rows,
        "columns": board.columns,
        "planet": board.planet,
    }


def type_faces(c: Components, ships: Iterable[str], ground: Iterable[str]) -> dict[str, Any]:
    """The printed counters of these ship and ground types, with both faces."""
    types: dict[str, Any] = {}
    for tid in sorted(ships):
        kind = c.ships[tid]
        types[tid] = {
            "code": kind.code,
            "class": kind.cls,
            "name": kind.name,
            "ftl": kind.ftl,
            "cargo": kind.cargo,
            "front": asdict(kind.front),
            "back": None if kind.back is None else asdict(kind.back),
        }
    for tid in sorted(ground):
        unit = c.ground[tid]
        types[tid] = {
            "code": unit.kind,
            "class": unit.kind,
            "name": unit.name,
            "front": asdict(unit.front),
            "back": asdict(unit.back),
        }
    return types


def printed(c: Components, scenario_id: str) -> dict[str, Any]:
    """What is printed and public about a scenario: its name and victory text, the space
    board's size, the planet map's hexes, and every unit type it may bring with both faces.
    A fresh copy each time, so that no view shares it."""
    key = (id(c), scenario_id)
    kept = _PRINTED.get(key)
    if kept is None or kept[0] is not c:
        kept = _PRINTED[key] = (c, _printed(c, scenario_id))
    return copy.deepcopy(kept[1])


_PRINTED: dict[tuple[int, str], tuple[Components, dict[str, Any]]] = {}  # by components


def show(state: State, known: list[str]) -> None:
    """The other side now knows which transport carries each unit of `known`, and all that a
    transport of `known` carries."""
    state["shown"].extend(uid for uid in known if uid not in state["shown"])


def determinize(
    state: State, player: str, rng: random.Random, where: Callable[[str], str] | None = None
) -> State:
    """Deal the other side's secret cargo afresh among its transports at the same place (the
    fleet they are in; `where` names another grouping of the ships, the galactic war's), into
    the room the rest of their cargo leaves, never onto a transport whose whole cargo is known.
    The units and the transports are sorted first, so the deal depends only on what `player`
    knows and on `rng`."""
    units = state["units"]
    place_of = where or (lambda ship: str(units[ship]["at"]))
    secret = secret_cargo(state, player)
    if not secret:
        return state
    pools: dict[str, list[str]] = {}  # the secret cargo by the place of its transport
    for uid in secret:
        pools.setdefault(place_of(units[uid]["aboard"]), []).append(uid)
    # the other side's transports whose cargo is not all known, by place, in id order (a
    # ship without cargo room has no slot); each place's deal moves cargo among its own ships
    # only, so one look serves them all
    transports = {tid for tid, t in comp(state).ships.items() if t.cargo > 0}
    holds: dict[str, list[str]] = {place: [] for place in pools}
    ships = [
        ship
        for ship, unit in units.items()
        if unit["side"] != player and unit["type"] in transports and ship not in state["shown"]
    ]
    for ship in sorted(ships):
        place = place_of(ship)
        if place in holds:
            holds[place].append(ship)
    carried = by_carrier(state, [ship for found in holds.values() for ship in found])
    for place in sorted(pools):
        pool = pools[place]
        slots = [ship for ship in holds[place] for _ in range(_room(state, ship, pool, carried))]
        rng.shuffle(slots)
        for uid, ship in zip(pool, slots, strict=False):
            units[uid]["aboard"] = ship
    return state


def _room(state: State, ship: str, pool: list[str], carried: Placed) -> int:
    """The cargo `ship` could hold with `pool` taken off it (none for a ship that is no
    transport); `carried`: a `by_carrier` of the state, as for `carried_by`."""
    kept = [uid for uid in carried_by(state, ship, carried) if uid not in pool]
    return ship_type(state, ship).cargo - len(kept)
