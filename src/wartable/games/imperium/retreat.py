"""Rule 12.5: leaving the board — the retreat of FTL ships, and the ships that wait beside the
board for room (the 12-ship limit) and come on when an area of their fleet has some.

A ship that retreats is out of the battle as if round 3 had ended: it is listed in
``battle["left"]`` and keeps its fleet (``at``). Where its fleet goes — a system one jump closer
to home with no enemy warship, batteries allowed (Q8), none at all meaning it is eliminated (Q9) —
is for whoever started the battle (the galactic war): a scenario's board has no map beyond it.
Retreat is not movement (Q11): the war does not count it as its fleet's move.
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.imperium.board import Area
from wartable.games.imperium.movement import FIGHTER_MOVES, crowded
from wartable.games.imperium.state import comp, on_board, ship_type

FAR = 2  # rule 12.5: no retreat from an area adjacent to 233 (nor from 233: ruling I30)


def retreats(state: State, side: str) -> list[str]:
    """The ships of `side` that may leave the board now: FTL ships at least 2 areas from the
    centre, moved or not in this step (Q5, Q11, ruling I30)."""
    board = comp(state).board
    areas = state["battle"]["areas"]
    return [
        uid
        for uid in on_board(state, side)
        if ship_type(state, uid).ftl and board.distance(areas[uid], board.planet) >= FAR
    ]


def retreat(state: State, uid: str) -> None:
    battle = state["battle"]
    del battle["areas"][uid]
    battle["moved"].pop(uid, None)
    battle["left"][state["units"][uid]["side"]].append(uid)


def entries(state: State, side: str) -> list[tuple[str, Area]]:
    """Rule 12.5: every (ship, area) a waiting ship of `side` may come onto the board by: an
    area where its fleet set up, now with room (ruling I32)."""
    units = state["units"]
    return [
        (uid, area)
        for uid, zone in state["battle"]["waiting"].items()
        if units[uid]["side"] == side
        for area in zone
        if not crowded(state, side, area)
    ]


def enter(state: State, uid: str, area: Area) -> None:
    """The ship comes on; that is its move for the step (ruling I32)."""
    battle = state["battle"]
    del battle["waiting"][uid]
    battle["areas"][uid] = area
    battle["moved"][uid] = FIGHTER_MOVES  # more than any ship's moves in a step
