"""Rule 32: Zeon's afterglow — the Zeon Republic Army at Side 3 and the Zeon Africa unit.

- 32.1.3: when an order moves Haman or Mineva into the Side 3 hex (「進入」: on her own ship's or
  MS's move, carried, or with Axis), Side 3 at once becomes a Neo Zeon base at level 3, whoever
  held it and at whatever level (ruling S58). Being in the hex does not do it again, nor does being
  placed there in a deployment phase (9.5), which is placement, not entering.
- 32.1.4, 32.1.5: the first time Side 3 comes under Neo Zeon, by any means, the Zeon Republic Army
  (ruling S12) is placed there as Neo Zeon units, its MS aboard its own ship, then aboard Neo Zeon's
  other ships there, as far as there is room;
  in an action phase it has made its move (it may not move), so it may fight (ruling S58).
- 32.2: when Haman or Mineva descends to the ground map (「降下」, atmospheric movement from a drop
  point, 14.2, 14.5: on her own or aboard), Neo Zeon must at once place the Zeon Africa unit in
  the Kilimanjaro hex or one next to it, before any other order: ``{"africa": at}`` (32.2.2,
  32.2.3). Being placed on the ground in a deployment phase is not a descent (ruling S58). The unit
  may not move that phase but fights as Move units do: its hex is a combat hex of the Atmosphere
  phase (32.2.4 over 18.3, ruling S58).

``state["zeon"]``: ``republic`` whether the army has been placed, ``africa`` None, "due" or
"done". Each happens once: there is one set of counters. What an order moved is told by where
each character stood before it (`wartable.games.zeta.action.after_order`).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.zeta import bases
from wartable.games.zeta.action import Scene, after_order, current, forced, order
from wartable.games.zeta.carrying import room, ship_with_room
from wartable.games.zeta.components import KILIMANJARO, SIDE3
from wartable.games.zeta.state import add_unit, comp, place_name

NEO_ZEON = "neo_zeon"
LEADERS = ("haman", "mineva")  # rule 32.1.3, 32.2.1
REPUBLIC, AFRICA = "zeon_republic", "zeon_africa"  # the groups of data/zeta.toml
TOP = 3


def place(state: State, gid: str, at: str) -> list[str]:
    """A group's units at `at`, its MS aboard its own ships, then the faction's others there, while
    there is room (ruling S58); in an action phase they have made their move (32.1.5, 32.2.4)."""
    c = comp(state)
    group = c.groups[gid]
    placed = [
        add_unit(state, group.faction, type_id, at)
        for type_id, count in group.units.items()
        for _ in range(count)
    ]
    own = [uid for uid in placed if state["units"][uid]["type"] in c.ships]
    for uid in placed:
        if state["units"][uid]["type"] in c.ms:
            ship = next((sid for sid in own if room(state, sid) > 0), None)  # its own ship first
            state["units"][uid]["carrier"] = ship or ship_with_room(state, at, group.faction)
    if state["action"] is not None:
        for uid in placed:
            current(state)["mp"][uid] = 0
    return placed


@bases.on_governed
def republic(ctx: Context, state: State, bid: str, owner: str) -> None:
    """32.1.4: when Side 3 comes under Neo Zeon, the first time."""
    if bid != SIDE3 or owner != NEO_ZEON or state["zeon"]["republic"]:
        return
    state["zeon"]["republic"] = True
    place(state, REPUBLIC, state["bases"][SIDE3]["at"])
    ctx.say(
        msg("The Zeon Republic Army joins Neo Zeon at Side 3", "ジオン共和国軍がサイド3に配置"),
        rule="32.1.4",
    )


def entered(state: State, before: dict[str, str], at: str) -> bool:
    """Whether the order just given took Haman or Mineva from elsewhere into the hex `at`."""
    characters = state["characters"]
    return any(
        cid in characters and characters[cid]["at"] == at and before.get(cid, at) != at
        for cid in LEADERS
    )


def descended(state: State, before: dict[str, str]) -> bool:
    """Whether the order just given took Haman or Mineva from the space map down to the ground
    map: in an order, only a descent does (14.5)."""
    characters = state["characters"]
    return any(
        cid in characters
        and characters[cid]["at"].startswith("ground:")
        and before.get(cid, "").startswith("space:")
        for cid in LEADERS
    )


@after_order
def check(ctx: Context, state: State, before: dict[str, str]) -> None:
    side3 = state["bases"].get(SIDE3)
    if (
        side3 is not None
        and (side3["owner"], side3["level"]) != (NEO_ZEON, TOP)
        and entered(state, before, side3["at"])
    ):
        bases.set_level(ctx, state, SIDE3, NEO_ZEON, TOP)  # 32.1.3
        ctx.say(
            msg("Side 3 rises for Neo Zeon", "サイド3はネオジオンのレベル3拠点に"), rule="32.1.3"
        )
    if state["zeon"]["africa"] is None and descended(state, before):
        state["zeon"]["africa"] = "due"  # 32.2.1


@forced
def legal(state: State, scene: Scene) -> list[Action]:
    if state["zeon"]["africa"] != "due" or current(state)["faction"] != NEO_ZEON:
        return []
    c = comp(state)
    kilimanjaro = c.bases[KILIMANJARO].at
    assert kilimanjaro is not None
    return [{"africa": at} for at in (kilimanjaro, *c.neighbours(kilimanjaro))]


def apply(ctx: Context, state: State, action: Action) -> None:
    state["zeon"]["africa"] = "done"
    place(state, AFRICA, action["africa"])
    act = current(state)
    act["atmo"] = sorted({*act["atmo"], action["africa"]})  # 32.2.4: it may fight


def describe(state: State, action: Action) -> Msg:
    where = place_name(state, action["africa"])
    return msg(
        f"the Zeon Africa unit appears at {where['en']}",
        f"ジオンアフリカ部隊が{where['ja']}に登場",
    )


order("africa", "32.2.1", legal, apply, describe)
