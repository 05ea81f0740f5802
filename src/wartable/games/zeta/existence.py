"""Rule 15.4-15.7: where an MS may stand without a ship carrying it.

On the space map and in ocean hexes an uncarried MS exists only at an own or neutral military
base or at a political base, and even there not while enemy units are in the hex (15.6). The enemy
clause applies whenever this is asked (ruling S13).
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.zeta.state import bases_at, comp


def may_stand_alone(state: State, at: str, faction: str) -> bool:
    c = comp(state)
    if at.startswith("ground:") and c.terrain(at) != "ocean":
        return True  # 13.8: on land and coast an MS stands on its own
    if any(u["at"] == at and u["faction"] != faction for u in state["units"].values()):
        return False  # 15.6, last sentence
    for bid in bases_at(state, at):
        owner = state["bases"][bid]["owner"]
        if not c.bases[bid].military or owner in (faction, None):
            return True  # 15.6
    return False
