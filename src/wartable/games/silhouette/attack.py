"""Rule S6 ①-③: choosing the weapon and the target, the hit dice, the attacker's SP skills
(S3) and the defender's interrupt auxiliaries; after each attack of a weapon, its next one
(S6.2). Each procedure returns what comes next: the hit itself (④, ⑤) is damage.py's, and the
flow (flow.py) asks the defender or runs an enemy piece's choice."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.silhouette import victory
from wartable.games.silhouette.components import Components, Item
from wartable.games.silhouette.grid import SIZE, cell_key
from wartable.games.silhouette.sheet import Sheet, sheet
from wartable.games.silhouette.state import (
    Machine,
    cells_of,
    comp,
    enemies_of,
    in_action,
    item,
    machine,
    name_of,
    show,
)
from wartable.games.silhouette.steps import Next, wait

RAM = "ram"
AXES = ("row", "col")
AXIS_NAME = {"row": msg("row", "縦軸"), "col": msg("column", "横軸")}


# --- which weapons may be used (S6.1) -----------------------------------------------------


def mobile(s: Sheet) -> bool:
    """S6.1-B: melee needs legs or a vehicle body joined to the core: two leg cells, or one
    vehicle-body cell (G14)."""
    kinds = [s.item(key).kind for key in s.reach]
    return kinds.count("legs") >= 2 or "vehicle" in kinds


def ready(s: Sheet, cells: list[str]) -> bool:
    """S6.1: every cell of the item present and joined to the core, and, for a scissors item,
    enough uncut cells left for its cuts (one cut per cell, ever)."""
    if any(s.cells[key].gone is not None or key not in s.reach for key in cells):
        return False
    return sum(not s.cells[key].cut for key in cells) >= s.item(cells[0]).cuts


def weapons(s: Sheet, kinds: tuple[str, ...]) -> Mapping[str, str]:
    """Instance -> item id of the items of these kinds the machine may use now."""
    return s.keep(("weapons", kinds), lambda s: usable(s, kinds))


def usable(s: Sheet, kinds: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for inst, cells in s.instances.items():
        it = s.item(cells[0])
        if it.kind in kinds and ready(s, cells):
            found[inst] = it.id
    if any(s.comp.items[iid].kind == "melee" for iid in found.values()) and not mobile(s):
        found = {inst: iid for inst, iid in found.items() if s.comp.items[iid].kind != "melee"}
    return found


def attack_actions(state: State, m: Machine, s: Sheet) -> list[Action]:
    """The attacks `m`, whose sheet is `s`, may make now."""
    usable = list(weapons(s, ("ranged", "melee")))
    if not m["unit"]:
        usable.append(RAM)  # S6.1-B: every silhouette can always body-slam (G15)
    targets = [t["id"] for t in enemies_of(state, m)]
    return [{"do": "attack", "weapon": w, "target": t} for w in usable for t in targets]


@functools.cache
def ram(components: Components) -> Item:
    """The body slam (S6.1-B): printed on no sheet, every silhouette has it."""
    return next(i for i in components.items.values() if i.kind == "ram")


def weapon_item(state: State, m: Machine, weapon: str) -> Item:
    if weapon == RAM:
        return ram(comp(state))
    return item(state, m["cells"][cells_of(m, weapon)[0]]["item"])


def where(cells: list[str]) -> str:
    """The cells of an item as declared: "2-3" or "2-3/3-3"."""
    return "/".join(cells)


def describe_attack(state: State, action: Action) -> Msg:
    m = machine(state, state["step"]["machine"])
    target = name_of(machine(state, action["target"]))
    it = weapon_item(state, m, action["weapon"])
    place = "" if action["weapon"] == RAM else where(cells_of(m, action["weapon"]))
    at = f" at {place}" if place else ""
    at_ja = f"{place}の" if place else ""
    return msg(
        f"attack {target['en']} with the {it.name['en']}{at}",
        f"{at_ja}{it.name['ja']}で{target['ja']}を攻撃",
    )


# --- the attack: declaration, cuts, dice (S6.1-S6.3) ---------------------------------------


def make_cuts(ctx: Context, m: Machine, it: Item, cells: list[str]) -> None:
    """S6.1: a scissors item is used once by making its number of cuts in its own cells (G11)."""
    for key in [k for k in cells if not m["cells"][k]["cut"]][: it.cuts]:
        m["cells"][key]["cut"] = True
        ctx.say(msg(f"a cut is made at {key}", f"{key}に切り込みを入れる"), rule="S6.1", cut=key)


def begin(ctx: Context, state: State, m: Machine, weapon: str, target: str, turn_left: int) -> Next:
    t = machine(state, target)
    if weapon == RAM:
        it = ram(comp(state))
        declare(ctx, m, t, weapon, it, msg("", ""))
    else:  # a printed weapon is shown, declared and, for a scissors item, cut
        cells = cells_of(m, weapon)
        it = item(state, m["cells"][cells[0]]["item"])
        show(ctx, m, cells)
        at = where(cells)
        declare(ctx, m, t, weapon, it, msg(f" at {at}", f"{at}の"))
        make_cuts(ctx, m, it, cells)
    state["attack"] = {
        "by": m["id"],
        "weapon": weapon,
        "item": it.id,
        "target": target,
        "silhouette": None if t["unit"] else target,
        "rolls_left": it.attacks - 1,
        "turn_left": turn_left,
        "roll": None,
        "at": None,
    }
    return roll(ctx, state)


def declare(ctx: Context, m: Machine, t: Machine, weapon: str, it: Item, place: Msg) -> None:
    who, whom = name_of(m), name_of(t)
    ctx.say(
        msg(
            f"{who['en']} attacks {whom['en']} with the {it.name['en']}{place['en']}",
            f"{who['ja']}は{place['ja']}{it.name['ja']}で{whom['ja']}を攻撃",
        ),
        rule="S6.1",
        by=m["id"],
        target=t["id"],
        weapon=weapon,
        item=it.id,
    )


def roll(ctx: Context, state: State) -> Next:
    """S6.3: two dice, white the row and black the column; S8: the target was attacked."""
    a = state["attack"]
    m, t = machine(state, a["by"]), machine(state, a["target"])
    t["attacked"] = True
    whom = name_of(t)
    why = msg(f"hit cell on {whom['en']} (row, column)", f"{whom['ja']}への着弾枠（縦・横）")
    row, col = ctx.roll(m["owner"] or "enemy", 2, "S6.3", why)
    a["roll"] = [row, col]
    a["at"] = [row, col]
    if m["owner"] is not None and m["sp"] >= comp(state).rules["shift_cost"]:
        wait(state, "boost", machine=m["id"])
        return None
    return "after_boost"


def resolve(ctx: Context, state: State) -> Next:
    """S6.3: a hit on no live cell of the target is evaded; else ④ damage."""
    a = state["attack"]
    t = machine(state, a["target"])
    row, col = a["at"]
    key = cell_key((row, col))
    cell = t["cells"].get(key)
    if not (1 <= row <= SIZE and 1 <= col <= SIZE) or cell is None or cell["gone"] is not None:
        ctx.say(
            msg(f"{row}-{col}: no cell there, the attack misses", f"{row}-{col}: 枠がなく回避"),
            rule="S6.3",
            miss=[row, col],
        )
        return roll_done(ctx, state)
    ctx.say(msg(f"hit at {key}", f"{key}に着弾"), rule="S6.3", hit=key)
    return "hit"


def roll_done(ctx: Context, state: State) -> Next:
    """After one attack of a weapon: the end check (S1.1), the weapon's next attack (S6.2),
    then the turn goes on."""
    if victory.check_end(ctx, state):
        state["attack"] = None
        return None
    a = state["attack"]
    m = machine(state, a["by"])
    if a["rolls_left"] > 0 and in_action(m):
        a["rolls_left"] -= 1
        group = split_targets(state, m)
        if len(group) > 1 and m["owner"] is not None:
            wait(state, "retarget", machine=m["id"])
            return None
        if group:
            aim(state, group[0])
            return roll(ctx, state)
    return "turn_done"


def split_targets(state: State, m: Machine) -> list[str]:
    """S6.2: a several-attack weapon may split its attacks among unit machines and the
    silhouette they follow, never among several silhouettes (G27): the next attack goes at
    the silhouette this use aimed at (any, if none yet) or at a unit still in action."""
    a = state["attack"]
    others = enemies_of(state, m)
    units = [u["id"] for u in others if u["unit"]]
    if a["silhouette"] is not None:
        chosen = machine(state, a["silhouette"])
        silhouettes = [chosen["id"]] if in_action(chosen) else []
    else:
        silhouettes = [s["id"] for s in others if not s["unit"]] if units else []
    return silhouettes + units


# --- the attacker's SP skills after the roll (S3) ------------------------------------------


def boost_legal(state: State, player: str) -> list[Action]:
    m = machine(state, state["step"]["machine"])
    rules = comp(state).rules
    at = state["attack"]["at"]
    actions: list[Action] = []
    for n, axis in enumerate(AXES):
        if m["sp"] >= rules["shift_cost"]:
            actions += [
                {"do": "shift", "axis": axis, "by": by} for by in (-1, 1) if 1 <= at[n] + by <= SIZE
            ]
        if m["sp"] >= rules["set_cost"]:
            actions += [
                {"do": "set", "axis": axis, "face": f} for f in range(1, SIZE + 1) if f != at[n]
            ]
    return [*actions, {"do": "done"}]


def boost_apply(ctx: Context, state: State, player: str, action: Action) -> Next:
    m = machine(state, state["step"]["machine"])
    a = state["attack"]
    if action["do"] == "done":
        return "after_boost"
    rules = comp(state).rules
    n = AXES.index(action["axis"])
    old = a["at"][n]
    if action["do"] == "shift":
        cost, a["at"][n] = rules["shift_cost"], old + action["by"]
    else:
        cost, a["at"][n] = rules["set_cost"], action["face"]
    m["sp"] -= cost
    axis, who = AXIS_NAME[action["axis"]], name_of(m)
    ctx.say(
        msg(
            f"{who['en']} spends {cost} SP: {axis['en']} {old} -> {a['at'][n]}",
            f"{who['ja']}はSPを{cost}使う: {axis['ja']} {old}→{a['at'][n]}",
        ),
        rule="S3",
        at=list(a["at"]),
    )
    return "after_boost" if m["sp"] < rules["shift_cost"] else None


def boost_describe(state: State, player: str, action: Action) -> Msg:
    if action["do"] == "done":
        return msg("keep the hit cell", "着弾枠を確定する")
    axis = AXIS_NAME[action["axis"]]
    cost = comp(state).rules["shift_cost" if action["do"] == "shift" else "set_cost"]
    if action["do"] == "shift":
        return msg(
            f"{cost} SP: {axis['en']} {action['by']:+d}", f"SP{cost}: {axis['ja']}{action['by']:+d}"
        )
    return msg(
        f"{cost} SP: {axis['en']} to {action['face']}",
        f"SP{cost}: {axis['ja']}を{action['face']}に",
    )


# --- the defender's interrupt auxiliaries (S6.3) -------------------------------------------


def interrupt_legal(state: State, player: str) -> list[Action]:
    t = machine(state, state["step"]["machine"])
    actions: list[Action] = []
    for inst, iid in weapons(sheet(state, t), ("interrupt",)).items():
        shift = item(state, iid).shift
        for axis in AXES:
            actions += [
                {"do": "interrupt", "inst": inst, "axis": axis, "by": by} for by in (-shift, shift)
            ]
    return [*actions, {"do": "done"}]


def interrupt_apply(ctx: Context, state: State, player: str, action: Action) -> Next:
    t = machine(state, state["step"]["machine"])
    if action["do"] == "done":
        return resolve(ctx, state)
    use_interrupt(ctx, state, t, action["inst"], action["axis"], action["by"])
    return None


def use_interrupt(ctx: Context, state: State, t: Machine, inst: str, axis: str, by: int) -> None:
    """Cut the interrupt item and move the hit cell (declared, S1.1; several may be used)."""
    a = state["attack"]
    cells = cells_of(t, inst)
    show(ctx, t, cells)
    it = item(state, t["cells"][cells[0]]["item"])
    n = AXES.index(axis)
    old = a["at"][n]
    a["at"][n] = old + by
    name, who, place = AXIS_NAME[axis], name_of(t), where(cells)
    ctx.say(
        msg(
            f"{who['en']} uses the {it.name['en']} at {place}: {name['en']} {old} -> {old + by}",
            f"{who['ja']}は{place}の{it.name['ja']}を使う: {name['ja']} {old}→{old + by}",
        ),
        rule="S6.3",
        at=list(a["at"]),
        inst=inst,
    )
    make_cuts(ctx, t, it, cells)


def interrupt_describe(state: State, player: str, action: Action) -> Msg:
    if action["do"] == "done":
        return msg("no (more) interrupts", "割込を使わない")
    place = where(cells_of(machine(state, state["step"]["machine"]), action["inst"]))
    name = AXIS_NAME[action["axis"]]
    return msg(
        f"interrupt with {place}: {name['en']} {action['by']:+d}",
        f"{place}で割込: {name['ja']}{action['by']:+d}",
    )


# --- the next target of a several-attack weapon (S6.2) ------------------------------------


def retarget_legal(state: State, player: str) -> list[Action]:
    m = machine(state, state["step"]["machine"])
    return [{"do": "target", "target": u} for u in split_targets(state, m)]


def retarget_apply(ctx: Context, state: State, player: str, action: Action) -> Next:
    aim(state, action["target"])
    return roll(ctx, state)


def aim(state: State, target: str) -> None:
    """The next attack of the weapon goes at `target`; a silhouette becomes the one it aims at."""
    a = state["attack"]
    a["target"] = target
    if not machine(state, target)["unit"]:
        a["silhouette"] = target


def retarget_describe(state: State, player: str, action: Action) -> Msg:
    t = name_of(machine(state, action["target"]))
    return msg(f"the next attack at {t['en']}", f"次の攻撃は{t['ja']}へ")
