"""The printed components of the Zeta Gundam strategic game as data (data/zeta.toml).

The schema checks the shipped file and any file of printed values a user lays over it; `build`
turns a checked data set into immutable `Components`. Places are written ``"space:C5"``,
``"ground:K5"`` or ``"box:belt"`` everywhere: in the data, the state, views and logs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from wartable.engine.data import (
    Bool,
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
from wartable.engine.graph import steps_from
from wartable.engine.hexmap import HexGrid
from wartable.engine.log import Msg

DATA_FILE = Path(__file__).parent / "data" / "zeta.toml"
FACTIONS = ("aeug", "titans", "neo_zeon")  # rule 2.1
AREAS = ("A", "B", "C")  # rule 14.3, 14.4
CARD_TYPES = ("space", "ground", "atmosphere")  # rule 12.1
BOXES = ("L", "M", "H")  # the wounded boxes, left to right (rule 4.4.3)
SURVIVAL = ("G", "L", "M", "H", "D")  # rule 27.3.1-27.3.5
RECOVERY = ("recover", "none", "worse", "death")  # rule 4.4.1-4.4.4
APTITUDES = ("S", "G", "SG")  # rule 2.4
TERRAIN_CODES = {"~": "ocean", "c": "coast", ".": "land"}  # rule 13.9
EVENTS = ("jupiter_fleet", "gryps2")  # rule 33.1, 31.1
PLACES = ("earth", "moon", "drop_point", "area", "factory")  # names of places that are no base

# Bases the rules name for a rule of their own (the ids of data/zeta.toml).
AXIS, GRYPS2, SIDE3, SIDE6 = "axis", "gryps2", "side3", "side6"  # rules 30, 31, 32.1, 34
GREEN_NOA, KILIMANJARO = "green_noa", "kilimanjaro"  # rules 31.1, 32.2.3
COLONY_SITES = ("side1", "side2", "side4", "side5")  # rule 35.5.1
NUKE_SITES = ("jaburo", "odessa", "hawaii", "torrington")  # rule 36.2
AXIS_ATTACK_WORSE = ("granada", "von_braun")  # rule 30.4.7
MASS_QUBELEY = "mass_production_qubeley"  # rule 29.6
QUATTRO, CHAR = "quattro", "char"  # rule 29.1: the speaker, and the counter he becomes (29.1.6)
PURU_NZ, PURU_AEUG, BLACK_QUBELEY = "puru_nz", "puru_aeug", "black_qubeley_mk2"  # rule 29.4
JUDAU, GLEMY = "judau", "glemy"  # rule 29.4.2, 29.5.1: the arrivals come to their hexes
PURU_AEUG_GROUP, PURU_TWO_GROUP = "puru_aeug", "puru_two"  # rule 29.4.2, 29.5.1
BELT, JUPITER_BOX = "box:belt", "box:jupiter"  # rule 30.1, 33.2: the boxes beside the space map
JUPITER_FLEET = "jupiter_fleet"  # rule 33.2: the group the Titans receive on turn 2
DOCK_SHIPS = ("la_vie_en_rose", "jupitris")  # rule 29.2.6, 29.3.1: an MS is deployed onto them
# What the rules say of them: (kind, map) or None where they leave it open.
RULE_BASES: dict[str, tuple[str | None, str | None]] = {
    AXIS: ("military", "space"),  # 30.3.1
    GRYPS2: ("military", "space"),  # 31.4.1
    SIDE3: ("military", "space"),  # 32.1.1
    SIDE6: ("political", "space"),  # 34.1
    GREEN_NOA: (None, "space"),  # 31.1: Gryps 2 is placed in its hex
    KILIMANJARO: (None, "ground"),  # 32.2.3
    **{b: (None, "space") for b in COLONY_SITES},  # 35.5.1: the colony starts there
    **{b: (None, "ground") for b in NUKE_SITES},  # 36.4: demolished in a Ground phase
    **{b: (None, "space") for b in AXIS_ATTACK_WORSE},  # 30.4.7: Axis never descends
}

VALUES = Int(0, 9)
LEVELS = ListOf(VALUES, 3, 3)  # the value at levels 1, 2, 3 (rule 2.8)
ROLL = ListOf(Int(1, 6), 2, 3)  # 2 or 3 values a die is rolled against (rule 21.5, 23.4)
PAIR = ListOf(Int(1, 6), 2, 2)  # the two AA or gunnery values (rule 22.3, 24.4)
FACTION = Str(choices=FACTIONS)
UNIT = Ref("unit")
CHARACTER = Ref("characters")
CODE = r"S|G|any|\[[a-z0-9_]+\]"  # rule 9.5: S, G, [character] or 任意


def _grid_labels(m: dict[str, Any]) -> list[str]:
    first, last = m["rows"]
    digits = m["label_digits"]
    return [f"{c}{str(r).zfill(digits)}" for r in range(first, last + 1) for c in m["columns"]]


def _space_hexes(doc: dict[str, Any]) -> set[str]:
    """The hexes of the space map: its rectangle less the Earth, which no unit enters."""
    return set(_grid_labels(doc["space_map"])) - {doc["space_map"]["earth"]}


def _locations(doc: dict[str, Any]) -> set[str]:
    return (
        {f"space:{h}" for h in _space_hexes(doc)}
        | {f"ground:{h}" for h in _grid_labels(doc["ground_map"])}
        | {f"box:{b}" for b in doc["boxes"]}
    )


def _domains(doc: dict[str, Any]) -> dict[str, set[Any]]:
    locations = _locations(doc)
    placed = {bid for bid, base in doc["bases"].items() if "at" in base}
    return {
        "space hex": _space_hexes(doc),
        "location": locations,
        "place": locations | placed,
        "unit": set(doc["ms"]) | set(doc["ships"]),
    }


def _map_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    space, ground = doc["space_map"], doc["ground_map"]
    if space["earth"] not in _grid_labels(space):
        yield ("space_map", "earth"), f"{space['earth']!r} is not a hex of the space map"
    else:
        grid = _grid(space, _grid_labels(space), wrap=False, terrain="space")
        for area, label in space["drop_points"].items():
            if grid.distance(label, space["earth"]) != 1:
                yield ("space_map", "drop_points", area), "must be next to the Earth (rule 14.3)"
    if sorted(space["drop_points"]) != list(AREAS):
        yield ("space_map", "drop_points"), "must name drop points A, B and C (rule 14.3)"
    columns, (first, last) = ground["columns"], ground["rows"]
    if len(columns) % 2 and ground["orientation"] == "flat":
        yield ("ground_map", "columns"), "a flat-topped map that wraps needs an even number"
    if len(ground["terrain"]) != last - first + 1:
        yield ("ground_map", "terrain"), f"must have a line for each of rows {first}-{last}"
    for i, line in enumerate(ground["terrain"]):
        if len(line) != len(columns):
            yield ("ground_map", "terrain"), f"line {i + 1} must have {len(columns)} hexes"
    if sorted(ground["areas"]) != list(AREAS):
        yield ("ground_map", "areas"), "must name areas A, B and C (rule 14.4)"
    in_areas = Counter("".join(ground["areas"].values()))
    if in_areas != Counter(columns):
        yield ("ground_map", "areas"), "must hold every column of the map exactly once"


def _base_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    for bid, (kind, on) in RULE_BASES.items():
        base = doc["bases"].get(bid)
        if base is None:
            yield ("bases",), f"no base {bid!r}, which the rules name"
        elif kind is not None and base["kind"] != kind:
            yield ("bases", bid, "kind"), f"the rules make it a {kind} base"
        elif on is not None and base["map"] != on:
            yield ("bases", bid, "map"), f"the rules put it on the {on} map"
    for bid, base in doc["bases"].items():
        at = base.get("at")
        where = None if at is None else at.split(":")[0]
        if where is not None and where != base["map"] and where != "box":
            yield ("bases", bid, "at"), f"is not on the {base['map']} map"
        if at is None and bid != GRYPS2:
            yield ("bases", bid, "at"), "missing (only Gryps 2 starts off the map, rule 31.1)"
    moon = {f"space:{h}" for h in doc["space_map"]["moon"]}
    for bid in AXIS_ATTACK_WORSE:
        if bid in doc["bases"] and doc["bases"][bid].get("at") not in moon:
            yield ("bases", bid, "at"), "must be a Moon hex (rule 35.2, ruling S2)"


def _character_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    if not doc["ms"].get(MASS_QUBELEY, {}).get("nt_only"):
        yield ("ms",), f"no NT-only {MASS_QUBELEY!r}, which rule 29.6 names"
    for cid, ch in doc["characters"].items():
        grown = ch.get("grows_to")
        if "G" in ch["survival"] and grown is None:
            yield ("characters", cid, "survival"), "G only on a counter that grows (27.3.1)"
        if grown is not None and doc["characters"][grown]["faction"] != ch["faction"]:
            yield ("characters", cid, "grows_to"), "must be a counter of the same faction"


def _setup_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    if sorted(doc["setup"]) != sorted(FACTIONS) or sorted(doc["mix"]) != sorted(FACTIONS):
        yield ("setup",), "must have a set-up and a counter mix for each of " + ", ".join(FACTIONS)
        return
    owner: dict[str, str] = {}
    for faction, plan in doc["setup"].items():
        for bid in plan["bases"]:
            if bid in owner:
                yield ("setup", faction, "bases", bid), f"is also a {owner[bid]} base"
            owner[bid] = faction
    needed: dict[str, Counter[str]] = {f: Counter() for f in FACTIONS}
    based = {base.get("at") for base in doc["bases"].values()}
    for faction, plan in doc["setup"].items():
        for place, stack in plan.get("units", {}).items():
            needed[faction].update(stack)
            if place in doc["bases"] and owner.get(place) != faction:
                yield ("setup", faction, "units", place), f"is not a {faction} base"
            if place.startswith("space:") and place not in based:
                yield from _carried(doc, ("setup", faction, "units", place), stack)
        for place in plan.get("characters", {}):
            if place not in plan.get("units", {}):
                yield ("setup", faction, "characters", place), "no own unit there (9.5)"
        for cid in (c for cs in plan.get("characters", {}).values() for c in cs):
            if doc["characters"][cid]["faction"] != faction:
                yield ("setup", faction, "characters"), f"{cid} is not a {faction} character"
    for gid, group in doc["groups"].items():
        needed[group["faction"]].update(group.get("units", {}))
        if gid == JUPITER_FLEET:  # 33.2: it waits in a box, where nothing stands alone
            yield from _carried(doc, ("groups", gid, "units"), group.get("units", {}))
        for cid in group.get("characters", []):
            if doc["characters"][cid]["faction"] != group["faction"]:
                yield ("groups", gid, "characters"), f"{cid} is not a {group['faction']} character"
    for faction in FACTIONS:
        have = doc["mix"][faction]["counters"]
        for type_id, count in sorted(needed[faction].items()):
            if have.get(type_id, 0) < count:
                yield ("mix", faction, "counters"), f"needs {count} {type_id} (rule 7.4)"


def _carried(
    doc: dict[str, Any], path: DataPath, stack: dict[str, int]
) -> Iterable[tuple[DataPath, str]]:
    """A stack in space without a base must fit in its ships (rule 15.3, 15.4)."""
    ms = sum(n for t, n in stack.items() if t in doc["ms"])
    room = sum(doc["ships"][t]["capacity"] * n for t, n in stack.items() if t in doc["ships"])
    if ms > room:
        yield path, f"its ships carry {room} MS, not {ms} (rule 15.3, 15.4)"


def _track_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    turns = doc["track"]["turns"]
    if set(doc["turns"]) != {str(t) for t in range(1, turns + 1)}:
        yield ("turns",), f"must have an entry for each turn 1-{turns}"
    seen = {
        c
        for plan in doc["setup"].values()
        for cs in plan.get("characters", {}).values()
        for c in cs
    }
    seen |= {c for group in doc["groups"].values() for c in group.get("characters", [])}
    for turn, entry in doc["turns"].items():
        for cid, code in entry.get("arrivals", {}).items():
            if code.startswith("[") and code[1:-1] not in doc["characters"]:
                yield ("turns", turn, "arrivals", cid), f"{code} names no character (9.5)"
            if cid in seen:
                yield ("turns", turn, "arrivals", cid), "this counter is already in play"
            seen.add(cid)
        for cid in entry.get("growth", []):
            if "grows_to" not in doc["characters"][cid]:
                yield ("turns", turn, "growth"), f"{cid} has no ② counter (4.3)"


def _extra_checks(doc: dict[str, Any]) -> list[tuple[DataPath, str]]:
    found: list[tuple[DataPath, str]] = []
    if sorted(doc["factions"]) != sorted(FACTIONS):
        found.append((("factions",), "must be exactly " + ", ".join(FACTIONS) + " (rule 2.1)"))
    if sorted(doc["action_cards"]) != sorted(CARD_TYPES):
        found.append((("action_cards",), "must be exactly " + ", ".join(CARD_TYPES)))
    if sorted(doc["places"]) != sorted(PLACES):
        found.append((("places",), "must be exactly " + ", ".join(PLACES)))
    if sorted(doc["wounded"]) != sorted(BOXES):
        found.append((("wounded",), "must be exactly the boxes L, M and H (rule 4.4)"))
    for check in (_map_checks, _base_checks, _character_checks, _setup_checks, _track_checks):
        found.extend(check(doc))
    return found


MAP = {
    "orientation": Str(choices=("flat", "pointy")),
    "offset": Str(choices=("odd", "even")),
    "columns": ListOf(Str(pattern=r"[A-Z]"), 3, 26),
    "rows": ListOf(Int(0, 99), 2, 2),
    "label_digits": Int(1, 3),
}
MS_FIELDS = ("air", "air_back", "bomb", "bomb_back", "defence", "defence_back")
SHIP_FIELDS = (
    "capacity",
    "aa_guns",
    "aa_guns_back",
    "aa",
    "guns",
    "guns_back",
    "gun",
    "defence",
    "defence_back",
)

SCHEMA = Schema(
    values={"game": Str(choices=("zeta",)), "data_version": Int(1, 1)},
    one={
        "track": Entry({"turns": Int(1, 30)}, frozenset({"turns"})),
        "space_map": Entry(
            {
                **MAP,
                "earth": Str(pattern=r"[A-Z]+\d+"),
                "moon": ListOf(Ref("space hex"), 1),
                "drop_points": MapOf(Ref("space hex"), key=Str(choices=AREAS)),
            },
            frozenset({*MAP, "earth", "moon", "drop_points"}),
        ),
        "ground_map": Entry(
            {
                **MAP,
                "terrain": ListOf(Str(pattern="[" + "".join(TERRAIN_CODES) + "]+"), 1),
                "areas": MapOf(Str(pattern=r"[A-Z]+"), key=Str(choices=AREAS)),
            },
            frozenset({*MAP, "terrain", "areas"}),
        ),
        "nuke_card": Entry({"name": Names()}, frozenset({"name"})),
        "colony": Entry(
            {
                "name": Names(),
                "defence": Int(1, 20),
                "defence_back": Int(1, 20),
                "landing": Int(0, 6),
                "landing_back": Int(0, 6),
            },
            frozenset({"name", "defence", "defence_back", "landing", "landing_back"}),
        ),
    },
    many={
        "factions": Entry({"name": Names()}, frozenset({"name"})),
        "places": Entry({"name": Names()}, frozenset({"name"})),
        "action_cards": Entry({"name": Names(), "count": Int(0, 5)}, frozenset({"name", "count"})),
        "wounded": Entry(
            {"name": Names(), "recovery": ListOf(Str(choices=RECOVERY), 6, 6)},
            frozenset({"name", "recovery"}),
        ),
        "boxes": Entry(
            {"name": Names(), "next_to": ListOf(Ref("space hex"), 1)},
            frozenset({"name", "next_to"}),
        ),
        "bases": Entry(
            {
                "name": Names(),
                "map": Str(choices=("space", "ground")),
                "at": Ref("location"),
                "kind": Str(choices=("military", "political")),
                **{k: LEVELS for k in ("ap", "vp", "dp", "attack", "defence")},
            },
            frozenset({"name", "map", "kind", "ap", "vp", "dp", "attack", "defence"}),
        ),
        "ms": Entry(
            {
                "name": Names(),
                "aptitude": Str(choices=APTITUDES),
                "pp": Int(1, 2),  # rule 6.2
                "air": ROLL,
                "air_back": ROLL,
                "bomb": ROLL,
                "bomb_back": ROLL,
                "defence": Int(1, 9),
                "defence_back": Int(1, 9),
                "gov": VALUES,
                "nt_only": Bool(),
            },
            frozenset({"name", "aptitude", "pp", "gov", *MS_FIELDS}),
        ),
        "ships": Entry(
            {
                "name": Names(),
                "class": Str(choices=("battleship", "cruiser", "dock", "garuda")),  # rule 2.3
                "aptitude": Str(choices=APTITUDES),
                "pp": Int(1, 2),
                "capacity": Int(0, 20),
                "aa_guns": VALUES,
                "aa_guns_back": VALUES,
                "aa": PAIR,
                "guns": VALUES,
                "guns_back": VALUES,
                "gun": PAIR,
                "defence": Int(1, 9),
                "defence_back": Int(1, 9),
                "gov": VALUES,
            },
            frozenset({"name", "class", "aptitude", "pp", "gov", *SHIP_FIELDS}),
        ),
        "characters": Entry(
            {
                "name": Names(),
                "faction": FACTION,
                **{
                    k: Int(0, 5)
                    for k in (
                        "ms_attack",
                        "ms_defence",
                        "ship_attack",
                        "ship_defence",
                        "ms_command",
                        "ship_command",
                        "gov",
                    )
                },
                "nt": Bool(),
                "survival": ListOf(Str(choices=SURVIVAL), 6, 6),
                "grows_to": CHARACTER,
            },
            frozenset({"name", "faction", "survival"}),
        ),
        "groups": Entry(
            {
                "faction": FACTION,
                "units": MapOf(Int(1, 20), key=UNIT),
                "characters": ListOf(CHARACTER),
            },
            frozenset({"faction"}),
        ),
        "mix": Entry({"counters": MapOf(Int(0, 60), key=UNIT)}, frozenset({"counters"})),
        "turns": Entry(
            {
                "arrivals": MapOf(Str(pattern=CODE), key=CHARACTER),
                "growth": ListOf(CHARACTER),
                "reinforcements": MapOf(ListOf(UNIT), key=FACTION),
                "events": ListOf(Str(choices=EVENTS)),
            }
        ),
        "setup": Entry(
            {
                "bases": MapOf(Int(1, 3), key=Ref("bases")),
                "units": MapOf(MapOf(Int(1, 30), key=UNIT), key=Ref("place")),
                "characters": MapOf(ListOf(CHARACTER), key=Ref("place")),
            },
            frozenset({"bases"}),
        ),
    },
    extra=_extra_checks,
    domains=_domains,
)


@dataclass(frozen=True)
class Level:
    """A base's values at one governance level (rule 2.8)."""

    ap: int
    vp: int
    dp: int
    attack: int
    defence: int


