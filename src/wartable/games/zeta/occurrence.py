"""Rule 18.1-18.3 and 18.6: where combat may happen once the active faction's orders are done.

A hex qualifies when it holds units of the active faction that chose Move (18.6) and either
units of another faction or a military base another faction governs (18.1), on the map of the
card (18.2); with an Atmosphere card, the hexes units reached by atmospheric movement, on both
maps (18.3). Never in the hex of Side 6 (34.3). Another faction's colony counts as its unit
here (35.8, ruling S54).

The battles fought there are chosen in `battle`.
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.zeta.action import current, ordered, scene_of
from wartable.games.zeta.components import SIDE6
from wartable.games.zeta.state import foreign_military


def combat_hexes(state: State) -> list[str]:
    act = current(state)
    faction = act["faction"]
    scene = scene_of(state)
    if act["type"] == "atmosphere":
        candidates = set(act["atmo"])  # 18.3
    else:
        candidates = {u["at"] for uid, u in scene.units if not ordered(state, uid)}  # 18.2, 18.6
    side6 = state["bases"].get(SIDE6)
    here = scene.here
    return [
        at
        for at in sorted(candidates)
        if (side6 is None or side6["at"] != at)  # 34.3
        and (
            here.get(at, set()) - {faction}
            or foreign_military(state, at, faction)
            or foreign_colony(state, at, faction)
        )
    ]


def foreign_colony(state: State, at: str, faction: str) -> bool:
    """Ruling S54: another faction's colony at `at` may be fought (35.8)."""
    info = state["colony"]
    return info["at"] == at and info["owner"] not in (None, faction)
