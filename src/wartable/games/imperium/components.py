"""The printed components of IMPERIUM 3rd Millennium as data (data/imperium.toml).

The schema checks the shipped file and any file of printed values a user lays over it, with the
facts the rules state about the counters and the board; `build` turns a checked data set into
immutable `Components`. What a class of ship may do is rule, not counter, and lives here as code
(2.3, 11.6, 11.7); the values printed on each counter are data.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from wartable.engine.data import (
    ComponentSet,
    DataPath,
    Entry,
    Int,
    ListOf,
    MapOf,
    Names,
    Ref,
    Schema,
    Str,
)
from wartable.engine.hexmap import HexGrid
from wartable.engine.log import Msg
from wartable.games.imperium.board import Board

DATA_FILE = Path(__file__).parent / "data" / "imperium.toml"
TERRAN, IMPERIAL = "terran", "imperial"
SIDES = (TERRAN, IMPERIAL)

# Rule 2.3: the classes of ship, largest first.
CLASSES = {
    "capital": ("BB", "B2", "B1", "B"),
    "light": ("CA", "CR", "CS", "CV", "M", "CL", "DD", "TB", "F", "SC"),
    "auxiliary": ("AR", "AT", "TR"),
}
CLASS_OF = {code: cls for cls, codes in CLASSES.items() for code in codes}
NON_FTL = ("M", "F")  # rule 2.3, 3.1: printed in a light colour
FIGHTER, MONITOR, CARRIER, TRANSPORT, ASSAULT = "F", "M", "CV", "TR", "AT"
SHIP_KINDS = {FIGHTER: "fighter", MONITOR: "monitor"}  # 11.7's names of these ships
# Rule 9.0, production chart: "none" in a side's column means it has no such ship.
CODES = {
    TERRAN: ("BB", "B", "CA", "CS", "CV", "M", "CL", "DD", "TB", "F", "SC", "AR", "AT", "TR"),
    IMPERIAL: (
        "BB",
        "B2",
        "B1",
        "CA",
        "CR",
        "CS",
        "CV",
        "M",
        "CL",
        "DD",
        "F",
        "SC",
        "AR",
        "AT",
        "TR",
    ),
}
FACE_VALUES = ("beam", "torpedo", "defence", "cm", "maintenance")  # fighters is optional
GROUND_KINDS = ("infantry", "drop", "battery")
GROUND_VALUES = ("combat", "defence")
PLANET_TYPES = ("A1", "A2", "A3", "N1", "N2", "N3", "N4", "X1")
# Rule 11.7: what a planet box of each type may hold ("fighter" is the F ship).
ALLOWED = {
    "A": ("infantry", "drop", "battery", "fighter"),
    "N": ("drop", "battery", "fighter"),
    "X": ("drop", "fighter"),
}
UNITS_PER_HEX = 5  # rule 11.7: a planet box holds 5 units per hex of its planet map
SPACE_SETUPS = ("within_2", "one_area", "cluster", "enter")
PLANET_SETUPS = ("planet", "orbit")
MOVING_SETUPS = ("enter", "orbit")  # the side that moved into the battle (12.2, 12.4, 13.0)
VICTORIES = ("ground_survivors", "last_on_board", "raid", "carriers")
# What the rules' examples say of particular counters: (side, code, face, value, figure, rule).
COUNTER_FACTS = (
    (TERRAN, "BB", "front", "defence", 3, "12.8"),
    (TERRAN, "BB", "back", "fighters", 0, "12.9"),
    (IMPERIAL, "CV", "back", "fighters", 1, "12.9"),
)

SIDE = Str(choices=SIDES)
FACE = MapOf(Int(0, 20), key=Str(choices=(*FACE_VALUES, "fighters")))
GROUND_FACE = MapOf(Int(0, 20), key=Str(choices=GROUND_VALUES))


def _board_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    b = doc["board"]
    for key, size in (("levels", 3), ("rows", 5), ("columns", 5)):
        if b[key] != size:
            yield ("board", key), f"must be {size} (rule 12.1)"
    if b["planet"] != "233":
        yield ("board", "planet"), "must be 233, the centre of the middle level (rule 12.1)"
    if b["high_level"] not in (1, 3):
        yield ("board", "high_level"), "must be the top or the bottom level, 1 or 3"
    triangles = b["triangles"]
    if sorted(triangles) != [str(n) for n in range(1, 7)]:
        yield ("board", "triangles"), "must name triangles 1-6, one per die face (rule 12.2)"
        return
    for n, front in triangles.items():
        if int(front[0]) > b["levels"] or front[1] not in ("1", str(b["rows"])):
            yield ("board", "triangles", n), "must face the first or last row of a level (12.1)"
    if triangles["4"] != "25":
        yield ("board", "triangles", "4"), "is the right edge of the middle level, 25 (12.5)"
    if triangles["2"] != f"{b['high_level']}1":
        yield ("board", "triangles", "2"), "is the left edge of the high level (rule 12.1)"
    if len(set(triangles.values())) != 6:
        yield ("board", "triangles"), "must face six different edges"


def _face_checks(
    path: DataPath, face: dict[str, int], needed: Iterable[str]
) -> Iterable[tuple[DataPath, str]]:
    for key in needed:
        if key not in face:
            yield (*path, key), "missing"
    if face.get("defence") == 0:
        yield (*path, "defence"), "must be at least 1 (rule 12.8)"


def _ship_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    seen: dict[tuple[str, str], str] = {}
    for sid, ship in doc["ships"].items():
        path: DataPath = ("ships", sid)
        side, code = ship["side"], ship["code"]
        if code not in CODES[side]:
            yield (*path, "code"), f"the {side} side builds no {code} (rule 9.0 production chart)"
        if (side, code) in seen:
            yield (*path, "code"), f"{seen[side, code]} is already the {side} {code}"
        seen[side, code] = sid
        yield from _face_checks((*path, "front"), ship["front"], FACE_VALUES)
        back = ship.get("back")
        if code == TRANSPORT and back is not None:
            yield (*path, "back"), "a TR has no damaged side (rule 13.3)"
        if code in (ASSAULT, FIGHTER, MONITOR) and back is None:
            yield (*path, "back"), "missing: the rules flip it to a damaged side (13.3, 14.3)"
        if back is not None:
            yield from _face_checks((*path, "back"), back, FACE_VALUES)
            if back.get("maintenance", 0) <= ship["front"].get("maintenance", 0):
                yield (*path, "back", "maintenance"), "must be higher than the front (rule 14.3)"
        carries = code == CARRIER or (side, code) == (TERRAN, "BB")
        for face in ("front", "back"):
            if not carries and ship.get(face, {}).get("fighters", 0):
                yield (*path, face, "fighters"), "only carriers and the Earth BB (rule 11.6)"
        if ship.get("cargo", 0) and code not in (TRANSPORT, ASSAULT):
            yield (*path, "cargo"), "only transports carry cargo (rule 11.5)"
        if code == TRANSPORT and ship.get("cargo") != 1:
            yield (*path, "cargo"), "a TR carries one unit (rule 11.5)"
    for side, code, face, key, figure, rule in COUNTER_FACTS:
        sid = seen.get((side, code))
        if sid is not None and doc["ships"][sid].get(face, {}).get(key, 0) != figure:
            yield ("ships", sid, face, key), f"must be {figure} (rule {rule})"


def _ground_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    for gid, unit in doc["ground"].items():
        for face in ("front", "back"):
            if face in unit:
                yield from _face_checks(("ground", gid, face), unit[face], GROUND_VALUES)


def _map_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    for mid, m in doc["planet_maps"].items():
        path: DataPath = ("planet_maps", mid, "layout")
        if len({len(line) for line in m["layout"]}) != 1:
            yield path, "every line must be as long as the first"
        elif not _layout_labels(m["layout"]):
            yield path, "must have at least one hex (o)"
        elif len(_grid(m["layout"])) != len(_reachable(_grid(m["layout"]))):
            yield path, "every hex must be reachable from every other (rule 13.4 movement)"


def _scenario_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    numbers: dict[int, str] = {}
    for sid, s in doc["scenarios"].items():
        path: DataPath = ("scenarios", sid)
        if s["number"] in numbers:
            yield (*path, "number"), f"is also scenario {numbers[s['number']]}'s number"
        numbers[s["number"]] = sid
        if s["kind"] == "planetary" and "planet" not in s:
            yield (*path, "planet"), "missing: a planetary battle needs its planet map (13.2)"
        if s["kind"] == "space" and "centre" not in s:
            yield (*path, "centre"), "missing: say whether a planet fills area 233 (12.1)"
        if s.get("centre") == "planet" and "planet" not in s:
            yield (*path, "planet"), "missing: the planet in area 233"
        sides = sorted(f["side"] for f in doc["forces"].values() if f["scenario"] == sid)
        if sides != sorted(SIDES):
            yield path, "must have one [forces] entry for each side"
    for fid, force in doc["forces"].items():
        yield from _force_checks(doc, ("forces", fid), force)


def _force_checks(
    doc: dict[str, Any], path: DataPath, force: dict[str, Any]
) -> Iterable[tuple[DataPath, str]]:
    scenario = doc["scenarios"][force["scenario"]]
    setups = PLANET_SETUPS if scenario["kind"] == "planetary" else SPACE_SETUPS
    if force["setup"] not in setups:
        yield (*path, "setup"), f"a {scenario['kind']} battle sets up {', '.join(setups)}"
    other = next(
        f
        for f in doc["forces"].values()
        if f["scenario"] == force["scenario"] and f["side"] != force["side"]
    )
    if (force["setup"] in MOVING_SETUPS) == (other["setup"] in MOVING_SETUPS):
        yield (*path, "setup"), "exactly one side of a battle moves in (enter or orbit)"
    ships = doc["ships"]
    for sid, n in force["ships"].items():
        if ships[sid]["side"] != force["side"]:
            yield (*path, "ships", sid), f"is not a {force['side']} ship"
        elif n > ships[sid]["count"]:
            yield (*path, "ships", sid), f"the counter mix has only {ships[sid]['count']}"
    for kind, n in force.get("draw", {}).items():
        pool = sum(
            g["count"]
            for g in doc["ground"].values()
            if g["side"] == force["side"] and g["kind"] == kind
        )
        if n > pool:
            yield (*path, "draw", kind), f"the counter mix has only {pool} (rule 9.0)"
    if force["setup"] == "enter":
        fighters = sum(n for sid, n in force["ships"].items() if ships[sid]["code"] == FIGHTER)
        room = sum(ships[sid]["front"].get("fighters", 0) * n for sid, n in force["ships"].items())
        if fighters > room:
            yield (*path, "ships"), f"its carriers hold {room} fighters, not {fighters} (12.2)"


def _extra_checks(doc: dict[str, Any]) -> list[tuple[DataPath, str]]:
    found: list[tuple[DataPath, str]] = []
    if sorted(doc["sides"]) != sorted(SIDES):
        found.append((("sides",), "must be exactly " + ", ".join(SIDES) + " (rule 1.0)"))
    for check in (_board_checks, _ship_checks, _ground_checks, _map_checks, _scenario_checks):
        found.extend(check(doc))
    return found


SCHEMA = Schema(
    values={"game": Str(choices=("imperium",)), "data_version": Int(1, 1)},
    one={
        "board": Entry(
            {
                "levels": Int(1, 9),
                "rows": Int(1, 9),
                "columns": Int(1, 9),
                "planet": Str(pattern=r"[1-9]{3}"),
                "high_level": Int(1, 9),
                "triangles": MapOf(Str(pattern=r"[1-9]{2}"), key=Str(pattern=r"[1-9]")),
            },
            frozenset({"levels", "rows", "columns", "planet", "high_level", "triangles"}),
        ),
    },
    many={
        "sides": Entry({"name": Names()}, frozenset({"name"})),
        "ships": Entry(
            {
                "side": SIDE,
                "code": Str(choices=tuple(CLASS_OF)),
                "name": Names(),
                "count": Int(0, 60),
                "cost": Int(0, 99),
                "build": Int(1, 9),
                "cargo": Int(0, 9),
                "front": FACE,
                "back": FACE,
            },
            frozenset({"side", "code", "name", "count", "cost", "build", "front"}),
        ),
        "ground": Entry(
            {
                "side": SIDE,
                "kind": Str(choices=GROUND_KINDS),
                "name": Names(),
                "count": Int(0, 60),
                "cost": Int(0, 99),
                "build": Int(1, 9),
                "front": GROUND_FACE,
                "back": GROUND_FACE,
            },
            frozenset({"side", "kind", "name", "count", "cost", "build", "front", "back"}),
        ),
        "planet_maps": Entry(
            {"layout": ListOf(Str(pattern=r"[o.]+"), 1, 26)}, frozenset({"layout"})
        ),
        "planets": Entry(
            {"name": Names(), "type": Str(choices=PLANET_TYPES), "map": Ref("planet_maps")},
            frozenset({"name", "type", "map"}),
        ),
        "scenarios": Entry(
            {
                "number": Int(1, 99),
                "name": Names(),
                "kind": Str(choices=("space", "planetary")),
                "planet": Ref("planets"),
                "centre": Str(choices=("planet", "space")),
                "rounds": Int(1, 99),
                "victory": Str(choices=VICTORIES),
                "victory_text": Names(),
            },
            frozenset({"number", "name", "kind", "rounds", "victory", "victory_text"}),
        ),
        "forces": Entry(
            {
                "scenario": Ref("scenarios"),
                "side": SIDE,
                "setup": Str(choices=(*SPACE_SETUPS, *PLANET_SETUPS)),
                "ships": MapOf(Int(1, 60), key=Ref("ships")),
                "draw": MapOf(Int(1, 60), key=Str(choices=("infantry", "drop"))),
            },
            frozenset({"scenario", "side", "setup", "ships"}),
        ),
    },
    extra=_extra_checks,
)


@dataclass(frozen=True)
class Face:
    """One side of a ship counter (rule 2.3; 12.6-12.9, 14.1)."""

    beam: int
    torpedo: int
    defence: int
    cm: int  # countermeasures, the circled number (12.7)
    fighters: int  # fighter icons (11.6)
    maintenance: int


@dataclass(frozen=True)
class ShipType:
    id: str
    side: str
    code: str  # as printed: BB, B2, B1, B, CA, ... (rule 2.3)
    name: Msg
    count: int  # counters in the mix
    cost: int  # production chart (9.0)
    build: int  # turns to build (9.0)
    cargo: int  # units a transport carries (11.5)
    front: Face
    back: Face | None  # the damaged side; None: destroyed instead of damaged (12.8)

    # cached: asked of every ship at every step (a frozen dataclass still has its own dict)
    @cached_property
    def cls(self) -> str:
        """ "capital", "light" or "auxiliary" (rule 2.3)."""
        return CLASS_OF[self.code]

    @cached_property
    def ftl(self) -> bool:
        return self.code not in NON_FTL

    def face(self, damaged: bool) -> Face:
        if not damaged:
            return self.front
        assert self.back is not None, f"{self.id} has no damaged side"
        return self.back


@dataclass(frozen=True)
class GroundFace:
    combat: int
    defence: int


@dataclass(frozen=True)
class GroundType:
    id: str
    side: str
    kind: str  # "infantry", "drop" or "battery" (rule 2.4)
    name: Msg
    count: int
    cost: int
    build: int
    front: GroundFace
    back: GroundFace  # the reduced side (13.3, 14.1)

    def face(self, reduced: bool) -> GroundFace:
        return self.back if reduced else self.front


@dataclass(frozen=True)
class PlanetMap:
    id: str
    grid: HexGrid
    hexes: tuple[str, ...]  # labels, in label order
    near: dict[str, tuple[str, ...]]  # each hex's neighbours on the map, by label

    @property
    def capacity(self) -> int:
        """Rule 11.7: the units its planet box holds."""
        return UNITS_PER_HEX * len(self.hexes)


@dataclass(frozen=True)
class Planet:
    id: str
    name: Msg
    type: str  # A1-A3, N1-N4, X1 (rule 3.2)
    map: PlanetMap

    def allows(self, kind: str) -> bool:
        """Rule 11.7: whether its planet box may hold a unit of this kind (or "fighter")."""
        return kind in ALLOWED[self.type[0]]


@dataclass(frozen=True)
class Force:
    """One side of a scenario: its ships, the ground units it draws, where it sets up."""

    side: str
    setup: str
    ships: dict[str, int]  # ship type -> count
    draw: dict[str, int]  # ground kind -> counters drawn at random (9.0)

    @property
    def moves(self) -> bool:
        """Whether this side moved into the battle (12.2 entry, 12.4, 13.0 the invader)."""
        return self.setup in MOVING_SETUPS


@dataclass(frozen=True)
class Scenario:
    id: str
    number: int
    name: Msg
    kind: str  # "space" or "planetary"
    planet: Planet | None  # the planet map, or the planet in area 233
    planet_at_centre: bool  # whether area 233 is closed to ships (12.1)
    rounds: int
    victory: str
    victory_text: Msg
    forces: dict[str, Force]

    @property
    def mover(self) -> str:
        return next(side for side, force in self.forces.items() if force.moves)


@dataclass(frozen=True)
class Components:
    sides: dict[str, Msg]
    board: Board
    ships: dict[str, ShipType]
    ground: dict[str, GroundType]
    planet_maps: dict[str, PlanetMap]
    planets: dict[str, Planet]
    scenarios: dict[str, Scenario]  # by id: "s1"-"s5"

    # A table of what the rules ask of every unit at every step, made once per components
    # (the dataclass is frozen; `cached_property` keeps it in the instance's own dict).

    @cached_property
    def kinds(self) -> dict[str, str]:
        """What 11.7 calls a unit of each type: "fighter", "monitor", "ship" for the other
        ships, or its ground kind."""
        ground = {gid: g.kind for gid, g in self.ground.items()}
        return {**ground, **{tid: SHIP_KINDS.get(t.code, "ship") for tid, t in self.ships.items()}}

    def ship(self, side: str, code: str) -> ShipType:
        """A side's ship type by its printed code."""
        return next(t for t in self.ships.values() if t.side == side and t.code == code)

    def counters(self, side: str, kind: str) -> list[str]:
        """Every ground counter of a side and kind in the mix, one id per counter, in id order:
        the cup that builds and random selections draw from (9.0)."""
        return [
            g.id
            for g in sorted(self.ground.values(), key=lambda g: g.id)
            if g.side == side and g.kind == kind
            for _ in range(g.count)
        ]