@dataclass(frozen=True)
class Base:
    id: str
    name: Msg
    map: str  # "space" or "ground"
    at: str | None  # where it starts; None for Gryps 2 until turn 5 (rule 31.1)
    kind: str  # "military" or "political" (rule 2.5)
    levels: tuple[Level, ...]  # at levels 1, 2, 3
    # whether `kind` is "military": an attribute, not a property, as the rules ask it of every
    # base at almost every decision
    military: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "military", self.kind == "military")

    def level(self, n: int) -> Level:
        """Its values at level `n` (1-3); a neutral base (level 0) has none (rule 2.6)."""
        return self.levels[n - 1]


@dataclass(frozen=True)
class MSFace:
    """One side of an MS counter (rule 25.4: front, or the damaged back)."""

    air: tuple[int, ...]  # rule 21.5
    bomb: tuple[int, ...]  # rule 23.4
    defence: int  # rule 25.4


@dataclass(frozen=True)
class MS:
    id: str
    name: Msg
    aptitude: str  # "S", "G" or "SG" (rule 2.4)
    pp: int  # production points (rule 6.2)
    gov: int  # governance (rule 17.6, 28.3)
    nt_only: bool  # rule 20.6
    front: MSFace
    back: MSFace

    kind = "ms"

    def face(self, back: bool) -> MSFace:
        return self.back if back else self.front


