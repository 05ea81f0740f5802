"""The initial position of a battle: each scenario of the book (1-5), and the space battles the
galactic war starts (rule 12.2).

A space battle is ``state["battle"]``::

    {"kind": "space",
     "planet": True,          # a planet fills area 233: no ship enters it (12.1)
     "mover": "imperial",     # the side that moved in: +1 to initiative in round 1 (12.4),
                              # vacates the system if both sides are left (12.3)
     "round": 0, "rounds": 3, "initiative": None,
     "groups": [...],         # what still sets up, and where (below)
     "areas": {"T3": "234"},  # the ships on the board
     "waiting": {"T9": ["234"]},  # ships beside the board for room, and where they may come
                                  # on: the areas their fleet set up in (12.5, ruling I32)
     "destroyed": {"terran": [], "imperial": []},  # ship types, for the battle's winner (12.3)
     "left": {"terran": [], "imperial": []}}       # ship ids that left the board (12.3, 12.5)

`wartable.games.imperium.battle.start` adds what the fight needs: ``then``, ``step``, ``moved``
(moves made in this movement step), ``flights`` (each carrier's launches or recoveries in it,
``["launch", 1]``), ``fire`` (the fire step under way, `fire`) and, at the end, ``outcome``.

Each group is the ships of one fleet (or one scenario force) that set up together:
``{"side", "fleet", "units", "mode", "zone", "entry"}``. ``zone`` lists the areas it may use, None
until an entering fleet has rolled for it (12.2: after the other side has set up); ``mode`` says
how: "any" area of the zone, all in "one" of them, a "cluster" of one zone area and the areas
adjacent to it (ruling I11), or "apart" from the side's other fleets (12.2). Cargo stays aboard
its transport off the board and fighters aboard their carriers (12.2): neither is in a group.

A planetary battle (13)::

    {"kind": "planetary", "planet": "sol_1",
     "invader": "imperial",        # the moving player (13.0, ruling I14)
     "fleets": ["fleet:IF1"],      # the invader's fleets in orbit (13.0)
     "box": "box:sol_1",           # the defender's units stay "at" the box, on its map or not
     "world": "terran",            # whose World the planet is: 4-6 for its batteries (13.1)
     "round": 0, "rounds": 3,
     "hexes": {"T3": "B2"},        # the units on the planet map and their hex (13.2, 13.3)
     "destroyed": {"terran": [], "imperial": []}}  # ship types destroyed, as in a space battle

`wartable.games.imperium.planetary.start` adds ``then``, ``stage`` and ``outcome``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from wartable.engine import Context, State, msg
from wartable.games.imperium.board import Area
from wartable.games.imperium.carriers import room
from wartable.games.imperium.components import FIGHTER, MONITOR, SIDES, Force, Scenario
from wartable.games.imperium.movement import STACK, stacks
from wartable.games.imperium.state import (
    add_unit,
    comp,
    fleet,
    is_ship,
    new_state,
    ship_type,
    units_at,
)

REACH = 2  # the scenarios' "within 2 areas of 233"


def new_game_state(ctx: Context, options: dict[str, Any]) -> State:
    """The initial position of the scenario ``options["scenario"]``."""
    state = new_state(options)
    scenario = scenario_of(comp(state).scenarios, options["scenario"])
    assert scenario is not None  # checked with the options
    state["scenario"] = scenario.id
    for side in SIDES:
        _bring(ctx, state, scenario, scenario.forces[side])
    if scenario.kind == "planetary":
        assert scenario.planet is not None
        invader = scenario.mover
        earth = next(side for side in SIDES if side != invader)  # Sol 1 is Earth's World
        state["battle"] = planetary_battle(
            invader, [fleet(invader, 1)], scenario.planet.id, earth, scenario.rounds
        )
    else:
        state["battle"] = scenario_space_battle(state, scenario)
    return state


class Numbered(Protocol):
    @property
    def number(self) -> int | None: ...


Named = TypeVar("Named", bound=Numbered)


def scenario_of(scenarios: Mapping[str, Named], chosen: object) -> Named | None:
    """The scenario an option names: by its id ("s2") or by its number in the book (2, "2");
    a battle of the book (`Scenario`) or a war (`war.galaxy.War`)."""
    if isinstance(chosen, str) and chosen in scenarios:
        return scenarios[chosen]
    return next((s for s in scenarios.values() if str(s.number) == str(chosen)), None)


def _bring(ctx: Context, state: State, scenario: Scenario, force: Force) -> None:
    """A side's force in its fleet, or in the planet box for the defender of a planet (Sc1);
    its drawn ground units with it. In a space battle its fighters start aboard its carriers
    as far as they have room (12.2, ruling I17)."""
    at = fleet(force.side, 1)
    if force.setup == "planet":
        assert scenario.planet is not None
        at = f"box:{scenario.planet.id}"
    for type_id, count in force.ships.items():
        for _ in range(count):
            add_unit(state, force.side, type_id, at)
    for kind, count in force.draw.items():
        for type_id in draw(ctx, state, force.side, kind, count):
            add_unit(state, force.side, type_id, at)
    if scenario.kind == "space":
        ships = units_at(state, at)
        for uid in ships:
            if ship_type(state, uid).code == FIGHTER:
                carrier = next((s for s in ships if room(state, s) > 0), None)
                if carrier is not None:
                    state["units"][uid].update(at=None, aboard=carrier)


def draw(ctx: Context, state: State, side: str, kind: str, count: int) -> list[str]:
    """Rule 9.0: infantry or drop troops are drawn at random from the side's counters of that
    kind not in play; returns the types drawn, and says them (units on a planet map are in
    plain sight, 13.2)."""
    c = comp(state)
    cup = c.counters(side, kind)
    for unit in state["units"].values():
        if unit["type"] in cup:
            cup.remove(unit["type"])
    drawn = [cup.pop(ctx.pick(len(cup))) for _ in range(count)]
    names = [c.ground[t].name for t in drawn]
    ctx.say(
        msg(
            f"{c.sides[side]['en']} draws {count} at random: " + ", ".join(n["en"] for n in names),
            f"{c.sides[side]['ja']}は無作為に{count}個を引く: " + "、".join(n["ja"] for n in names),
        ),
        rule="9.0",
    )
    return drawn


def planetary_battle(
    invader: str,
    fleets: list[str],
    planet: str,
    world: str | None,
    rounds: int,
    on_map: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Rule 13.0: `invader`'s fleets (locations: "fleet:IF3") attack `planet`; the defender's
    units wait in its box to be placed on the map (13.2), the invader's in orbit to land
    (13.3). `world`: the side whose World the planet is, if any (13.1); `rounds` of surface
    combat (ruling I15 for scenario 1, I119 for the war). `on_map`: on a contested planet, the
    units of both sides already in its box and their hexes: they start on the map where they
    were, and a contested planet is not bombarded (13.4, `bombard.begin`)."""
    return {
        "kind": "planetary",
        "planet": planet,
        "invader": invader,
        "fleets": fleets,
        "box": f"box:{planet}",
        "world": world,
        "round": 0,
        "rounds": rounds,
        "hexes": dict(on_map or {}),
        "destroyed": {side: [] for side in SIDES},
    }


