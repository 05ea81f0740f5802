"""Rule 28: the governance-drop step, the sixth step of a battle.

When the battle is fought at a political base, its governor rolls two dice; at or under the total
governance of every ship and MS in the hex — whatever their faction and whether or not they took
part (28.3), characters ignored (28.5) — the base drops one level (28.4), to neutral at 0 (2.6).
Never at a military base (28.1). With several political bases in the hex, each is checked in turn,
in the order of the bases; a neutral one has no governor and no level to lose (ruling S41).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.combat import combat_step, following
from wartable.games.zeta.state import bases_at, comp, units_at

NAME = "decline"


def weapons(state: State, at: str) -> int:
    """28.3, 28.5: the governance of every ship and MS at `at` (both faces alike, ruling S6)."""
    c = comp(state)
    return sum(c.unit(state["units"][uid]["type"]).gov for uid in units_at(state, at))


@combat_step(NAME)
def check(ctx: Context, state: State) -> str:
    at = state["action"]["battle"]["at"]
    c = comp(state)
    for bid in bases_at(state, at):
        base = state["bases"][bid]
        if c.bases[bid].military or base["owner"] is None:
            continue  # 28.1; S41
        total = weapons(state, at)
        name = c.bases[bid].name
        dice = ctx.roll(
            base["owner"],
            2,
            "28.4",
            msg(
                f"governance drop at {name['en']} ({total})", f"{name['ja']}の統治低下判定({total})"
            ),
        )
        if sum(dice) > total:
            ctx.say(msg(f"{name['en']} holds", f"{name['ja']}: 低下なし"), rule="28.4")
            continue
        bases.set_level(ctx, state, bid, base["owner"], base["level"] - 1)
        level = state["bases"][bid]["level"]
        ctx.say(
            msg(f"{name['en']} drops to level {level}", f"{name['ja']}の統治レベルが{level}に低下"),
            rule="28.4",
        )
    return following(NAME)
