"""Rule 17: governance, ``{"govern": key, "base": bid}``. Units in a base's hex that neither move
nor recover (17.2, 17.3) are told which base they govern (17.5); when the faction ends its
orders, each base governed rolls once (17.4): one die, success at or under the governance of its
units (17.6), and of the characters aboard them (rulings S4, S31). Success raises an own base one
level (at most 3), makes a neutral base an own base at level 1, and lowers another faction's
political base one level, to neutral at 0 (17.7).

Not offered (ruling S36): another faction's military base (17.8), Side 6 (34.2), a hex that held
another faction's units when the phase began (17.9), an own base already at level 3, or a unit
whose governance (with those aboard) is 0. A character standing alone at a base governs by itself.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.action import Scene, current, free, order, settle
from wartable.games.zeta.components import SIDE6
from wartable.games.zeta.state import comp, unit_name

TOP = 3  # rule 2.6


def targets(state: State, where: set[str]) -> dict[str, list[str]]:
    """Where among `where` the active faction may govern this phase: each location's bases it
    may govern, in data order (only locations with one)."""
    act = current(state)
    c = comp(state)
    found: dict[str, list[str]] = {}
    for bid, base in state["bases"].items():
        if base["at"] not in where:
            continue  # first: the pieces stand at few of the bases
        if base["at"] in act["present"]:
            continue  # 17.9
        owner, level = base["owner"], base["level"]
        if bid == SIDE6 or (owner == act["faction"] and level >= TOP):
            continue  # 34.2; nothing to gain
        if owner in (None, act["faction"]) or not c.bases[bid].military:
            found.setdefault(base["at"], []).append(bid)  # 17.7, 17.8
    return found


def power(state: State, key: str, crews: dict[str, int] | None = None) -> int:
    """The governance of a unit and the characters aboard it, or of a character (17.6, S4).
    A caller asking about many units passes `crew` once as `crews`."""
    c = comp(state)
    if key in state["characters"]:
        return c.characters[key].gov
    aboard = (crews if crews is not None else crew(state)).get(key, 0)
    return c.unit(state["units"][key]["type"]).gov + aboard


def crew(state: State) -> dict[str, int]:
    """The governance of the characters aboard each unit (ruling S4)."""
    c = comp(state)
    found: dict[str, int] = {}
    for cid, ch in state["characters"].items():
        if ch["on"] is not None:
            found[ch["on"]] = found.get(ch["on"], 0) + c.characters[cid].gov
    return found


def legal(state: State, scene: Scene) -> list[Action]:
    if current(state)["type"] == "atmosphere":
        return []  # 12.7
    pieces = scene.units + [(cid, ch) for cid, ch in scene.characters if ch["on"] is None]
    pieces = [(key, piece) for key, piece in pieces if free(state, key)]
    places = targets(state, {piece["at"] for _, piece in pieces})
    pieces = [(key, piece) for key, piece in pieces if piece["at"] in places]
    if not pieces:
        return []
    crews = crew(state)
    return [
        {"govern": key, "base": bid}
        for key, piece in pieces
        if power(state, key, crews) > 0
        for bid in places[piece["at"]]
    ]


def apply(ctx: Context, state: State, action: Action) -> None:
    current(state)["govern"][action["govern"]] = action["base"]


@settle("governance")
def roll(ctx: Context, state: State) -> bool:
    """17.4, 17.6, 17.7: one roll for each base governed, in the order of the bases."""
    act = current(state)
    faction = act["faction"]
    c = comp(state)
    for bid in [b for b in state["bases"] if b in act["govern"].values()]:
        total = sum(power(state, key) for key, base in act["govern"].items() if base == bid)
        name = c.bases[bid].name
        (die,) = ctx.roll(
            faction,
            1,
            "17.6",
            msg(f"governance of {name['en']} ({total})", f"{name['ja']}の統治判定({total})"),
        )
        if die > total:
            ctx.say(msg(f"{name['en']}: no change", f"{name['ja']}: 失敗"), rule="17.6")
            continue
        owner, level = state["bases"][bid]["owner"], state["bases"][bid]["level"]
        if owner is None:
            bases.set_level(ctx, state, bid, faction, 1)
        elif owner == faction:
            bases.set_level(ctx, state, bid, faction, min(level + 1, TOP))
        else:
            bases.set_level(ctx, state, bid, owner, level - 1)
        now = state["bases"][bid]
        holder = c.factions[now["owner"]] if now["owner"] else msg("neutral", "中立")
        ctx.say(
            msg(
                f"{name['en']}: {holder['en']}, level {now['level']}",
                f"{name['ja']}: {holder['ja']} レベル{now['level']}",
            ),
            rule="17.7",
        )
    return False


def describe(state: State, action: Action) -> Msg:
    who = unit_name(state, action["govern"])
    base = comp(state).bases[action["base"]].name
    return msg(f"{who['en']} governs {base['en']}", f"{who['ja']}が{base['ja']}を統治")


order("govern", "17.1", legal, apply, describe)
