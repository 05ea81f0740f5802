"""The printed components of VOTOMS as data: map, places, counters, tables (data/votoms.toml).

The schema below checks the shipped file and any file of printed values a user lays over it.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from wartable.engine.hexmap import HexGrid
from wartable.engine.log import Msg

DATA_FILE = Path(__file__).parent / "data" / "votoms.toml"
SIDE = Str(choices=("merc", "bieler"))
TERRAINS = ("forest", "river", "highland")
HEX = Ref("hex")


def _hexes(doc: dict[str, Any]) -> set[Any]:
    columns, (first, last) = doc["map"]["columns"], doc["map"]["rows"]
    digits = doc["map"]["label_digits"]
    return {f"{c}{str(r).zfill(digits)}" for c in columns for r in range(first, last + 1)}


def _extra_checks(doc: dict[str, Any]) -> list[tuple[DataPath, str]]:
    found: list[tuple[DataPath, str]] = []
    homes = {p.get("home"): name for name, p in doc["places"].items() if p.get("home")}
    for side in ("merc", "bieler"):
        if side not in homes:
            found.append((("places",), f"no place is the {side} home (rule 2.1.4)"))
    for name, place in doc["places"].items():
        if place.get("base_attack") and not place["base"]:
            found.append((("places", name, "base_attack"), "only a base has base attack (9.12)"))
    seen: dict[str, str] = {}
    for kind in TERRAINS:
        for label in doc["terrain"].get(kind, {}).get("hexes", []):
            if label in seen:
                found.append((("terrain", kind, "hexes"), f"{label} is also {seen[label]}"))
            seen[label] = kind
    for side in ("merc", "bieler"):
        for unit in doc["setup"][side]["cup"] + doc["setup"][side]["stock"]:
            if doc["units"][unit]["side"] != side:
                found.append((("setup", side), f"{unit} is not a {side} unit"))
    for die in range(1, 7):
        if str(die) not in doc["reinforcement_table"]:
            found.append((("reinforcement_table",), f"no row for a die of {die} (rule 4.4.3)"))
    return found


SCHEMA = Schema(
    values={"game": Str(choices=("votoms",)), "data_version": Int(1, 1)},
    one={
        "map": Entry(
            {
                "orientation": Str(choices=("flat", "pointy")),
                "offset": Str(choices=("odd", "even")),
                "columns": ListOf(Str(pattern=r"[A-Z]"), 2, 26),
                "rows": ListOf(Int(0, 99), 2, 2),
                "label_digits": Int(1, 3),
            },
            frozenset({"orientation", "offset", "columns", "rows", "label_digits"}),
        ),
        "river": Entry({"course": ListOf(HEX, 2)}, frozenset({"course"})),
        "terrain_cost": Entry(
            {k: Int(1, 9) for k in ("clear", "forest", "river", "river_along", "highland")},
            frozenset({"clear", "forest", "river", "river_along", "highland"}),
        ),
        "offensive_markers": Entry({"turns": ListOf(Int(1, 30), 7, 7)}, frozenset({"turns"})),
        "tracks": Entry(
            {"turns": Int(1, 30), "rp_max": Int(0, 99)}, frozenset({"turns", "rp_max"})
        ),
    },
    many={
        "terrain": Entry({"hexes": ListOf(HEX)}, frozenset({"hexes"})),
        "places": Entry(
            {
                "name": Names(),
                "hex": HEX,
                "base": Bool(),
                "base_points": Int(0, 9),
                "base_attack": ListOf(Int(1, 20), 2, 2),
                "home": SIDE,
                "initial_control": Str(choices=("merc", "bieler", "neutral")),
            },
            frozenset({"name", "hex", "base", "base_points", "initial_control"}),
        ),
        "units": Entry(
            {
                "side": SIDE,
                "type": Str(choices=("at", "soldier", "heli")),
                "name": Names(),
                "attack": Int(0, 20),
                "defence": Int(0, 20),
                "raised": ListOf(Int(0, 20), 2, 2),
                "count": Int(0, 60),
                "ps": Bool(),
            },
            frozenset({"side", "type", "name", "attack", "defence", "count"}),
        ),
        "reinforcement_table": Entry(
            {"cup": Int(0, 12), "heli": Int(0, 12)}, frozenset({"cup", "heli"})
        ),
        "setup": Entry(
            {
                "draw": MapOf(Int(0, 40), key=Ref("places")),
                "named": MapOf(ListOf(Ref("units")), key=Ref("places")),
                "helis": MapOf(Int(0, 20), key=Ref("places")),
                "stock": ListOf(Ref("units")),
                "cup": ListOf(Ref("units")),
                "face": Str(choices=("down", "up")),
            },
            frozenset({"draw", "stock", "cup", "face"}),
        ),
    },
    extra=_extra_checks,
    domains=lambda doc: {"hex": _hexes(doc)},
)


@dataclass(frozen=True)
class UnitType:
    id: str
    side: str
    kind: str  # "at", "soldier" or "heli" (rule 2.2.1)
    name: Msg
    attack: int
    defence: int
    count: int
    ps: bool  # Blue AT, Strike Dog, Proto One (rule 2.2.2)
    raised: tuple[int, int] | None  # Kan Yu's values in stages 1, 3 and 4 (rule 2.2.5)


@dataclass(frozen=True)
class Place:
    id: str
    name: Msg
    hex: str
    base: bool
    base_points: int
    base_attack: tuple[int, int] | None  # (strength, attacks), rule 9.12.1
    home: str | None
    initial_control: str | None


@dataclass(frozen=True)
class Components:
    grid: HexGrid
    terrain_cost: dict[str, int]
    river: tuple[str, ...]
    places: dict[str, Place]
    place_at: dict[str, Place]
    units: dict[str, UnitType]
    reinforcement: dict[int, tuple[int, int]]  # die -> (cup, heli), rule 4.4.3
    offensive_turns: tuple[int, ...]
    last_turn: int
    rp_max: int
    setup: dict[str, dict[str, Any]]
    raw: dict[str, Any]
    river_index: dict[str, int]  # position along the river course

    def home(self, side: str) -> Place:
        return next(p for p in self.places.values() if p.home == side)

    def river_step(self, a: str, b: str) -> bool:
        """Whether a and b are consecutive hexes of the river course (rule 5.6)."""
        i = self.river_index.get(a)
        j = self.river_index.get(b)
        return i is not None and j is not None and abs(i - j) == 1


def build(doc: dict[str, Any]) -> Components:
    m = doc["map"]
    labels = _hexes(doc)
    grid = HexGrid(
        sorted(labels),
        orientation=m["orientation"],
        parity=m["offset"],
        label_digits=m["label_digits"],
        first_row=m["rows"][0],
        column_letters=m["columns"],
    )
    for kind in TERRAINS:
        for label in doc["terrain"].get(kind, {}).get("hexes", []):
            grid.set_terrain(label, kind)
    places = {
        pid: Place(
            pid,
            p["name"],
            p["hex"],
            p["base"],
            p["base_points"],
            tuple(p["base_attack"]) if "base_attack" in p else None,
            p.get("home"),
            None if p["initial_control"] == "neutral" else p["initial_control"],
        )
        for pid, p in doc["places"].items()
    }
    units = {
        uid: UnitType(
            uid,
            u["side"],
            u["type"],
            u["name"],
            u["attack"],
            u["defence"],
            u["count"],
            u.get("ps", False),
            tuple(u["raised"]) if "raised" in u else None,
        )
        for uid, u in doc["units"].items()
    }
    table = doc["reinforcement_table"]
    return Components(
        grid=grid,
        terrain_cost={k: v for k, v in doc["terrain_cost"].items() if k != "source"},
        river=tuple(doc["river"]["course"]),
        places=places,
        place_at={p.hex: p for p in places.values()},
        units=units,
        reinforcement={int(d): (row["cup"], row["heli"]) for d, row in table.items()},
        offensive_turns=tuple(doc["offensive_markers"]["turns"]),
        last_turn=doc["tracks"]["turns"],
        rp_max=doc["tracks"]["rp_max"],
        setup=doc["setup"],
        raw=doc,
        river_index={h: i for i, h in enumerate(doc["river"]["course"])},
    )


COMPONENTS = ComponentSet(SCHEMA, DATA_FILE, build)


def components(overlay: dict[str, Any]) -> Components:
    """The components of a game: the shipped data with the `data` option laid over it."""
    return COMPONENTS.get(overlay)
