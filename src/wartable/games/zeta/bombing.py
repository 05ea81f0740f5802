"""Rule 23: the bombing step, the fourth step of a battle.

The MS of a side that declared bombing (22.1) and are still on sortie after the AA fire (23.1)
roll one die each, one more per point of their pilot's MS attack, against their bombing values
(23.4, 23.5). The hits fall on the enemy's ships and on an enemy military base in the hex as a ship
(23.3, 23.6); both sides' damage is applied at once (ruling S47).
"""

from __future__ import annotations

from wartable.engine import Context, State
from wartable.games.zeta.battle import SIDES, battle
from wartable.games.zeta.combat import combat_step, following
from wartable.games.zeta.damage import inflict, other
from wartable.games.zeta.forces import ms_attack, on_sortie, ship_targets

NAME = "bombing"


@combat_step(NAME)
def bombing(ctx: Context, state: State) -> str | None:
    declared = battle(state)["bomb"]
    hits = {
        other(side): (
            sum(ms_attack(ctx, state, uid, "23.4", True) for uid in on_sortie(state, side)),
            ship_targets(state, other(side)),
        )
        for side in SIDES
        if declared.get(side)
    }
    return inflict(ctx, state, hits, "ship", following(NAME))
