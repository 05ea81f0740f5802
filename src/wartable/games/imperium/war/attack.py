"""Attacking a planet from the galactic war (rules 10.0, 13.0, 15.0), fought by part 1's
planetary combat (`wartable.games.imperium.planetary`).

An enemy-held planet is one with the enemy's World or Outpost marker, or the enemy's ground
units or batteries in its box (7.4) that the activating player has seen there (`knowledge`,
ruling I128). The activating player attacks it (``{"attack": "sol_1"}``)
with every fleet of his in the system that has not moved this segment, or with one of them
(``{"attack": "sol_1", "with": "IF2"}``), keeping the others for the star's other planet or
for later (ruling I119) — the fleets that attack are turned sideways
(10.0: moving and attacking a planet are separate actions) — while no enemy fleet he knows of
is in the system (its fleets are fought first: ruling I119; a monitor he has not seen in a
planet box does not bar it: I129), and never in peace or during Peace
Negotiations (16.0, B.2). The battle lasts three rounds of surface combat (ruling I119).

When it is over: a planet the invader alone holds takes his marker — the enemy's World or
Outpost marker changes hands, with its prestige (15.0: +3 or +1 when the Imperium takes an Earth
World or Outpost, -3 or -1 when Earth takes an Imperial one); a contested planet keeps its marker
(I105); a Terran battleship (B) destroyed opens the Earth BB (9.0, I110); what was paid toward
terraforming the planet is lost, and a terraformed planet the invader bombarded reverts, with its
prestige (17.3, `terraform`).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import planetary
from wartable.games.imperium.components import IMPERIAL, TERRAN
from wartable.games.imperium.flow import after_battle, other
from wartable.games.imperium.setup import planetary_battle
from wartable.games.imperium.state import Placed, in_orbit, is_ship, units_at
from wartable.games.imperium.war import knowledge
from wartable.games.imperium.war.hidden import reveal
from wartable.games.imperium.war.movement import NEGOTIATIONS
from wartable.games.imperium.war.prestige import change
from wartable.games.imperium.war.state import (
    WORLD,
    battles,
    box,
    fleet_at,
    fleets_in,
    gal,
    planets_of,
)
from wartable.games.imperium.war.terraform import fought_over
from wartable.games.imperium.war.transport import lock
from wartable.games.imperium.war.turns import resume

ROUNDS = 3  # ruling I119
CAPTURES = {  # 15.0: the prestige table's change when the invader takes the marker
    (IMPERIAL, WORLD): "capture_world",
    (IMPERIAL, "outpost"): "capture_outpost",
    (TERRAN, WORLD): "lose_world",
    (TERRAN, "outpost"): "lose_outpost",
}


def _attackers(
    state: State,
    side: str,
    system: str,
    placed: Placed | None = None,
    mine: list[str] | None = None,
) -> list[str]:
    fleets = state["war"]["fleets"]
    return [
        n
        for n in (fleets_in(state, system, side) if mine is None else mine)
        if not fleets[n]["moved"]
        and any(is_ship(state, uid) for uid in units_at(state, fleet_at(n), placed))
    ]


def orders(
    state: State,
    side: str,
    system: str,
    placed: Placed | None = None,
    mine: list[str] | None = None,
) -> list[Action]:
    """The attacks open in `system` (`placed`: as for `units_at`; `mine`: the side's fleets
    there, `fleets_in`, when at hand)."""
    war = state["war"]
    if war["peace"] is not None or war["event"] == NEGOTIATIONS:
        return []
    fleets = _attackers(state, side, system, placed, mine)
    if not fleets or knowledge.fleets(state, system, side):
        return []
    found: list[Action] = []
    for planet in planets_of(state, system):
        if knowledge.held(state, side, planet):
            found.append({"attack": planet})
            if len(fleets) > 1:  # ruling I119: one fleet alone, the others for the other planet
                found += [{"attack": planet, "with": n} for n in fleets]
    return found


def begin(ctx: Context, state: State, side: str, action: Action) -> None:
    planet = action["attack"]
    system = gal(state).system_of[planet]
    fleets = [action["with"]] if "with" in action else _attackers(state, side, system)
    for number in fleets:
        state["war"]["fleets"][number]["moved"] = True
    marker = state["war"]["planets"].get(planet)
    world = marker["owner"] if marker is not None and marker["marker"] == WORLD else None
    state["battle"] = planetary_battle(
        side, [fleet_at(n) for n in fleets], planet, world, ROUNDS, on_map(state, planet)
    )
    planetary.start(ctx, state, then="war_attack")


def _bombarded(state: State) -> bool:
    """Whether the invader's ships bombarded the planet in this battle (13.1)."""
    return bool(state["battle"].get("bombarded"))


def on_map(state: State, planet: str) -> dict[str, str]:
    """13.4: the units still on a contested planet's map since its last battle, and their
    hexes (none once it is no longer contested)."""
    units, where = state["units"], box(planet)
    kept = state["war"].get("surface", {}).get(planet, {})
    return {uid: h for uid, h in kept.items() if uid in units and units[uid]["at"] == where}


@after_battle("war_attack")
def _over(ctx: Context, state: State) -> None:
    battle = state["battle"]
    invader, planet = battle["invader"], battle["planet"]
    surface = state["war"].setdefault("surface", {})
    surface.pop(planet, None)
    if battle["outcome"]["control"] == "contested":  # 13.4: they stay where they are
        surface[planet] = {uid: h for uid, h in battle["hexes"].items() if uid in state["units"]}
    unlock(state, battle["destroyed"])
    lock(state, planet)  # 13.4: no one leaves it in this action
    fought_over(ctx, state, planet, invader, _bombarded(state))  # 17.3
    reveal(state, list(battle["outcome"]["on_planet"][invader]) + in_orbit(state))
    reveal(state, list(battle["outcome"]["on_planet"][other(invader)]))
    marker = state["war"]["planets"].get(planet)
    taken = battle["outcome"]["control"] == invader
    if taken and marker is not None and marker["owner"] != invader:
        change(state, CAPTURES[invader, marker["marker"]])
        marker["owner"] = invader
        ctx.say(msg(f"{planet} is taken", f"{planet}を占領"), rule="15.0")
    for number in list(state["war"]["fleets"]):
        if not units_at(state, fleet_at(number)):
            del state["war"]["fleets"][number]
    resume(ctx, state)


def unlock(state: State, destroyed: dict[str, list[str]]) -> None:
    """Rule 9.0, ruling I110: a Terran battleship (B) destroyed in combat opens the Earth BB."""
    ships = battles(state).ships
    if any(ships[t].code == "B" for t in destroyed[TERRAN]):
        state["war"]["earth_bb"] = True


def words(state: State, action: Action) -> Msg | None:
    if "attack" not in action:
        return None
    planet = action["attack"]
    if "with" in action:
        return msg(f"{action['with']} attacks {planet}", f"{action['with']}が{planet}を攻撃")
    return msg(f"attack {planet}", f"{planet}を攻撃")
