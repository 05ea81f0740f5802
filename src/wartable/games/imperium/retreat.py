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
from wartable.games.imperium.movement import FIGHTER_MOVES, STACK, stacks
from wartable.games.imperium.state import comp

FAR = 2  # rule 12.5: no retreat from an area adjacent to 233 (nor from 233: ruling I30)


def retreats(state: State, side: str) -> list[str]:
    """The ships of `side` that may leave the board now: FTL ships at least 2 areas from the
    centre, moved or not in this step (Q5, Q11, ruling I30)."""
    data = comp(state)
    apart, planet = data.board.apart, data.board.planet
    units = state["units"]
    return [
        uid
        for uid, at in state["battle"]["areas"].items()
        if units[uid]["side"] == side
        and data.ships[units[uid]["type"]].ftl
        and apart[at, planet] >= FAR
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
    mine = [(u, zone) for u, zone in state["battle"]["waiting"].items() if units[u]["side"] == side]
    if not mine:
        return []  # the usual case: no count of the board needed
    count = stacks(state, side)
    return [(uid, area) for uid, zone in mine for area in zone if count[area] < STACK]


def enter(state: State, uid: str, area: Area) -> None:
    """The ship comes on; that is its move for the step (ruling I32)."""
    battle = state["battle"]
    del battle["waiting"][uid]
    battle["areas"][uid] = area
    battle["moved"][uid] = FIGHTER_MOVES  # more than any ship's moves in a step
