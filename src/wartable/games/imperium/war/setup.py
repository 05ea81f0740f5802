"""The initial position of a galactic war: scenarios 6-8 and the campaign game (set up as
scenario 6), from the data of galaxy.toml.

`new_war_state` lays each side's World and Outpost markers, the prestige, the stockpiles, the
Imperial budget and permissions, and takes each side's forces out of the counter mix into its
pool, its infantry and drop troops drawn at random (9.0). The forces are then set up one unit
at a time (`places`, `place`; the scenarios' rules): ships in a fleet in a system holding one of
the side's Worlds or Outposts, monitors in a planet box of a system with one of its Worlds,
ground units and fighters in the planet boxes of its Worlds and Outposts (11.7) or aboard its
transports (11.5) and carriers (11.6), as decisions (`begin`); `deploy` sets up a whole side by
a fixed rule, for quick starts and tests.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.carriers import room as fighter_room
from wartable.games.imperium.components import FIGHTER, MONITOR, SIDES
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.state import (
    Placed,
    add_unit,
    by_carrier,
    by_place,
    carried_by,
    is_ship,
    new_state,
    ship_type,
    units_at,
)
from wartable.games.imperium.war.flow import pass_on
from wartable.games.imperium.war.galaxy import HOMES, War
from wartable.games.imperium.war.state import (
    OUTPOST,
    WORLD,
    battles,
    box,
    fleet_at,
    fleets_in,
    gal,
    new_fleet,
    pool,
)
from wartable.games.imperium.war.terraform import allows

TROOPS = ("infantry", "drop")  # a "troops" draw is from both cups (Sc7)


def new_war_state(ctx: Context, options: dict[str, Any]) -> State:
    """The initial position of the war ``options["scenario"]`` ("s6"-"s8", "campaign"), its
    forces in the pools, not yet set up."""
    state = new_state({k: v for k, v in options.items() if k != "galaxy"})
    state["galaxy"] = options.get("galaxy", {})
    war = gal(state).wars[options["scenario"]]
    state["war"] = {
        "scenario": war.id,
        "turn": 1,
        "war_turn": 1,
        "war": 1,
        "peace": None,
        "phase": "setup",
        "ended": None,
        "prestige": war.prestige,
        "net": 0,
        "resources": {side: war.stockpile.get(side, 0) for side in SIDES},
        "budget": war.budget if war.budget is not None else gal(state).income["imperial"].base,
        "recession": 0,
        "event": None,
        "civil_war": False,
        "offensives": [],
        "temporary": [],
        "unpaid": [],
        "upgrades": {},
        "permissions": list(war.permissions),
        "appeals": {"forbidden": False, "made": False},
        "planets": {},
        "fleets": {},
        "track": {},
        "terraforming": {},  # 17.3: payments toward planets being terraformed
        "terraformed": sorted(p for f in war.forces.values() for p in f.terraformed),  # Sc8
    }
    for side in SIDES:
        _markers(state, war, side)
        _forces(ctx, state, war, side)
    return state


def _markers(state: State, war: War, side: str) -> None:
    force = war.forces[side]
    for planet in force.worlds:
        state["war"]["planets"][planet] = {"marker": WORLD, "owner": side}
    for planet in force.outposts:
        state["war"]["planets"][planet] = {"marker": OUTPOST, "owner": side}


def _forces(ctx: Context, state: State, war: War, side: str) -> None:
    force, c = war.forces[side], battles(state)
    for type_id, count in force.ships.items():
        for _ in range(count):
            add_unit(state, side, type_id, pool(side))
    battery = next(g.id for g in c.ground.values() if (g.side, g.kind) == (side, "battery"))
    for _ in range(force.batteries):
        add_unit(state, side, battery, pool(side))
    for kind, count in force.draw.items():
        for type_id in draw(ctx, state, side, TROOPS if kind == "troops" else (kind,), count):
            add_unit(state, side, type_id, pool(side))


def draw(ctx: Context, state: State, side: str, kinds: tuple[str, ...], count: int) -> list[str]:
    """Rule 9.0: ground counters drawn at random from those of `kinds` neither in play nor on
    the turn record track; said to their owner only (what stands in a planet box is hidden,
    D.1)."""
    c = battles(state)
    cup = [t for kind in kinds for t in c.counters(side, kind)]
    track = [a for arrivals in state["war"]["track"].values() for a in arrivals]
    for unit in [*state["units"].values(), *track]:
        if unit["type"] in cup:
            cup.remove(unit["type"])
    drawn = [cup.pop(ctx.pick(len(cup))) for _ in range(count)]
    names = [c.ground[t].name for t in drawn]
    ctx.say(
        msg(
            f"{c.sides[side]['en']} draws {count} at random: " + ", ".join(n["en"] for n in names),
            f"{c.sides[side]['ja']}は無作為に{count}個を引く: " + "、".join(n["ja"] for n in names),
        ),
        to=[side],
        rule="9.0",
    )
    return drawn


def waiting(state: State, side: str) -> list[str]:
    """A side's units still to set up, in id order."""
    where = pool(side)
    return [uid for uid, u in state["units"].items() if u["at"] == where]


