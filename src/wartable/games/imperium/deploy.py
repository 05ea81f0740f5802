"""Rule 13.2: the defender places the units that survived the bombardment on the planet map,
one at a time (``{"deploy": unit, "hex": "B2"}``), at most 5 in a hex."""

from __future__ import annotations

from collections import Counter

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import UNITS_PER_HEX
from wartable.games.imperium.flow import go_on, step, wait
from wartable.games.imperium.state import comp, defender, in_box


def begin(ctx: Context, state: State) -> bool:
    """Start the stage; returns whether the defender must now place units."""
    if not _legal(state, defender(state)):
        return False
    wait(state, "deploy")
    return True


def room(state: State, side: str) -> list[str]:
    """The hexes of the planet map where `side` has fewer than 5 units (13.2, 13.4)."""
    battle = state["battle"]
    units = state["units"]
    mine = Counter(h for uid, h in battle["hexes"].items() if units[uid]["side"] == side)
    hexes = comp(state).planets[battle["planet"]].map.hexes
    return [h for h in hexes if mine[h] < UNITS_PER_HEX]


def _legal(state: State, player: str) -> list[Action]:
    hexes = state["battle"]["hexes"]
    waiting = [uid for uid in in_box(state) if uid not in hexes]
    free = room(state, player)  # the same for each of them
    return [{"deploy": uid, "hex": h} for uid in waiting for h in free]


def _deploy(ctx: Context, state: State, player: str, action: Action) -> None:
    state["battle"]["hexes"][action["deploy"]] = action["hex"]
    if not _legal(state, player):
        go_on(ctx, state)


def _words(state: State, player: str, action: Action) -> Msg:
    uid, where = action["deploy"], action["hex"]
    return msg(f"place {uid} in hex {where}", f"{uid}をヘクス{where}に配置")


step("deploy", lambda state: (defender(state),), _legal, _deploy, _words)
