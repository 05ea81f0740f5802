"""The galactic war's components as data (data/galaxy.toml): the galactic map, the charts of the
Imperium and of prestige, income and maintenance, and scenarios 6-8 and the campaign.

The schema checks the shipped file and any file of printed values a user lays over it, with the
facts the rules state about the map and the charts; `build` turns a checked data set into an
immutable `Galaxy`. Planets and ship types are those of the battles' data (imperium.toml), named
by their ids.

>>> g = galaxy({})
>>> g.systems["sol"].planets, g.route_between("sirius", "procyon")
(('sol_1', 'sol_2'), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from wartable.engine.data import (
    ComponentSet,
    DataPath,
    Entry,
    Field,
    Float,
    Int,
    ListOf,
    MapOf,
    Names,
    Ref,
    Schema,
    Str,
    _Bad,
)
from wartable.engine.graph import steps_from
from wartable.engine.hexmap import HexGrid
from wartable.engine.log import Msg
from wartable.games.imperium.components import CODES, IMPERIAL, SIDES, TERRAN, components

DATA_FILE = Path(__file__).parent.parent / "data" / "galaxy.toml"

STARS = ("O", "B", "A", "F", "G", "K", "M")
NO_PLANETS = "A"  # rule 11.2: the A-type stars are the stars without planets
HOMES = {TERRAN: ("sol",), IMPERIAL: ("dingir", "gashidda", "ishkur")}  # rule 8.0, 12.3, 16.0
BATTERY = "battery"
PER_HEX = 2  # rule 3.2: two stars may share a hex
MAX_BOXES = 2  # rule 3.2: some stars have two planet boxes
PERMITS = ("CR", "CA", "B1", "B2", "BB")  # rule 9.0: what the Imperium builds by permission only
IMPERIAL_SHIPS = CODES[IMPERIAL]
GROUND_DRAWS = ("infantry", "drop", "troops")  # "troops": infantry or drop troops (Sc7)
# Every change of the prestige table and of the other rules the war applies (15.0); an
# appeal's cost is its table's (6.2).
PRESTIGE_CHANGES = (
    "capture_outpost",
    "imperial_major_victory",
    "capture_world",
    "lose_outpost",
    "terran_major_victory",
    "lose_world",
    "unreturned_ship",
    "imperial_bombards_terraformed",
    "terran_bombards_terraformed",
)
EVENTS = (
    "succession",
    "frontier_crisis",
    "emperors_visit",
    "prohibition",
    "recession",
    "none",
    "prosperity",
    "offensive_order",
    "token_reinforcements",
    "reinforcements",
    "peace_negotiations",
)
ROLL = Str(pattern=r"[1-9][0-9]?")
CODE = Str(choices=IMPERIAL_SHIPS)
FORCES = MapOf(Int(1, 9), key=Str(choices=(*IMPERIAL_SHIPS, "drop")))


class AppealResult(Field):
    """One line of an appeal table: {} (none), or one of forbidden = true, ships, permission,
    gift, budget (rule 6.2, the charts)."""

    KINDS: tuple[str, ...] = ("forbidden", "ships", "permission", "gift", "budget")

    def check(self, value: Any) -> None:
        if not isinstance(value, dict) or len(value) > 1:
            raise _Bad("must be {} or one of " + ", ".join(self.KINDS))
        for kind, item in value.items():
            if kind not in self.KINDS:
                raise _Bad(f"must be one of {', '.join(self.KINDS)}; got {kind!r}")
            if kind == "forbidden" and item is not True:
                raise _Bad("forbidden must be true")
            if kind != "forbidden":
                try:
                    RESULT_VALUES[kind].check(item)
                except _Bad as bad:
                    raise _Bad(f"{kind}: {bad}") from None


RESULT_VALUES: dict[str, Field] = {
    "ships": MapOf(Int(1, 9), key=CODE),
    "permission": ListOf(CODE, 1, len(PERMITS)),
    "gift": Int(1, 99),
    "budget": Int(1, 99),
}


def _outside_domains(doc: dict[str, Any]) -> dict[str, set[Any]]:
    """The planets and ship types of the battles' data, which this file names."""
    battles = components({})
    return {"planets": set(battles.planets), "ships": set(battles.ships)}


