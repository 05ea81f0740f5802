"""Maintenance (rule 14.1): after the action segments each side, Earth first, pays for its ships
and ground units. It may leave any of them unpaid (``{"unpaid": "T12"}``, ruling I114), then
pays for the rest (``{"pay": True}``) once it can.

A ship costs the maintenance value of the side of its counter now up; each friendly World in
its system gives 20, each friendly Outpost 6, for the ships of that system only (contested
planets give nothing, 7.4); what they leave is paid from the stockpile, and only where the
system can trace a path free of enemy fleets to a friendly World (`connection.supplied`). A
ground unit or battery costs 1, from the stockpile (ruling I114). Costs double in peace (16.0).

Each unpaid ship rolls 1d6, +1 in a system with a friendly World, Outpost or one of its side's
ARs: at or below its maintenance value it is damaged, or removed if already damaged or without
a damaged side. Each unpaid ground unit rolls 1d6, +1 on a planet with a friendly World: at or
below 2 it is reduced, or removed if already reduced.
"""

from __future__ import annotations

from collections import defaultdict

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import SIDES
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.state import is_ship, ship_type
from wartable.games.imperium.war.connection import Board, supplied
from wartable.games.imperium.war.control import controller
from wartable.games.imperium.war.flow import pass_on, phase
from wartable.games.imperium.war.state import (
    OUTPOST,
    WORLD,
    battles,
    fleet_at,
    gal,
    lose,
    marker,
    planets_of,
    system_of_unit,
)

GROUND_LIMIT = 2  # 14.1: an unpaid ground unit is reduced on 2 or less
PEACE_FACTOR = 2  # 16.0: maintenance costs double in peace
AR = "AR"  # the repair ship: +1 to the roll of an unpaid ship in its system (14.1)


@phase("maintenance")
def begin(ctx: Context, state: State) -> None:
    state["war"]["unpaid"] = []
    wait(state, "upkeep", side=SIDES[0])


def upkeep(state: State, side: str) -> list[str]:
    """The side's ships and ground units in play, in id order (an Outpost carried to be set up
    costs nothing)."""
    return list(_in_play(state, side))


def _in_play(state: State, side: str) -> dict[str, str]:
    """`upkeep`'s units, each with the system it is in."""
    boxes = gal(state).box_systems
    fleets = {fleet_at(n): f["system"] for n, f in state["war"]["fleets"].items()}
    found = {}
    for uid, u in state["units"].items():
        if u["side"] != side or u["type"] == OUTPOST:
            continue
        if u["aboard"] is not None:
            system = system_of_unit(state, uid)
        else:  # `system_of_unit`, each place looked up once: asked at each decision
            system = fleets.get(u["at"]) or boxes.get(u["at"])
        if system:
            found[uid] = system
    return found


def factor(state: State) -> int:
    return PEACE_FACTOR if state["war"]["peace"] is not None else 1


def cost(state: State, uid: str) -> int:
    """What keeping one unit costs this turn (14.1, 16.0)."""
    unit = state["units"][uid]
    ship = battles(state).ships.get(unit["type"])
    if ship is not None:
        price = ship.face(unit["damaged"]).maintenance
    else:
        price = gal(state).maintenance["ground"]
    return price * factor(state)


def support(state: State, side: str, system: str, board: Board | None = None) -> int:
    """Rule 14.1: the free maintenance the side's Worlds and Outposts in a system give its ships
    there, each counted (ruling I114). `board`: `side`'s `Board` of this state, if at hand."""
    rates = gal(state).maintenance
    if board is None:
        board = Board(state, side)
    return sum(
        rates[m["marker"]]
        for p in planets_of(state, system)
        if (m := marker(state, p)) is not None and board.controller(p) == side
    )


def bill(state: State, side: str) -> int | None:
    """What paying for every unit not left unpaid takes from the stockpile; None when it cannot
    be paid (a system out of supply whose ships cost more than its free maintenance)."""
    return _settle(state, side, _costs(state, side, _in_play(state, side)))


Costs = tuple[int, dict[str, int]]  # the ground units' total, the ships' by system (`_costs`)


def _costs(state: State, side: str, kept: dict[str, str]) -> Costs:
    """What keeping the units of `kept` (`_in_play`) not left unpaid costs, before the free
    maintenance: the ground units' total (paid from the stockpile), the ships' by system."""
    unpaid = set(state["war"]["unpaid"])
    units, types = state["units"], battles(state).ships
    prices: dict[tuple[str, bool], int] = {}  # `cost` depends on the type and face only
    ships: dict[str, int] = defaultdict(int)
    ground = 0
    for uid, system in kept.items():
        if uid in unpaid:
            continue
        unit = units[uid]
        key = (unit["type"], unit["damaged"])
        price = prices.get(key)
        if price is None:
            price = prices[key] = cost(state, uid)
        if key[0] in types:  # a ship
            ships[system] += price
        else:
            ground += price
    return ground, ships


