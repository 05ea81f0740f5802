"""Interstellar movement (rule 11.0-11.4, 11.8): what a fleet may do on the galactic map, as pure
functions of the state.

- 11.1: a fleet jumps star to star along the jump routes, at most 5 jumps (light ships), 4
  (capital ships) or 3 (non-warships) in one action, the slowest ship setting the fleet's pace; a
  damaged ship jumps one less, never under 1.
- 11.0, 11.6, 11.8: only FTL ships jump; a fleet holding a loose fighter, a monitor or a loose
  ground unit does not move (ruling I116: the loose cargo must be loaded first).
- 11.2: a fleet entering a star without planets (type A: Sirius, Altair) stops.
- 11.3, Q7: a fleet entering a system with an enemy fleet, or an enemy monitor alone in a
  planet box, stops; the enemy says whether any ship there is more than a fighter, a scout or
  an auxiliary (`disclosure`).
- 11.4: any number of fleets share a system; the mover fights all the enemy's there at once.
- 16.0, B.2 Peace Negotiations: in peace no fleet enters a system with an enemy fleet, World or
  Outpost; during the negotiations none enters a system with enemy units — those the mover
  knows of (`knowledge`); a lone monitor he had not seen stops him there without a battle
  (`activation.arrive`, ruling I129).
"""

from __future__ import annotations

from wartable.engine import State
from wartable.engine.graph import steps_from
from wartable.games.imperium.components import FIGHTER, MONITOR, ShipType
from wartable.games.imperium.flow import other
from wartable.games.imperium.state import Placed, is_ship, ship_type, units_at
from wartable.games.imperium.war import knowledge
from wartable.games.imperium.war.galaxy import HOMES, NO_PLANETS
from wartable.games.imperium.war.state import (
    battles,
    box,
    fleet_at,
    fleets_in,
    gal,
    is_deep,
    planets_of,
)

JUMPS = {"light": 5, "capital": 4, "auxiliary": 3}  # rule 11.1
SCREENING = (FIGHTER, "SC")  # 11.3: with the auxiliaries, the ships that do not force a battle
NEGOTIATIONS = "peace_negotiations"  # B.2


def ships_of(state: State, number: str, placed: Placed | None = None) -> list[str]:
    """The ships in a fleet, not what they carry (`placed`: as for `units_at`)."""
    return [uid for uid in units_at(state, fleet_at(number), placed) if is_ship(state, uid)]


def max_jumps(state: State, number: str, placed: Placed | None = None) -> int:
    """Rule 11.1: the jumps a fleet may make in one action; 0 when it cannot move at all (a
    non-FTL ship or loose cargo in it, no ship: 11.0, 11.6, 11.8, ruling I116)."""
    if not movable(state, number, placed):
        return 0
    units, types = state["units"], battles(state).ships
    fleet = [units[uid] for uid in units_at(state, fleet_at(number), placed)]
    return min(jumps(types[u["type"]], u["damaged"]) for u in fleet)


def movable(state: State, number: str, placed: Placed | None = None) -> bool:
    """Whether a fleet may move at all (`max_jumps` above 0): it holds ships, all of them FTL,
    and no loose cargo (`placed`: as for `units_at`)."""
    units, types = state["units"], battles(state).ships
    fleet = units_at(state, fleet_at(number), placed)
    return bool(fleet) and all(
        (kind := types.get(units[uid]["type"])) is not None and kind.ftl for uid in fleet
    )


def ship_jumps(state: State, uid: str) -> int:
    """Rule 11.1: the jumps one ship allows."""
    return jumps(ship_type(state, uid), state["units"][uid]["damaged"])


def jumps(kind: ShipType, damaged: bool) -> int:
    """Rule 11.1: the jumps a ship of this type allows (damaged: one less, never under 1)."""
    limit = JUMPS[kind.cls]
    return max(1, limit - 1) if damaged else limit


def enemy_fleets(state: State, system: str, side: str) -> list[str]:
    """The places of the enemy's fleets in a system (11.3, 11.4): its fleet markers with a unit,
    and its planet boxes holding a monitor, each monitor box a fleet of its own (Q7)."""
    enemy = other(side)
    found = [fleet_at(n) for n in fleets_in(state, system, enemy) if units_at(state, fleet_at(n))]
    for planet in planets_of(state, system):
        if any(_is(state, uid, MONITOR, enemy) for uid in units_at(state, box(planet))):
            found.append(box(planet))
    return found


def _is(state: State, uid: str, code: str, side: str) -> bool:
    unit = state["units"][uid]
    return unit["side"] == side and is_ship(state, uid) and ship_type(state, uid).code == code


def disclosure(state: State, places: list[str]) -> bool:
    """Rule 11.3: whether the enemy's fleets at `places` hold any ship other than fighters,
    scouts and auxiliaries (monitors count: Q6, Q7) — the one thing the enemy must say."""
    return any(
        is_ship(state, uid) and warship(state, uid) for at in places for uid in units_at(state, at)
    )


def warship(state: State, uid: str) -> bool:
    """Rule 11.3: a ship other than a fighter, a scout or an auxiliary."""
    return warship_type(ship_type(state, uid))


def warship_type(kind: ShipType) -> bool:
    """Rule 11.3: whether ships of this type are warships (`warship`)."""
    return kind.cls != "auxiliary" and kind.code not in SCREENING


def stops(state: State, system: str, side: str) -> bool:
    """Rules 11.2, 11.3: a fleet entering `system` must stop there."""
    return a_type(state, system) or bool(enemy_fleets(state, system, side))


def a_type(state: State, system: str) -> bool:
    """Rule 11.2: a star without planets (an interstellar hex is no star, 17.1)."""
    return not is_deep(system) and gal(state).systems[system].star == NO_PLANETS


def may_enter(state: State, system: str, side: str) -> bool:
    """16.0 and B.2 Peace Negotiations: the systems a fleet may not enter, in peace or during
    the negotiations (ruling I117), as the mover knows them (`knowledge`, ruling I129)."""
    war = state["war"]
    if war["peace"] is None and war["event"] != NEGOTIATIONS:
        return True  # at war, every system is open
    enemy = other(side)
    planets = planets_of(state, system)
    if war["peace"] is not None:
        owned = any(war["planets"].get(p, {}).get("owner") == enemy for p in planets)
        return not owned and not knowledge.fleets(state, system, side)
    seen = any(knowledge.units_in(state, side, p) for p in planets)  # the negotiations
    return not seen and not knowledge.fleets(state, system, side)


def at_peace(state: State) -> bool:
    """In peace (16.0) or during Peace Negotiations (B.2) no battle is fought (ruling I129)."""
    war = state["war"]
    return war["peace"] is not None or war["event"] == NEGOTIATIONS


def jumps_from(state: State, system: str, side: str) -> list[str]:
    """The stars one jump from `system` a fleet of `side` may enter (3.2, 11.1), in map order."""
    if is_deep(system):
        return []  # 17.1: no jump route reaches an interstellar hex
    return [s for s in gal(state).jumps[system] if may_enter(state, s, side)]


def home_distance(state: State, side: str) -> dict[str, int]:
    """Jumps from every star to the nearest of `side`'s homes (12.3's "closer to home")."""
    links = gal(state).links
    return steps_from(HOMES[side], lambda here: sorted(links[here]))


def enemy_warships_in(state: State, system: str, side: str) -> bool:
    """Q8: whether the enemy has a warship (not an auxiliary) in `system`; batteries do not
    count."""
    return any(
        is_ship(state, uid) and ship_type(state, uid).cls != "auxiliary"
        for at in enemy_fleets(state, system, side)
        for uid in units_at(state, at)
    )
