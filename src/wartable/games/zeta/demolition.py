"""Rule 36.4-36.7: the Titans blowing up their mined base (the base is chosen in `nuke`, 36.3).

In a Titans Ground phase, before any other order, with the mined base governed by the Titans, the
Titans may blow it up, showing the card (36.4): ``{"demolish": base}``. Every MS, ship and
character in its hex, of every faction (36.6), rolls a die: at or under the base's level an MS or
ship goes to its factory, a character makes a survival check (36.5; `strike`, ruling S52). The
base is then gone for ever (36.7). A mined base destroyed otherwise can no longer be blown up,
and its card stays face down (ruling S56).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.action import Scene, current, order, untouched
from wartable.games.zeta.nuke import TITANS
from wartable.games.zeta.state import comp
from wartable.games.zeta.strike import strike


def legal_demolish(state: State, scene: Scene) -> list[Action]:
    act = current(state)
    bid = state["nuke"]["base"]
    if act["faction"] != TITANS or act["type"] != "ground" or bid not in state["bases"]:
        return []
    if state["bases"][bid]["owner"] != TITANS or not untouched(state):
        return []  # 36.4: governed as the action begins, before any movement
    if state["nuke"]["revealed"]:
        return []  # 36.8: the card has been shown and has left the game
    return [{"demolish": bid}]


def apply_demolish(ctx: Context, state: State, action: Action) -> None:
    bid = action["demolish"]
    base = state["bases"][bid]
    state["nuke"]["revealed"] = True  # 36.4: the card is shown
    ctx.reveal()
    at, level = base["at"], base["level"]
    # 36.7 first: the hex has no base when the survivors' footing is checked (15.7), as with
    # the colony (35.7.2)
    bases.destroy(ctx, state, bid, "36.7")
    strike(ctx, state, at, TITANS, level, "36.5", True)


def describe_demolish(state: State, action: Action) -> Msg:
    name = comp(state).bases[action["demolish"]].name
    return msg(
        f"the Titans blow up {name['en']}: the nuclear bomb was there",
        f"ティターンズが{name['ja']}を爆破(核爆弾設置拠点)",
    )


order("demolish", "36.4", legal_demolish, apply_demolish, describe_demolish)
