"""Rule 12.9: carriers and fighters — launching and recovering in movement steps 2/3 and 10/11
(12.3), a carrier's capacity on each side of its counter, and the fighters left at the end.

A fighter aboard has ``at`` None and ``aboard`` its carrier, off the board (12.2); once launched it
is on the board in its carrier's fleet, like any ship. Which carrier a fighter came from does not
matter (12.9): any carrier of its side may take it back.
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.imperium.components import FIGHTER
from wartable.games.imperium.movement import STACK, crowded, stacks
from wartable.games.imperium.state import (
    Placed,
    by_carrier,
    carried_by,
    is_ship,
    on_board,
    ship_type,
)

FLIGHT_STEPS = (2, 3, 10, 11)  # rule 12.3: the movement steps with launches and recoveries
PER_STEP = 2  # rule 12.9: fighters a carrier launches or recovers in one step


def capacity(state: State, uid: str) -> int:
    """Rule 11.6, 12.9: the fighter icons on the side of the counter now up; 0 for other ships."""
    return ship_type(state, uid).face(state["units"][uid]["damaged"]).fighters


def aboard(state: State, uid: str, carried: Placed | None = None) -> list[str]:
    """The fighters aboard a carrier (not the ground units a transport carries: 11.5);
    `carried`: as for `carried_by`."""
    return [
        f
        for f in carried_by(state, uid, carried)
        if is_ship(state, f) and ship_type(state, f).code == FIGHTER
    ]


def room(state: State, uid: str, carried: Placed | None = None) -> int:
    """Fighters a carrier can still take aboard (none for a ship that carries none);
    `carried`: as for `carried_by`."""
    most = capacity(state, uid)
    return most - len(aboard(state, uid, carried)) if most else 0


def _left(state: State, carrier: str, way: str) -> int:
    """Launches or recoveries (`way`) still open to a carrier this step: min(2, capacity), and
    never both in one step (ruling I29)."""
    done = state["battle"]["flights"].get(carrier)
    if done is not None and done[0] != way:
        return 0
    return min(PER_STEP, capacity(state, carrier)) - (0 if done is None else done[1])


def launches(state: State, side: str) -> list[tuple[str, str]]:
    """Every (fighter, carrier) launch open now: the carrier has not moved yet in this step, so
    that both start the move from its area (12.9), and the area has room (12.5)."""
    battle = state["battle"]
    areas = battle["areas"]
    count = stacks(state, side)
    ready = [
        carrier
        for carrier in on_board(state, side)
        if carrier not in battle["moved"]
        and _left(state, carrier, "launch") > 0
        and count[areas[carrier]] < STACK
    ]
    carried = by_carrier(state, ready)
    return [(fighter, carrier) for carrier in ready for fighter in aboard(state, carrier, carried)]


def recoveries(state: State, side: str) -> list[tuple[str, str]]:
    """Every (fighter, carrier) recovery open now: both are in one area (12.9)."""
    areas = state["battle"]["areas"]
    mine = on_board(state, side)
    fighters = [uid for uid in mine if ship_type(state, uid).code == FIGHTER]
    if not fighters:
        return []  # no carrier's room to look at
    takers = [carrier for carrier in mine if _left(state, carrier, "recover") > 0]
    carried = by_carrier(state, takers)
    return [
        (fighter, carrier)
        for carrier in takers
        if room(state, carrier, carried) > 0
        for fighter in fighters
        if areas[fighter] == areas[carrier]
    ]


def _count(state: State, carrier: str, way: str) -> None:
    flights = state["battle"]["flights"]
    flights[carrier] = [way, flights.get(carrier, [way, 0])[1] + 1]


def launch(state: State, fighter: str, carrier: str) -> None:
    """The fighter joins the board in its carrier's area and may move this step (12.9)."""
    battle = state["battle"]
    state["units"][fighter].update(at=state["units"][carrier]["at"], aboard=None)
    battle["areas"][fighter] = battle["areas"][carrier]
    _count(state, carrier, "launch")


def recover(state: State, fighter: str, carrier: str) -> None:
    """The fighter goes aboard; the carrier ends its move in this area (12.9, ruling I29)."""
    battle = state["battle"]
    del battle["areas"][fighter]
    battle["moved"].pop(fighter, None)
    battle["moved"][carrier] = 1
    state["units"][fighter].update(at=None, aboard=carrier)
    _count(state, carrier, "recover")


def shed(state: State, carrier: str) -> None:
    """A damaged carrier holds fewer fighters (12.9): the ones it no longer holds fly out into
    its area, or wait beside the board while the area is full (ruling I28)."""
    battle = state["battle"]
    area = battle["areas"][carrier]
    side = state["units"][carrier]["side"]
    for fighter in aboard(state, carrier)[capacity(state, carrier) :]:
        state["units"][fighter].update(at=state["units"][carrier]["at"], aboard=None)
        if crowded(state, side, area):
            battle["waiting"][fighter] = [area]
        else:
            battle["areas"][fighter] = area


def stow(state: State) -> dict[str, list[str]]:
    """Rule 12.9 at the end of a battle: carriers on the board take fighters aboard up to their
    capacity, undamaged fighters first (ruling I33). Returns, by side, the fighters left over,
    still on the board: whoever started the battle puts them in a planet box or removes them."""
    battle = state["battle"]
    units = state["units"]
    left: dict[str, list[str]] = {}
    for side in battle["destroyed"]:
        mine = on_board(state, side)
        fighters = sorted(
            (u for u in mine if ship_type(state, u).code == FIGHTER),
            key=lambda u: units[u]["damaged"],
        )
        for carrier in mine:
            while fighters and room(state, carrier) > 0:
                fighter = fighters.pop(0)
                del battle["areas"][fighter]
                units[fighter].update(at=None, aboard=carrier)
        left[side] = fighters
    return left