def _grid(doc: dict[str, Any]) -> HexGrid:
    m = doc["map"]
    return HexGrid.rectangle(m["columns"], m["rows"], orientation="flat", parity="odd")


def _map_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    grid = _grid(doc)
    hexes = [s["hex"] for s in doc["systems"].values()]
    placed = [p for s in doc["systems"].values() for p in s["planets"]]
    homes: dict[str, list[str]] = {side: [] for side in SIDES}
    for sid, system in doc["systems"].items():
        path: DataPath = ("systems", sid)
        try:
            grid.parse(system["hex"])
        except ValueError:
            yield (*path, "hex"), f"{system['hex']!r} is not on the map"
        if hexes.count(system["hex"]) > PER_HEX:
            yield (*path, "hex"), f"no more than {PER_HEX} stars share a hex (rule 3.2)"
        if (system["star"] == NO_PLANETS) != (not system["planets"]):
            yield (*path, "star"), "an A-type star is a star without planets (rule 11.2)"
        for planet in system["planets"]:
            if placed.count(planet) > 1:
                yield (*path, "planets"), f"{planet} stands at one star only (rule 3.2)"
        if "home" in system:
            homes[system["home"]].append(sid)
    for planet in sorted(_outside_domains(doc)["planets"] - set(placed)):
        yield ("systems",), f"planet {planet} is in no system (rule 3.2)"
    for side, wanted in HOMES.items():
        if sorted(homes[side]) != sorted(wanted):
            yield ("systems",), f"the {side} homes must be {', '.join(wanted)} (rule 8.0, 12.3)"
    yield from _route_checks(doc)


def _route_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    systems = doc["systems"]
    seen: dict[frozenset[str], str] = {}
    for rid, route in doc["routes"].items():
        a, b = route["ends"]
        pair = frozenset((a, b))
        if a == b:
            yield ("routes", rid, "ends"), "a route joins two different stars"
        elif systems[a]["hex"] == systems[b]["hex"]:
            yield ("routes", rid, "ends"), "stars of one hex are joined already (rule 3.2)"
        elif pair in seen:
            yield ("routes", rid, "ends"), f"is route {seen[pair]} again"
        seen[pair] = rid
    lonely = set(systems) - _reachable(doc, next(iter(systems)))
    for sid in sorted(lonely):
        yield ("systems", sid), "no jump route reaches it from the rest of the map (rule 3.2)"


def _reachable(doc: dict[str, Any], start: str) -> set[str]:
    links = _links(doc["systems"], [r["ends"] for r in doc["routes"].values()])
    seen, todo = {start}, [start]
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _links(systems: dict[str, Any], routes: Iterable[Sequence[str]]) -> dict[str, set[str]]:
    """Each system's neighbours by one jump: its routes, and the stars of its hex (3.2)."""
    links: dict[str, set[str]] = {sid: set() for sid in systems}
    for a, b in routes:
        links[a].add(b)
        links[b].add(a)
    for a, sa in systems.items():
        for b, sb in systems.items():
            if a != b and sa["hex"] == sb["hex"]:
                links[a].add(b)
    return links


def _table_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    rolls = [e["roll"] for e in doc["events"].values()]
    for eid, event in doc["events"].items():
        if rolls.count(event["roll"]) > 1:
            yield ("events", eid, "roll"), "is another event's: one event a roll (rule 6.1)"
    if sorted(rolls) != list(range(2, 13)):
        yield ("events",), "the interference table has one event for each roll 2-12 (rule 6.1)"
    for name in EVENTS:
        if name not in doc["events"]:
            yield ("events", name), "missing (rule 6.1, B.2)"
    if sorted(doc["offensive"]) != [str(n) for n in range(1, 8)]:
        yield ("offensive",), "the Offensive Order table has rolls 1-7 (rule B.2)"
    for aid, appeal in doc["appeals"].items():
        if sorted(appeal["results"], key=int) != [str(n) for n in range(2, 13)]:
            yield ("appeals", aid, "results"), "an appeal table has rolls 2-12 (rule 6.2)"
    for aid in ("military", "financial"):
        if aid not in doc["appeals"]:
            yield ("appeals", aid), "missing (rule 6.2)"
    for name in PRESTIGE_CHANGES:
        if name not in doc["prestige_changes"]:
            yield ("prestige_changes", name), "missing (rule 15.0)"
    p, v = doc["prestige"], doc["victory"]
    if len(v["terran"]) != len(v["imperial"]):
        yield ("victory", "imperial"), "must give a level for each turn that terran does"
    for key in ("first_war", "after_truce", "after_imperial_loss", "after_imperial_win"):
        if not p["min"] <= p[key] <= p["max"]:
            yield ("prestige", key), f"must be on the track, {p['min']}-{p['max']} (rule 5.0)"


