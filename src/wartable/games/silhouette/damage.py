"""Rule S6 ④ and ⑤: damage and destruction. The defender may save a sturdy cell by cutting it,
let an adjacent armour cell take the damage by a cut, or fold an arm over the core part;
otherwise the hit cell is destroyed, torn or cut off by the weapon's attribute. Then whole
parts are removed and pieces no longer held by the base fall away (P.3, `settle`); the
checkpoint of S10 ③ comes next (stand.py, called by the flow)."""

from __future__ import annotations

from itertools import compress
from operator import itemgetter, not_
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.silhouette import victory
from wartable.games.silhouette.components import Item
from wartable.games.silhouette.grid import NEAR, SIZE, Cell, cell_key, joined, parse_key
from wartable.games.silhouette.sheet import Sheet, sheet
from wartable.games.silhouette.state import Machine, item, machine, name_of, show
from wartable.games.silhouette.steps import Next

PART, GONE = itemgetter("part"), itemgetter("gone")
GONE_NAME = {
    "tear": msg("torn off", "破り取られた"),
    "cut": msg("cut off", "切り取られた"),
}


def defend_options(state: State, t: Machine, key: str) -> list[Action]:
    """④: the ways the defender may take a hit on `key`."""
    kept = sheet(state, t).keep(("defend", key), lambda s: defences(s, key))
    return [dict(option) for option in kept]


def defences(s: Sheet, key: str) -> list[Action]:
    cell = s.cells[key]
    it = s.item(key)
    options: list[Action] = [{"do": "take"}]
    if it.sturdy and it.kind != "core" and not cell.cut:
        options.append({"do": "sturdy"})
    for other, c in s.cells.items():
        if other == key or c.gone is not None or c.cut:
            continue
        if s.item(other).kind == "armour" and c.part == cell.part and other in NEAR[key]:
            options.append({"do": "armour", "cell": other})
    if cell.part == s.cells[s.core].part:
        for other in s.cells:
            if other != key and other in s.reach and s.item(other).kind == "arm":
                options.append({"do": "arm", "cell": other})
    return options


def defend_legal(state: State, player: str) -> list[Action]:
    s = state["step"]
    return defend_options(state, machine(state, s["machine"]), s["cell"])


def defend_apply(ctx: Context, state: State, player: str, action: Action) -> Next:
    s = state["step"]
    return defend_with(ctx, state, machine(state, s["machine"]), s["cell"], action)


def defend_with(ctx: Context, state: State, t: Machine, key: str, action: Action) -> Next:
    """④ as the defender chose; ⑤ comes next."""
    attr = attack_item(state).damage
    do = action["do"]
    cell = t["cells"][key]
    if do == "armour":
        cut(
            ctx,
            state,
            t,
            action["cell"],
            msg(f"it takes the damage for {key}", f"{key}のダメージを肩代わり"),
            "S6.4",
        )
    elif do == "arm":
        say(
            ctx,
            t,
            msg(
                f"the arm at {action['cell']} folds over {key}",
                f"{action['cell']}の腕部が{key}をかばう",
            ),
            "S6.4",
        )
        destroy(ctx, state, t, action["cell"], attr)
    elif do == "sturdy" or (item(state, cell["item"]).kind == "core" and not cell["cut"]):
        # S6.4 sturdy; S10 ①: the core's first damage only cuts it
        cut(ctx, state, t, key, msg("sturdy: it is not destroyed", "頑丈: 破壊を免れる"), "S6.4")
    else:
        destroy(ctx, state, t, key, attr)
        if attack_item(state).row_cut:
            row_cut(ctx, state, t, key, attr)
    return "after_damage"


def attack_item(state: State) -> Item:
    return item(state, state["attack"]["item"])


def say(ctx: Context, t: Machine, text: Msg, rule: str, **data: Any) -> None:
    who = name_of(t)
    ctx.say(
        msg(f"{who['en']}: {text['en']}", f"{who['ja']}: {text['ja']}"),
        rule=rule,
        machine=t["id"],
        **data,
    )


def cut(ctx: Context, state: State, t: Machine, key: str, why: Msg, rule: str) -> None:
    """A slit in a cell (one per cell, ever, S6.1); the cell is shown to all (G17)."""
    cell = t["cells"][key]
    cell["cut"] = True
    show(ctx, t, [key])
    it = item(state, cell["item"])
    say(
        ctx,
        t,
        msg(
            f"cut in the {it.name['en']} at {key}, {why['en']}",
            f"{key}の{it.name['ja']}に切り込み、{why['ja']}",
        ),
        rule,
        cut=key,
    )


