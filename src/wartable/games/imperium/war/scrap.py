"""Scrapping (rule 14.2): after maintenance each side, Earth first, may scrap damaged ships — and
monitors, damaged or not — in a system with one of its Worlds or Outposts (``{"scrap": "T9"}``),
gaining half the maintenance value now showing, rounded down (ruling I114); then it is done
(``{"done": True}``). What a scrapped ship carries is set down loose in its fleet.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import MONITOR, SIDES
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.state import is_ship, ship_type
from wartable.games.imperium.war.control import controller
from wartable.games.imperium.war.flow import pass_on, phase
from wartable.games.imperium.war.income import gain
from wartable.games.imperium.war.state import planets_of, system_of_unit, withdraw


@phase("scrapping")
def begin(ctx: Context, state: State) -> None:
    wait(state, "scrap", side=SIDES[0])


def at_home(state: State, uid: str) -> bool:
    """Whether a unit is in a system holding a World or Outpost its side controls (14.2, 14.3)."""
    system, side = system_of_unit(state, uid), state["units"][uid]["side"]
    planets = planets_of(state, system) if system else ()
    return any(controller(state, p) == side for p in planets)


def value(state: State, uid: str) -> int:
    """What scrapping a ship gives: half its maintenance value now showing, rounded down."""
    return ship_type(state, uid).face(state["units"][uid]["damaged"]).maintenance // 2


def _legal(state: State, side: str) -> list[Action]:
    scrappable = [
        uid
        for uid, u in state["units"].items()
        if u["side"] == side
        and is_ship(state, uid)
        and (u["damaged"] or ship_type(state, uid).code == MONITOR)
        and at_home(state, uid)
    ]
    return [*({"scrap": uid} for uid in scrappable), {"done": True}]


def _scrap(ctx: Context, state: State, side: str, action: Action) -> None:
    if "done" in action:
        pass_on(ctx, state, side)
        return
    uid = action["scrap"]
    gain(state, side, value(state, uid))
    withdraw(state, uid)


def _words(state: State, side: str, action: Action) -> Msg:
    if "done" in action:
        return msg("done scrapping", "スクラップ終了")
    uid = action["scrap"]
    return msg(f"scrap {uid} (+{value(state, uid)})", f"{uid}をスクラップ(+{value(state, uid)})")


step("scrap", lambda state: (state["step"]["side"],), _legal, _scrap, _words)
