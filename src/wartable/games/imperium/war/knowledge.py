"""What a side knows of the enemy's forces when it decides (D.1, 11.3, 17.2; rulings I121,
I127-I129): the fleet markers on the map (3.2), the World and Outpost markers, what 11.3 made
the enemy say on contact (``war["disclosed"]``), and the enemy units it has seen and that are
still where it saw them (`hidden.known`: a battle, a scout's report). Pure functions of that
public record: the orders a player may give are computed from them, never from what stands
unseen in the enemy's fleets and planet boxes. What the enemy has that the player did not know
comes out when the rules make the enemy speak (`activation`, `contact`: a stop, a refused
retreat or landing)."""

from __future__ import annotations

from wartable.engine import State
from wartable.games.imperium.components import MONITOR
from wartable.games.imperium.flow import other
from wartable.games.imperium.state import is_ship, ship_type
from wartable.games.imperium.war.control import HOLDERS
from wartable.games.imperium.war.state import (
    battles,
    box,
    fleet_at,
    fleets_in,
    known,
    planets_of,
)


def seen(state: State, side: str) -> dict[str, str]:
    """The enemy units `side` has seen, by the place they are still in (I121)."""
    units = state["units"]
    return {uid: at for uid, at in known(state).items() if units[uid]["side"] != side}


def fleets(state: State, system: str, side: str) -> list[str]:
    """The enemy fleets `side` knows of in `system`: the enemy's fleet markers there, and the
    planet boxes where it has seen an enemy monitor (Q7; ruling I129)."""
    found = [fleet_at(n) for n in fleets_in(state, system, other(side))]
    monitors = {
        at
        for uid, at in seen(state, side).items()
        if is_ship(state, uid) and ship_type(state, uid).code == MONITOR
    }
    return found + [box(p) for p in planets_of(state, system) if box(p) in monitors]


def bars_retreat(state: State, system: str, side: str) -> bool:
    """Q8 as `side` knows it (ruling I127): an enemy fleet in `system` that said on contact it
    holds warships (11.3), or an enemy ship other than an auxiliary seen there."""
    enemy = fleets_in(state, system, other(side))
    disclosed = state["war"].get("disclosed", {})
    if any(disclosed.get(number) for number in enemy):
        return True
    places = set(fleets(state, system, side))
    return any(
        at in places and is_ship(state, uid) and ship_type(state, uid).cls != "auxiliary"
        for uid, at in seen(state, side).items()
    )


def units_in(state: State, side: str, planet: str, kinds: tuple[str, ...] | None = None) -> bool:
    """Whether `side` has seen enemy units in the planet's box (of `kinds` only: ground kinds)."""
    ground, where = battles(state).ground, box(planet)
    types = [state["units"][uid]["type"] for uid, at in seen(state, side).items() if at == where]
    if kinds is None:
        return bool(types)
    return any(t in ground and ground[t].kind in kinds for t in types)


def held(state: State, side: str, planet: str) -> bool:
    """13.0 as `side` knows it (ruling I128): the enemy's World or Outpost marker is on the
    planet, or it has seen enemy ground units or batteries in its box (a contested planet's
    are seen in the battle that left it contested)."""
    marker = state["war"]["planets"].get(planet)
    if marker is not None and marker["owner"] == other(side):
        return True
    return units_in(state, side, planet, HOLDERS)