def destroy(ctx: Context, state: State, t: Machine, key: str, attr: str) -> None:
    """S6.5: the destroyed cell is torn or cut off; a tear frays the cells around it (P.4)."""
    cell = t["cells"][key]
    cell["gone"] = "destroyed"
    show(ctx, t, [key])
    it = item(state, cell["item"])
    gone = GONE_NAME[attr]
    say(
        ctx,
        t,
        msg(
            f"the {it.name['en']} at {key} is destroyed and {gone['en']}",
            f"{key}の{it.name['ja']}が破壊され{gone['ja']}",
        ),
        "S6.5",
        destroyed=key,
        attr=attr,
    )
    if attr == "tear":
        for other in NEAR[key]:
            c = t["cells"].get(other)
            if c is not None and c["gone"] is None:
                c["frayed"] = True


def row_cut(ctx: Context, state: State, t: Machine, key: str, attr: str) -> None:
    """The pile bunker: the rest of the hit cell's row in its part is cut off too (G16). Each
    of those cells is damaged: an uncut sturdy cell (the core among them, S10 ①) is cut
    instead, as its owner would choose."""
    row, _ = parse_key(key)
    part = t["cells"][key]["part"]
    for col in range(1, SIZE + 1):
        other = cell_key((row, col))
        c = t["cells"].get(other)
        if c is None or c["gone"] is not None or c["part"] != part:
            continue
        if item(state, c["item"]).sturdy and not c["cut"]:
            cut(
                ctx,
                state,
                t,
                other,
                msg("sturdy: it is not destroyed", "頑丈: 破壊を免れる"),
                "S6.4",
            )
        else:
            destroy(ctx, state, t, other, "cut")


def settle(ctx: Context, state: State, t: Machine) -> Sheet:
    """⑤ and P.3 separation: a piece held by neither the base nor the core falls away (G18);
    the core's piece off the base is out of action (S10 ②); S10 ① the core; S6.5 whole
    parts. Returns the sheet as it now stands."""
    s = sheet(state, t)
    gone = s.cells[s.core].gone
    if gone is not None:  # S10 ①, or S11: the core's part detached from the base
        remove_parts(ctx, t)
        victory.put_out(ctx, state, t, "base" if gone == "detached" else "core")
        return s
    held = s.keep(("held",), holding)
    if parse_key(s.core) not in held:
        remove_parts(ctx, t)
        victory.put_out(ctx, state, t, "base")
        return s
    loose = sorted(cell_key(c) for c in s.live - held)
    if loose:
        for key in loose:
            t["cells"][key]["gone"] = "fell"
        show(ctx, t, loose)
        say(
            ctx,
            t,
            msg(
                f"held by nothing, {', '.join(loose)} fall away",
                f"支えを失い{'、'.join(loose)}が脱落",
            ),
            "S6.5",
            fell=loose,
        )
        s = sheet(state, t)
    remove_parts(ctx, t)
    return s


def remove_parts(ctx: Context, t: Machine) -> None:
    """S6.5: when every cell of a part is gone, the whole part comes off."""
    cells = t["cells"].values()
    parts = list(map(PART, cells))
    left = set(compress(parts, map(not_, map(GONE, cells))))  # the parts with a cell left
    for part in sorted(set(parts) - left):
        if part not in t.setdefault("parts_gone", []):
            t["parts_gone"].append(part)
            say(
                ctx,
                t,
                msg(
                    f"every cell of part {part} is gone: the whole part comes off",
                    f"パーツ{part}の枠がすべて失われ、パーツごと外れる",
                ),
                "S6.5",
                part=part,
            )


def holding(s: Sheet) -> frozenset[Cell]:
    """The live cells held: by the base, joined to a live cell of row 1 (G3); a unit
    machine's, which flies, joined to its core (G18)."""
    if s.unit:
        return frozenset(joined(s.live, parse_key(s.core), s.links))
    held: set[Cell] = set()
    for cell in s.live:
        if cell[0] == 1 and cell not in held:
            held |= joined(s.live, cell, s.links)
    return frozenset(held)


def defend_describe(state: State, player: str, action: Action) -> Msg:
    do = action["do"]
    if do == "take":
        return msg("take the damage", "ダメージを受ける")
    if do == "sturdy":
        return msg("sturdy: cut the cell instead", "頑丈: 切り込みで破壊を免れる")
    if do == "armour":
        return msg(
            f"cut the armour at {action['cell']} to take the damage",
            f"{action['cell']}の装甲に切り込みを入れて肩代わり",
        )
    return msg(f"the arm at {action['cell']} takes the damage", f"{action['cell']}の腕部で肩代わり")
