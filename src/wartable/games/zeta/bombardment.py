"""Rule 24: the bombardment step, the fifth step of a battle.

Each side able to fire — with ships or its own military base in the hex (24.3) — says whether it
wants a bombardment, the attacker first, openly (ruling S48): ``{"bombard": True | False}``. Both
wanting it, it happens; neither, it does not (24.1). Split, each side rolls a die and adds the ship
command of its two best characters aboard its ships (24.2.1-24.2.2, ruling S48); the higher total
has its wish, a tie none (24.2.3). Where the side that wanted it governs a military base in the hex
and the bombardment happens against the other's wish, its base does not fire (24.2.4); where the
side that avoided it governs one and has its way, that base alone fights the other's ships
(24.2.5). Each ship rolls its guns plus its captain's ship attack (24.4, 24.6), a base its attack
at its level (24.7), against 3·1 (ruling S8); the hits fall on the other side's ships and military
base (24.8, 24.9), both sides' damage applied at once (24.10).
"""

from __future__ import annotations

from wartable.engine import Context, Msg, State, msg
from wartable.games.zeta.battle import SIDES, battle
from wartable.games.zeta.combat import combat_step, following
from wartable.games.zeta.damage import BASE, command, inflict, other
from wartable.games.zeta.forces import asked, base_fire, bases, colony_of, ship_fire, ships, wish

NAME = "bombardment"
Forces = dict[str, tuple[bool, bool]]  # side -> whether its ships, its bases fight


def may_fire(state: State, side: str) -> bool:
    """Whether both sides have ships or a military base to fight with (24.3)."""
    return all(ships(state, s) or bases(state, s) for s in (side, other(side)))


@combat_step(NAME)
def bombardment(ctx: Context, state: State) -> str | None:
    if not asked(state, "bombard", may_fire):
        return None
    forces = engaged(ctx, state, battle(state)["bombard"])
    hits = {}
    for side, (with_ships, with_bases) in forces.items():
        n = 0
        if with_ships:
            n += sum(ship_fire(ctx, state, uid, "24.4", False) for uid in ships(state, side))
        if with_bases:
            n += sum(base_fire(ctx, state, bid, "24.7", False) for bid in bases(state, side))
        them, (their_ships, their_bases) = other(side), forces[other(side)]
        targets = [*(ships(state, them) + colony_of(state, them) if their_ships else [])]
        targets += [BASE + bid for bid in bases(state, them)] if their_bases else []
        hits[them] = (n, targets)
    return inflict(ctx, state, hits, "ship", following(NAME))


def engaged(ctx: Context, state: State, wanted: dict[str, bool]) -> Forces:
    """24.1-24.2.5: what fights on each side; nothing when the bombardment does not happen."""
    both: Forces = {side: (True, True) for side in SIDES}
    if all(wanted.values()):
        return both
    if not any(wanted.values()):
        return {}
    keen = next(side for side in SIDES if wanted[side])
    shy = other(keen)
    totals = {
        side: sum(ctx.roll(battle(state)[side][0], 1, "24.2.2", check_said()))
        + command(state, side, "ship")
        for side in SIDES
    }
    if totals[keen] > totals[shy]:
        return {**both, keen: (True, False)}  # 24.2.4: a base does not force the issue
    if bases(state, shy):
        return {**both, shy: (False, True)}  # 24.2.5
    return {}  # 24.2.2, 24.2.3


def check_said() -> Msg:
    return msg("bombardment occurrence check", "砲撃戦発生チェック")


wish(
    "bombard",
    "24.1",
    NAME,
    msg("wants a bombardment", "砲撃戦を希望"),
    msg("would avoid a bombardment", "砲撃戦を回避"),
)