def _war_checks(doc: dict[str, Any]) -> Iterable[tuple[DataPath, str]]:
    for wid, war in doc["wars"].items():
        path: DataPath = ("wars", wid)
        sides = sorted(f["side"] for f in doc["war_forces"].values() if f["war"] == wid)
        if war["kind"] == "campaign":
            if "setup" not in war or doc["wars"][war["setup"]]["kind"] != "war":
                yield (*path, "setup"), "a campaign is set up as one of the wars"
            if sorted(war.get("holds", {})) != sorted(SIDES):
                yield (*path, "holds"), "must name the planets each side must hold"
        elif sides != sorted(SIDES):
            yield path, "must have one [war_forces] entry for each side"
    for fid, force in doc["war_forces"].items():
        yield from _force_checks(doc, ("war_forces", fid), force)


def _force_checks(
    doc: dict[str, Any], path: DataPath, force: dict[str, Any]
) -> Iterable[tuple[DataPath, str]]:
    battles = components({})
    side = force["side"]
    for sid, n in force["ships"].items():
        ship = battles.ships[sid]
        if ship.side != side:
            yield (*path, "ships", sid), f"is not a {side} ship"
        elif n > ship.count:
            yield (*path, "ships", sid), f"the counter mix has only {ship.count}"
    batteries = sum(g.count for g in battles.ground.values() if (g.side, g.kind) == (side, BATTERY))
    if force.get("batteries", 0) > batteries:
        yield (*path, "batteries"), f"the counter mix has only {batteries}"
    draws = force.get("draw", {})
    for kind in ("infantry", "drop"):
        pool = len(battles.counters(side, kind))
        if draws.get(kind, 0) > pool:
            yield (*path, "draw", kind), f"the counter mix has only {pool}"
    troops = len(battles.counters(side, "infantry")) + len(battles.counters(side, "drop"))
    if sum(draws.values()) > troops:
        yield (*path, "draw"), f"the counter mix has only {troops} infantry and drop troops"
    held = [*force["worlds"], *force["outposts"]]
    for planet in sorted({p for p in held if held.count(p) > 1}):
        yield path, f"{planet} is listed twice"
    for planet in force["worlds"]:
        if battles.planets[planet].type[0] != "A" and planet not in force.get("terraformed", []):
            yield (*path, "worlds"), f"{planet} is not type A: a World needs a type A planet (16.0)"
    for planet in force.get("terraformed", []):
        if battles.planets[planet].type not in ("N1", "N2") or planet not in force["worlds"]:
            yield (*path, "terraformed"), f"{planet}: only an N1 or N2 World (rule 17.3)"
    if side == TERRAN and "sol_2" not in held:
        yield path, "Mars (sol_2) is Earth's in every scenario (errata)"


def _extra_checks(doc: dict[str, Any]) -> list[tuple[DataPath, str]]:
    found: list[tuple[DataPath, str]] = []
    for check in (_map_checks, _table_checks, _war_checks):
        found.extend(check(doc))
    return found


