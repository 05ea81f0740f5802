"""Rule 37: the VP check at the end of every turn, sudden death, and the end after turn 10.

Equal first places after turn 10 share the win (ruling S17); the ``ties`` option makes them a
draw instead, with no winner.
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta.components import FACTIONS
from wartable.games.zeta.flow import turn_end
from wartable.games.zeta.state import comp, vp

SUDDEN_DEATH = 10  # rule 37.2: VP at least the other two factions' together plus 10


@turn_end
def check(ctx: Context, state: State) -> None:
    c = comp(state)
    points = {f: vp(state, f) for f in FACTIONS}  # 37.1
    ctx.say(
        msg(
            "VP: " + ", ".join(f"{c.factions[f]['en']} {points[f]}" for f in FACTIONS),
            "VP: " + "、".join(f"{c.factions[f]['ja']} {points[f]}" for f in FACTIONS),
        ),
        rule="37.1",
        vp=points,
    )
    for faction in FACTIONS:
        others = sum(points[f] for f in FACTIONS if f != faction)
        if points[faction] >= others + SUDDEN_DEATH:
            state["end"] = {"winners": [faction], "scores": points, "how": "sudden death"}
            ctx.say(
                msg(
                    f"{c.factions[faction]['en']} wins by sudden death",
                    f"{c.factions[faction]['ja']}のサドンデス勝利",
                ),
                rule="37.2",
            )
            return
    if state["turn"] >= c.last_turn:
        best = max(points.values())
        first = [f for f in FACTIONS if points[f] == best]
        shared = len(first) == 1 or state["options"]["ties"] == "shared"
        state["end"] = {"winners": first if shared else [], "scores": points, "how": "turn 10"}
        names = [c.factions[f] for f in first]
        ctx.say(
            msg(
                "the game ends after turn 10: " + " and ".join(n["en"] for n in names) + " first",
                "第10ターン終了: " + "・".join(n["ja"] for n in names) + "が首位",
            ),
            rule="37.3",
        )
