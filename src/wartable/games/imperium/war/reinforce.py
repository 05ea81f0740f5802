"""Reinforcements (rule 8.0): after income, the units due this turn on the turn record track
come into play on the Worlds their side controls, Earth first (ruling I110), one decision a unit
(``{"place": "T31", "at": "fleet:alpha_centauri_a"}``).

Where a unit may go, on a World its side controls that is not contested:
- a ship into the side's fleet in the World's system, a new fleet marker if it has none there
  (Q3) — none without an unused marker (Q4): ``"fleet:<planet>"``;
- a monitor, a ground unit or a fighter into the World's planet box, as 11.7 allows:
  ``"box:<planet>"``; fighters may join the fleet too (11.6);
- a ground unit, a fighter or an Outpost aboard an empty transport that arrived this turn
  (8.0; one unit a transport, 11.5, ruling I7), a fighter aboard a carrier that did:
  ``"aboard:<ship>"``.
No World gets a second unit before every World that could take this one has had one (8.0); a
unit going aboard counts with its transport (ruling I109). Temporary Imperial forces (Frontier
Crisis returns excepted; 6.3, B.2) all go to one of Dingir, Gashidda and Ishkur, outside the
spread rule (ruling I109). A unit with no place moves to next turn's box (Q4).
"""

from __future__ import annotations

from typing import NamedTuple

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
    ship_type,
)
from wartable.games.imperium.war.control import held
from wartable.games.imperium.war.flow import done, phase
from wartable.games.imperium.war.galaxy import HOMES
from wartable.games.imperium.war.setup import filled, fleet_room
from wartable.games.imperium.war.state import (
    OUTPOST,
    WORLD,
    arrival,
    battles,
    box,
    fleet_at,
    fleets_in,
    gal,
    new_fleet,
    pool,
)
from wartable.games.imperium.war.terraform import allows


@phase("reinforcements")
def begin(ctx: Context, state: State) -> None:
    """Take this turn's arrivals off the track into each side's pool, and start placing."""
    war = state["war"]
    arrivals = war["track"].pop(str(war["turn"]), [])
    war["reinforce"] = {"placed": {}, "arrived": [], "home": None, "temporary": []}
    for a in arrivals:
        uid = add_unit(state, a["side"], a["type"], pool(a["side"]))
        war["reinforce"]["arrived"].append(uid)
        if a.get("temporary"):
            war["reinforce"]["temporary"].append(uid)
            if a["type"] in battles(state).ships:
                war["temporary"].append(a["type"])  # 6.3: the record of the ships received
    _next(ctx, state, SIDES[0])


def _next(ctx: Context, state: State, side: str) -> None:
    """Wait for `side` (or the side after it) while it has a unit to place; units with no place
    wait for next turn (Q4); then the phase is over."""
    for s in SIDES[SIDES.index(side) :]:
        arriving = _arriving(state, s)
        seen = _lookup(state, s)
        if any(places(state, uid, seen) for uid in arriving):
            wait(state, "reinforce", side=s)
            return
        for uid in arriving:  # none has a place
            _delay(state, uid)
    del state["war"]["reinforce"]
    done(ctx, state)


def _arriving(state: State, side: str) -> list[str]:
    where = pool(side)
    return [uid for uid, u in state["units"].items() if u["at"] == where]


def _delay(state: State, uid: str) -> None:
    """Q4: to the next turn's box of the track, to try again then."""
    war, unit = state["war"], state["units"].pop(uid)
    entry = arrival(state, unit["side"], unit["type"])
    if uid in war["reinforce"]["temporary"]:
        entry["temporary"] = True
        if unit["type"] in war["temporary"]:
            war["temporary"].remove(unit["type"])
    war["track"].setdefault(str(war["turn"] + 1), []).append(entry)


class _Lookup(NamedTuple):
    """What `places` asks of every unit of a side, looked up once for them all (from one
    state, dropped with the question)."""

    worlds: list[str]  # the side's Worlds (`held`)
    placed: Placed  # what their boxes hold (`by_place`)
    carried: Placed  # what each arrived ship carries (`by_carrier`)
    roomy: dict[str, bool]  # whether each World's box has room (11.7)
    fleets: dict[str, bool]  # the `fleet_room` of each World's system


def _lookup(state: State, side: str) -> _Lookup:
    mine, c, system_of = held(state, side, WORLD), battles(state), gal(state).system_of
    placed = by_place(state, [box(world) for world in mine])
    return _Lookup(
        mine,
        placed,
        by_carrier(state, state["war"]["reinforce"]["arrived"]),
        {w: filled(state, w, placed) < c.planets[w].map.capacity for w in mine},
        {system_of[w]: fleet_room(state, side, system_of[w]) for w in mine},
    )