def _layout_labels(layout: list[str]) -> list[str]:
    """The hex labels of a planet-map picture: column letter, then row number from 1."""
    return [
        f"{chr(ord('A') + col)}{row}"
        for row, line in enumerate(layout, 1)
        for col, mark in enumerate(line)
        if mark == "o"
    ]


def _grid(layout: list[str]) -> HexGrid:
    return HexGrid(_layout_labels(layout), orientation="flat", parity="odd", label_digits=1)


def _reachable(grid: HexGrid) -> set[Any]:
    start = next(iter(grid))
    seen, todo = {start}, [start]
    while todo:
        for n in grid.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _face(f: dict[str, int]) -> Face:
    return Face(
        f["beam"], f["torpedo"], f["defence"], f["cm"], f.get("fighters", 0), f["maintenance"]
    )


def _ship(sid: str, s: dict[str, Any]) -> ShipType:
    back = s.get("back")
    return ShipType(
        sid,
        s["side"],
        s["code"],
        s["name"],
        s["count"],
        s["cost"],
        s["build"],
        s.get("cargo", 0),
        _face(s["front"]),
        None if back is None else _face(back),
    )


def _ground(gid: str, g: dict[str, Any]) -> GroundType:
    front, back = g["front"], g["back"]
    return GroundType(
        gid,
        g["side"],
        g["kind"],
        g["name"],
        g["count"],
        g["cost"],
        g["build"],
        GroundFace(front["combat"], front["defence"]),
        GroundFace(back["combat"], back["defence"]),
    )