def _settle(state: State, side: str, costs: Costs) -> int | None:
    """`bill` from `_costs`: each system's ships less its free maintenance, from the stockpile
    where the system is supplied."""
    total, ships = costs
    board = Board(state, side)  # every system's question asked of the one state
    for system, owed in ships.items():
        short = max(0, owed - support(state, side, system, board))
        if short and not supplied(state, side, system, board):
            return None
        total += short
    return total


def _floor(state: State, side: str, costs: Costs) -> int:
    """A floor under `bill` that needs no look at control or supply: the free maintenance of
    each of the side's Worlds and Outposts counted, contested or not."""
    rates, markers = gal(state).maintenance, state["war"]["planets"]
    total, ships = costs
    for system, owed in ships.items():
        mine = [markers.get(p) for p in planets_of(state, system)]
        free = sum(rates[m["marker"]] for m in mine if m is not None and m["owner"] == side)
        total += max(0, owed - free)
    return total


def _legal(state: State, side: str) -> list[Action]:
    unpaid, stockpile = set(state["war"]["unpaid"]), state["war"]["resources"][side]
    kept = _in_play(state, side)
    costs = _costs(state, side, kept)
    # most often the floor alone is more than the stockpile: then the bill's look at control
    # and supply is not needed
    owed = None if _floor(state, side, costs) > stockpile else _settle(state, side, costs)
    pay = [{"pay": True}] if owed is not None and owed <= stockpile else []
    return [*pay, *({"unpaid": uid} for uid in kept if uid not in unpaid)]


def _upkeep(ctx: Context, state: State, side: str, action: Action) -> None:
    war = state["war"]
    if "unpaid" in action:
        war["unpaid"].append(action["unpaid"])
        return
    owed = bill(state, side)
    assert owed is not None
    war["resources"][side] -= owed
    for uid in war["unpaid"]:
        _neglect(ctx, state, uid)
    war["unpaid"] = []
    pass_on(ctx, state, side)


def _neglect(ctx: Context, state: State, uid: str) -> None:
    """An unpaid unit's roll (14.1)."""
    if uid not in state["units"]:  # gone with the transport that carried it
        return
    unit, side = state["units"][uid], state["units"][uid]["side"]
    # the die is public, the unit it is for is the owner's secret (ruling I121)
    (die,) = ctx.roll(side, 1, "14.1", msg("maintenance of an unpaid unit", "未払いユニットの整備"))
    ctx.say(msg(f"that die was for {uid}", f"{uid}のためのダイス"), to=[side], rule="14.1")
    if is_ship(state, uid):
        t = ship_type(state, uid)
        failed = die + _helped(state, uid) <= t.face(unit["damaged"]).maintenance
        flips = t.back is not None
    else:
        on_world = _planet_marker(state, uid) == WORLD
        failed = die + int(on_world) <= GROUND_LIMIT
        flips = True
    if not failed:
        return
    if unit["damaged"] or not flips:
        lose(state, uid)
    else:
        unit["damaged"] = True


def _helped(state: State, uid: str) -> int:
    """+1 for an unpaid ship in a system with a friendly World, Outpost or AR (14.1)."""
    side, system = state["units"][uid]["side"], str(system_of_unit(state, uid))
    planets = planets_of(state, system)
    if any(controller(state, p) == side for p in planets):
        return 1
    ships = battles(state).ships
    return int(
        any(
            u["side"] == side
            and u["type"] in ships
            and ships[u["type"]].code == AR
            and system_of_unit(state, other) == system
            for other, u in state["units"].items()
        )
    )


def _planet_marker(state: State, uid: str) -> str | None:
    """The kind of friendly marker on the planet a ground unit stands on, if any."""
    at = state["units"][uid]["at"] or ""
    kind, _, planet = at.partition(":")
    if kind != "box":
        return None
    m = marker(state, planet)
    side = state["units"][uid]["side"]
    return m["marker"] if m is not None and controller(state, planet) == side else None


def _words(state: State, side: str, action: Action) -> Msg:
    if "pay" in action:
        return msg(f"pay maintenance ({bill(state, side)})", f"整備費を支払う({bill(state, side)})")
    return msg(f"leave {action['unpaid']} unpaid", f"{action['unpaid']}の整備費を払わない")


step("upkeep", lambda state: (state["step"]["side"],), _legal, _upkeep, _words)
