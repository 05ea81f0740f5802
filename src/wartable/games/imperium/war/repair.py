"""Repair (rule 14.3): after scrapping each side, Earth first, restores damaged units, paying
from the stockpile only, then is done (``{"done": True}``).

- A damaged ship in a system with one of its side's Worlds or Outposts, or in a fleet with one
  of its side's ARs, is repaired for the maintenance value of its damaged side
  (``{"repair": "T4"}``).
- A reduced ground unit or battery standing in the planet box of a World or Outpost its side
  controls (not aboard a transport, not contested) is restored for half its production cost.
- Two damaged fighters, or two damaged monitors of one type, in one system are consolidated:
  one is removed, the other restored, at no cost (``{"merge": "T8", "into": "T5"}``, ruling
  I114).
Costs double in peace (16.0). No ship in an interstellar hex is repaired (17.1).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import FIGHTER, MONITOR, SIDES
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.state import is_ship, ship_type
from wartable.games.imperium.war.control import controller
from wartable.games.imperium.war.flow import pass_on, phase
from wartable.games.imperium.war.maintenance import factor
from wartable.games.imperium.war.scrap import at_home
from wartable.games.imperium.war.state import OUTPOST, battles, is_deep, lose, system_of_unit

AR = "AR"
MERGED = (FIGHTER, MONITOR)  # 14.3: the types two damaged counters of may be consolidated


@phase("repair")
def begin(ctx: Context, state: State) -> None:
    wait(state, "repair", side=SIDES[0])


def price(state: State, uid: str) -> int:
    """What restoring a unit costs (14.3, 16.0)."""
    if is_ship(state, uid):
        return ship_type(state, uid).face(True).maintenance * factor(state)
    return battles(state).ground[state["units"][uid]["type"]].cost // 2 * factor(state)


def repairable(state: State, uid: str) -> bool:
    """Whether a damaged ship or reduced ground unit may be restored where it is (14.3)."""
    unit = state["units"][uid]
    if not unit["damaged"] or unit["type"] == OUTPOST:
        return False
    if is_ship(state, uid):
        if is_deep(system_of_unit(state, uid) or ""):
            return False  # 17.1: no repair in an interstellar hex
        return at_home(state, uid) or _with_ar(state, uid)
    kind, _, planet = (unit["at"] or "").partition(":")
    return kind == "box" and controller(state, planet) == unit["side"]


def _with_ar(state: State, uid: str) -> bool:
    at, side = state["units"][uid]["at"], state["units"][uid]["side"]
    return bool(at) and any(
        u["at"] == at and u["side"] == side and is_ship(state, o) and ship_type(state, o).code == AR
        for o, u in state["units"].items()
    )


def merges(state: State, side: str) -> list[tuple[str, str]]:
    """Every consolidation open to a side: (removed, restored), the restored counter the
    lowest id of its kind in its system."""
    groups: dict[tuple[str | None, str], list[str]] = {}
    for uid, u in state["units"].items():
        if (
            u["side"] == side
            and u["damaged"]
            and is_ship(state, uid)
            and ship_type(state, uid).code in MERGED
        ):
            groups.setdefault((system_of_unit(state, uid), u["type"]), []).append(uid)
    return [(uid, ids[0]) for (system, _), ids in groups.items() if system for uid in ids[1:]]


def _legal(state: State, side: str) -> list[Action]:
    money = state["war"]["resources"][side]
    fixes = [
        {"repair": uid}
        for uid, u in state["units"].items()
        if u["side"] == side and repairable(state, uid) and price(state, uid) <= money
    ]
    joins = [{"merge": a, "into": b} for a, b in merges(state, side)]
    return [*fixes, *joins, {"done": True}]


def _repair(ctx: Context, state: State, side: str, action: Action) -> None:
    if "done" in action:
        pass_on(ctx, state, side)
        return
    if "merge" in action:
        lose(state, action["merge"])
        state["units"][action["into"]]["damaged"] = False
        return
    uid = action["repair"]
    state["war"]["resources"][side] -= price(state, uid)
    state["units"][uid]["damaged"] = False


def _words(state: State, side: str, action: Action) -> Msg:
    if "done" in action:
        return msg("done repairing", "修理終了")
    if "merge" in action:
        a, b = action["merge"], action["into"]
        return msg(f"consolidate {a} into {b}", f"{a}を{b}に統合")
    uid = action["repair"]
    return msg(f"repair {uid} ({price(state, uid)})", f"{uid}を修理({price(state, uid)})")


step("repair", lambda state: (state["step"]["side"],), _legal, _repair, _words)