def places(state: State, uid: str) -> list[str]:
    """Where a unit may be set up (Sc6-8): "system:<id>" (into the side's fleet there, a new
    one if it has none), "box:<planet>", or "aboard:<ship>"."""
    side, c = state["units"][uid]["side"], battles(state)
    if is_ship(state, uid):
        code = ship_type(state, uid).code
        if code == MONITOR:
            return [box(p) for p in _monitor_planets(state, side)]
        found = [f"system:{s}" for s in _roomy_systems(state, side)]
        if code == FIGHTER:
            found += _boxes(state, side, "fighter") + _aboard(state, side, carrier=True)
        return found
    kind = c.ground[state["units"][uid]["type"]].kind
    return _boxes(state, side, kind) + _aboard(state, side, carrier=False)


def place(state: State, uid: str, where: str) -> None:
    """Set a unit up at a place `places` gives."""
    assert where in places(state, uid), f"{uid} cannot be set up at {where}"
    _put(state, uid, where)


def _put(state: State, uid: str, where: str) -> None:
    """`place`, for a place just taken from `places`."""
    unit, (kind, _, name) = state["units"][uid], where.partition(":")
    if kind == "aboard":
        unit.update(at=None, aboard=name)
    elif kind == "box":
        unit["at"] = where
    else:
        mine = fleets_in(state, name, unit["side"])
        number = mine[0] if mine else new_fleet(state, unit["side"], name)
        assert number is not None
        unit["at"] = fleet_at(number)


def deploy(state: State, side: str) -> None:
    """Set up a side's whole force by a fixed rule: transports and carriers first, every ship in
    one fleet at its first home (8.0), monitors at its first World, fighters aboard carriers
    while they have room, ground units spread one at a time over the planets that take them."""
    home = HOMES[side][0]
    for uid in sorted(waiting(state, side), key=lambda u: _order(state, u)):
        options = places(state, uid)  # each place below is one of these: `_put` it
        if f"system:{home}" in options and not _is_fighter(state, uid):
            _put(state, uid, f"system:{home}")
            continue
        carriers = [o for o in options if o.startswith("aboard:")]
        if _is_fighter(state, uid) and carriers:
            _put(state, uid, carriers[0])
            continue
        boxes = [o for o in options if o.startswith("box:")]
        if boxes:
            placed = by_place(state, boxes)  # what each box holds, looked up once
            _put(state, uid, min(boxes, key=lambda b: len(placed[b])))
        else:
            _put(state, uid, options[0])


def _order(state: State, uid: str) -> tuple[int, str]:
    """Ships that carry first, then the other ships, then what they carry."""
    if not is_ship(state, uid):
        return (2, uid)
    t = ship_type(state, uid)
    return (0 if t.cargo or t.front.fighters else 1, uid)


def _is_fighter(state: State, uid: str) -> bool:
    return is_ship(state, uid) and ship_type(state, uid).code == FIGHTER