def scenario_space_battle(state: State, scenario: Scenario) -> dict[str, Any]:
    """Scenarios 2-5: each side sets up as the book says instead of 12.2 (Q1)."""
    board = comp(state).board
    planet = scenario.planet_at_centre
    near_planet = list(board.within(board.planet, REACH, planet))
    groups = []
    for side in SIDES:
        force = scenario.forces[side]
        mode = {"within_2": "any", "one_area": "one", "cluster": "cluster"}.get(force.setup, "any")
        zone = None if force.setup == "enter" else near_planet
        groups.append(_group(state, side, fleet(side, 1), mode, zone))
    groups.sort(key=lambda g: g["zone"] is None)  # the side that enters sets up last (12.2)
    return _space_battle(scenario.mover, planet, scenario.rounds, groups)


def galactic_battle(
    state: State, mover: str, moving: list[str], staying: list[str], planet: bool
) -> dict[str, Any]:
    """Rule 12.2, for the galactic war: a space battle in a system where the fleets `moving`
    (locations: "fleet:TF3") of `mover` meet the enemy's fleets `staying`. The side that did
    not move sets up first, each fleet apart from the others, in the areas adjacent to 233; then
    each moving fleet rolls for its own entry (`roll_entry`) and sets up there. `planet`: whether
    the system has one. Cargo and carried fighters stay aboard, off the board."""
    other = next(side for side in SIDES if side != mover)
    around = list(comp(state).board.around_planet())
    groups = [
        *(_group(state, other, f, "apart", around) for f in staying),
        *(_group(state, mover, f, "any", None) for f in moving),
    ]
    return _space_battle(mover, planet, 3, groups)  # 12.3: three rounds


