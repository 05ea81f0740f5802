"""The VOTOMS state (plain data) and the helpers every rules module uses to read it.

Units on the map, in a stock or set aside are in ``state["units"]`` under ids that say nothing
of what they are ("M7", "B12"): ids are dealt after each placed group is shuffled, so neither
the id nor the order gives a face-down unit away. The cups hold unit type ids only: a unit
that goes back into a cup loses its id (rule 9.10.2) and comes out as a new counter.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.engine.decks import draw_random
from wartable.games.votoms.components import Components, UnitType, components
from wartable.games.votoms.flow import BIELER, MERC, SIDES

Unit = dict[str, Any]
Clue = dict[str, list[str]]  # see `settled_clues`
ID_PREFIX = {MERC: "M", BIELER: "B"}
SIDE_NAME = {MERC: msg("Merc", "傭兵側"), BIELER: msg("Bieler", "ビーラー側")}
RAISED_STAGES = (1, 3, 4)  # rule 2.2.5: Kan Yu uses its red values


def comp(state: State) -> Components:
    return components(state["data"])


def new_state(ctx: Context, options: dict[str, Any]) -> State:
    """Rule 15: stocks, cups and the face-down placement of both sides; markers at start."""
    c = components(options["data"])
    state: State = {
        "data": options["data"],
        "options": {k: v for k, v in options.items() if k != "data"},
        "turn": 1,  # 15.3
        "phase": "reinforcement",  # 15.4
        "step": None,
        "stage": 0,  # 15.5: the Initial stage
        "next_stage": None,  # 12.3: a transition due at the start of the next turn
        "kan_yu_met_blue": False,  # 2.2.7 / 12.4: the phase marker flipped
        "mods": {"escape": 0, "strike_dog": 0, "kiriko": 0},  # 2.2.9
        "vp": {MERC: 0, BIELER: 0},  # 15.6
        "rp": 0,  # 15.6
        "units": {},
        "next_id": {MERC: 1, BIELER: 1},
        "cups": {side: [] for side in SIDES},
        "clues": {side: [] for side in SIDES},  # what the opponent knows of face-down counters
        "stock": {side: [] for side in SIDES},
        "removed": [],
        "control": {pid: p.initial_control for pid, p in c.places.items() if p.base},
        "offensive": {"pool": list(c.offensive_turns), "turn": None},
        "combat": None,
        "returns": [],
        "captured_home": [],
        "end": None,
    }
    for side in SIDES:
        plan = c.setup[side]
        for type_id in plan["cup"]:
            state["cups"][side].extend([type_id] * c.units[type_id].count)
        state["stock"][side].extend(plan["stock"])
        helis = [t for t in c.units.values() if t.side == side and t.kind == "heli"]
        placed = sum(plan.get("helis", {}).values())
        for heli in helis:
            state["stock"][side].extend([heli.id] * max(0, heli.count - placed))
            for pid, n in plan.get("helis", {}).items():
                place(ctx, state, side, [heli.id] * n, c.places[pid].hex, up=True)
        for pid, count in plan["draw"].items():
            drawn = [draw_random(ctx, state["cups"][side]) for _ in range(count)]
            named = plan.get("named", {}).get(pid, [])
            group = [t for t in named + drawn if t is not None]
            ids = place(ctx, state, side, group, c.places[pid].hex, up=plan["face"] == "up")
            if named and plan["face"] != "up":  # the named units are among these counters
                state["clues"][side].append({"ids": ids, "types": sorted(named)})
        ctx.say(
            msg(
                f"{SIDE_NAME[side]['en']} sets up its units face-down",
                f"{SIDE_NAME[side]['ja']}が裏でユニットを配置",
            )
        )
    return state


def place(
    ctx: Context, state: State, side: str, type_ids: list[str], hex_label: str, *, up: bool
) -> list[str]:
    """Put new counters on the map; ids are dealt in a shuffled order (see the module doc)."""
    group = list(type_ids)
    if len(group) > 1 and not up:
        ctx.dice.shuffle(group)  # not logged: the order only hides which counter got which id
        ctx.barrier = True
    ids = []
    for type_id in group:
        uid = f"{ID_PREFIX[side]}{state['next_id'][side]}"
        state["next_id"][side] += 1
        state["units"][uid] = {
            "id": uid,
            "side": side,
            "type": type_id,
            "hex": hex_label,
            "up": up,
            "acted": False,
            "moved": 0,
        }
        ids.append(uid)
    return ids


def unit_type(state: State, unit: Unit) -> UnitType:
    return comp(state).units[unit["type"]]


def is_heli(state: State, unit: Unit) -> bool:
    return unit_type(state, unit).kind == "heli"


def is_ps(state: State, unit: Unit) -> bool:
    return unit_type(state, unit).ps


def values(state: State, unit: Unit) -> tuple[int, int]:
    """(attack, defence), with Kan Yu's raised values in stages 1, 3 and 4 (rule 2.2.5)."""
    return type_values(unit_type(state, unit), state["stage"])