SIDE = Str(choices=SIDES)
PLANETS = ListOf(Ref("planets"))
SCHEMA = Schema(
    values={"game": Str(choices=("imperium",)), "data_version": Int(1, 1)},
    one={
        "map": Entry(
            {"columns": Int(1, 99), "rows": Int(1, 99), "light_years": Float(0)},
            frozenset({"columns", "rows", "light_years"}),
        ),
        "resources": Entry({"max": Int(1, 999)}, frozenset({"max"})),
        "outpost": Entry(
            {"name": Names(), "cost": Int(0, 99), "build": Int(1, 9)},
            frozenset({"name", "cost", "build"}),
        ),
        "maintenance": Entry(
            {"world": Int(0, 99), "outpost": Int(0, 99), "ground": Int(0, 9)},
            frozenset({"world", "outpost", "ground"}),
        ),
        "markers": Entry(
            {"fleets": Int(1, 99), "worlds": Int(1, 99), "outposts": Int(1, 99)},
            frozenset({"fleets", "worlds", "outposts"}),
        ),
        "prestige": Entry(
            {
                key: Int(0, 99)
                for key in (
                    "min",
                    "max",
                    "first_war",
                    "after_truce",
                    "after_imperial_loss",
                    "after_imperial_win",
                    "major_victory_ships",
                )
            },
            frozenset(
                {
                    "min",
                    "max",
                    "first_war",
                    "after_truce",
                    "after_imperial_loss",
                    "after_imperial_win",
                    "major_victory_ships",
                }
            ),
        ),
        "victory": Entry(
            {
                "terran": ListOf(Int(0, 10), 1, 20),
                "imperial": ListOf(Int(0, 10), 1, 20),
                "truce": Int(0, 10),
            },
            frozenset({"terran", "imperial", "truce"}),
        ),
    },
    many={
        "systems": Entry(
            {
                "name": Names(),
                "hex": Str(pattern=r"[A-Z]{1,2}[0-9]{2}"),
                "star": Str(choices=STARS),
                "planets": ListOf(Ref("planets"), 0, MAX_BOXES),
                "home": SIDE,
            },
            frozenset({"name", "hex", "star", "planets"}),
        ),
        "routes": Entry({"ends": ListOf(Ref("systems"), 2, 2)}, frozenset({"ends"})),
        "income": Entry(
            {
                "base": Int(0, 99),
                "capital": Ref("planets"),
                "capital_income": Int(0, 99),
                "world_connected": Int(0, 99),
                "world_unconnected": Int(0, 99),
                "outpost_connected": Int(0, 99),
                "outpost_unconnected": Int(0, 99),
            },
            frozenset(
                {
                    "base",
                    "world_connected",
                    "world_unconnected",
                    "outpost_connected",
                    "outpost_unconnected",
                }
            ),
        ),
        "events": Entry(
            {
                "roll": Int(2, 12),
                "name": Names(),
                "civil_war": ListOf(Int(1, 6), 1, 6),
                "initiative": Int(-6, 6),
                "turns": Int(1, 20),
                "capital_weight": Int(1, 6),
                "capital_max": Int(0, 6),
                "offensive_bonus": Int(0, 6),
                "gain_factor": Int(1, 9),
                "loss_factor": Int(1, 9),
                "revokes": ListOf(CODE),
                "cancels": ListOf(CODE),
                "income": Int(-99, 99),
                "floor": Int(0, 99),
                "budget": Int(-99, 99),
                "forces": FORCES,
            },
            frozenset({"roll", "name"}),
        ),
        "offensive": Entry({"forces": FORCES}, frozenset({"forces"})),
        "appeals": Entry(
            {"name": Names(), "cost": Int(0, 10), "results": MapOf(AppealResult(), key=ROLL)},
            frozenset({"name", "cost", "results"}),
        ),
        "prestige_changes": Entry(
            {"name": Names(), "change": Int(-10, 10)}, frozenset({"name", "change"})
        ),
        "wars": Entry(
            {
                "number": Int(1, 99),
                "name": Names(),
                "kind": Str(choices=("war", "campaign")),
                "setup": Ref("wars"),
                "prestige": Int(0, 10),
                "budget": Int(0, 99),
                "permissions": ListOf(Str(choices=PERMITS)),
                "stockpile": MapOf(Int(0, 999), key=SIDE),
                "holds": MapOf(PLANETS, key=SIDE),
                "victory_text": Names(),
            },
            frozenset({"name", "kind", "prestige", "permissions", "stockpile", "victory_text"}),
        ),
        "war_forces": Entry(
            {
                "war": Ref("wars"),
                "side": SIDE,
                "worlds": PLANETS,
                "terraformed": PLANETS,
                "outposts": PLANETS,
                "ships": MapOf(Int(1, 60), key=Ref("ships")),
                "batteries": Int(0, 60),
                "draw": MapOf(Int(1, 60), key=Str(choices=GROUND_DRAWS)),
            },
            frozenset({"war", "side", "worlds", "outposts", "ships"}),
        ),
    },
    extra=_extra_checks,
    domains=_outside_domains,
)


