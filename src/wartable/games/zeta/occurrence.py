"""Rule 18.1-18.3 and 18.6: where combat may happen once the active faction's orders are done.

A hex qualifies when it holds units of the active faction that chose Move (18.6) and either
units of another faction or a military base another faction governs (18.1), on the map of the
card (18.2); with an Atmosphere card, the hexes units reached by atmospheric movement, on both
maps (18.3). Never in the hex of Side 6 (34.3).

This is where combat begins. The combat procedure (rules 18.4-28) is not written yet: `fight`
names the hexes in the log and the next card is drawn; the combat procedure will take its place
and call `next_card` when its battles are over.
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta.action import acting, current, next_card, ordered, settle
from wartable.games.zeta.components import SIDE6
from wartable.games.zeta.existence import presence
from wartable.games.zeta.state import foreign_military, on_map, place_name


def combat_hexes(state: State) -> list[str]:
    act = current(state)
    faction = act["faction"]
    if act["type"] == "atmosphere":
        candidates = set(act["atmo"])  # 18.3
    else:
        candidates = {
            u["at"]
            for uid, u in state["units"].items()
            if u["faction"] == faction
            and on_map(u["at"])
            and acting(state, u["at"])
            and not ordered(state, uid)
        }  # 18.2, 18.6
    side6 = state["bases"].get(SIDE6)
    here = presence(state)
    return [
        at
        for at in sorted(candidates)
        if (side6 is None or side6["at"] != at)  # 34.3
        and (here.get(at, set()) - {faction} or foreign_military(state, at, faction))
    ]


@settle("combat")
def fight(ctx: Context, state: State) -> None:
    battles = combat_hexes(state)
    if battles:
        names = [place_name(state, at) for at in battles]
        ctx.say(
            msg(
                "Combat may be fought at " + ", ".join(n["en"] for n in names),
                "戦闘可能: " + "、".join(n["ja"] for n in names),
            ),
            rule="18.1",
            hexes=battles,
        )
    next_card(ctx, state)