@dataclass(frozen=True)
class ShipFace:
    """One side of a ship counter."""

    aa_guns: int  # rule 22.3
    guns: int  # rule 24.4
    defence: int  # rule 25.4


@dataclass(frozen=True)
class Ship:
    id: str
    name: Msg
    cls: str  # battleship, cruiser, dock or garuda (rule 2.3)
    aptitude: str
    pp: int
    gov: int
    capacity: int  # MS it may carry (rule 15.3)
    aa: tuple[int, ...]  # the two AA values (rule 22.3)
    gun: tuple[int, ...]  # the two gunnery values (rule 24.4)
    front: ShipFace
    back: ShipFace

    kind = "ship"

    def face(self, back: bool) -> ShipFace:
        return self.back if back else self.front


UnitType = MS | Ship


def fits(aptitude: str, map_name: str) -> bool:
    """Whether a unit of this aptitude may be used on this map (rule 2.4)."""
    return ("S" if map_name == "space" else "G") in aptitude


@dataclass(frozen=True)
class Character:
    id: str
    name: Msg
    faction: str
    ms_attack: int  # rule 21.6, 23.5
    ms_defence: int  # rule 25.6
    ship_attack: int  # rule 22.5, 24.6
    ship_defence: int  # rule 25.7
    ms_command: int  # rule 26.1
    ship_command: int  # rule 24.2.1, 26.2
    nt: bool  # rule 20.6
    gov: int  # ruling S4
    survival: tuple[str, ...]  # the result of a check for die faces 1-6 (rule 27.3)
    grows_to: str | None  # the ② counter of a ① counter (rule 4.3, 27.3.1)

    @property
    def can_pilot(self) -> bool:
        """Whether it may board an MS (rule 20.5)."""
        return self.ms_attack >= 1 or self.ms_defence >= 1

    @property
    def can_captain(self) -> bool:
        """Whether it may be a ship's captain (rule 20.8)."""
        return self.ship_attack >= 1 or self.ship_defence >= 1