def _systems(state: State, side: str) -> list[str]:
    """The systems holding one of the side's Worlds or Outposts, in map order."""
    owned = {p for p, m in state["war"]["planets"].items() if m["owner"] == side}
    return [s.id for s in gal(state).systems.values() if owned & set(s.planets)]


def _roomy_systems(state: State, side: str) -> list[str]:
    """The `_systems` with `fleet_room` for the side, from one look at the fleets."""
    mine = [f["system"] for f in state["war"]["fleets"].values() if f["side"] == side]
    spare = len(mine) < gal(state).markers["fleets"]
    return [s for s in _systems(state, side) if spare or s in mine]


def _monitor_planets(state: State, side: str) -> list[str]:
    """The planet boxes of the systems holding one of the side's Worlds (Sc6-8, 11.8)."""
    planets = state["war"]["planets"]
    return [
        p
        for s in gal(state).systems.values()
        if any(planets.get(q) == {"marker": WORLD, "owner": side} for q in s.planets)
        for p in s.planets
    ]


def fleet_room(state: State, side: str, system: str) -> bool:
    """A fleet of the side is there, or a fleet marker is free for one (Q3, Q4)."""
    if fleets_in(state, system, side):
        return True
    used = sum(1 for f in state["war"]["fleets"].values() if f["side"] == side)
    return used < gal(state).markers["fleets"]


def _boxes(state: State, side: str, kind: str) -> list[str]:
    """The planet boxes of the side's Worlds and Outposts that take a unit of `kind` and have
    room for it (11.7)."""
    c, mine = battles(state), [p for p, m in state["war"]["planets"].items() if m["owner"] == side]
    placed = by_place(state, [box(p) for p in mine])  # every box's units, looked up once
    return [
        box(planet)
        for planet in mine
        if allows(state, planet, kind)
        and filled(state, planet, placed) < c.planets[planet].map.capacity
    ]


def filled(state: State, planet: str, placed: Placed | None = None) -> int:
    """The units counting toward a planet box's capacity: all but monitors, which never stand
    on the planet (11.7, 11.8). `placed`: as for `units_at`."""
    return sum(
        1
        for uid in units_at(state, box(planet), placed)
        if not (is_ship(state, uid) and ship_type(state, uid).code == MONITOR)
    )


def _aboard(state: State, side: str, *, carrier: bool) -> list[str]:
    """The side's ships already set up that can take a fighter (`carrier`: carriers too) or a
    ground unit aboard (11.5, 11.6)."""
    waits = pool(side)
    ships = [
        uid
        for uid, u in state["units"].items()
        if u["side"] == side and is_ship(state, uid) and u["at"] != waits
    ]
    carried = by_carrier(state, ships)  # what each ship carries, looked up once
    found = []
    for uid in ships:
        t = ship_type(state, uid)
        hangar = carrier and t.front.fighters > 0 and fighter_room(state, uid, carried) > 0
        if len(carried_by(state, uid, carried)) < t.cargo or hangar:
            found.append(f"aboard:{uid}")
    return found


def begin(state: State) -> None:
    """The set-up as decisions: Earth sets up first, then the Imperium (ruling I106), each unit
    in id order (``{"place": "T3", "at": "system:sol"}``), or the rest of its force at once by
    `deploy`'s rule (``{"deploy": True}``)."""
    wait(state, "setup", side=SIDES[0])


def _legal(state: State, side: str) -> list[Action]:
    uid = waiting(state, side)[0]
    return [*({"place": uid, "at": where} for where in places(state, uid)), {"deploy": True}]


def _set_up(ctx: Context, state: State, side: str, action: Action) -> None:
    if "deploy" in action:
        deploy(state, side)
    else:
        place(state, action["place"], action["at"])
    if not waiting(state, side):
        pass_on(ctx, state, side)


def _words(state: State, side: str, action: Action) -> Msg:
    if "deploy" in action:
        return msg("set up the rest of the force", "残りの部隊を配置")
    uid, where = action["place"], action["at"]
    return msg(f"set up {uid} at {where}", f"{uid}を{where}に配置")


step("setup", lambda state: (state["step"]["side"],), _legal, _set_up, _words)
