"""Rule 12.8: damage — the hits of one fire step against each ship's screens.

Hits count per ship and per step (a beam step and a torpedo step never add up, and nothing carries
over). As many hits as the defence flip a ship to its damaged side, or destroy it when it has none
or is damaged already; three times the defence destroys it outright. A destroyed ship leaves the
game, its counter free to be built again, with whatever it carries (11.5, ruling I28).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.imperium import carriers, view
from wartable.games.imperium.state import carried_by, comp, is_ship, ship_type

MASSIVE = 3  # rule 12.8: three times the defence in one step destroys any ship


def result(state: State, uid: str, hits: int) -> str | None:
    """What `hits` in one step do to a ship, or to a ground unit or battery (13.1, 13.4: "as
    in 12.8", its reduced side for the damaged one): "destroyed", "damaged" or None. A damaged
    unit resists with its damaged side's defence (ruling I27)."""
    damaged = state["units"][uid]["damaged"]
    if is_ship(state, uid):
        kind = ship_type(state, uid)
        defence, flips = kind.face(damaged).defence, kind.back is not None
    else:
        defence, flips = comp(state).ground[state["units"][uid]["type"]].face(damaged).defence, True
    if hits >= MASSIVE * defence:
        return "destroyed"
    if hits < defence:
        return None
    return "destroyed" if damaged or not flips else "damaged"


def label(state: State, uid: str) -> str:
    """How the log names a unit: its printed code ("AT I3") or its ground name."""
    unit = state["units"][uid]
    code = (
        ship_type(state, uid).code
        if is_ship(state, uid)
        else comp(state).ground[unit["type"]].name["en"]
    )
    return f"{code} {uid}"


def apply(ctx: Context, state: State, hits: dict[str, int], rule: str) -> None:
    """Apply a fire step's hits to every ship at once (12.6, 12.7: fire is simultaneous)."""
    apply_apart(ctx, state, {"fire": hits}, rule)


def apply_apart(
    ctx: Context,
    state: State,
    sources: dict[str, dict[str, int]],
    rule: str,
    reduce_only: tuple[str, ...] = (),
) -> None:
    """Apply at once the hits of sources that are never added up (13.1, 13.3: fighters and
    batteries; 13.4: troops, and fighters with batteries): each source's hits are compared with
    the unit as it stands, and the strongest effect is taken (ruling I35). The sources named in
    `reduce_only` may reduce infantry and drop troops but not eliminate them (13.4)."""
    targets = dict.fromkeys(uid for hits in sources.values() for uid in hits)
    effects = {}
    for uid in targets:
        found = []
        for source, hits in sources.items():
            effect = result(state, uid, hits.get(uid, 0))
            if source in reduce_only and effect is not None and is_troop(state, uid):
                effect = None if state["units"][uid]["damaged"] else "damaged"
            found.append(effect)
        effects[uid] = (
            "destroyed" if "destroyed" in found else "damaged" if found.count("damaged") else None
        )
    for uid, effect in effects.items():
        if effect is not None:
            _take(ctx, state, uid, effect, sum(hits.get(uid, 0) for hits in sources.values()), rule)


def is_troop(state: State, uid: str) -> bool:
    """Infantry or drop troops (2.4)."""
    ground = comp(state).ground.get(state["units"][uid]["type"])
    return ground is not None and ground.kind != "battery"


def _take(ctx: Context, state: State, uid: str, effect: str, count: int, rule: str) -> None:
    if uid not in state["units"]:
        return  # gone with the transport that carried it
    name = label(state, uid)
    ja = {"damaged": "損傷", "destroyed": "撃破"}[effect]
    ctx.say(
        msg(f"{name} takes {count} hits: {effect}", f"{name} は{count}命中で{ja}"),
        rule="12.8",
        ship=uid,
        hits=count,
        effect=effect,
        fire=rule,
    )
    if effect == "damaged":
        state["units"][uid]["damaged"] = True
        if uid in state["battle"].get("areas", {}):  # a carrier on the space board
            carriers.shed(state, uid)
        _shaken(state, uid)
    else:
        destroy(state, uid)


def _shaken(state: State, transport: str) -> None:
    """13.3: the ground units aboard a damaged transport turn to their reduced side, those
    already reduced (with no side left) are destroyed (ruling I36: whatever damaged it); the
    other side learns what it carried, or that it carried nothing (ruling I40)."""
    view.show(state, [transport, *carried_by(state, transport)])
    for cargo in carried_by(state, transport):
        if is_ship(state, cargo):
            continue
        if state["units"][cargo]["damaged"]:
            destroy(state, cargo)
        else:
            state["units"][cargo]["damaged"] = True


def destroy(state: State, uid: str) -> None:
    """Take a unit out of the game with its cargo and its fighters aboard (11.5, ruling I28);
    the battle notes every ship destroyed, by type, for its winner (12.3)."""
    battle = state["battle"]
    ships = comp(state).ships
    for gone in [uid, *carried_by(state, uid)]:
        unit = state["units"].pop(gone)
        if unit["type"] in ships:
            battle["destroyed"][unit["side"]].append(unit["type"])
    for where in ("areas", "waiting", "hexes"):  # the space board, or the planet map (13.2)
        battle.get(where, {}).pop(uid, None)
