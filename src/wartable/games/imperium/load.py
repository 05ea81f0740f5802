"""Ruling I15: in scenario 1 the invader's ground units start loose in orbit; before anything
else the invader puts each aboard a transport with room (11.5: one unit each, ruling I7), one
at a time (``{"load": unit, "onto": ship}``). An AT's drop troops may land among the enemy
(13.3), so the pairing is the player's."""

from __future__ import annotations

from collections import Counter

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.flow import go_on, step, wait
from wartable.games.imperium.state import by_place, in_orbit, is_ship, ship_type


def begin(ctx: Context, state: State) -> bool:
    """Start the stage; returns whether the invader must now load units."""
    if not _legal(state, state["battle"]["invader"]):
        return False
    wait(state, "load")
    return True


def _legal(state: State, player: str) -> list[Action]:
    fleets = state["battle"]["fleets"]
    placed = by_place(state, fleets)
    loose = [uid for at in fleets for uid in placed[at] if not is_ship(state, uid)]
    aboard = Counter(u["aboard"] for u in state["units"].values() if u["aboard"] is not None)
    holds = [ship for ship in in_orbit(state) if aboard[ship] < ship_type(state, ship).cargo]
    return [{"load": uid, "onto": ship} for uid in loose for ship in holds]


def _load(ctx: Context, state: State, player: str, action: Action) -> None:
    state["units"][action["load"]].update(at=None, aboard=action["onto"])
    if not _legal(state, player):
        go_on(ctx, state)


def _words(state: State, player: str, action: Action) -> Msg:
    uid, ship = action["load"], action["onto"]
    return msg(f"load {uid} onto {ship}", f"{uid}を{ship}に積載")


step("load", lambda state: (state["battle"]["invader"],), _legal, _load, _words)
