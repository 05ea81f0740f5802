"""Rule 22: the anti-aircraft step, the third step of a battle, with the bombing declarations.

Each side able to bomb — with MS on sortie and enemy ships or an enemy military base to bomb
(23.1, 23.3) — says whether it will, the attacker first, openly (ruling S47):
``{"bomb": True | False}``. Only against a side that bombs does the other side fire AA (22.1):
each of its ships rolls its AA guns plus its captain's ship attack (22.3, 22.5), its military base
in the hex its attack at its level (22.6), against 2·1 (ruling S8); the hits fall on the bombing
side's MS on sortie (22.7, 26.1; ruling S47), every side's damage applied at once.
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta.battle import SIDES, battle
from wartable.games.zeta.combat import combat_step, following
from wartable.games.zeta.damage import inflict, other
from wartable.games.zeta.forces import (
    asked,
    base_fire,
    bases,
    on_sortie,
    ship_fire,
    ship_targets,
    ships,
    wish,
)

NAME = "aa"


def may_bomb(state: State, side: str) -> bool:
    return bool(on_sortie(state, side)) and bool(ship_targets(state, other(side)))


@combat_step(NAME)
def aa(ctx: Context, state: State) -> str | None:
    if not asked(state, "bomb", may_bomb):
        return None
    hits = {}
    for side in SIDES:
        if battle(state)["bomb"][side]:
            firing = other(side)
            n = sum(ship_fire(ctx, state, uid, "22.3", True) for uid in ships(state, firing))
            n += sum(base_fire(ctx, state, bid, "22.6", True) for bid in bases(state, firing))
            hits[side] = (n, on_sortie(state, side))
    return inflict(ctx, state, hits, "ms", following(NAME))


wish("bomb", "22.1", NAME, msg("will bomb", "爆撃を行う"), msg("will not bomb", "爆撃を行わない"))
