"""Rule 30.4: the Axis attack.

In a Space phase of the faction governing Axis, when Axis could move (30.3.2, recorded as the
phase began), once its units have moved and before any combat (30.4.3), it may ram a base in its
hex, whether it entered the hex or stayed (30.4.1, 30.4.2): ``{"axis_attack": base}``, or
``{"axis_attack": None}`` to let it be. A die says what the target loses (30.4.4), another what
Axis loses (30.4.5); a base below level 0 is destroyed for ever, at 0 it is neutral (30.4.6).
Against Granada or Von Braun City Axis's damage is one step worse and Axis never moves again
(30.4.7; ruling S51); a stuck Axis still attacks a base of the hex where it stays, in the phases
it could move in but for 30.4.7 (30.4.1; ruling S61). What is left stranded by a destroyed base
goes aboard or is lost (15.7).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.action import current, optional_step
from wartable.games.zeta.components import AXIS, AXIS_ATTACK_WORSE
from wartable.games.zeta.damage import existence
from wartable.games.zeta.state import bases_at, comp

NAME = "axis_attack"
TARGET_LOSS = (3, 3, 2, 2, 2, 1)  # rule 30.4.4, die faces 1-6
AXIS_LOSS = (3, 2, 2, 1, 1, 0)  # rule 30.4.5
AXIS_LOSS_WORSE = (4, 3, 3, 2, 2, 1)  # rule 30.4.7, ruling S51: one step worse


def targets(state: State) -> list[str]:
    act = current(state)
    if act["type"] != "space" or AXIS not in act.get("mobile", []) or AXIS not in state["bases"]:
        return []
    if state["bases"][AXIS]["owner"] != act["faction"]:
        return []
    return [bid for bid in bases_at(state, state["bases"][AXIS]["at"]) if bid != AXIS]


def attack(ctx: Context, state: State, faction: str, bid: str) -> None:
    at = state["bases"][AXIS]["at"]
    c = comp(state)
    name = c.bases[bid].name
    (die,) = ctx.roll(faction, 1, "30.4.4", msg(f"damage to {name['en']}", f"{name['ja']}の被害"))
    bases.lose_levels(ctx, state, bid, TARGET_LOSS[die - 1], "30.4.4")
    worse = bid in AXIS_ATTACK_WORSE
    (die,) = ctx.roll(faction, 1, "30.4.5", msg("damage to Axis", "アクシズの被害"))
    loss = (AXIS_LOSS_WORSE if worse else AXIS_LOSS)[die - 1]
    if loss:
        bases.lose_levels(ctx, state, AXIS, loss, "30.4.7" if worse else "30.4.5")
    if worse and AXIS in state["bases"]:
        state["bases"][AXIS]["stuck"] = True  # 30.4.7
        ctx.say(msg("Axis can never move again", "アクシズは以後移動不能"), rule="30.4.7")
    existence(ctx, state, at, [])


def describe(state: State, faction: str, action: Action) -> Msg:
    if action[NAME] is None:
        return msg("no Axis attack", "アクシズアタックを行わない")
    name = comp(state).bases[action[NAME]].name
    return msg(f"Axis attacks {name['en']}", f"{name['ja']}にアクシズアタック")


optional_step(NAME, "30.4.2", targets, attack, describe)
