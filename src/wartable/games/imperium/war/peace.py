"""The end of a war (rule 4.0, 5.0, 15.0) and the peace between the campaign's wars (16.0).

A scenario of the book ends with its war: the winner is the side 15.0 named, nobody after a
truce. In the campaign, a side holding all its targets at the end of a war wins the game (the
campaign game's rule); otherwise the peace procedure of 16.0 runs, in its order (ruling I115):
1. the Imperium returns the ships the Emperor sent (6.3) unless it lost the war;
2. the Earth player rolls 3d6 for the number of peace turns;
3. unconnected Outposts (enemy fleets ignored) go, with the batteries and monitors in their
   boxes; contested planets lose their markers;
4. every unit but batteries and monitors goes home: each fleet to its side's home nearest by
   jumps, each unit in a planet box to the planet box of the home nearest to it (loose in the
   home's fleet when the box has no room or cannot take it);
5. the winner's stockpile falls to 0, the loser keeps his; after a truce both keep theirs.
Then the first peace turn begins (`sequence.advance`).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.imperium.components import CLASSES, IMPERIAL, MONITOR, SIDES, TERRAN
from wartable.games.imperium.state import is_ship, ship_type
from wartable.games.imperium.war.connection import connected
from wartable.games.imperium.war.control import contested, controller
from wartable.games.imperium.war.flow import done, phase
from wartable.games.imperium.war.galaxy import HOMES
from wartable.games.imperium.war.prestige import TRUCE
from wartable.games.imperium.war.setup import filled
from wartable.games.imperium.war.state import (
    OUTPOST,
    battles,
    box,
    fleet_at,
    fleets_in,
    gal,
    hex_of,
    is_deep,
    lose,
    new_fleet,
    system_of_unit,
    withdraw,
)
from wartable.games.imperium.war.terraform import allows

PEACE_DICE = 3  # 16.0: the Earth player rolls 3d6
BIGGER_FIRST = (*CLASSES["capital"], *CLASSES["light"], *CLASSES["auxiliary"])  # 2.3's order
STAY = ("battery",)  # 16.0: batteries (and monitors) do not go home


@phase("over")
def over(ctx: Context, state: State) -> None:
    """A war scenario is over: the side 15.0 named wins, nobody after a truce."""
    finish(state, state["war"]["ended"])


def finish(state: State, winner: str | None) -> None:
    prestige = state["war"]["prestige"]
    state["end"] = {
        "winners": [] if winner in (None, TRUCE) else [winner],
        "scores": {TERRAN: gal(state).prestige["max"] - prestige, IMPERIAL: prestige},
    }
    state["step"] = None


def campaign_winner(state: State) -> str | None:
    """The campaign game: the side that controls every planet of its target at a war's end."""
    holds = gal(state).wars[state["war"]["scenario"]].holds
    won = [s for s in SIDES if all(controller(state, p) == s for p in holds.get(s, ()))]
    return won[0] if len(won) == 1 else None


@phase("peace")
def begin(ctx: Context, state: State) -> None:
    war = state["war"]
    winner = campaign_winner(state)
    limit = state["options"].get("campaign_wars", 0)
    if winner is not None or (limit and war["war"] >= limit):  # ruling I123: a draw at the limit
        finish(state, winner)
        return
    returned = war["ended"] != TERRAN  # the Imperium keeps them only when it lost
    if returned:
        give_back(state)
    war["temporary"], war["offensives"] = [], []
    war["peace"] = sum(ctx.roll(TERRAN, PEACE_DICE, "16.0", msg("length of peace", "平和の長さ")))
    exchange(state)
    go_home(state)
    if war["ended"] in SIDES:
        war["resources"][war["ended"]] = 0
    done(ctx, state)


def give_back(state: State) -> None:
    """16.0: for each ship the Emperor sent, a ship of its type, or the next larger type the
    Imperium has, leaves play (ruling I115)."""
    for type_id in state["war"]["temporary"]:
        code = battles(state).ships[type_id].code
        for bigger in reversed(BIGGER_FIRST[: BIGGER_FIRST.index(code) + 1]):
            found = _ship_of(state, bigger)
            if found is not None:
                withdraw(state, found)
                break


def _ship_of(state: State, code: str) -> str | None:
    return next(
        (
            uid
            for uid, u in state["units"].items()
            if u["side"] == IMPERIAL and is_ship(state, uid) and ship_type(state, uid).code == code
        ),
        None,
    )


def exchange(state: State) -> None:
    """16.0 territory exchange: unconnected Outposts go, with the batteries and monitors in their
    box; contested planets lose their markers."""
    planets, c = state["war"]["planets"], battles(state)
    for planet in list(planets):
        if contested(state, planet):
            del planets[planet]
        elif planets[planet]["marker"] == OUTPOST and not connected(state, planet, fleets=False):
            del planets[planet]
            for uid, u in list(state["units"].items()):
                kind = c.ground[u["type"]].kind if u["type"] in c.ground else None
                monitor = is_ship(state, uid) and ship_type(state, uid).code == MONITOR
                if u["at"] == box(planet) and (kind in STAY or monitor):
                    lose(state, uid)


def go_home(state: State) -> None:
    """16.0 return of forces (ruling I115)."""
    for f in state["war"]["fleets"].values():
        f["system"] = _nearest_home(state, f["side"], f["system"])
    for uid, u in list(state["units"].items()):
        here = system_of_unit(state, uid)
        if not (u["at"] or "").startswith("box:") or _stays(state, uid):
            continue
        home = _nearest_home(state, u["side"], str(here))
        if home != here:
            _bring_home(state, uid, home)


def _bring_home(state: State, uid: str, home: str) -> None:
    """Into a planet box of the home that takes the unit and has room, else loose into the
    side's fleet there (a new one if needed); it stays put if no fleet marker is free."""
    c, unit = battles(state), state["units"][uid]
    kind = "fighter" if is_ship(state, uid) else c.ground[unit["type"]].kind
    for planet in gal(state).systems[home].planets:
        p = c.planets[planet]
        if allows(state, planet, kind) and filled(state, planet) < p.map.capacity:
            unit["at"] = box(planet)
            return
    mine = fleets_in(state, home, unit["side"])
    number = mine[0] if mine else new_fleet(state, unit["side"], home)
    if number is not None:
        unit["at"] = fleet_at(number)


def _stays(state: State, uid: str) -> bool:
    if is_ship(state, uid):
        return ship_type(state, uid).code == MONITOR
    return battles(state).ground[state["units"][uid]["type"]].kind in STAY


def _nearest_home(state: State, side: str, start: str) -> str:
    """The side's home fewest jumps away (ties in the order of 8.0's list)."""
    g, homes = gal(state), HOMES[side]
    if is_deep(start):  # 17.1: the home fewest hexes away (ruling I130)
        here = hex_of(state, start)
        return min(homes, key=lambda h: g.grid.distance(here, g.systems[h].hex))
    frontier, seen = {start}, {start}
    while frontier:
        for home in homes:
            if home in frontier:
                return home
        frontier = {n for s in frontier for n in g.links[s] if n not in seen}
        seen |= frontier
    return homes[0]