def _scenario(
    sid: str, s: dict[str, Any], doc: dict[str, Any], planets: dict[str, Planet]
) -> Scenario:
    forces = {
        f["side"]: Force(f["side"], f["setup"], dict(f["ships"]), dict(f.get("draw", {})))
        for f in doc["forces"].values()
        if f["scenario"] == sid
    }
    return Scenario(
        sid,
        s["number"],
        s["name"],
        s["kind"],
        planets[s["planet"]] if "planet" in s else None,
        s["kind"] == "space" and s["centre"] == "planet",
        s["rounds"],
        s["victory"],
        s["victory_text"],
        {side: forces[side] for side in SIDES},
    )


def build(doc: dict[str, Any]) -> Components:
    b = doc["board"]
    maps = {}
    for mid, m in doc["planet_maps"].items():
        grid = _grid(m["layout"])
        near = {grid.label(h): tuple(grid.label(n) for n in grid.neighbours(h)) for h in grid}
        maps[mid] = PlanetMap(mid, grid, tuple(sorted(grid.label(h) for h in grid)), near)
    planets = {
        pid: Planet(pid, p["name"], p["type"], maps[p["map"]]) for pid, p in doc["planets"].items()
    }
    return Components(
        sides={side: doc["sides"][side]["name"] for side in SIDES},
        board=Board.make(
            b["levels"],
            b["rows"],
            b["columns"],
            b["planet"],
            b["high_level"],
            {int(n): front for n, front in b["triangles"].items()},
        ),
        ships={sid: _ship(sid, s) for sid, s in doc["ships"].items()},
        ground={gid: _ground(gid, g) for gid, g in doc["ground"].items()},
        planet_maps=maps,
        planets=planets,
        scenarios={
            sid: _scenario(sid, s, doc, planets)
            for sid, s in sorted(doc["scenarios"].items(), key=lambda item: item[1]["number"])
        },
    )


COMPONENTS = ComponentSet(SCHEMA, DATA_FILE, build)


def components(overlay: dict[str, Any]) -> Components:
    """The components of a game: the shipped data with the `data` option laid over it."""
    return COMPONENTS.get(overlay)