@dataclass(frozen=True)
class Group:
    """Counters that come into play together by a special rule (29.4, 29.5, 32, 33)."""

    id: str
    faction: str
    units: dict[str, int]
    characters: tuple[str, ...]


@dataclass(frozen=True)
class Turn:
    """One box of the turn track (rule 4.2, 4.3, 5.2) and what the rules put on the turn."""

    number: int
    arrivals: dict[str, str]  # character -> placement code (rule 9.5)
    growth: tuple[str, ...]  # ① counters swapped for ② (rule 4.3)
    reinforcements: dict[str, tuple[str, ...]]  # faction -> types it may now produce (5.2)
    events: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    """One faction's start (rule 38): base levels, and units and characters by place."""

    bases: dict[str, int]
    units: dict[str, dict[str, int]]
    characters: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Box:
    id: str
    name: Msg
    next_to: tuple[str, ...]  # the space-map locations it borders (rule 30.3.3, 33.3)


@dataclass(frozen=True)
class Colony:
    name: Msg
    defence: tuple[int, int]  # front, back (rule 35.8)
    landing: tuple[int, int]  # the highest die that lands, front and back (rule 35.7.1)


@dataclass(frozen=True)
class Components:
    space: HexGrid
    ground: HexGrid
    earth: str  # the space-map label of the Earth, a hole in the map
    drop_points: dict[str, str]  # area -> its drop point, a location (rule 14.3)
    area_of_column: dict[str, str]  # ground-map column -> area (rule 14.4)
    areas: dict[str, tuple[str, ...]]  # area -> its ground-map locations, in label order (14.5)
    boxes: dict[str, Box]
    adjacent: dict[str, tuple[str, ...]]  # location -> the locations next to it
    terrains: dict[str, str]  # location -> its terrain (`terrain`, asked at every move)
    drop_areas: dict[str, str]  # drop point -> its area (`drop_area`)
    factions: dict[str, Msg]
    place_names: dict[str, Msg]  # earth, moon, drop_point, area, factory
    card_names: dict[str, Msg]
    nuke_card: Msg  # rule 36.3
    card_counts: dict[str, int]
    wounded_names: dict[str, Msg]
    recovery: dict[str, tuple[str, ...]]  # box -> result for die faces 1-6 (rule 4.4)
    bases: dict[str, Base]
    ms: dict[str, MS]
    ships: dict[str, Ship]
    characters: dict[str, Character]
    groups: dict[str, Group]
    mix: dict[str, dict[str, int]]  # faction -> type -> counters (rule 7.4)
    turns: dict[int, Turn]
    last_turn: int
    setup: dict[str, Setup]
    colony: Colony

    def unit(self, type_id: str) -> UnitType:
        return self.ms[type_id] if type_id in self.ms else self.ships[type_id]

    def neighbours(self, location: str) -> tuple[str, ...]:
        """The locations one step from `location`: across the ground map's east-west edge
        (rule 13.12), and between a box and the hexes it borders (30.3.3, 33.3)."""
        return self.adjacent[location]

    @cached_property
    def hops(self) -> dict[bool, dict[str, dict[str, int]]]:
        """For a ship (False) and an MS (True): the fewest `steps` from each location to each
        location such a unit can reach, whatever their cost in MP (a player's measure of
        distance on the maps)."""
        return {
            ms: {start: steps_from([start], steps.__getitem__) for start in steps}
            for ms, steps in self.steps.items()
        }

    @cached_property
    def steps(self) -> dict[bool, dict[str, tuple[str, ...]]]:
        """For a ship (False) and an MS (True): the locations next to each location that such a
        unit may step into, never a box (rule 30.3.4, 33.3) and for an MS never the ocean
        (13.9). Found once: movement asks it of every unit at every decision."""
        return {
            ms: {
                at: tuple(
                    to
                    for to in near
                    if not to.startswith("box:") and not (ms and self.terrains[to] == "ocean")
                )
                for at, near in self.adjacent.items()
            }
            for ms in (False, True)
        }

    def grid(self, location: str) -> HexGrid:
        return self.space if location.startswith("space:") else self.ground

    def terrain(self, location: str) -> str:
        """ "space" or "moon" on the space map; "ocean", "coast" or "land" on the ground map
        (rule 13.9); "box" for a box."""
        return self.terrains[location]

    def distance(self, a: str, b: str) -> int:
        """Steps between two hexes of one map, the short way round the Earth's wrap."""
        return self.grid(a).distance(a.split(":")[1], b.split(":")[1])

    def area(self, location: str) -> str | None:
        """The area A-C of a ground-map hex (rule 14.4), None elsewhere."""
        if not location.startswith("ground:"):
            return None
        label = location.split(":")[1]
        return self.area_of_column[label.rstrip("0123456789")]

    def drop_area(self, location: str) -> str | None:
        """The area a drop point leads down to (rule 14.5), None for other locations."""
        return self.drop_areas.get(location)

    def moon(self, location: str) -> bool:
        return location.startswith("space:") and self.terrain(location) == "moon"

    def permitted(self, faction: str) -> tuple[str, ...]:
        """The types a faction may mass-produce at the start: those of its set-up (rule 7.3)."""
        types = {t for stack in self.setup[faction].units.values() for t in stack}
        return tuple(sorted(types))


