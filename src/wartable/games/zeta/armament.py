"""Rules 5-8: the armament phase. Each faction receives its armament points (5.4, 30.2) and
spends them, in any order and number, on production (6), mass-production (7) and refit (8); it
may also destroy its own units (5.6, 5.7). What is not spent is lost (5.5).

The three factions arm at the same time: nothing one does touches another, so each acts as it
likes until it says it is done. Armament points are kept in half points (8.3 costs 0.5).
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.components import AXIS, BELT, BLACK_QUBELEY, FACTIONS
from wartable.games.zeta.existence import boardable, may_stand_alone
from wartable.games.zeta.flow import next_phase, phase, step, wait
from wartable.games.zeta.state import (
    WOUNDED,
    add_unit,
    carried_by,
    comp,
    first_at,
    governed,
    on_map,
    to_factory,
)

NEO_ZEON = "neo_zeon"
BASE_AP = 10  # rule 5.4
BELT_AP = 6  # rule 30.2
MASS_COST = 4  # rule 7.2: 2 AP, in half points
REFIT_COST = 1  # rule 8.3: 0.5 AP, in half points
FACTORY = "factory"  # rule 6.1


@phase("armament")
def start(ctx: Context, state: State) -> None:
    c = comp(state)
    for faction, types in c.turns[state["turn"]].reinforcements.items():  # 5.2
        types = tuple(t for t in types if not puru_barred(state, faction, t))  # 29.4.1
        state["permitted"][faction] = sorted({*state["permitted"][faction], *types})
        for type_id in types:
            name = c.unit(type_id).name
            ctx.say(msg(f"{name['en']} may now be produced", f"{name['ja']}の増援開始"), rule="5.2")
    state["armament"] = {"ap": {f: 2 * income(state, f) for f in FACTIONS}, "done": []}
    for faction in FACTIONS:
        points = state["armament"]["ap"][faction] // 2
        name = c.factions[faction]
        ctx.say(
            msg(f"{name['en']} receives {points} AP", f"{name['ja']}は軍備ポイント{points}P"),
            rule="5.4",
        )
    wait(state, "arm")


def puru_barred(state: State, faction: str, type_id: str) -> bool:
    """29.4.1: after Neo Zeon's Puru has died, it may not have the Black Qubeley Mk-II again."""
    return faction == NEO_ZEON and type_id == BLACK_QUBELEY and state["puru"] is not None


def income(state: State, faction: str) -> int:
    """5.4: 10, plus the armament points of the bases the faction governs at their levels;
    30.2: 6 more for Axis while it is in the Asteroid Belt box."""
    c = comp(state)
    points = BASE_AP
    for bid in governed(state, faction):
        points += c.bases[bid].level(state["bases"][bid]["level"]).ap
        if bid == AXIS and state["bases"][bid]["at"] == BELT:
            points += BELT_AP
    return points


def actors(state: State) -> tuple[str, ...]:
    return tuple(f for f in FACTIONS if f not in state["armament"]["done"])


def legal(state: State, faction: str) -> list[Action]:
    c = comp(state)
    ap = state["armament"]["ap"][faction]
    out: dict[str, int] = {}  # the faction's counters out of its stock, by type (7.4, 8.1)
    stored: set[str] = set()  # the types in the factory box
    destroy: list[Action] = []  # 5.6: the units on the maps
    for uid, u in state["units"].items():  # one pass for the three: this runs at every decision
        if u["faction"] == faction:
            type_id = u["type"]
            out[type_id] = out.get(type_id, 0) + 1
            if u["at"] == FACTORY:
                stored.add(type_id)
            elif on_map(u["at"]):
                destroy.append({"destroy": uid})
    mix = c.mix[faction]
    permitted = [t for t in state["permitted"][faction] if mix.get(t, 0) > out.get(t, 0)]
    actions: list[Action] = []
    if ap >= MASS_COST:
        actions += [{"mass_produce": t} for t in permitted]  # 7.2-7.4
    factory = sorted(stored)
    actions += [{"produce": t} for t in factory if ap >= 2 * c.unit(t).pp]  # 6.2
    if ap >= REFIT_COST:
        actions += [{"refit": old, "for": t} for old in factory for t in permitted if t != old]
    return [*actions, *destroy, {"done": True}]


