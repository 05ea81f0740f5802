"""The scenario's enemy pieces in solo and co-op play (S1.2). Their behaviour is not in the
text (digest M), so they follow a fixed procedure (ruling G21): attack with the usable weapon
of most attacks (ramming when none), at a pilot's machine picked at random; defend with
armour, then a sturdy cut, then an arm over a cut core; use an interrupt only when it makes the
attack miss. They use no SP (S3: skills are the players'). Each function here is a choice; the
flow (flow.py) carries it out as it would a player's."""

from __future__ import annotations

from wartable.engine import Action, Context, State, msg
from wartable.games.silhouette import attack
from wartable.games.silhouette.grid import SIZE, cell_key
from wartable.games.silhouette.sheet import sheet
from wartable.games.silhouette.state import Machine, enemies_of, item, name_of


def take_turn(ctx: Context, state: State, m: Machine) -> tuple[str, str] | None:
    """The weapon and the target of the piece's attack, or None when it cannot attack."""
    targets = enemies_of(state, m)
    usable = attack.weapons(sheet(state, m), ("ranged", "melee"))
    ranked = sorted(usable, key=lambda inst: -item(state, usable[inst]).attacks)
    weapon = ranked[0] if ranked else (None if m["unit"] else attack.RAM)
    if weapon is None or not targets:
        who = name_of(m)
        ctx.say(msg(f"{who['en']} cannot attack", f"{who['ja']}は攻撃できない"), rule="S5")
        return None
    target = targets[ctx.pick(len(targets))] if len(targets) > 1 else targets[0]
    if len(targets) > 1:
        whom = name_of(target)
        ctx.say(
            msg(
                f"the enemy picks its target at random: {whom['en']}",
                f"敵は目標を無作為に選ぶ: {whom['ja']}",
            ),
            rule="S6.2",
        )
    return weapon, target["id"]


def lands(t: Machine, at: list[int]) -> bool:
    row, col = at
    if not (1 <= row <= SIZE and 1 <= col <= SIZE):
        return False
    cell = t["cells"].get(cell_key((row, col)))
    return cell is not None and cell["gone"] is None


def interrupt(state: State, t: Machine) -> tuple[str, str, int] | None:
    """The interrupt (instance, axis, shift) that turns the hit into a miss, if there is one."""
    at = state["attack"]["at"]
    if not lands(t, at):
        return None
    for inst, iid in attack.weapons(sheet(state, t), ("interrupt",)).items():
        shift = item(state, iid).shift
        for n, axis in enumerate(attack.AXES):
            for by in (-shift, shift):
                moved = list(at)
                moved[n] += by
                if not lands(t, moved):
                    return inst, axis, by
    return None


def defence(state: State, t: Machine, key: str, options: list[Action]) -> Action:
    kinds = {o["do"]: o for o in options}
    cell = t["cells"][key]
    if "armour" in kinds:
        return kinds["armour"]
    if "sturdy" in kinds:
        return kinds["sturdy"]
    if "arm" in kinds and item(state, cell["item"]).kind == "core" and cell["cut"]:
        return kinds["arm"]
    return {"do": "take"}
