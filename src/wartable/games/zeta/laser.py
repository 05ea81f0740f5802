"""Rule 31.5: the Gryps 2 laser.

In a Space phase of the faction governing Gryps 2 at level 2 or more (31.5.1, 31.5.2), once every
battle of the phase is over (31.5.3), it may fire at one of the seven hexes of its own hex and
the six next to it (31.5.4): ``{"laser": at}``, or ``{"laser": None}``. Each base there but
Gryps 2 itself loses levels on a die (31.5.5; ruling S52), destroyed below 0 (31.5.6); every MS,
ship and character there, of every faction (31.5.11), rolls a die and is eliminated on a 1 (level
2) or 1-2 (level 3) (31.5.7): MS and ships to their factories (31.5.8), characters to a survival
check with 1 added to the die (31.5.9; ruling S52 for those aboard what it eliminates).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.action import current, optional_step
from wartable.games.zeta.components import GRYPS2
from wartable.games.zeta.state import bases_at, comp, place_name
from wartable.games.zeta.strike import strike

NAME = "laser"
LEVEL = 2  # rule 31.5.2
BASE_LOSS = {2: (3, 2, 2, 1, 1, 1), 3: (3, 3, 3, 2, 2, 1)}  # rule 31.5.5, die faces 1-6
KILL = {2: 1, 3: 2}  # rule 31.5.7: eliminated at or under
SURVIVAL_PLUS = 1  # rule 31.5.9


def hexes(state: State) -> list[str]:
    act = current(state)
    base = state["bases"].get(GRYPS2)
    if act["type"] != "space" or base is None:
        return []
    if base["owner"] != act["faction"] or base["level"] < LEVEL:
        return []
    near = [at for at in comp(state).neighbours(base["at"]) if at.startswith("space:")]
    return [base["at"], *near]


def fire(ctx: Context, state: State, faction: str, at: str) -> None:
    level = state["bases"][GRYPS2]["level"]
    c = comp(state)
    for bid in bases_at(state, at):
        if bid == GRYPS2:
            continue  # ruling S52: it does not fire at itself
        name = c.bases[bid].name
        (die,) = ctx.roll(
            faction, 1, "31.5.5", msg(f"damage to {name['en']}", f"{name['ja']}の被害")
        )
        bases.lose_levels(ctx, state, bid, BASE_LOSS[level][die - 1], "31.5.5")
    if state["colony"]["at"] == at:  # 31.5.10
        state["colony"].update(owner=None, at=None, back=False)
        ctx.say(msg("the laser destroys the colony", "レーザーがコロニーを除去"), rule="31.5.10")
    strike(ctx, state, at, faction, KILL[level], "31.5.7", True, SURVIVAL_PLUS)


def describe(state: State, faction: str, action: Action) -> Msg:
    if action[NAME] is None:
        return msg("the laser does not fire", "レーザー攻撃を行わない")
    where = place_name(state, action[NAME])
    return msg(
        f"Gryps 2 fires its laser at {where['en']}", f"グリプス2が{where['ja']}にレーザー攻撃"
    )


optional_step(NAME, "31.5.4", hexes, fire, describe)
