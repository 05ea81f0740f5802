"""Space battles of the galactic war (rules 11.3, 11.4, 12.2, 12.3, 15.0), fought by part 1's
space combat (`wartable.games.imperium.battle`).

`fight` lays out the battle of 12.2 (`setup.galactic_battle`) between the moving fleet and every
enemy fleet in the system, monitors alone in a planet box counting as fleets (11.4, Q7), and
starts it. When it is over (`_over`), the war applies its outcome:
- losses are gone already (`damage.destroy`, cargo with its transport: 11.5);
- 15.0: the winner of 12.3 scores a major victory — capital ships on both sides, or 10 ships or
  more on each — prestige +1 for the Imperium, -1 for Earth; a Terran B destroyed opens the
  Earth BB (9.0, I110);
- 12.3, 12.5: the ships that left the battle (retreated, or the mover's when both sides are
  still there after round 3: ruling I120) go, fleet by fleet, where their owner chooses
  (``{"retreat": "fleet:TF1", "to": "sol"}``): the system the fleet entered from, if it moved
  this segment, or a system one jump closer to one of its homes; never where the enemy has a
  warship (Q8: batteries do not stop it) — offered as the owner knows the map (`knowledge`);
  one where the enemy turns out to have ships is refused, the enemy saying so, and the owner
  chooses again (ruling I127). With no such system they are lost (Q9). Retreating is
  not moving (Q11): the fleet keeps its marker's state. Ships leaving a fleet whose other ships
  stay take a new marker, or join a fleet of theirs there, or are lost (Q4, ruling I120);
- 12.9, I33: fighters left over with no carrier stay in their fleet if it stays; if it leaves,
  they land in a planet box of the system that takes them (their side's or nobody's), or are
  lost (ruling I120).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import battle as space
from wartable.games.imperium.components import IMPERIAL, SIDES, TERRAN
from wartable.games.imperium.flow import after_battle, step, wait
from wartable.games.imperium.setup import galactic_battle
from wartable.games.imperium.state import units_at
from wartable.games.imperium.war import knowledge, regroup
from wartable.games.imperium.war.attack import unlock
from wartable.games.imperium.war.hidden import reveal
from wartable.games.imperium.war.movement import (
    enemy_fleets,
    enemy_warships_in,
    home_distance,
)
from wartable.games.imperium.war.prestige import change
from wartable.games.imperium.war.state import (
    battles,
    box,
    fleet_at,
    fleets_in,
    gal,
    is_deep,
    links,
    lose,
    new_fleet,
    place_name,
    planets_of,
)
from wartable.games.imperium.war.transport import fits
from wartable.games.imperium.war.turns import resume

MAJOR = 10  # 15.0: ten ships or more on each side
MAJOR_VICTORY = {IMPERIAL: "imperial_major_victory", TERRAN: "terran_major_victory"}


def fight(ctx: Context, state: State, side: str, number: str) -> None:
    """Rule 11.3, 11.4, 12.2: the fleet `number` of `side` fights every enemy fleet where it
    stands."""
    system = state["war"]["fleets"][number]["system"]
    staying = enemy_fleets(state, system, side)
    has_planets = bool(planets_of(state, system))
    state["battle"] = galactic_battle(state, side, [fleet_at(number)], staying, has_planets)
    state["war"]["contact"] = {"system": system, "mover": side, "fleet": number}
    space.start(ctx, state, then="war_space")


def _major(state: State) -> bool:
    """Rule 15.0's major victory: capital ships took part on both sides, or 10+ ships each."""
    battle, ships = state["battle"], battles(state).ships
    units = {
        side: [u for g in battle["groups"] if g["side"] == side for u in g["units"]]
        for side in SIDES
    }
    kinds = {
        side: [state["units"][u]["type"] for u in units[side] if u in state["units"]]
        + battle["destroyed"][side]
        for side in SIDES
    }
    capital = all(any(ships[t].cls == "capital" for t in kinds[side]) for side in SIDES)
    return capital or all(len(units[side]) >= MAJOR for side in SIDES)


@after_battle("war_space")
def _over(ctx: Context, state: State) -> None:
    battle, war = state["battle"], state["war"]
    outcome = battle["outcome"]
    unlock(state, battle["destroyed"])
    reveal(state, [u for g in battle["groups"] for u in g["units"]])
    winner = outcome["winner"]
    if winner is not None and _major(state):
        change(state, MAJOR_VICTORY[winner])
    leaving = {uid for side in SIDES for uid in outcome["left"][side] if uid in state["units"]}
    for side in SIDES:
        for fighter in outcome["leftover"][side]:
            if fighter in state["units"]:
                _leftover(state, fighter, leaving)
    groups: dict[str, list[str]] = defaultdict(list)
    for uid in sorted(leaving):
        groups[state["units"][uid]["at"]].append(uid)
    war["retreats"] = [
        {"from": at, "ships": ships, "barred": []} for at, ships in sorted(groups.items())
    ]
    _next(ctx, state)


def _leftover(state: State, fighter: str, leaving: set[str]) -> None:
    unit = state["units"][fighter]
    at = unit["at"]
    if not any(state["units"][u]["at"] == at for u in leaving):
        return  # its fleet stays: a fighter fleet that does not move (11.6)
    system = state["war"]["contact"]["system"]
    for planet in planets_of(state, system):
        owner = state["war"]["planets"].get(planet, {}).get("owner", unit["side"])
        if owner == unit["side"] and fits(state, fighter, planet):
            unit["at"] = box(planet)
            return
    lose(state, fighter)


