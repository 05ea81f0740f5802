"""An activation (rule 10.0): the orders a player gives in the one system he designates, one
decision at a time, until he says he is done (``{"done": True}``).

In the activated system each fleet that has not moved this segment may:
- move (11.0-11.4): ``{"jump": "TF1", "to": "barnards_star"}``, then jump on star by star while
  it has jumps left and nothing stops it, or halt (``{"halt": "TF1"}``); on contact with enemy
  fleets that hold only fighters, scouts and auxiliaries the mover chooses
  (``{"contact": "fight"}`` or ``{"contact": "ignore"}``, 11.3), otherwise they fight
  (`contact`);
- be combined or split (`regroup`, Q12), load or unload (`transport`, 11.5-11.7);
- attack an enemy-held planet with the other unmoved fleets (`attack`, 13.0).
A fleet of scouts only may try to go unseen where the enemy is, under the optional rule 17.2
(``{"recon": "try"}`` or ``{"recon": "no"}``, `recon`). Under the optional rule 17.1 a fleet
may instead move one hex off the routes in the first segment (``{"deep": "TF1", "to":
"deep:K05"}``, `deep`); a fleet in deep space is activated there like a system.
Monitors and fighters in a planet box may change to the star's other box (11.0, 11.8). A fleet
that moved, regrouped, loaded or unloaded is turned sideways: it does nothing more this segment.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.state import Placed, by_place, by_place_aboard, units_at
from wartable.games.imperium.war import attack, contact, deep, evacuate, recon, regroup, transport
from wartable.games.imperium.war.hidden import reveal
from wartable.games.imperium.war.movement import (
    a_type,
    at_peace,
    disclosure,
    enemy_fleets,
    jumps_from,
    max_jumps,
    movable,
    stops,
)
from wartable.games.imperium.war.state import (
    box,
    fleet_at,
    fleets_in,
    gal,
    is_deep,
    known,
    place_name,
    places_in,
    planets_of,
)
from wartable.games.imperium.war.turns import next_turn


def systems(state: State, side: str) -> list[str]:
    """The systems `side` may activate: those where it has an order to give (10.0)."""
    g, fleets, units = gal(state), state["war"]["fleets"], state["units"]
    # what the side's fleets and every planet box hold, looked up once
    where = [fleet_at(n) for n, f in fleets.items() if f["side"] == side]
    placed, aboard = by_place_aboard(state, [*where, *g.box_systems])
    mine = {f["system"] for f in fleets.values() if f["side"] == side}
    mine |= {
        system
        for at, system in g.box_systems.items()
        if any(units[uid]["side"] == side for uid in placed[at])
    }
    stars = [s for s in g.systems if s in mine]
    places = stars + sorted(s for s in mine if is_deep(s))  # 17.1: fleets in deep space
    return [s for s in places if _has_orders(state, side, s, placed, aboard)]


def activate(ctx: Context, state: State, side: str, system: str) -> None:
    state["war"]["segment"].update(system=system, moving=None, shifted=[], regrouped=[], locked=[])
    wait(state, "orders", side=side)


def unmoved(state: State, side: str, system: str, mine: list[str] | None = None) -> list[str]:
    """The side's fleets in `system` not turned sideways this segment (`mine`: the side's
    fleets there, `fleets_in`, when at hand)."""
    fleets = state["war"]["fleets"]
    return [
        n
        for n in (fleets_in(state, system, side) if mine is None else mine)
        if not fleets[n]["moved"]
    ]


def orders(state: State, side: str, system: str) -> list[Action]:
    """Every order open in `system` (10.0), but "done"."""
    # the units of the system's places and the side's fleets there, looked up once for all
    placed = by_place(state, places_in(state, system))
    mine = fleets_in(state, system, side)
    return [
        *_jumps(state, side, system, placed, mine),
        *deep.orders(state, side, system, placed, mine),
        *regroup.orders(state, side, system, placed, mine),
        *transport.orders(state, side, system, placed, None, mine),
        *shifts(state, side, system, placed),
        *attack.orders(state, side, system, placed, mine),
    ]


def _has_orders(state: State, side: str, system: str, placed: Placed, aboard: Placed) -> bool:
    """Whether `orders` gives any: each kind asked in turn, stopping at the first found (asked
    of every system at each designation, most of which have a jump)."""
    mine = fleets_in(state, system, side)
    return bool(
        _jumps(state, side, system, placed, mine)
        or deep.orders(state, side, system, placed, mine)
        or regroup.orders(state, side, system, placed, mine)
        or shifts(state, side, system, placed)
        or transport.orders(state, side, system, placed, aboard, mine)
        or attack.orders(state, side, system, placed, mine)
    )


def _jumps(state: State, side: str, system: str, placed: Placed, mine: list[str]) -> list[Action]:
    """Rule 11.1: the first jump of each unmoved fleet that can move (`mine`: the side's fleets
    in `system`)."""
    fleets = [n for n in unmoved(state, side, system, mine) if movable(state, n, placed)]
    if not fleets:
        return []
    there = jumps_from(state, system, side)
    return [{"jump": n, "to": to} for n in fleets for to in there]


def shifts(state: State, side: str, system: str, placed: Placed | None = None) -> list[Action]:
    """Rule 11.0, 11.8: a monitor or fighter in a planet box to the star's other box, once a
    segment (`placed`: as for `units_at`)."""
    planets = planets_of(state, system)
    if len(planets) < 2:
        return []  # no other box to go to (every star but Sol)
    done = state["war"]["segment"].get("shifted", [])
    movers = [
        (here, uid)
        for here in planets
        for uid in units_at(state, box(here), placed)
        if uid not in done and transport.shiftable(state, uid, side)
    ]
    if not movers:
        return []
    space = {p: transport.box_room(state, p, placed) for p in planets}  # asked for every mover
    return [
        {"shift": uid, "to": there}
        for here, uid in movers
        for there in planets
        if there != here and transport.fits(state, uid, there, space=space[there])
    ]


def _legal(state: State, side: str) -> list[Action]:
    segment = state["war"]["segment"]
    moving = segment["moving"]
    if moving is None:
        found = orders(state, side, segment["system"])
        found.append({"done": True})
        return found
    number = moving["fleet"]
    if moving["contact"]:
        return [{"contact": "fight"}, {"contact": "ignore"}]
    if moving.get("recon"):
        return [{"recon": "try"}, {"recon": "no"}]
    here = state["war"]["fleets"][number]["system"]
    onward: list[Action] = []
    if moving["left"] > 0 and not moving["stopped"]:
        onward = [{"jump": number, "to": there} for there in jumps_from(state, here, side)]
    return [*onward, {"halt": number}]


def _order(ctx: Context, state: State, side: str, action: Action) -> None:
    segment = state["war"]["segment"]
    if "done" in action:
        segment.update(system=None, moving=None)
        next_turn(ctx, state, side)
    elif "jump" in action:
        _jump(ctx, state, side, action["jump"], action["to"])
    elif "deep" in action:  # 17.1: one hex off the routes, the fleet's move
        _jump(ctx, state, side, action["deep"], action["to"], jumps=1)
    elif "halt" in action:
        segment["moving"] = None
    elif "contact" in action:
        moving = segment["moving"]
        moving["contact"] = False
        if action["contact"] == "fight":
            contact.fight(ctx, state, side, moving["fleet"])
        else:  # 11.3: it goes on, unless the star itself stops it (11.2)
            here = state["war"]["fleets"][moving["fleet"]]["system"]
            moving["stopped"] = a_type(state, here)
    elif "recon" in action:
        moving = segment["moving"]
        moving["recon"] = False
        if action["recon"] == "try":
            recon.attempt(ctx, state, side, moving["fleet"])
        else:
            arrive(ctx, state, side, moving["fleet"])
    elif "shift" in action:
        uid = action["shift"]
        seen = uid in known(state)
        state["units"][uid]["at"] = box(action["to"])
        if seen:  # seen going from box to box: the order names it (ruling I129)
            reveal(state, [uid])
        segment["shifted"].append(uid)
    elif "regroup" in action:
        regroup.apply(state, side, action)
    elif "attack" in action:
        attack.begin(ctx, state, side, action)
    elif transport.occupied(state, side, action):  # I128: the enemy shows his units there
        reveal(state, transport.occupied(state, side, action))
        ctx.say(msg("the enemy holds that planet box", "敵がその惑星ボックスにいる"), rule="11.5")
    else:
        planet = evacuate.source(state, action)
        transport.apply(state, side, action)
        if planet is not None:  # 13.4: troops leaving a contested planet draw fire
            evacuate.begin(ctx, state, side, planet, action["onto"])


def _jump(
    ctx: Context, state: State, side: str, number: str, there: str, jumps: int | None = None
) -> None:
    """Rule 11.1-11.4: one jump; a stop at a star without planets or on contact, where the
    enemy says whether he has more than fighters, scouts and auxiliaries (11.3). `jumps`: the
    move's length when it is not 11.1's (a deep-space move is one, 17.1)."""
    segment, fleet = state["war"]["segment"], state["war"]["fleets"][number]
    if segment["moving"] is None:
        fleet["moved"] = True  # 11.1: turned sideways
        segment["moving"] = {
            "fleet": number,
            "left": max_jumps(state, number) if jumps is None else jumps,
            "stopped": False,
            "contact": False,
        }
    moving = segment["moving"]
    segment["came"][number] = fleet["system"]
    fleet["system"] = there
    moving["left"] -= 1
    state["war"].setdefault("disclosed", {}).pop(number, None)
    if recon.possible(state, side, number):
        moving["recon"] = True  # 17.2: the scouts may try to go unseen
        return
    arrive(ctx, state, side, number)


def arrive(ctx: Context, state: State, side: str, number: str) -> None:
    """Rule 11.2-11.4: whether the fleet stops where it has jumped, and the contact there."""
    moving = state["war"]["segment"]["moving"]
    there = state["war"]["fleets"][number]["system"]
    if not stops(state, there, side):
        return
    moving["stopped"] = True
    enemy = enemy_fleets(state, there, side)
    if not enemy:
        return  # 11.2
    if at_peace(state):  # a monitor he could not know of (16.0, B.2): no battle (I129)
        reveal(state, [uid for at in enemy for uid in units_at(state, at)])
        ctx.say(msg("contact: no battle in peace", "接触: 和平中のため戦闘なし"), rule="11.3")
        return
    warships = disclosure(state, enemy)
    for at in enemy:
        if at.startswith("fleet:"):
            state["war"]["disclosed"][at.partition(":")[2]] = warships
    ctx.say(
        msg(
            "contact: the enemy has " + ("warships" if warships else "only F, SC, auxiliaries"),
            "接触: 敵は" + ("戦闘艦を含む" if warships else "戦闘機・偵察艦・補助艦艇のみ"),
        ),
        rule="11.3",
    )
    if warships:
        contact.fight(ctx, state, side, number)
    else:
        moving["contact"] = True


def _words(state: State, side: str, action: Action) -> Msg:
    if "jump" in action or "deep" in action:
        number = action.get("jump", action.get("deep"))
        to = place_name(state, action["to"])
        return msg(f"{number} → {to['en']}", f"{number} → {to['ja']}")
    if "halt" in action:
        return msg(f"{action['halt']} stops", f"{action['halt']}は停止")
    if "contact" in action:
        fight = action["contact"] == "fight"
        return msg("fight" if fight else "ignore them", "戦闘する" if fight else "無視する")
    if "recon" in action:
        tries = action["recon"] == "try"
        return msg(
            "try stealth reconnaissance" if tries else "no reconnaissance",
            "ステルス偵察を試みる" if tries else "偵察しない",
        )
    if "done" in action:
        return msg("end the activation", "アクティブ化を終える")
    if "shift" in action:
        return msg(f"{action['shift']} to {action['to']}", f"{action['shift']}を{action['to']}へ")
    for module in (regroup, attack, transport):
        found: Msg | None = module.words(state, action)
        if found is not None:
            return found
    return msg(str(action), str(action))


step("orders", lambda state: (state["step"]["side"],), _legal, _order, _words)
