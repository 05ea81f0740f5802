"""Rule S6 ①-③: choosing the weapon and the target, the hit dice, the attacker's SP skills
(S3) and the defender's interrupt auxiliaries. The hit itself (④, ⑤) is damage.py."""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.silhouette import damage, enemy, flow, victory
from wartable.games.silhouette.grid import SIZE, cell_key
from wartable.games.silhouette.state import (
    Machine,
    comp,
    connected,
    enemies_of,
    in_action,
    instances,
    item,
    machine,
    name_of,
)
from wartable.games.silhouette.steps import owner_of, step, wait

RAM = "ram"
AXES = ("row", "col")
AXIS_NAME = {"row": msg("row", "縦軸"), "col": msg("column", "横軸")}


# --- which weapons may be used (S6.1) -----------------------------------------------------


def mobile(state: State, m: Machine, reach: set[str]) -> bool:
    """S6.1-B: melee needs legs or a vehicle body joined to the core: two leg cells, or one
    vehicle-body cell (G14)."""
    kinds = [item(state, m["cells"][key]["item"]).kind for key in reach]
    return kinds.count("legs") >= 2 or "vehicle" in kinds


def ready(state: State, m: Machine, cells: list[str], reach: set[str]) -> bool:
    """S6.1: every cell of the item present and joined to the core (`reach`), and, for a
    scissors item, enough uncut cells left for its cuts (one cut per cell, ever)."""
    if any(m["cells"][key]["gone"] is not None or key not in reach for key in cells):
        return False
    needed = item(state, m["cells"][cells[0]]["item"]).cuts
    return sum(not m["cells"][key]["cut"] for key in cells) >= needed


def weapons(state: State, m: Machine, kinds: tuple[str, ...]) -> dict[str, str]:
    """Instance -> item id of the items of these kinds the machine may use now."""
    reach = {cell_key(c) for c in connected(state, m)}
    found: dict[str, str] = {}
    for inst, cells in instances(m).items():
        it = item(state, m["cells"][cells[0]]["item"])
        if it.kind in kinds and ready(state, m, cells, reach):
            found[inst] = it.id
    if any(item(state, iid).kind == "melee" for iid in found.values()) and not mobile(
        state, m, reach
    ):
        found = {inst: iid for inst, iid in found.items() if item(state, iid).kind != "melee"}
    return found


def attack_actions(state: State, m: Machine) -> list[Action]:
    usable = list(weapons(state, m, ("ranged", "melee")))
    if not m["unit"]:
        usable.append(RAM)  # S6.1-B: every silhouette can always body-slam (G15)
    targets = [t["id"] for t in enemies_of(state, m)]
    return [{"do": "attack", "weapon": w, "target": t} for w in usable for t in targets]


def weapon_item(state: State, m: Machine, weapon: str) -> str:
    if weapon == RAM:
        return next(i.id for i in comp(state).items.values() if i.kind == "ram")
    return str(m["cells"][instances(m)[weapon][0]]["item"])


def where(m: Machine, inst: str) -> str:
    """The cells of an item as declared: "2-3" or "2-3/3-3"."""
    return "/".join(instances(m)[inst])


def describe_attack(state: State, action: Action) -> Msg:
    m = machine(state, state["step"]["machine"])
    target = name_of(machine(state, action["target"]))
    it = item(state, weapon_item(state, m, action["weapon"]))
    at = "" if action["weapon"] == RAM else f" at {where(m, action['weapon'])}"
    at_ja = "" if action["weapon"] == RAM else f"{where(m, action['weapon'])}の"
    return msg(
        f"attack {target['en']} with the {it.name['en']}{at}",
        f"{at_ja}{it.name['ja']}で{target['ja']}を攻撃",
    )


# --- the attack: declaration, cuts, dice (S6.1-S6.3) ---------------------------------------


