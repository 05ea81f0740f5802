"""Rule 21: the air-combat step, the second step of a battle.

Every MS on sortie fights, on both sides at once (21.2-21.4): it rolls one die, and one more for
each point of its pilot's MS attack (21.6); each die scores a hit for each of its air values at or
above the roll (21.5). A side's hits fall on the other side's MS on sortie (21.7, 26.1); with none
there, they are lost (ruling S46).
"""

from __future__ import annotations

from wartable.engine import Context, State
from wartable.games.zeta.battle import SIDES
from wartable.games.zeta.combat import combat_step, following
from wartable.games.zeta.damage import inflict, other
from wartable.games.zeta.forces import ms_attack, on_sortie

NAME = "air"


@combat_step(NAME)
def air(ctx: Context, state: State) -> str | None:
    scores = {
        side: sum(ms_attack(ctx, state, uid, "21.5", False) for uid in on_sortie(state, side))
        for side in SIDES
    }
    hits = {other(side): (n, on_sortie(state, other(side))) for side, n in scores.items()}
    return inflict(ctx, state, hits, "ms", following(NAME))
