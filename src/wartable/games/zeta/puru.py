"""Rules 29.4.2-29.5: who comes in the place of Neo Zeon's Puru once she is dead.

Her death on a survival check and what it takes with her (29.4.1) are `survival`'s. From the
next turn's deployment phase on (``state["puru"]``):
- the AEUG receive their own Puru and Black Qubeley Mk-II in Judau's hex, with no regard to
  deployment points (29.4.2), Puru aboard it; while Judau is not on the map (not yet arrived, or
  wounded) they wait, and if he is dead they never come (29.4.3);
- Neo Zeon receives Puru Two and the Red Qubeley Mk-II in Glemy's hex in the same way (29.5.1);
  with Glemy wounded, dead or not on the map they are deployed by the normal rules (29.5.2).
A Judau or Glemy waiting to be placed in this deployment phase (recovered, 4.4.1, or arriving)
brings them when he is placed: the arrivals are tried again after each placement (ruling S62).
An MS arriving where it may not stand alone goes aboard the first own ship there with room, or,
with none, is lost (15.7, 29.4.4; ruling S62).
"""

from __future__ import annotations

from wartable.engine import Context, State, msg
from wartable.games.zeta.carrying import ship_with_room
from wartable.games.zeta.components import (
    GLEMY,
    JUDAU,
    PURU_AEUG_GROUP,
    PURU_TWO_GROUP,
    Group,
)
from wartable.games.zeta.deployment import arrival
from wartable.games.zeta.existence import may_settle, may_stand_alone, settle
from wartable.games.zeta.state import add_unit, comp, on_map, to_factory, unit_name
from wartable.games.zeta.survival import WAITING, survive

DONE = "done"
PENDING = "pending"  # a character to be placed in this deployment phase (9.5)


@arrival
def arrive(ctx: Context, state: State) -> None:
    news = state["puru"]
    if news is None or state["turn"] < news["from"]:
        return
    c = comp(state)
    for gid, anchor in ((PURU_AEUG_GROUP, JUDAU), (PURU_TWO_GROUP, GLEMY)):
        if news[gid] != WAITING:
            continue
        group = c.groups[gid]
        host = state["characters"].get(anchor)
        if host is not None and host["at"] == PENDING:
            continue  # recovered or arriving: they follow him when he is placed (ruling S62)
        if host is not None and on_map(host["at"]):
            come(ctx, state, group, host["at"])  # 29.4.2, 29.5.1
        elif gid == PURU_TWO_GROUP:
            come(ctx, state, group, None)  # 29.5.2: the normal deployment
        elif host is not None and host["at"] == "dead":
            news[gid] = "cancelled"  # 29.4.3
            continue
        else:
            continue  # 29.4.3: postponed
        news[gid] = DONE
        ctx.say(
            msg(f"{c.characters[group.characters[0]].name['en']} arrives", "プル達が登場"),
            rule="29.4.2" if gid == PURU_AEUG_GROUP else "29.5.1",
        )


def come(ctx: Context, state: State, group: Group, at: str | None) -> None:
    """The group's MS and character at `at`, the character aboard the MS; None: pending (9.1).
    An MS that may not stand alone there goes aboard the first own ship with room; with none it
    may not be there and is lost (15.7; the AEUG's Black Qubeley Mk-II leaves the game, 29.4.4),
    and its pilot boards an own unit there or stands alone where he may, else makes a survival
    check (15.7; ruling S62)."""
    ms = [
        add_unit(state, group.faction, type_id, at or "pending")
        for type_id, count in group.units.items()
        for _ in range(count)
    ]
    for cid in group.characters:
        if at is None:
            state["characters"][cid] = {"faction": group.faction, "at": "pending", "on": None}
            state["characters"][cid]["code"] = "any"
            continue
        state["characters"][cid] = {"faction": group.faction, "at": at, "on": ms[0]}
    if at is None:
        return
    for uid in ms:
        if may_stand_alone(state, at, group.faction):
            continue
        ship = ship_with_room(state, at, group.faction)
        if ship is not None:
            state["units"][uid]["carrier"] = ship
            continue
        who = unit_name(state, uid)
        to_factory(state, uid)
        ctx.say(
            msg(f"{who['en']} may not be there: lost", f"{who['ja']}は存在できず除去"), rule="15.7"
        )
        for cid, ch in state["characters"].items():
            if ch["on"] != uid:
                continue
            ch["on"] = None
            if may_settle(state, cid, at):
                settle(state, cid, at)
            else:
                survive(ctx, state, cid)
