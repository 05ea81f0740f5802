"""What each side of a battle fights with, and the dice of 21-24.

An MS fights while on sortie (20.3); a ship while it takes part (20.2) and is not housed in a base
(20.4); a military base for the side whose faction governs it (22.6, 24.7), and as a target for the
other side (23.3, 24.8). Every value list is read the same way: a hit for each value at or above
each die (21.5, 22.4, 23.4, 24.5). Before AA fire and bombardment each side says yes or no (22.1,
24.1): `asked` and `wish`.
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.battle import SIDES, battle, proceed
from wartable.games.zeta.damage import BASE, COLONY, pilot
from wartable.games.zeta.flow import step, wait
from wartable.games.zeta.state import bases_at, comp, unit_name

BASE_AA = (2, 1)  # 22.6
BASE_GUN = (3, 1)  # 24.7


def scored(values: tuple[int, ...], dice: list[int]) -> int:
    return sum(1 for die in dice for value in values if die <= value)


def on_sortie(state: State, side: str) -> list[str]:
    """The MS of a side still out on sortie (20.3)."""
    fight = battle(state)
    units = state["units"]
    return [
        uid
        for uid in fight["sortie"]
        if units[uid]["at"] == fight["at"] and units[uid]["faction"] in fight[side]
    ]


def ships(state: State, side: str) -> list[str]:
    """The ships of a side taking part and not housed in a base (20.2, 20.4)."""
    fight = battle(state)
    c = comp(state)
    units = state["units"]
    return [
        uid
        for uid in fight["taking_part"]
        if uid in units
        and units[uid]["at"] == fight["at"]
        and units[uid]["type"] in c.ships
        and units[uid]["faction"] in fight[side]
        and uid not in fight["housed"]
    ]


def bases(state: State, side: str) -> list[str]:
    """The military bases in the battle's hex governed by a faction of the side."""
    fight = battle(state)
    c = comp(state)
    return [
        bid
        for bid in bases_at(state, fight["at"])
        if c.bases[bid].military and state["bases"][bid]["owner"] in fight[side]
    ]


def colony_of(state: State, side: str) -> list[str]:
    """35.8: the colony in the battle's hex, if a faction of the side dropped it."""
    fight = battle(state)
    info = state["colony"]
    return [COLONY] if info["at"] == fight["at"] and info["owner"] in fight[side] else []


def ship_targets(state: State, side: str) -> list[str]:
    """23.3, 24.8, 35.8: a side's ships, its military bases and its colony as ships."""
    return [
        *ships(state, side),
        *(BASE + bid for bid in bases(state, side)),
        *colony_of(state, side),
    ]


def ms_attack(ctx: Context, state: State, uid: str, rule: str, bombing: bool) -> int:
    """21.5-21.6, 23.4-23.5: an MS rolls one die, and one more per point of its pilot's MS
    attack, against its air or bombing values."""
    c = comp(state)
    unit = state["units"][uid]
    cid = pilot(state, uid)
    extra = 0 if cid is None else c.characters[cid].ms_attack
    face = c.ms[unit["type"]].face(unit["back"])
    who = unit_name(state, uid)
    dice = ctx.roll(
        unit["faction"], 1 + extra, rule, msg(f"{who['en']} attacks", f"{who['ja']}の攻撃")
    )
    return scored(face.bomb if bombing else face.air, dice)


def ship_fire(ctx: Context, state: State, uid: str, rule: str, aa: bool) -> int:
    """22.3-22.5, 24.4-24.6: a ship rolls its AA or gun count, plus its captain's ship attack,
    against its AA or gunnery values."""
    c = comp(state)
    unit = state["units"][uid]
    kind = c.ships[unit["type"]]
    face = kind.face(unit["back"])
    cid = battle(state)["captains"].get(uid)
    extra = 0 if cid is None else c.characters[cid].ship_attack
    who = unit_name(state, uid)
    count = (face.aa_guns if aa else face.guns) + extra
    dice = ctx.roll(unit["faction"], count, rule, msg(f"{who['en']} fires", f"{who['ja']}の射撃"))
    return scored(kind.aa if aa else kind.gun, dice)


def base_fire(ctx: Context, state: State, bid: str, rule: str, aa: bool) -> int:
    """22.6, 24.7: a military base rolls its attack at its level against 2·1 or 3·1."""
    base = state["bases"][bid]
    name = comp(state).bases[bid].name
    count = comp(state).bases[bid].level(base["level"]).attack
    dice = ctx.roll(base["owner"], count, rule, msg(f"{name['en']} fires", f"{name['ja']}の射撃"))
    return scored(BASE_AA if aa else BASE_GUN, dice)


def asked(state: State, kind: str, able: Callable[[State, str], bool]) -> bool:
    """Whether every side has said its yes or no of `kind` (22.1, 24.1), asking the next one
    able to say it, the attacker first (rulings S47, S48); a side not able says no."""
    said = battle(state)[kind]
    for side in SIDES:
        if side in said:
            continue
        if able(state, side):
            wait(state, kind, side=side)
            return False
        said[side] = False
    return True


def wish(kind: str, rule: str, resume: str, yes: Msg, no: Msg) -> None:
    """Register the yes or no of `kind` (``{kind: True | False}``), kept in the battle under
    `kind`, after which the step `resume` runs again; a side speaks through its first faction
    (ruling S43)."""

    def actors(state: State) -> tuple[str, ...]:
        return (battle(state)[state["step"]["side"]][0],)

    def legal(state: State, faction: str) -> list[Action]:
        return [{kind: True}, {kind: False}]

    def apply(ctx: Context, state: State, faction: str, action: Action) -> None:
        battle(state)[kind][state["step"]["side"]] = bool(action[kind])
        ctx.say(describe(state, faction, action), rule=rule)
        proceed(ctx, state, resume)

    def describe(state: State, faction: str, action: Action) -> Msg:
        return yes if action[kind] else no

    step(kind, actors, legal, apply, describe)
