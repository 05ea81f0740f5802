"""Combining and splitting fleets (rule 10.0, Q3, Q12): one unit at a time from one of the side's
fleets in the activated system into another of them there, or into a new fleet marker (it costs
nothing, Q3; none when no marker is free, Q4): ``{"regroup": "T4", "to": "TF2"}`` or
``{"regroup": "T4", "to": "new"}``. What a ship carries goes with it. Every fleet it touches
counts as moved for the segment (Q12), but may go on regrouping in the same activation; a fleet
left empty gives its marker back.
"""

from __future__ import annotations

from wartable.engine import Action, Msg, State, msg
from wartable.games.imperium.state import Placed, units_at
from wartable.games.imperium.war.state import fleet_at, fleets_in, gal, new_fleet

NEW = "new"


def _open(state: State, mine: list[str]) -> list[str]:
    """The fleets of `mine` that may still regroup: not moved, or regrouped in this activation
    (Q12)."""
    fleets = state["war"]["fleets"]
    again = state["war"]["segment"].get("regrouped", [])
    return [n for n in mine if not fleets[n]["moved"] or n in again]


def orders(
    state: State,
    side: str,
    system: str,
    placed: Placed | None = None,
    mine: list[str] | None = None,
    *,
    free: bool = False,
) -> list[Action]:
    """The regroupings open in `system`; `free`: at the end of a space battle, among all the
    side's fleets there, at no cost (12.3, ruling I120). `placed`: as for `units_at`; `mine`:
    the side's fleets there (`fleets_in`), when at hand."""
    if mine is None:
        mine = fleets_in(state, system, side)
    fleets = mine if free else _open(state, mine)
    if not fleets:
        return []
    used = sum(1 for f in state["war"]["fleets"].values() if f["side"] == side)
    spare = used < gal(state).markers["fleets"]
    found: list[Action] = []
    for number in fleets:
        units = units_at(state, fleet_at(number), placed)
        targets = [n for n in fleets if n != number]
        if spare and len(units) > 1:
            targets.append(NEW)
        found += [{"regroup": uid, "to": to} for uid in units for to in targets]
    return found


def apply(state: State, side: str, action: Action, *, free: bool = False) -> None:
    """Move the unit; `free` (12.3): the fleets are not turned sideways, but a unit that moved
    this segment turns the fleet it joins (10.0: no unit moves twice)."""
    war = state["war"]
    unit = state["units"][action["regroup"]]
    source = unit["at"].partition(":")[2]
    system = war["fleets"][source]["system"]
    target = action["to"]
    if target == NEW:
        target = new_fleet(state, side, system)
        assert target is not None
        war["fleets"][target]["moved"] = war["fleets"][source]["moved"]
    unit["at"] = fleet_at(target)
    if free:
        war["fleets"][target]["moved"] |= war["fleets"][source]["moved"]
    for number in (source, target):
        if not free:
            war["fleets"][number]["moved"] = True
            war["segment"]["regrouped"].append(number)
        war.setdefault("disclosed", {}).pop(number, None)
    left = fleet_at(source)  # `units_at`'s look, stopping at the first unit still there
    if all(u["at"] != left for u in state["units"].values()):
        del war["fleets"][source]


def words(state: State, action: Action) -> Msg | None:
    if "regroup" not in action:
        return None
    uid, to = action["regroup"], action["to"]
    if to == NEW:
        return msg(f"{uid} to a new fleet", f"{uid}を新しい艦隊へ")
    return msg(f"{uid} to {to}", f"{uid}を{to}へ")