def show(ctx: Context, m: Machine, keys: list[str]) -> None:
    """Reveal cells to everyone (a declaration, S1.1): undo may not go back past it."""
    if any(not m["cells"][key]["shown"] for key in keys):
        for key in keys:
            m["cells"][key]["shown"] = True
        ctx.reveal()


def make_cuts(ctx: Context, state: State, m: Machine, inst: str) -> None:
    """S6.1: a scissors item is used once by making its number of cuts in its own cells (G11)."""
    cells = instances(m)[inst]
    needed = item(state, m["cells"][cells[0]]["item"]).cuts
    for key in [k for k in cells if not m["cells"][k]["cut"]][:needed]:
        m["cells"][key]["cut"] = True
        ctx.say(msg(f"a cut is made at {key}", f"{key}に切り込みを入れる"), rule="S6.1", cut=key)


def begin(ctx: Context, state: State, m: Machine, weapon: str, target: str, turn_left: int) -> None:
    it = item(state, weapon_item(state, m, weapon))
    t = machine(state, target)
    if weapon == RAM:
        place = msg("", "")
    else:
        show(ctx, m, instances(m)[weapon])
        place = msg(f" at {where(m, weapon)}", f"{where(m, weapon)}の")
    ctx.say(
        msg(
            f"{name_of(m)['en']} attacks {name_of(t)['en']} with the {it.name['en']}{place['en']}",
            f"{name_of(m)['ja']}は{place['ja']}{it.name['ja']}で{name_of(t)['ja']}を攻撃",
        ),
        rule="S6.1",
        by=m["id"],
        target=target,
        weapon=weapon,
        item=it.id,
    )
    if weapon != RAM:
        make_cuts(ctx, state, m, weapon)
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
    roll(ctx, state)


def roll(ctx: Context, state: State) -> None:
    """S6.3: two dice, white the row and black the column; S8: the target was attacked."""
    a = state["attack"]
    m, t = machine(state, a["by"]), machine(state, a["target"])
    t["attacked"] = True
    why = msg(
        f"hit cell on {name_of(t)['en']} (row, column)", f"{name_of(t)['ja']}への着弾枠（縦・横）"
    )
    row, col = ctx.roll(m["owner"] or "enemy", 2, "S6.3", why)
    a["roll"] = [row, col]
    a["at"] = [row, col]
    if m["owner"] is not None and m["sp"] >= comp(state).rules["shift_cost"]:
        wait(state, "boost", machine=m["id"])
    else:
        after_boost(ctx, state)


def after_boost(ctx: Context, state: State) -> None:
    """S6.3: after the attacker's skills, the defender's interrupts (always asked of a player,
    so that the question tells nothing of its sheet, G13)."""
    t = machine(state, state["attack"]["target"])
    if t["owner"] is not None:
        wait(state, "interrupt", machine=t["id"])
    else:
        enemy.interrupt(ctx, state, t)
        resolve(ctx, state)


def resolve(ctx: Context, state: State) -> None:
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
        roll_done(ctx, state)
        return
    ctx.say(msg(f"hit at {key}", f"{key}に着弾"), rule="S6.3", hit=key)
    damage.hit(ctx, state, t, key)


def roll_done(ctx: Context, state: State) -> None:
    """After one attack of a weapon: the end check (S1.1), the weapon's next attack (S6.2),
    then the turn goes on."""
    if victory.check_end(ctx, state):
        state["attack"] = None
        return
    a = state["attack"]
    m = machine(state, a["by"])
    if a["rolls_left"] > 0 and in_action(m):
        a["rolls_left"] -= 1
        group = split_targets(state, m)
        if len(group) > 1 and m["owner"] is not None:
            wait(state, "retarget", machine=m["id"])
            return
        if group:
            aim(state, group[0])
            roll(ctx, state)
            return
    flow.turn_done(ctx, state, m, a["turn_left"])


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


