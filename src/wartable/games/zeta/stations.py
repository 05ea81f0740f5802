"""Rules 30.3 and 31.3-31.4: Axis and Gryps 2, military bases that move themselves.

In a Space phase of the faction governing it, Axis moves if its level was at least 1 when the
phase began (30.3.1, 30.3.2), Gryps 2 if its level was at least 2 (31.4.1, 31.4.2): one hex, as
an order ``{"shift": base, "to": at}`` (30.3.3, 31.4.3), with no movement points and no regard to
units or bases. Axis goes between the Asteroid Belt box and the hexes next to it, which no other
counter does (30.3.3, 30.3.4). Neither ever descends (30.3.5, 31.4.4): they are bases, never units,
so atmospheric movement (14) cannot take them. Axis moves no more once it has attacked Granada or
Von Braun City (30.4.7: ``"stuck"`` on the base), though it may still attack from where it stays
(30.4.1, ruling S61).

What goes with it (30.3.6, 30.3.7, 31.3; ruling S50): the units governing or recovering at it,
and — with the default ``station_carry`` option, "all" — every unit and character of its faction in
its hex that has not moved on its own this phase, which thereby makes its move. With "ordered",
only the governing and recovering units go, and the base may not leave behind an own MS or
character that could not stay where it is (15.6, ruling S32).

The record made when the phase begins (30.3.2, 31.4.2) is ``state["action"]["mobile"]``; a base
that has moved this phase is in ``state["action"]["shifted"]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta.action import Scene, current, on_start, order
from wartable.games.zeta.carrying import carry
from wartable.games.zeta.components import AXIS, BELT, GRYPS2, SIDE3
from wartable.games.zeta.existence import character_may_stand, may_stand_alone
from wartable.games.zeta.state import comp, place_name

LEVEL_TO_MOVE = {AXIS: 1, GRYPS2: 2}  # rule 30.3.1, 31.4.1
CARRY = ("all", "ordered")  # ruling S50, option station_carry
NEO_ZEON = "neo_zeon"


@on_start
def record(state: State) -> None:
    """30.3.2, 31.4.2: the moving bases of the active faction at the level to move, now."""
    act = current(state)
    act["mobile"] = [
        bid
        for bid, need in LEVEL_TO_MOVE.items()
        if bid in state["bases"]
        and state["bases"][bid]["owner"] == act["faction"]
        and state["bases"][bid]["level"] >= need
    ]  # a stuck Axis is recorded too: it may not move (30.4.7), but may attack (30.4.1, S61)
    act["shifted"] = []


def riders(state: State, bid: str) -> list[str]:
    """What goes with the base (30.3.6, 30.3.7, 31.3; ruling S50)."""
    act = current(state)
    at = state["bases"][bid]["at"]
    carry_all = state["options"].get("station_carry", CARRY[0]) == CARRY[0]
    found = []
    for key, piece in _pieces(state):
        if piece["at"] != at or piece["faction"] != act["faction"]:
            continue
        if piece.get("carrier") is not None or (key in state["characters"] and piece["on"]):
            continue  # it rides its carrier
        at_base = act["govern"].get(key) == bid or act["recover"].get(key) == bid
        free = key not in act["mp"] and key not in act["govern"] and key not in act["recover"]
        if at_base or (carry_all and free):
            found.append(key)
    return found


def _pieces(state: State) -> Iterator[tuple[str, dict[str, Any]]]:
    return chain(state["units"].items(), state["characters"].items())  # (not copied: quicker)


def stranding(state: State, bid: str, riding: list[str]) -> bool:
    """Whether the base leaving would leave an own MS or character where it may not be."""
    faction = current(state)["faction"]
    base = state["bases"][bid]
    at = base["at"]
    c = comp(state)
    staying = [
        (key, piece)
        for key, piece in _pieces(state)
        if piece["at"] == at and piece["faction"] == faction and key not in riding
    ]
    base["at"] = None  # as if it had gone
    people = any(
        k in state["characters"] and p["on"] is None and not character_may_stand(state, at, faction)
        for k, p in staying
    )
    ms = any(
        k in state["units"]
        and p["type"] in c.ms
        and p["carrier"] is None
        and not may_stand_alone(state, at, faction)
        for k, p in staying
    )
    base["at"] = at
    return people or ms


def destinations(state: State, bid: str) -> list[str]:
    c = comp(state)
    at = state["bases"][bid]["at"]
    found = []
    for to in c.neighbours(at):
        if to.startswith("box:") and (bid != AXIS or to != BELT):
            continue  # 30.3.4: Axis alone goes in and out of the belt box
        side3 = state["bases"].get(SIDE3)
        closed = current(state)["faction"] != NEO_ZEON and not state["side3_open"]
        if closed and side3 is not None and side3["at"] == to:
            continue  # 32.1.2
        found.append(to)
    return found


def legal(state: State, scene: Scene) -> list[Action]:
    act = current(state)
    if act["type"] != "space":
        return []  # 30.3.2, 31.4.2
    actions: list[Action] = []
    for bid in act["mobile"]:
        if bid in act["shifted"] or bid not in state["bases"]:
            continue
        if state["bases"][bid].get("stuck") or state["bases"][bid]["owner"] != act["faction"]:
            continue
        if stranding(state, bid, riders(state, bid)):
            continue
        actions += [{"shift": bid, "to": to} for to in destinations(state, bid)]
    return actions


def apply(ctx: Context, state: State, action: Action) -> None:
    act = current(state)
    bid, to = action["shift"], action["to"]
    riding = riders(state, bid)
    state["bases"][bid]["at"] = to
    act["shifted"].append(bid)
    for key in riding:
        if key in state["characters"]:
            state["characters"][key]["at"] = to
        else:
            carry(state, key, to)
        if key not in act["govern"] and key not in act["recover"]:
            act["mp"][key] = 0  # it has made its move


def describe(state: State, action: Action) -> Msg:
    name, where = comp(state).bases[action["shift"]].name, place_name(state, action["to"])
    return msg(f"{name['en']} moves to {where['en']}", f"{name['ja']}が{where['ja']}へ移動")


order("shift", "30.3.3", legal, apply, describe)
