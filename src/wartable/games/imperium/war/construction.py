"""Construction (rule 9.0): in the administrative segment's construction step each side, Earth
first (ruling I110), buys new units one at a time (``{"build": "terran_dd"}``), then says it is
done (``{"done": True}``).

A unit costs its production-chart price (imperium.toml's ship and ground types; the Outpost row
of galaxy.toml), twice as much in peace (16.0), paid from the stockpile; it goes on the turn
record track to arrive its build time later (`sequence.schedule`). Infantry and drop troops are
bought by kind and drawn at random from the counters of that kind not in play or on the track
(9.0), the draw said to their owner only. Nothing is built whose counter or marker is not free
(9.0, the counter mix; ruling I101). Earth builds no BB before a battleship has been destroyed
in combat (``war["earth_bb"]``, set by the battles' outcome; ruling I110); the Imperium builds
CR, CA, B1, B2 and BB only with permission (``war["permissions"]``, 6.2, Sc7, Sc8). In the same
step a side pays toward an Outpost's upgrade in peace (``{"upgrade": planet}``, 16.0) and, with
the option ``terraforming``, toward terraforming (``{"terraform": planet}``, 17.3, `terraform`).
"""

from __future__ import annotations

from collections import Counter

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import IMPERIAL, SIDES, TERRAN
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.war.control import held
from wartable.games.imperium.war.flow import pass_on, phase
from wartable.games.imperium.war.galaxy import PERMITS
from wartable.games.imperium.war.sequence import schedule
from wartable.games.imperium.war.setup import draw
from wartable.games.imperium.war.state import OUTPOST, WORLD, battles, gal
from wartable.games.imperium.war.terraform import PAYMENT, pay, payable, planet_type

DRAWN = ("infantry", "drop")  # bought by kind, the counter drawn at random (9.0)
PEACE_FACTOR = 2  # 16.0: construction costs double in peace
UPGRADE_COST, UPGRADE_TURNS = 10, 4  # 16.0: an Outpost becomes a World for 10 a turn, 4 turns


@phase("construction")
def begin(ctx: Context, state: State) -> None:
    wait(state, "build", side=SIDES[0])


def in_use(state: State) -> Counter[str]:
    """The counters (and Outpost markers) in play or on the turn record track, by type."""
    used = Counter(u["type"] for u in state["units"].values())
    used.update(a["type"] for arrivals in state["war"]["track"].values() for a in arrivals)
    used[OUTPOST] += sum(1 for m in state["war"]["planets"].values() if m["marker"] == OUTPOST)
    return used


def cost(state: State, item: str) -> int:
    """What building `item` (a ship or ground type, a kind of troops, "outpost") costs now."""
    c = battles(state)
    if item == OUTPOST:
        price = gal(state).outpost_cost
    elif item in c.ships:
        price = c.ships[item].cost
    elif item in c.ground:
        price = c.ground[item].cost
    else:
        price = next(g.cost for g in c.ground.values() if g.kind == item)
    return price * (PEACE_FACTOR if state["war"]["peace"] is not None else 1)


def buildable(state: State, side: str) -> list[str]:
    """What a side may build this turn, whatever it costs (9.0)."""
    c, used, war = battles(state), in_use(state), state["war"]
    found = []
    for tid, ship in c.ships.items():
        if ship.side != side or used[tid] >= ship.count:
            continue
        if side == TERRAN and ship.code == "BB" and not war.get("earth_bb", False):
            continue
        if side == IMPERIAL and ship.code in PERMITS and ship.code not in war["permissions"]:
            continue
        found.append(tid)
    for tid, unit in c.ground.items():
        if unit.side == side and unit.kind not in DRAWN and used[tid] < unit.count:
            found.append(tid)
    for kind in DRAWN:
        if any(used[t] < c.ground[t].count for t in set(c.counters(side, kind))):
            found.append(kind)
    if used[OUTPOST] < gal(state).markers["outposts"]:
        found.append(OUTPOST)
    return found


def upgradable(state: State, side: str) -> list[str]:
    """16.0: in peace, the side's Outposts on type A planets not yet paid for this turn, while
    a World marker is free (ruling I115)."""
    war = state["war"]
    worlds = sum(1 for m in war["planets"].values() if m["marker"] == WORLD)
    if war["peace"] is None or worlds >= gal(state).markers["worlds"]:
        return []
    return [
        planet
        for planet in held(state, side, OUTPOST)
        if planet_type(state, planet).startswith("A")
        and war["upgrades"].get(planet, {}).get("turn") != war["turn"]
    ]


def _legal(state: State, side: str) -> list[Action]:
    money = state["war"]["resources"][side]
    builds = [{"build": item} for item in buildable(state, side) if cost(state, item) <= money]
    if money >= UPGRADE_COST:
        builds += [{"upgrade": planet} for planet in upgradable(state, side)]
    if money >= PAYMENT:
        builds += [{"terraform": planet} for planet in payable(state, side)]
    return [*builds, {"done": True}]


def _upgrade(state: State, side: str, planet: str) -> None:
    """16.0: one of the four payments; the fourth makes the Outpost a World."""
    war = state["war"]
    war["resources"][side] -= UPGRADE_COST
    paid = war["upgrades"].get(planet, {}).get("paid", 0) + 1
    war["upgrades"][planet] = {"paid": paid, "turn": war["turn"]}
    if paid == UPGRADE_TURNS:
        war["planets"][planet]["marker"] = WORLD
        del war["upgrades"][planet]


def _build(ctx: Context, state: State, side: str, action: Action) -> None:
    war = state["war"]
    if "done" in action:
        pass_on(ctx, state, side)
        return
    if "upgrade" in action:
        _upgrade(state, side, action["upgrade"])
        return
    if "terraform" in action:
        pay(ctx, state, side, action["terraform"])
        return
    item = action["build"]
    war["resources"][side] -= cost(state, item)
    type_id = draw(ctx, state, side, (item,), 1)[0] if item in DRAWN else item
    schedule(state, side, type_id, war["turn"] + _build_time(state, type_id), built=True)


def _build_time(state: State, type_id: str) -> int:
    c = battles(state)
    if type_id == OUTPOST:
        return gal(state).outpost_build
    return c.ships[type_id].build if type_id in c.ships else c.ground[type_id].build


def _words(state: State, side: str, action: Action) -> Msg:
    if "done" in action:
        return msg("done building", "生産終了")
    if "upgrade" in action:
        planet = battles(state).planets[action["upgrade"]].name
        return msg(
            f"upgrade {planet['en']} ({UPGRADE_COST})", f"{planet['ja']}を昇格({UPGRADE_COST})"
        )
    if "terraform" in action:
        planet = battles(state).planets[action["terraform"]].name
        return msg(f"terraform {planet['en']} ({PAYMENT})", f"{planet['ja']}を惑星改造({PAYMENT})")
    item = action["build"]
    name = _name(state, item)
    return msg(
        f"build {name['en']} ({cost(state, item)})", f"{name['ja']}を生産({cost(state, item)})"
    )


def _name(state: State, item: str) -> Msg:
    c = battles(state)
    if item == OUTPOST:
        return gal(state).outpost_name
    if item in c.ships:
        return c.ships[item].name
    if item in c.ground:
        return c.ground[item].name
    return {"infantry": msg("infantry", "歩兵"), "drop": msg("drop troops", "降下兵")}[item]


step("build", lambda state: (state["step"]["side"],), _legal, _build, _words)
