"""Rule 35: the colony drop, with the colony in combat (35.8) and under the laser (31.5.10).

``state["colony"]``: ``owner`` the faction dropping it and ``at`` where it is (None while no one
uses it, 35.3), ``back`` whether it shows its damaged back, ``used`` the factions that have made
their one drop (35.1).

- Placing (35.4, 35.5): at the start of its own Space phase — before any other order — the
  Titans or Neo Zeon, if it has not dropped a colony yet and no one is using it, may put it at a
  Side 1, 2, 4 or 5 it governs at level 1 or more with an own MS there (35.5.1, 35.5.2):
  ``{"colony_drop": base}``.
- Moving (35.6): in every Space phase of its faction, the one it was placed in first, the colony
  must move to a hex exactly two away, whatever is in the way (35.6.1, 35.6.2):
  ``{"colony": at}``; the orders may not end before it has.
- Landing (35.7): at the start of such a phase, a colony on a drop point or in a Moon base's hex
  must make its landing check before any order: ``{"land": base}``, any base of the linked ground
  area (Neo Zeon only, 35.2) or the Moon base. One die: at or under 5 on its front, 3 on its back
  it lands (35.7.1): the base is gone for ever (35.7.2) and each unit in the hex is eliminated on a
  1, those aboard it checking their survival (35.7.3). Landed or not, the colony leaves the map
  and the drop is spent (ruling S54). A Titans colony on a drop point has no target and moves on.
- In a battle it is a ship of its owner with defence 7 on each face and no attack (35.8,
  `damage.colony_hit`); the Gryps 2 laser eliminates it at once (31.5.10, `laser`). It is not a
  unit for movement, existence or governance, but its hex is a combat hex for another faction's
  movers (18.1; ruling S54).
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.action import Scene, current, due, forced, order, untouched
from wartable.games.zeta.components import COLONY_SITES
from wartable.games.zeta.state import bases_at, comp, place_name
from wartable.games.zeta.strike import strike

DROPPERS = ("titans", "neo_zeon")  # rule 35.1
EARTH_TOO = "neo_zeon"  # rule 35.2: the Titans drop only on the Moon


def colony(state: State) -> dict[str, Any]:
    found: dict[str, Any] = state["colony"]
    return found


def mine(state: State) -> bool:
    """Whether the active faction's colony is on the map in one of its Space phases."""
    act = current(state)
    return bool(act["type"] == "space" and colony(state)["owner"] == act["faction"])


def landing_targets(state: State) -> list[str]:
    """35.7: the bases a colony on a drop point or a Moon base's hex may land on."""
    act = current(state)
    if not mine(state) or act.get("colony_moved"):
        return []  # only as the phase begins
    c = comp(state)
    at = colony(state)["at"]
    if c.moon(at):
        return bases_at(state, at)
    area = c.drop_area(at)
    if area is None or current(state)["faction"] != EARTH_TOO:
        return []  # ruling S54: the Titans do not drop on the Earth
    return [bid for bid, b in state["bases"].items() if b["at"] in c.areas[area]]


@forced
def legal_land(state: State, scene: Scene) -> list[Action]:
    return [{"land": bid} for bid in landing_targets(state)]


def apply_land(ctx: Context, state: State, action: Action) -> None:
    act = current(state)
    c = comp(state)
    bid = action["land"]
    info = colony(state)
    need = c.colony.landing[1 if info["back"] else 0]
    (die,) = ctx.roll(act["faction"], 1, "35.7.1", msg("colony landing", "コロニー落着判定"))
    info.update(owner=None, at=None, back=False)  # ruling S54: it leaves the map either way
    name = c.bases[bid].name
    if die > need:
        ctx.say(msg("the colony misses", "コロニー落しは失敗"), rule="35.7.1")
        return
    at = state["bases"][bid]["at"]
    ctx.say(
        msg(f"the colony falls on {name['en']}", f"コロニーが{name['ja']}に落着"), rule="35.7.2"
    )
    bases.destroy(ctx, state, bid, "35.7.2")
    strike(ctx, state, at, act["faction"], 1, "35.7.3", False)


def describe_land(state: State, action: Action) -> Msg:
    name = comp(state).bases[action["land"]].name
    return msg(f"the colony drops on {name['en']}", f"{name['ja']}へのコロニー落し")


def legal_drop(state: State, scene: Scene) -> list[Action]:
    act = current(state)
    faction = act["faction"]
    info = colony(state)
    if act["type"] != "space" or faction not in DROPPERS or faction in info["used"]:
        return []
    if info["at"] is not None or not untouched(state):
        return []  # 35.3, 35.5
    c = comp(state)
    return [
        {"colony_drop": bid}
        for bid in COLONY_SITES
        if bid in state["bases"]
        and state["bases"][bid]["owner"] == faction
        and state["bases"][bid]["level"] >= 1
        and any(
            u["faction"] == faction and u["type"] in c.ms and u["at"] == state["bases"][bid]["at"]
            for u in state["units"].values()
        )
    ]


def apply_drop(ctx: Context, state: State, action: Action) -> None:
    info = colony(state)
    faction = current(state)["faction"]
    info.update(owner=faction, at=state["bases"][action["colony_drop"]]["at"], back=False)
    info["used"] = [*info["used"], faction]


def describe_drop(state: State, action: Action) -> Msg:
    name = comp(state).bases[action["colony_drop"]].name
    return msg(f"a colony sets out from {name['en']}", f"{name['ja']}にコロニーを配置")


@due
def must_move(state: State) -> bool:
    """35.6: the colony has still to make its move this phase."""
    return mine(state) and not current(state).get("colony_moved")


def legal_move(state: State, scene: Scene) -> list[Action]:
    if not must_move(state):
        return []
    c = comp(state)
    at = colony(state)["at"]
    return [
        {"colony": to}
        for to in sorted(c.adjacent)
        if to.startswith("space:") and c.distance(at, to) == 2
    ]


def apply_move(ctx: Context, state: State, action: Action) -> None:
    colony(state)["at"] = action["colony"]
    current(state)["colony_moved"] = True


def describe_move(state: State, action: Action) -> Msg:
    where = place_name(state, action["colony"])
    return msg(f"the colony moves to {where['en']}", f"コロニーが{where['ja']}へ移動")


order("land", "35.7", legal_land, apply_land, describe_land)
order("colony_drop", "35.5", legal_drop, apply_drop, describe_drop)
order("colony", "35.6", legal_move, apply_move, describe_move)
