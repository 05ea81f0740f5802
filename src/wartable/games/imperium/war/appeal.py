"""Appeals to the Emperor (rule 6.2, the appeal tables): after the Interference, the Imperial
player may appeal once a turn, naming the kind aloud (``{"appeal": "military"}`` or
``{"appeal": "financial"}``), or let it be (``{"pass": True}``).

The appeal costs its table's prestige at once (1); then 2d6 on the table:
- "forbidden": no appeal of either kind for the rest of the war (of the game outside the
  campaign; B.3);
- ships: temporary Imperial forces (6.3) that arrive with this turn's reinforcements at one
  of the Imperial homes (8.0, ruling I109); those whose counters are all in play or on the
  track do not come (B.2, ruling I112);
- permission: the Imperium may now build those codes (9.0);
- gift: resources at once; budget: a lasting rise of the provincial budget (ruling I107).
No appeal in peace (16.0).
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.components import IMPERIAL
from wartable.games.imperium.flow import step, wait
from wartable.games.imperium.war.emperor import send
from wartable.games.imperium.war.flow import done, phase
from wartable.games.imperium.war.income import gain
from wartable.games.imperium.war.prestige import move
from wartable.games.imperium.war.state import gal

KINDS = ("military", "financial")


def open_to_appeal(state: State) -> bool:
    """Whether the Imperial player may appeal now (6.2, 16.0)."""
    appeals = state["war"]["appeals"]
    return state["war"]["peace"] is None and not appeals["forbidden"] and not appeals["made"]


@phase("appeal")
def begin(ctx: Context, state: State) -> None:
    if open_to_appeal(state):
        wait(state, "appeal")
    else:
        done(ctx, state)


def _legal(state: State, side: str) -> list[Action]:
    return [*({"appeal": kind} for kind in KINDS), {"pass": True}]


def _appeal(ctx: Context, state: State, side: str, action: Action) -> None:
    if "pass" in action:
        done(ctx, state)
        return
    kind = action["appeal"]
    state["war"]["appeals"]["made"] = True
    move(state, -gal(state).appeal_cost[kind])
    roll = sum(ctx.roll(IMPERIAL, 2, "6.2", msg(f"appeal: {kind} support", "皇帝への直訴")))
    grant(ctx, state, gal(state).appeals[kind][roll])
    done(ctx, state)


def grant(ctx: Context, state: State, result: dict[str, Any]) -> None:
    """Apply one line of an appeal table."""
    war = state["war"]
    if result.get("forbidden"):
        war["appeals"]["forbidden"] = True
    if "ships" in result:
        send(ctx, state, result["ships"])
    if "permission" in result:
        war["permissions"] += [c for c in result["permission"] if c not in war["permissions"]]
    if "gift" in result:
        gain(state, IMPERIAL, result["gift"])
    if "budget" in result:
        war["budget"] += result["budget"]


def _words(state: State, side: str, action: Action) -> Msg:
    if "pass" in action:
        return msg("no appeal", "直訴しない")
    names = {"military": "戦力支援", "financial": "財政支援"}
    return msg(f"appeal for {action['appeal']} support", f"{names[action['appeal']]}を直訴")


step("appeal", lambda state: (IMPERIAL,), _legal, _appeal, _words)
