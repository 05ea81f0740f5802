"""A base changing its level or its governor, and what follows from the change.

A base at level 0 is neutral (2.6, 17.7); once Neo Zeon has governed Side 3, the AEUG and the
Titans may enter its hex (32.1.6); the AEUG or Neo Zeon coming to govern the Titans' mined base
shows the nuclear-bomb card (36.8).
"""

from __future__ import annotations

from wartable.engine import Context, State
from wartable.games.zeta import nuke
from wartable.games.zeta.components import SIDE3

NEO_ZEON = "neo_zeon"


def set_level(ctx: Context, state: State, bid: str, owner: str | None, level: int) -> None:
    if level <= 0:
        owner, level = None, 0  # 2.6
    state["bases"][bid].update(owner=owner, level=level)
    if owner is None:
        return
    if bid == SIDE3 and owner == NEO_ZEON:
        state["side3_open"] = True  # 32.1.6
    nuke.governed(ctx, state, bid, owner)
