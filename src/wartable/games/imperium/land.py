"""Rule 13.3: landing. The invader places each unit that lands — the ground units his
transports carry, his fighters in orbit — in a hex of the planet map (``{"land": unit, "hex":
"B2"}``; ``{"done": True}`` keeps the rest in orbit), at most 5 in a hex (13.4); only fighters
and drop troops dropped from an AT may land in a hex with enemy units. The defence then fires
at the transports that land units and at the landing fighters, any of them (`defence`); a
transport destroyed takes its cargo with it, a damaged AT reduces it (`damage`). The survivors
are placed where they were to land. Declaring the landing shows which transport carries what
(ruling I40). ``battle["landing"]`` holds the plan: ``{unit: hex}``.
"""

from __future__ import annotations

from collections import Counter

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import damage, defence, view
from wartable.games.imperium.components import ASSAULT, UNITS_PER_HEX
from wartable.games.imperium.flow import go_on, step, wait
from wartable.games.imperium.state import comp, in_orbit, ship_type


def begin(ctx: Context, state: State) -> bool:
    """Start the stage; returns whether the invader must now place units."""
    if not _landers(state):
        return False
    state["battle"]["landing"] = {}
    wait(state, "land")
    return True


def _landers(state: State) -> list[str]:
    """The invader's fighters in orbit and the ground units aboard his ships there; an Outpost
    carried aboard is no ground unit and does not land in a battle (9.0)."""
    ships = in_orbit(state)
    fighters = [uid for uid in ships if defence.is_fighter(state, uid)]
    orbit = set(ships)
    ground = comp(state).ground
    cargo = [
        uid
        for uid, unit in state["units"].items()
        if unit["aboard"] in orbit and unit["type"] in ground
    ]
    return [*fighters, *cargo]


def _may_land_among_enemies(state: State, uid: str) -> bool:
    unit = state["units"][uid]
    if unit["aboard"] is None:
        return True  # a fighter
    ground = comp(state).ground[unit["type"]]
    return ground.kind == "drop" and ship_type(state, unit["aboard"]).code == ASSAULT


def _legal(state: State, player: str) -> list[Action]:
    battle = state["battle"]
    units = state["units"]
    plan = battle["landing"]
    mine = Counter(
        h for uid, h in [*battle["hexes"].items(), *plan.items()] if units[uid]["side"] == player
    )
    enemy = {h for uid, h in battle["hexes"].items() if units[uid]["side"] != player}
    hexes = [h for h in comp(state).planets[battle["planet"]].map.hexes if mine[h] < UNITS_PER_HEX]
    actions: list[Action] = []
    for uid in _landers(state):
        if uid not in plan:
            anywhere = _may_land_among_enemies(state, uid)  # asked once, not at each hex
            actions += [{"land": uid, "hex": h} for h in hexes if anywhere or h not in enemy]
    return [*actions, {"done": True}]


def _land(ctx: Context, state: State, player: str, action: Action) -> None:
    plan = state["battle"]["landing"]
    if "land" in action:
        plan[action["land"]] = action["hex"]
        if len(plan) < len(_landers(state)):
            return
    view.show(state, [uid for uid in plan if state["units"][uid]["aboard"] is not None])
    units = state["units"]
    targets = dict.fromkeys(units[uid]["aboard"] or uid for uid in plan)  # a fighter: itself
    defence.begin(ctx, state, list(targets), then="land", rule="13.3")


@defence.after("land")
def _landed(ctx: Context, state: State, fire: defence.Hits) -> None:
    battle = state["battle"]
    damage.apply_apart(ctx, state, fire, "13.3")
    for uid, where in battle["landing"].items():
        if uid in state["units"]:
            battle["hexes"][uid] = where
            state["units"][uid].update(at=battle["box"], aboard=None)
    battle["landing"] = None
    go_on(ctx, state)


def _words(state: State, player: str, action: Action) -> Msg:
    if "done" in action:
        return msg("the others stay in orbit", "残りは軌道上に留まる")
    uid, where = action["land"], action["hex"]
    return msg(f"{uid} lands in hex {where}", f"{uid}がヘクス{where}に着陸")


step("land", lambda state: (state["battle"]["invader"],), _legal, _land, _words)