def boost_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    m = machine(state, state["step"]["machine"])
    a = state["attack"]
    if action["do"] == "done":
        after_boost(ctx, state)
        return
    rules = comp(state).rules
    n = AXES.index(action["axis"])
    old = a["at"][n]
    if action["do"] == "shift":
        cost, a["at"][n] = rules["shift_cost"], old + action["by"]
    else:
        cost, a["at"][n] = rules["set_cost"], action["face"]
    m["sp"] -= cost
    axis = AXIS_NAME[action["axis"]]
    ctx.say(
        msg(
            f"{name_of(m)['en']} spends {cost} SP: {axis['en']} {old} -> {a['at'][n]}",
            f"{name_of(m)['ja']}はSPを{cost}使う: {axis['ja']} {old}→{a['at'][n]}",
        ),
        rule="S3",
        at=list(a["at"]),
    )
    if m["sp"] < rules["shift_cost"]:
        after_boost(ctx, state)


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
    for inst, iid in weapons(state, t, ("interrupt",)).items():
        shift = item(state, iid).shift
        for axis in AXES:
            actions += [
                {"do": "interrupt", "inst": inst, "axis": axis, "by": by} for by in (-shift, shift)
            ]
    return [*actions, {"do": "done"}]


def interrupt_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    t = machine(state, state["step"]["machine"])
    if action["do"] == "done":
        resolve(ctx, state)
        return
    use_interrupt(ctx, state, t, action["inst"], action["axis"], action["by"])


def use_interrupt(ctx: Context, state: State, t: Machine, inst: str, axis: str, by: int) -> None:
    """Cut the interrupt item and move the hit cell (declared, S1.1; several may be used)."""
    a = state["attack"]
    show(ctx, t, instances(t)[inst])
    it = item(state, t["cells"][instances(t)[inst][0]]["item"])
    n = AXES.index(axis)
    old = a["at"][n]
    a["at"][n] = old + by
    name, who, place = AXIS_NAME[axis], name_of(t), where(t, inst)
    ctx.say(
        msg(
            f"{who['en']} uses the {it.name['en']} at {place}: {name['en']} {old} -> {old + by}",
            f"{who['ja']}は{place}の{it.name['ja']}を使う: {name['ja']} {old}→{old + by}",
        ),
        rule="S6.3",
        at=list(a["at"]),
        inst=inst,
    )
    make_cuts(ctx, state, t, inst)


def interrupt_describe(state: State, player: str, action: Action) -> Msg:
    if action["do"] == "done":
        return msg("no (more) interrupts", "割込を使わない")
    t = machine(state, state["step"]["machine"])
    name = AXIS_NAME[action["axis"]]
    return msg(
        f"interrupt with {where(t, action['inst'])}: {name['en']} {action['by']:+d}",
        f"{where(t, action['inst'])}で割込: {name['ja']}{action['by']:+d}",
    )


# --- the next target of a several-attack weapon (S6.2) ------------------------------------


def retarget_legal(state: State, player: str) -> list[Action]:
    m = machine(state, state["step"]["machine"])
    return [{"do": "target", "target": u} for u in split_targets(state, m)]


def retarget_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    aim(state, action["target"])
    roll(ctx, state)


def aim(state: State, target: str) -> None:
    """The next attack of the weapon goes at `target`; a silhouette becomes the one it aims at."""
    a = state["attack"]
    a["target"] = target
    if not machine(state, target)["unit"]:
        a["silhouette"] = target


def retarget_describe(state: State, player: str, action: Action) -> Msg:
    t = name_of(machine(state, action["target"]))
    return msg(f"the next attack at {t['en']}", f"次の攻撃は{t['ja']}へ")


step("boost", owner_of("machine"), boost_legal, boost_apply, boost_describe)
step("interrupt", owner_of("machine"), interrupt_legal, interrupt_apply, interrupt_describe)
step("retarget", owner_of("machine"), retarget_legal, retarget_apply, retarget_describe)