def destinations(state: State, side: str, leaving: dict[str, Any]) -> list[str]:
    """Rule 12.3, Q8: where the ships leaving the battle from ``leaving["from"]`` may go, as
    their owner knows the map (ruling I127): nowhere he knows of an enemy warship
    (`knowledge.bars_retreat`), nor where the enemy has said he has ships (``"barred"``)."""
    war, at = state["war"], leaving["from"]
    system = war["contact"]["system"]
    number = at.partition(":")[2]
    found = []
    came = war.get("segment", {}).get("came", {}).get(number)
    if at.startswith("fleet:") and war["fleets"][number]["moved"] and came is not None:
        found.append(came)
    near = home_distance(state, side)
    here = near.get(system, len(near) + 1)
    if is_deep(system):  # 17.1: no route to count along; any star next to it (ruling I130)
        found += sorted(links(state, system))
    else:
        found += [s for s in sorted(gal(state).links[system]) if near.get(s, here) == here - 1]
    barred = leaving.get("barred", [])
    return [
        s
        for s in dict.fromkeys(found)
        if s != system and s not in barred and not knowledge.bars_retreat(state, s, side)
    ]


def _next(ctx: Context, state: State) -> None:
    """The next group of ships to leave; lost with no place to go (Q9); then the activation
    goes on."""
    war = state["war"]
    while war["retreats"]:
        first = war["retreats"][0]
        side = state["units"][first["ships"][0]]["side"]
        if destinations(state, side, first):
            wait(state, "retreat", side=side)
            return
        for uid in first["ships"]:
            lose(state, uid)
        war["retreats"].pop(0)
    _tidy(state)
    del war["retreats"]
    war["contact"]["sides"] = list(SIDES)
    _reorganise(ctx, state)


def _reorganise(ctx: Context, state: State) -> None:
    """Rule 12.3: each side, Earth first, may share out its ships among its fleets left in the
    system at no cost (ruling I120); then the activation goes on."""
    war = state["war"]
    pending, system = war["contact"]["sides"], war["contact"]["system"]
    while pending:
        if regroup.orders(state, pending[0], system, free=True):
            wait(state, "reorganise", side=pending[0])
            return
        pending.pop(0)
    del war["contact"]
    resume(ctx, state)


def _reorganise_legal(state: State, side: str) -> list[Action]:
    system = state["war"]["contact"]["system"]
    return [*regroup.orders(state, side, system, free=True), {"done": True}]


def _reorganised(ctx: Context, state: State, side: str, action: Action) -> None:
    if "done" in action:
        state["war"]["contact"]["sides"].pop(0)
        _reorganise(ctx, state)
    else:
        regroup.apply(state, side, action, free=True)


def _reorganise_words(state: State, side: str, action: Action) -> Msg:
    if "done" in action:
        return msg("the fleets are as they are", "艦隊の再編を終える")
    found = regroup.words(state, action)
    assert found is not None
    return found


step(
    "reorganise",
    lambda state: (state["step"]["side"],),
    _reorganise_legal,
    _reorganised,
    _reorganise_words,
)


def _tidy(state: State) -> None:
    """Fleet markers with nothing in them go back to the mix; what fought is no secret now."""
    war = state["war"]
    for number in list(war["fleets"]):
        if not units_at(state, fleet_at(number)):
            del war["fleets"][number]
        war.get("disclosed", {}).pop(number, None)


def move_out(state: State, at: str, ships: list[str], to: str) -> None:
    """The ships from `at` go to `to`: their fleet's marker if nothing of it stays behind,
    else a new marker, else a fleet of theirs at `to`, else they are lost (ruling I120)."""
    war = state["war"]
    side = state["units"][ships[0]]["side"]
    number = at.partition(":")[2]
    staying = [u for u in units_at(state, at) if u not in ships]
    if at.startswith("fleet:") and not staying:
        war["fleets"][number]["system"] = to
        return
    moved = war["fleets"][number]["moved"] if at.startswith("fleet:") else False
    target = new_fleet(state, side, to) or next(iter(fleets_in(state, to, side)), None)
    if target is None:
        for uid in ships:
            lose(state, uid)
        return
    war["fleets"][target]["moved"] = war["fleets"][target]["moved"] or moved
    for uid in ships:
        state["units"][uid]["at"] = fleet_at(target)


def _legal(state: State, side: str) -> list[Action]:
    first = state["war"]["retreats"][0]
    return [{"retreat": first["from"], "to": s} for s in destinations(state, side, first)]


def _retreat(ctx: Context, state: State, side: str, action: Action) -> None:
    first: dict[str, Any] = state["war"]["retreats"][0]
    if enemy_warships_in(state, action["to"], side):  # Q8: the enemy says he has ships there
        first["barred"].append(action["to"])
        ctx.say(
            msg("the enemy has ships there: no retreat there", "敵艦がいるため退却できない"),
            rule="Q8",
        )
        _next(ctx, state)
        return
    state["war"]["retreats"].pop(0)
    move_out(state, first["from"], first["ships"], action["to"])
    _next(ctx, state)


def _words(state: State, side: str, action: Action) -> Msg:
    to = place_name(state, action["to"])
    return msg(
        f"{action['retreat']} withdraws to {to['en']}", f"{action['retreat']}は{to['ja']}へ退く"
    )


step("retreat", lambda state: (state["step"]["side"],), _legal, _retreat, _words)
