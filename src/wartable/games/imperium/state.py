"""The IMPERIUM state (plain data) and the helpers every rules module uses to read and change it.

``state["units"]`` holds every ship, ground unit and battery in play under an id that says its
side and an order number ("T7", "I12"): ``{"type", "side", "damaged", "at", "aboard"}``. ``type``
is a ship or ground type of the component data; ``damaged`` is the damaged side of a ship (12.8)
or the reduced side of a ground unit (13.3, 14.1); ``at`` is where it is when no battle board
holds it — ``"fleet:TF1"`` a fleet (3.2), ``"box:sol_1"`` a planet box (11.7) — or None while it
is carried by ``aboard``, the transport or carrier it is on (11.5, 11.6). A destroyed unit leaves
the dict: its counter is free to be built again (12.8). ``state["shown"]`` lists the cargo whose
transport the other side has seen and the transports whose whole cargo it has seen (ruling I40);
every other transport's cargo is secret.

``state["battle"]`` is the battle being fought, None between battles; its shape is described in
`wartable.games.imperium.setup`, which starts every battle.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from wartable.engine import State
from wartable.games.imperium.components import SIDES, Components, ShipType, components

ID_PREFIX = {"terran": "T", "imperial": "I"}
FLEET_PREFIX = {"terran": "TF", "imperial": "IF"}  # task forces (Q3)


def comp(state: State) -> Components:
    data = state["data"]
    return shipped() if not data else components(data)


@functools.cache
def shipped() -> Components:
    """The shipped components (no `data` option): asked for at every step, so kept at hand."""
    return components({})


def new_state(options: dict[str, Any]) -> State:
    """An empty table: no unit in play, no battle."""
    return {
        "data": options["data"],
        "options": {k: v for k, v in options.items() if k != "data"},
        "step": None,
        "end": None,
        "units": {},
        "next_id": dict.fromkeys(SIDES, 1),
        "battle": None,
        "shown": [],
    }


def add_unit(state: State, side: str, type_id: str, at: str) -> str:
    """Take a counter out of the mix and put it at `at`; returns its id."""
    uid = f"{ID_PREFIX[side]}{state['next_id'][side]}"
    state["next_id"][side] += 1
    state["units"][uid] = {
        "type": type_id,
        "side": side,
        "damaged": False,
        "at": at,
        "aboard": None,
    }
    return uid


def fleet(side: str, number: int) -> str:
    """The location of a side's numbered fleet: "fleet:TF1"."""
    return f"fleet:{FLEET_PREFIX[side]}{number}"


def ship_type(state: State, uid: str) -> ShipType:
    return comp(state).ships[state["units"][uid]["type"]]


def is_ship(state: State, uid: str) -> bool:
    return state["units"][uid]["type"] in comp(state).ships


Placed = dict[str, list[str]]  # location -> the ids there, in id order (`by_place`)


def by_place(state: State, where: Iterable[str]) -> Placed:
    """`units_at` of each location of `where` at once, from one look at the units: for a
    question that asks it again and again. Made from one state for one question, never kept
    past a change of the state."""
    return _grouped(state, where, "at")


def by_carrier(state: State, carriers: Iterable[str]) -> Placed:
    """`carried_by` of each of `carriers` at once (as `by_place`)."""
    return _grouped(state, carriers, "aboard")


def _grouped(state: State, keys: Iterable[str], field: str) -> Placed:
    """The ids of the units whose `field` is each of `keys`, in id order."""
    found: Placed = {key: [] for key in keys}
    if not found:
        return found  # nothing to look for
    for uid, u in state["units"].items():
        if u[field] in found:
            found[u[field]].append(uid)
    return found


def by_place_aboard(state: State, where: Iterable[str]) -> tuple[Placed, Placed]:
    """`by_place` of `where`, and every unit aboard another by the ship it is aboard (only
    ships that carry something are keys), from one look at the units."""
    placed: Placed = {key: [] for key in where}
    aboard: Placed = {}
    for uid, u in state["units"].items():
        if u["at"] in placed:
            placed[u["at"]].append(uid)
        if u["aboard"] is not None:
            aboard.setdefault(u["aboard"], []).append(uid)
    return placed, aboard


def units_at(state: State, at: str, placed: Placed | None = None) -> list[str]:
    """The ids at a location, in id order (not counting what they carry); `placed`: a
    `by_place` of this state, when at hand."""
    if placed is not None and at in placed:
        return list(placed[at])
    return [uid for uid, u in state["units"].items() if u["at"] == at]


def carried_by(state: State, uid: str, carried: Placed | None = None) -> list[str]:
    """The units aboard a transport or carrier; `carried`: a `by_carrier` of this state, when
    at hand."""
    if carried is not None and uid in carried:
        return list(carried[uid])
    return [other for other, u in state["units"].items() if u["aboard"] == uid]


def on_board(state: State, side: str) -> list[str]:
    """A side's ships on the battle board, in the order they came onto it."""
    units = state["units"]
    return [uid for uid in state["battle"]["areas"] if units[uid]["side"] == side]


def present(state: State, side: str) -> list[str]:
    """A side's ships in the battle: on the board, or waiting beside it for room (12.5)."""
    units = state["units"]
    waiting = [uid for uid in state["battle"]["waiting"] if units[uid]["side"] == side]
    return [*on_board(state, side), *waiting]


def defender(state: State) -> str:
    """The side whose planet a planetary battle attacks (13.0)."""
    invader: str = state["battle"]["invader"]
    return SIDES[1] if invader == SIDES[0] else SIDES[0]


def in_orbit(state: State) -> list[str]:
    """The invader's ships in the fleets that attack the planet (13.0), not what they carry."""
    fleets = state["battle"]["fleets"]
    placed = by_place(state, fleets)
    return [uid for at in fleets for uid in placed[at] if is_ship(state, uid)]


def in_box(state: State) -> list[str]:
    """The defender's units in the attacked planet's box (13.1, 13.2): on its map or not."""
    side = defender(state)
    return [
        uid
        for uid in units_at(state, state["battle"]["box"])
        if state["units"][uid]["side"] == side
    ]


def contested(state: State) -> bool:
    """Rule 13.4: both sides have units on the planet."""
    units = state["units"]
    return len({units[uid]["side"] for uid in state["battle"]["hexes"]}) == len(SIDES)