def worlds(state: State, uid: str, mine: list[str] | None = None) -> list[str]:
    """The Worlds a unit may be placed on, before the spread rule: its side's, not contested
    (8.0); the Imperial homes for temporary forces, the one already chosen this turn if any.
    `mine`: the side's Worlds (`held`), when at hand."""
    side, reinforce = state["units"][uid]["side"], state["war"]["reinforce"]
    found = held(state, side, WORLD) if mine is None else list(mine)
    if uid in reinforce["temporary"]:
        homes = [p for h in HOMES[side] for p in gal(state).systems[h].planets]
        chosen = reinforce["home"]
        found = [p for p in found if p in homes and chosen in (None, p)]
    return found


def places(state: State, uid: str, seen: _Lookup | None = None) -> list[str]:
    """Every place the unit may be put now (8.0, the spread rule included). `seen`: the
    `_lookup` of the unit's side in this state, when at hand."""
    reinforce = state["war"]["reinforce"]
    if seen is None:
        seen = _lookup(state, state["units"][uid]["side"])
    candidates = worlds(state, uid, seen.worlds)
    options = {world: _at(state, uid, world, seen) for world in candidates}
    options = {w: found for w, found in options.items() if found}
    counted = [w for w, found in options.items() if any(not f.startswith("aboard:") for f in found)]
    if uid not in reinforce["temporary"] and counted:
        fewest = min(reinforce["placed"].get(w, 0) for w in counted)
        options = {
            w: [
                f
                for f in found
                if f.startswith("aboard:") or reinforce["placed"].get(w, 0) == fewest
            ]
            for w, found in options.items()
        }
    return list(dict.fromkeys(f for found in options.values() for f in found))  # Sol: 2 Worlds


def _at(state: State, uid: str, world: str, seen: _Lookup) -> list[str]:
    """The places on or at one World that the unit may take, before the spread rule (`seen`:
    the `_lookup` of its side)."""
    c, system = battles(state), gal(state).system_of[world]
    roomy = seen.roomy[world]
    found: list[str] = []
    type_id = state["units"][uid]["type"]
    code = ship_type(state, uid).code if is_ship(state, uid) else None
    if is_ship(state, uid) and code not in (MONITOR, FIGHTER):
        return [f"fleet:{world}"] if seen.fleets[system] else []
    if code == MONITOR:
        return [box(world)]
    if code == FIGHTER:
        if seen.fleets[system]:
            found.append(f"fleet:{world}")
        if roomy and allows(state, world, "fighter"):
            found.append(box(world))
    elif type_id != OUTPOST and roomy and allows(state, world, c.ground[type_id].kind):
        found.append(box(world))
    return found + [f"aboard:{ship}" for ship in _holds(state, uid, system, seen.carried)]


def _holds(state: State, uid: str, system: str, carried: Placed | None = None) -> list[str]:
    """This turn's arrived ships in `system` that can take the unit aboard: an empty transport,
    or for a fighter a carrier with room (8.0, 11.5, 11.6)."""
    side, war = state["units"][uid]["side"], state["war"]
    fighter = is_ship(state, uid) and ship_type(state, uid).code == FIGHTER
    found = []
    for ship in war["reinforce"]["arrived"]:
        unit = state["units"].get(ship)
        if unit is None or unit["side"] != side or not (unit["at"] or "").startswith("fleet:"):
            continue
        if war["fleets"][unit["at"].partition(":")[2]]["system"] != system:
            continue
        t = ship_type(state, ship)
        carrier = fighter and t.front.fighters > 0 and fighter_room(state, ship, carried) > 0
        if (t.cargo and not carried_by(state, ship, carried)) or carrier:
            found.append(ship)
    return found


def _legal(state: State, side: str) -> list[Action]:
    seen = _lookup(state, side)
    return [
        {"place": uid, "at": where}
        for uid in _arriving(state, side)
        for where in places(state, uid, seen)
    ]


def _place(ctx: Context, state: State, side: str, action: Action) -> None:
    uid, where = action["place"], action["at"]
    reinforce, unit = state["war"]["reinforce"], state["units"][uid]
    kind, _, name = where.partition(":")
    if kind == "aboard":
        unit.update(at=None, aboard=name)
    else:
        world = name
        if kind == "box":
            unit["at"] = box(world)
        else:
            system = gal(state).system_of[world]
            mine = fleets_in(state, system, side)
            number = mine[0] if mine else new_fleet(state, side, system)
            assert number is not None
            unit["at"] = fleet_at(number)
        if uid in reinforce["temporary"]:
            reinforce["home"] = world
        else:
            reinforce["placed"][world] = reinforce["placed"].get(world, 0) + 1
    _next(ctx, state, side)


def _words(state: State, side: str, action: Action) -> Msg:
    uid, where = action["place"], action["at"]
    return msg(f"{uid} arrives at {where}", f"{uid}が{where}に到着")


step("reinforce", lambda state: (state["step"]["side"],), _legal, _place, _words)