def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
    c = comp(state)
    ap = state["armament"]["ap"]
    if "done" in action:
        state["armament"]["done"].append(faction)  # 5.5: what is left is lost
        if not actors(state):
            state["armament"] = None
            next_phase(ctx, state)
        return
    ctx.say(describe(state, faction, action), rule=next(r for k, r in RULE.items() if k in action))
    if "mass_produce" in action:
        ap[faction] -= MASS_COST
        add_unit(state, faction, action["mass_produce"], FACTORY)
    elif "produce" in action:
        ap[faction] -= 2 * c.unit(action["produce"]).pp
        uid = first_at(state, FACTORY, faction, action["produce"])
        state["units"][uid]["at"] = "pending"  # 6.1: placed in the deployment phase (9.1)
    elif "refit" in action:
        ap[faction] -= REFIT_COST
        del state["units"][first_at(state, FACTORY, faction, action["refit"])]  # 8.2: to the stock
        add_unit(state, faction, action["for"], FACTORY)
    else:
        destroy(ctx, state, faction, action["destroy"])


def destroy(ctx: Context, state: State, faction: str, uid: str) -> None:
    """5.6: the unit goes to the factory box; MS its ship carried stay only where they may stand
    alone (15.7, ruling S16); 5.7: a character left with no own unit to board goes to box L."""
    at = state["units"][uid]["at"]
    lost = {uid}
    to_factory(state, uid)
    for ms in carried_by(state, uid):
        state["units"][ms]["carrier"] = None
        if not may_stand_alone(state, at, faction):
            to_factory(state, ms)
            lost.add(ms)
    for cid, character in state["characters"].items():
        if character["at"] != at or character["faction"] != faction:
            continue
        if character["on"] in lost:
            character["on"] = boardable(state, cid, at)
            stranded = character["on"] is None
        else:
            stranded = character["on"] is None and boardable(state, cid, at) is None
        if stranded:
            character.update(at=WOUNDED + "L", on=None)
            name = comp(state).characters[cid].name
            ctx.say(
                msg(f"{name['en']} has no unit left: light wound", f"{name['ja']}は軽傷扱い"),
                rule="5.7",
            )


RULE = {"mass_produce": "7.2", "produce": "6.2", "refit": "8.2", "destroy": "5.6", "done": "5.5"}


def describe(state: State, faction: str, action: Action) -> Msg:
    c = comp(state)

    def name(type_id: str) -> Msg:
        return c.unit(type_id).name

    if "mass_produce" in action:
        n = name(action["mass_produce"])
        return msg(f"mass-produce {n['en']} (2 AP)", f"{n['ja']}を増産(2P)")
    if "produce" in action:
        n, pp = name(action["produce"]), c.unit(action["produce"]).pp
        return msg(f"produce {n['en']} ({pp} AP)", f"{n['ja']}を生産({pp}P)")
    if "refit" in action:
        out, new = name(action["refit"]), name(action["for"])
        return msg(
            f"refit {out['en']} into {new['en']} (0.5 AP)",
            f"{out['ja']}を{new['ja']}に換装(0.5P)",
        )
    if "destroy" in action:
        unit: dict[str, Any] = state["units"][action["destroy"]]
        n = name(unit["type"])
        return msg(
            f"destroy {n['en']} {action['destroy']} at {unit['at']}",
            f"{unit['at']}の{n['ja']} {action['destroy']}を自発的に破壊",
        )
    return msg("armament done", "軍備終了")


step("arm", actors, legal, apply, describe)
