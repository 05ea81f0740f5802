"""Rule 12.8: damage — the hits of one fire step against each ship's screens.

Hits count per ship and per step (a beam step and a torpedo step never add up, and nothing carries
over). As many hits as the defence flip a ship to its damaged side, or destroy it when it has none
or is damaged already; three times the defence destroys it outright. A destroyed ship leaves the
game, its counter free to be built again, with whatever it carries (11.5, ruling I28).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.imperium import carriers
from wartable.games.imperium.state import carried_by, comp, ship_type

MASSIVE = 3  # rule 12.8: three times the defence in one step destroys any ship


def result(state: State, uid: str, hits: int) -> str | None:
    """What `hits` in one step do to a ship: "destroyed", "damaged" or None. A damaged ship
    resists with its damaged side's defence (ruling I27)."""
    kind = ship_type(state, uid)
    damaged = state["units"][uid]["damaged"]
    defence = kind.face(damaged).defence
    if hits >= MASSIVE * defence:
        return "destroyed"
    if hits < defence:
        return None
    return "destroyed" if damaged or kind.back is None else "damaged"


def apply(ctx: Context, state: State, hits: dict[str, int], rule: str) -> None:
    """Apply a fire step's hits to every ship at once (12.6, 12.7: fire is simultaneous)."""
    for uid, count in hits.items():
        effect = result(state, uid, count)
        if effect is None:
            continue
        code = ship_type(state, uid).code
        ja = {"damaged": "損傷", "destroyed": "撃破"}[effect]
        ctx.say(
            msg(f"{code} {uid} takes {count} hits: {effect}", f"{code} {uid} は{count}命中で{ja}"),
            rule="12.8",
            ship=uid,
            hits=count,
            effect=effect,
            fire=rule,
        )
        if effect == "damaged":
            state["units"][uid]["damaged"] = True
            carriers.shed(state, uid)
        else:
            destroy(state, uid)


def destroy(state: State, uid: str) -> None:
    """Take a ship out of the game with its cargo and its fighters aboard (11.5, ruling I28);
    the battle notes every ship destroyed, by type, for its winner (12.3)."""
    battle = state["battle"]
    ships = comp(state).ships
    for gone in [uid, *carried_by(state, uid)]:
        unit = state["units"].pop(gone)
        if unit["type"] in ships:
            battle["destroyed"][unit["side"]].append(unit["type"])
    battle["areas"].pop(uid, None)
    battle["waiting"].pop(uid, None)