def type_values(t: UnitType, stage: int) -> tuple[int, int]:
    """`values` of a unit of type `t` in `stage`."""
    if t.raised is not None and stage in RAISED_STAGES:
        return t.raised
    return t.attack, t.defence


def units_at(state: State, hex_label: str, side: str | None = None) -> list[Unit]:
    return [
        u
        for u in state["units"].values()
        if u["hex"] == hex_label and (side is None or u["side"] == side)
    ]


def face_up_at(state: State, hex_label: str, side: str) -> list[Unit]:
    return [u for u in units_at(state, hex_label, side) if u["up"]]


def find(state: State, type_id: str) -> Unit | None:
    """The counter of a named unit (Kan Yu, Kiriko, a PS) on the map, if it is there."""
    for unit in state["units"].values():
        if unit["type"] == type_id and unit["hex"] is not None:
            return unit  # type: ignore[no-any-return]
    return None


def remove(state: State, unit: Unit) -> None:
    forget(state, unit)
    del state["units"][unit["id"]]


# What each side's opponent knows of its face-down counters (read by `determinize`):
# ``state["clues"][side]`` holds disjoint clues ``{"ids": [...], "types": [...]}``, each saying
# that the counters with these ids include units of these types (a face-down Blue AT among the
# Palace counters, a unit seen face-up before it was turned face-down, R16 and R54). A face-up
# unit is known to everyone; it leaves the clues, with its type, whenever they are next touched
# (its type cannot change while it is face-up, so nothing is lost by waiting).


def _drop(clue: Clue, unit: Unit) -> None:
    clue["ids"].remove(unit["id"])
    if unit["type"] in clue["types"]:
        clue["types"].remove(unit["type"])


def settled_clues(state: State, side: str) -> list[Clue]:
    """`side`'s clues without its face-up units (a new list; the state is not changed)."""
    units = state["units"]
    result = []
    for old in state["clues"][side]:
        clue = {"ids": list(old["ids"]), "types": list(old["types"])}
        for uid in old["ids"]:
            if units[uid]["up"]:
                _drop(clue, units[uid])
        if clue["types"]:
            result.append(clue)
    return result


def forget(state: State, unit: Unit) -> None:
    """Everyone knows what `unit` is (it is face-up, shown, or leaves the map in plain sight):
    it leaves the clues, with its type."""
    clues = settled_clues(state, unit["side"])
    for clue in clues:
        if unit["id"] in clue["ids"]:
            _drop(clue, unit)
    state["clues"][unit["side"]] = [clue for clue in clues if clue["types"]]


def seen(state: State, unit: Unit) -> None:
    """The opponent knows what `unit` is and is about to lose sight of it (turned face-down,
    or a face-down soldier shown by 5.9.1): a clue of its own."""
    forget(state, unit)
    state["clues"][unit["side"]].append({"ids": [unit["id"]], "types": [unit["type"]]})


def shuffled(state: State, side: str, ids: list[str]) -> None:
    """The counters `ids` traded types in secret (R16): the clues on any of them become one."""
    traded = set(ids)
    kept: list[Clue] = []
    touched: list[Clue] = []
    for clue in settled_clues(state, side):
        (kept if traded.isdisjoint(clue["ids"]) else touched).append(clue)
    if touched:
        merged = {
            "ids": sorted({*ids, *(u for clue in touched for u in clue["ids"])}, key=number),
            "types": sorted(t for clue in touched for t in clue["types"]),
        }
        state["clues"][side] = [*kept, merged]


def number(uid: str) -> int:
    """The number of a counter id ("B12" -> 12): ids of one side sort by it."""
    return int(uid[1:])


def gain_vp(
    ctx: Context, state: State, side: str, points: int, rule: str, why: str, why_ja: str
) -> None:
    if points:
        state["vp"][side] += points
        ctx.say(
            msg(
                f"{SIDE_NAME[side]['en']} gains {points} VP: {why}",
                f"{SIDE_NAME[side]['ja']}は {points}VP 獲得: {why_ja}",
            ),
            rule=rule,
        )


def place_named(
    ctx: Context, state: State, side: str, type_id: str, hex_label: str, up: bool = True
) -> str:
    """A named unit from the stock (or wherever it is) to a hex, face-up unless told."""
    if type_id in state["stock"][side]:
        state["stock"][side].remove(type_id)
    (uid,) = place(ctx, state, side, [type_id], hex_label, up=up)
    return uid