def _grid(m: dict[str, Any], hexes: Iterable[str], *, wrap: bool, terrain: str) -> HexGrid:
    return HexGrid(
        sorted(hexes),
        orientation=m["orientation"],
        parity=m["offset"],
        label_digits=m["label_digits"],
        first_row=m["rows"][0],
        column_letters=m["columns"],
        wrap=wrap,
        default_terrain=terrain,
    )


def _base(bid: str, b: dict[str, Any]) -> Base:
    levels = tuple(
        Level(b["ap"][i], b["vp"][i], b["dp"][i], b["attack"][i], b["defence"][i]) for i in range(3)
    )
    return Base(bid, b["name"], b["map"], b.get("at"), b["kind"], levels)


def _ms(tid: str, u: dict[str, Any]) -> MS:
    return MS(
        tid,
        u["name"],
        u["aptitude"],
        u["pp"],
        u["gov"],
        u.get("nt_only", False),
        MSFace(tuple(u["air"]), tuple(u["bomb"]), u["defence"]),
        MSFace(tuple(u["air_back"]), tuple(u["bomb_back"]), u["defence_back"]),
    )


def _ship(tid: str, u: dict[str, Any]) -> Ship:
    return Ship(
        tid,
        u["name"],
        u["class"],
        u["aptitude"],
        u["pp"],
        u["gov"],
        u["capacity"],
        tuple(u["aa"]),
        tuple(u["gun"]),
        ShipFace(u["aa_guns"], u["guns"], u["defence"]),
        ShipFace(u["aa_guns_back"], u["guns_back"], u["defence_back"]),
    )


