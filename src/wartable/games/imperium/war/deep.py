"""Deep-space movement (optional rule 17.1, option ``deep_space``; ruling I130).

In the first action segment of a turn a fleet that may move (11.0, 11.1: FTL ships, no loose
cargo) may, instead of jumping along the routes, move one hex off them: to a star in a hex next
to its own (either star, where two share that hex), or into that hex of empty space, an
interstellar hex (``"deep:K05"``): ``{"deep": "TF1", "to": "deep:K05"}``. It is the fleet's
move for the segment, one jump's worth: it is turned sideways, and entering a system with enemy
fleets it stops and meets them as on any move (11.3; a battle in an interstellar hex has no
planet on the board, 12.1). No jump route reaches an interstellar hex: a fleet there leaves only
by another move of one hex, in the first segment of a later turn. Its ships cannot draw on the
stockpile for maintenance (14.1 wants a route to a World: `connection`) and are not repaired
(17.1, 14.3: `repair`).
"""

from __future__ import annotations

from wartable.engine import Action, State
from wartable.games.imperium.state import Placed
from wartable.games.imperium.war.movement import may_enter, movable
from wartable.games.imperium.war.state import deep, fleets_in, gal, hex_of

FIRST = "segment_1"  # 17.1: "in the first action segment"


def on(state: State) -> bool:
    return bool(state["options"].get("deep_space", False))


def targets(state: State, side: str, system: str) -> list[str]:
    """The places one hex from `system` (a star or an interstellar hex) that a fleet of `side`
    may enter (16.0 and B.2 bar some, as for a jump), in the map's order of directions."""
    g = gal(state)
    found: list[str] = []
    for h in g.grid.neighbours(hex_of(state, system)):
        label = g.grid.label(h)
        stars = [s.id for s in g.systems.values() if s.hex == label]
        found += stars or [deep(label)]
    return [there for there in found if may_enter(state, there, side)]


def orders(
    state: State,
    side: str,
    system: str,
    placed: Placed | None = None,
    mine: list[str] | None = None,
) -> list[Action]:
    """Rule 17.1: the deep-space moves open to the side's unmoved fleets in `system`
    (`placed`: as for `units_at`; `mine`: the side's fleets there, `fleets_in`, when at
    hand)."""
    if not on(state) or state["war"]["phase"] != FIRST:
        return []
    fleets = state["war"]["fleets"]
    return [
        {"deep": number, "to": there}
        for number in (fleets_in(state, system, side) if mine is None else mine)
        if not fleets[number]["moved"] and movable(state, number, placed)
        for there in targets(state, side, system)
    ]