def _space_battle(
    mover: str, planet: bool, rounds: int, groups: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "kind": "space",
        "planet": planet,
        "mover": mover,
        "round": 0,
        "rounds": rounds,
        "initiative": None,
        "groups": groups,
        "areas": {},
        "waiting": {},
        "destroyed": {side: [] for side in SIDES},
        "left": {side: [] for side in SIDES},
    }


def _group(
    state: State, side: str, where: str, mode: str, zone: list[Area] | None
) -> dict[str, Any]:
    """The ships at `where` (what they carry is not at it) that set up together; from a planet
    box ("box:sol_1") only its monitors: the fighters there defend the planet, not its space
    (11.7, 11.8, 12.2)."""
    ships = [uid for uid in units_at(state, where) if is_ship(state, uid)]
    if where.startswith("box:"):
        ships = [uid for uid in ships if ship_type(state, uid).code == MONITOR]
    return {"side": side, "fleet": where, "units": ships, "mode": mode, "zone": zone, "entry": None}


def roll_entry(ctx: Context, state: State, index: int) -> None:
    """Rule 12.2: the moving player rolls a die for the triangle the fleet enters by, and a
    second (a 6 rolled again) for the area in front of it; the fleet sets up in that area or
    any area adjacent to it."""
    battle = state["battle"]
    group = battle["groups"][index]
    board = comp(state).board
    side = group["side"]
    (triangle,) = ctx.roll(side, 1, "12.2", msg("entry triangle", "入場する三角形"))
    die = 6
    while die == 6:
        (die,) = ctx.roll(
            side, 1, "12.2", msg("entry area (a 6 is rolled again)", "入場エリア(6は振り直し)")
        )
    area = board.entry_area(triangle, die)
    group["entry"] = {"triangle": triangle, "area": area}
    group["zone"] = list(board.zone(area, battle["planet"]))
    ctx.say(
        msg(
            f"{comp(state).sides[side]['en']} enters by triangle {triangle} at area {area}",
            f"{comp(state).sides[side]['ja']}は三角形{triangle}からエリア{area}に入場",
        ),
        rule="12.2",
        area=area,
    )


def legal_areas(state: State, uid: str) -> list[Area]:
    """Where a ship still to set up may go: its group's zone, as its mode allows, with room
    for it (12.5: at most 12 ships of a side in an area)."""
    battle = state["battle"]
    group = next(g for g in battle["groups"] if uid in g["units"])
    if uid in battle["areas"]:
        return []
    return group_areas(state, group)


def group_areas(state: State, group: dict[str, Any]) -> list[Area]:
    """Where any ship of `group` still to set up may go (the same for each of them)."""
    battle = state["battle"]
    if group["zone"] is None:
        return []
    board = comp(state).board
    areas = battle["areas"]
    mine = stacks(state, group["side"])
    placed = {areas[u] for u in group["units"] if u in areas}
    zone: list[Area] = group["zone"]
    if group["mode"] == "one" and placed:
        zone = sorted(placed)
    elif group["mode"] == "cluster":
        clusters = [set(board.zone(centre, battle["planet"])) for centre in zone]
        zone = sorted({a for cluster in clusters if placed <= cluster for a in cluster})
    elif group["mode"] == "apart":
        taken = {
            a
            for u, a in areas.items()
            if u not in group["units"] and state["units"][u]["side"] == group["side"]
        }
        zone = [a for a in zone if a not in taken] or zone  # ruling I18
    return [a for a in zone if mine[a] < STACK]


def place(state: State, uid: str, area: Area) -> None:
    """Set a ship up in an area `legal_areas` allows."""
    if area not in legal_areas(state, uid):
        raise ValueError(f"{uid} may not set up in area {area}")
    state["battle"]["areas"][uid] = area