def _character(cid: str, c: dict[str, Any]) -> Character:
    return Character(
        id=cid,
        name=c["name"],
        faction=c["faction"],
        ms_attack=c.get("ms_attack", 0),
        ms_defence=c.get("ms_defence", 0),
        ship_attack=c.get("ship_attack", 0),
        ship_defence=c.get("ship_defence", 0),
        ms_command=c.get("ms_command", 0),
        ship_command=c.get("ship_command", 0),
        nt=c.get("nt", False),
        gov=c.get("gov", 0),
        survival=tuple(c["survival"]),
        grows_to=c.get("grows_to"),
    )


def _turn(number: int, t: dict[str, Any]) -> Turn:
    return Turn(
        number,
        dict(t.get("arrivals", {})),
        tuple(t.get("growth", [])),
        {f: tuple(types) for f, types in t.get("reinforcements", {}).items()},
        tuple(t.get("events", [])),
    )


def _adjacency(
    space: HexGrid, ground: HexGrid, boxes: dict[str, Box]
) -> dict[str, tuple[str, ...]]:
    near: dict[str, list[str]] = {}
    for prefix, grid in (("space", space), ("ground", ground)):
        for h in grid:
            near[f"{prefix}:{grid.label(h)}"] = [
                f"{prefix}:{grid.label(n)}" for n in grid.neighbours(h)
            ]
    for box in boxes.values():
        near[f"box:{box.id}"] = list(box.next_to)
        for location in box.next_to:
            near[location].append(f"box:{box.id}")
    return {location: tuple(locations) for location, locations in near.items()}