@dataclass(frozen=True)
class System:
    """A star on the galactic map (rule 3.2)."""

    id: str
    name: Msg
    hex: str  # printed label, "I06"
    star: str  # spectral class; "A": no planets, a fleet entering stops (11.2)
    planets: tuple[str, ...]  # its planet boxes, 0-2
    home: str | None  # the side whose home it is (8.0, 12.3)


@dataclass(frozen=True)
class Income:
    """A side's income rates (rule 7.1, 7.2)."""

    base: int
    capital: str | None
    capital_income: int
    world_connected: int
    world_unconnected: int
    outpost_connected: int
    outpost_unconnected: int


@dataclass(frozen=True)
class Event:
    """An event of the Imperial Interference table (rule 6.1, B.2) and its figures."""

    id: str
    roll: int
    name: Msg
    figures: dict[str, Any]


@dataclass(frozen=True)
class WarForce:
    """One side of a war at its start (Sc6-8)."""

    side: str
    worlds: tuple[str, ...]
    outposts: tuple[str, ...]
    terraformed: tuple[str, ...]
    ships: dict[str, int]  # ship type id -> count
    batteries: int
    draw: dict[str, int]  # "infantry", "drop" or "troops" -> counters drawn at random


@dataclass(frozen=True)
class War:
    """A galactic war scenario (6-8) or the campaign game."""

    id: str
    number: int | None
    name: Msg
    kind: str  # "war" or "campaign"
    prestige: int
    budget: int | None  # the Imperial budget when not the income table's (Sc7, Sc8)
    permissions: tuple[str, ...]
    stockpile: dict[str, int]
    forces: dict[str, WarForce]  # the campaign's are its set-up war's
    holds: dict[str, tuple[str, ...]]  # campaign: what each side must hold to win
    victory_text: Msg


@dataclass(frozen=True)
class Galaxy:
    grid: HexGrid
    light_years: float
    systems: dict[str, System]
    routes: tuple[tuple[str, str], ...]  # the jump routes printed on the map (3.2)
    links: dict[str, frozenset[str]]  # one jump away: routes and stars of one hex (3.2)
    system_of: dict[str, str]  # planet -> its system
    income: dict[str, Income]
    resources_max: int
    outpost_name: Msg
    outpost_cost: int
    outpost_build: int
    maintenance: dict[str, int]  # "world", "outpost", "ground" (14.1)
    markers: dict[str, int]  # "fleets" (a side), "worlds", "outposts" (3.1, Q4)
    events: dict[str, Event]
    interference: dict[int, str]  # 2d6 -> event id (6.1)
    offensive: dict[int, dict[str, int]]  # 1d6 (+1) -> forces (B.2)
    appeals: dict[str, dict[int, dict[str, Any]]]  # "military"/"financial" -> 2d6 -> result
    appeal_cost: dict[str, int]
    prestige: dict[str, int]  # the track and the starts of 15.0
    prestige_changes: dict[str, int]
    victory: dict[str, tuple[int, ...]]  # side -> level by war turn (15.0)
    truce: int
    wars: dict[str, War]

    @cached_property
    def jumps(self) -> dict[str, tuple[str, ...]]:
        """`links` of each star in map order (the order of `systems`), made once (the
        dataclass is frozen; `cached_property` keeps it in the instance's own dict)."""
        return {sid: tuple(s for s in self.systems if s in self.links[sid]) for sid in self.links}

    @cached_property
    def hops(self) -> dict[str, dict[str, int]]:
        """The fewest jumps from each star to each star it can reach by the routes (3.2),
        whatever the stops on the way (11.1, 11.2 are the movement's)."""
        return {start: steps_from([start], self.jumps.__getitem__) for start in self.links}

    @cached_property
    def box_systems(self) -> dict[str, str]:
        """The system of each planet box, by the place of a unit in it ("box:sol_1")."""
        return {f"box:{planet}": system for planet, system in self.system_of.items()}

    def route_between(self, a: str, b: str) -> bool:
        """Whether one jump takes a fleet from star `a` to star `b` (3.2)."""
        return b in self.links[a]

    def length(self, a: str, b: str) -> int:
        """The hexes between two stars (a jump counts as one whatever its length, 3.2)."""
        return self.grid.distance(self.systems[a].hex, self.systems[b].hex)

    @property
    def war_turns(self) -> int:
        """How many turns a war lasts at most (15.0)."""
        return len(self.victory[TERRAN])


