"""A base changing its level or its governor, and what follows from the change.

A base at level 0 is neutral (2.6, 17.7); once Neo Zeon has governed Side 3, the AEUG and the
Titans may enter its hex (32.1.6); the AEUG or Neo Zeon coming to govern the Titans' mined base
shows the nuclear-bomb card (36.8). A base struck below level 0 by the Axis attack or the laser is
destroyed for ever (30.4.6, 31.5.6), as is one wiped out by a colony or demolished (35.7.2, 36.7):
it leaves ``state["bases"]`` and its hex is an ordinary hex.
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Context, State, msg
from wartable.games.zeta import nuke
from wartable.games.zeta.components import SIDE3
from wartable.games.zeta.state import comp

NEO_ZEON = "neo_zeon"
Listener = Callable[[Context, State, str, str], None]
LISTENERS: list[Listener] = []  # told of each base coming under a faction (32.1.4)


def on_governed(listener: Listener) -> Listener:
    """Register something that follows a base coming under a faction."""
    LISTENERS.append(listener)
    return listener


def set_level(ctx: Context, state: State, bid: str, owner: str | None, level: int) -> None:
    if level <= 0:
        owner, level = None, 0  # 2.6
    state["bases"][bid].update(owner=owner, level=level)
    if owner is None:
        return
    if bid == SIDE3 and owner == NEO_ZEON:
        state["side3_open"] = True  # 32.1.6
    nuke.governed(ctx, state, bid, owner)
    for listener in LISTENERS:
        listener(ctx, state, bid, owner)


def lose_levels(ctx: Context, state: State, bid: str, levels: int, rule: str) -> None:
    """30.4.4-30.4.6, 31.5.5-31.5.6: a base struck down `levels` levels; below 0 it is
    destroyed, at 0 it is neutral."""
    base = state["bases"][bid]
    name = comp(state).bases[bid].name
    left = base["level"] - levels
    if left < 0:
        destroy(ctx, state, bid, rule)
        return
    set_level(ctx, state, bid, base["owner"], left)
    ctx.say(
        msg(f"{name['en']} drops to level {left}", f"{name['ja']}の統治レベルが{left}に低下"),
        rule=rule,
    )


def destroy(ctx: Context, state: State, bid: str, rule: str) -> None:
    """The base is gone for ever; its hex is an ordinary hex from now on."""
    del state["bases"][bid]
    name = comp(state).bases[bid].name
    ctx.say(msg(f"{name['en']} is destroyed", f"{name['ja']}は完全に破壊された"), rule=rule)