def _terrains(space: HexGrid, ground: HexGrid, boxes: dict[str, Box]) -> dict[str, str]:
    found = {f"box:{bid}": "box" for bid in boxes}
    for prefix, grid in (("space", space), ("ground", ground)):
        for h in grid:
            found[f"{prefix}:{grid.label(h)}"] = grid.terrain(h)
    return found


def build(doc: dict[str, Any]) -> Components:
    sm, gm = doc["space_map"], doc["ground_map"]
    space = _grid(sm, _space_hexes(doc), wrap=False, terrain="space")
    for label in sm["moon"]:
        space.set_terrain(label, "moon")
    ground = _grid(gm, _grid_labels(gm), wrap=True, terrain="land")  # rule 13.12
    for row, line in zip(range(gm["rows"][0], gm["rows"][1] + 1), gm["terrain"], strict=True):
        for column, code in zip(gm["columns"], line, strict=True):
            ground.set_terrain(f"{column}{str(row).zfill(gm['label_digits'])}", TERRAIN_CODES[code])
    boxes = {
        bid: Box(bid, b["name"], tuple(f"space:{h}" for h in b["next_to"]))
        for bid, b in doc["boxes"].items()
    }
    colony = doc["colony"]
    area_of_column = {c: area for area, cs in gm["areas"].items() for c in cs}
    labels = sorted(ground.label(h) for h in ground)
    drop_points = {area: f"space:{h}" for area, h in sm["drop_points"].items()}
    drop_areas: dict[str, str] = {}
    for area, location in drop_points.items():
        drop_areas.setdefault(location, area)  # the first area, should two share a point
    return Components(
        space=space,
        ground=ground,
        earth=sm["earth"],
        drop_points=drop_points,
        area_of_column=area_of_column,
        areas={
            area: tuple(
                f"ground:{label}"
                for label in labels
                if area_of_column[label.rstrip("0123456789")] == area
            )
            for area in AREAS
        },
        boxes=boxes,
        adjacent=_adjacency(space, ground, boxes),
        terrains=_terrains(space, ground, boxes),
        drop_areas=drop_areas,
        factions={f: doc["factions"][f]["name"] for f in FACTIONS},
        place_names={p: doc["places"][p]["name"] for p in PLACES},
        card_names={k: doc["action_cards"][k]["name"] for k in CARD_TYPES},
        card_counts={k: doc["action_cards"][k]["count"] for k in CARD_TYPES},
        nuke_card=doc["nuke_card"]["name"],
        wounded_names={k: doc["wounded"][k]["name"] for k in BOXES},
        recovery={k: tuple(doc["wounded"][k]["recovery"]) for k in BOXES},
        bases={bid: _base(bid, b) for bid, b in doc["bases"].items()},
        ms={tid: _ms(tid, u) for tid, u in doc["ms"].items()},
        ships={tid: _ship(tid, u) for tid, u in doc["ships"].items()},
        characters={cid: _character(cid, c) for cid, c in doc["characters"].items()},
        groups={
            gid: Group(gid, g["faction"], dict(g.get("units", {})), tuple(g.get("characters", [])))
            for gid, g in doc["groups"].items()
        },
        mix={f: dict(doc["mix"][f]["counters"]) for f in FACTIONS},
        turns={int(n): _turn(int(n), t) for n, t in doc["turns"].items()},
        last_turn=doc["track"]["turns"],
        setup={
            f: Setup(
                dict(s["bases"]),
                {place: dict(stack) for place, stack in s.get("units", {}).items()},
                {place: tuple(cs) for place, cs in s.get("characters", {}).items()},
            )
            for f, s in doc["setup"].items()
        },
        colony=Colony(
            colony["name"],
            (colony["defence"], colony["defence_back"]),
            (colony["landing"], colony["landing_back"]),
        ),
    )


COMPONENTS = ComponentSet(SCHEMA, DATA_FILE, build)


def components(overlay: dict[str, Any]) -> Components:
    """The components of a game: the shipped data with the `data` option laid over it."""
    if not overlay:
        return _shipped()  # the usual case, asked by almost every rule: no key to make
    return COMPONENTS.get(overlay)


@cache
def _shipped() -> Components:
    return COMPONENTS.get({})