def _force(f: dict[str, Any]) -> WarForce:
    return WarForce(
        f["side"],
        tuple(f["worlds"]),
        tuple(f["outposts"]),
        tuple(f.get("terraformed", ())),
        dict(f["ships"]),
        f.get("batteries", 0),
        dict(f.get("draw", {})),
    )


def _war(wid: str, w: dict[str, Any], doc: dict[str, Any]) -> War:
    source = w.get("setup", wid)
    forces = {f["side"]: _force(f) for f in doc["war_forces"].values() if f["war"] == source}
    return War(
        wid,
        w.get("number"),
        w["name"],
        w["kind"],
        w["prestige"],
        w.get("budget"),
        tuple(w["permissions"]),
        dict(w["stockpile"]),
        {side: forces[side] for side in SIDES},
        {side: tuple(p) for side, p in w.get("holds", {}).items()},
        w["victory_text"],
    )


def build(doc: dict[str, Any]) -> Galaxy:
    systems = {
        sid: System(sid, s["name"], s["hex"], s["star"], tuple(s["planets"]), s.get("home"))
        for sid, s in doc["systems"].items()
    }
    routes = tuple((r["ends"][0], r["ends"][1]) for r in doc["routes"].values())
    links = _links(doc["systems"], routes)
    figures = ("roll", "name", "source")
    return Galaxy(
        grid=_grid(doc),
        light_years=float(doc["map"]["light_years"]),
        systems=systems,
        routes=routes,
        links={sid: frozenset(others) for sid, others in links.items()},
        system_of={p: s.id for s in systems.values() for p in s.planets},
        income={
            side: Income(
                i["base"],
                i.get("capital"),
                i.get("capital_income", 0),
                i["world_connected"],
                i["world_unconnected"],
                i["outpost_connected"],
                i["outpost_unconnected"],
            )
            for side, i in doc["income"].items()
        },
        resources_max=doc["resources"]["max"],
        outpost_name=doc["outpost"]["name"],
        outpost_cost=doc["outpost"]["cost"],
        outpost_build=doc["outpost"]["build"],
        maintenance={k: doc["maintenance"][k] for k in ("world", "outpost", "ground")},
        markers={k: doc["markers"][k] for k in ("fleets", "worlds", "outposts")},
        events={
            eid: Event(eid, e["roll"], e["name"], {k: v for k, v in e.items() if k not in figures})
            for eid, e in doc["events"].items()
        },
        interference={e["roll"]: eid for eid, e in doc["events"].items()},
        offensive={int(n): dict(o["forces"]) for n, o in doc["offensive"].items()},
        appeals={
            aid: {int(n): dict(r) for n, r in a["results"].items()}
            for aid, a in doc["appeals"].items()
        },
        appeal_cost={aid: a["cost"] for aid, a in doc["appeals"].items()},
        prestige={k: v for k, v in doc["prestige"].items() if k != "source"},
        prestige_changes={k: c["change"] for k, c in doc["prestige_changes"].items()},
        victory={side: tuple(doc["victory"][side]) for side in SIDES},
        truce=doc["victory"]["truce"],
        wars={wid: _war(wid, w, doc) for wid, w in doc["wars"].items()},
    )


GALAXY = ComponentSet(SCHEMA, DATA_FILE, build)


def galaxy(overlay: dict[str, Any]) -> Galaxy:
    """The war's components: the shipped galaxy.toml with the `galaxy` option laid over it."""
    return GALAXY.get(overlay)
