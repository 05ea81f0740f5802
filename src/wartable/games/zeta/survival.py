"""Rules 27.3 and 27.5: a character's survival check, where a grown character lands, and what
Neo Zeon's Puru's death brings (29.4.1).

A survival check reads one die on the character's survival table (27.3): D dead, H, M or L into
that wounded box, G grown into its next counter, which boards in its hex or the nearest where it
can (27.5, ruling S45). When Neo Zeon's Puru dies her Black Qubeley Mk-II leaves the game with
her (ruling S53: Neo Zeon's counter of that type, wherever it is), Neo Zeon may never
mass-produce the type again, and from the next turn the AEUG's Puru and Neo Zeon's Puru Two are
waited for (``state["puru"]``, `puru`).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta.character import ANYWHERE
from wartable.games.zeta.components import BLACK_QUBELEY, PURU_AEUG_GROUP, PURU_NZ, PURU_TWO_GROUP
from wartable.games.zeta.existence import boardable, may_settle, settle
from wartable.games.zeta.state import WOUNDED, comp, map_of, on_map

NEO_ZEON = "neo_zeon"
WAITING = "waiting"  # state["puru"]: a group not yet arrived (29.4.2, 29.5.1)


def survive(ctx: Context, state: State, cid: str, plus: int = 0) -> None:
    """27.3: one die read on the character's survival table, `plus` added (31.5.9)."""
    c = comp(state)
    character = state["characters"][cid]
    name = c.characters[cid].name
    (die,) = ctx.roll(
        character["faction"],
        1,
        "27.3",
        msg(f"survival check of {name['en']}", f"{name['ja']}の生存判定"),
    )
    result = c.characters[cid].survival[min(die + plus, 6) - 1]  # ruling S21
    ctx.say(msg(f"{name['en']}: {result}", f"{name['ja']}: {result}"), rule="27.3")
    at = character["at"]
    character["on"] = None
    if result == "D":
        character["at"] = "dead"  # 27.3.5
        if cid == PURU_NZ:
            puru_lost(ctx, state)  # 29.4.1
    elif result != "G":
        character["at"] = WOUNDED + result  # 27.3.2-27.3.4
    else:
        grown = c.characters[cid].grows_to
        assert grown is not None  # ruling S22: G only on a counter that grows
        del state["characters"][cid]
        state["characters"][grown] = character  # 27.3.1
        land(state, grown, at)


def land(state: State, cid: str, at: str) -> None:
    """27.5 (ruling S45): a grown character boards in its hex where it can, else goes to the
    nearest hex of its map where it can, ties to the hex of the lowest-numbered own unit; with
    none, it waits to be placed anywhere in the deployment phase (9.5)."""
    if may_settle(state, cid, at):
        settle(state, cid, at)
        return
    c = comp(state)
    faction = state["characters"][cid]["faction"]
    hexes = dict.fromkeys(
        u["at"]
        for u in state["units"].values()
        if u["faction"] == faction
        and on_map(u["at"])
        and "box:" not in (u["at"][:4], at[:4])
        and map_of(u["at"]) == map_of(at)
    )
    fits_here = [h for h in hexes if may_settle(state, cid, h)]
    if not fits_here:
        state["characters"][cid].update(at="pending", code=ANYWHERE)
        return
    nearest = min(fits_here, key=lambda h: c.distance(at, h))
    settle(state, cid, nearest)


def puru_lost(ctx: Context, state: State) -> None:
    """29.4.1: Neo Zeon's Puru is dead: her Black Qubeley Mk-II goes, and the type with it."""
    for uid, unit in state["units"].items():
        if unit["faction"] == NEO_ZEON and unit["type"] == BLACK_QUBELEY and unit["at"] != "out":
            for cid, ch in state["characters"].items():
                if ch["on"] == uid:
                    ch["on"] = boardable(state, cid, ch["at"])  # ruling S16's order
            unit.update(at="out", carrier=None)
            break
    state["permitted"][NEO_ZEON] = [t for t in state["permitted"][NEO_ZEON] if t != BLACK_QUBELEY]
    state["puru"] = {"from": state["turn"] + 1, PURU_AEUG_GROUP: WAITING, PURU_TWO_GROUP: WAITING}
    ctx.say(
        msg(
            "Puru's Black Qubeley Mk-II leaves the game; Neo Zeon may build no more",
            "プルの黒いキュベレイMk-IIをゲームから除外。ネオジオンは以後増産不可",
        ),
        rule="29.4.1",
    )
