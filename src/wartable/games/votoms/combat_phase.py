"""Rule 9 (the combat phases) around the combats themselves, and the end of a combat phase.

A combat phase (3.1: "combat_1" with Bieler as phase player, "combat_2" with Merc, 9.4) reads:

1. 9.1: in every hex holding a face-up Bieler unit, face-down Merc units are turned face-up;
2. the combat hexes (9.2, and the base exception of 9.3) are fought one at a time, the phase
   player choosing the next one each time (9.4, ruling R21: the list is recomputed after each
   combat; a hex is fought at most once a phase) — see `wartable.games.votoms.combat`;
3. then (ruling R30): control of every base (2.3.1), heli return (9.13), the returns of
   destroyed Kan Yu squad and PS and of PS that could not retreat (9.10.4, 9.11.12), and the
   end of the game if a side holds the enemy home (14.1.1).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.votoms import combat, victory
from wartable.games.votoms.combat import fighter, order
from wartable.games.votoms.control import check_bases
from wartable.games.votoms.flow import BIELER, MERC, next_phase, other, phase, step, wait
from wartable.games.votoms.state import comp, place_named, unit_type, units_at

SIDE_NAME = combat.SIDE_NAME


@phase("combat_1")
def first_combat_phase(ctx: Context, state: State) -> None:
    start(ctx, state, BIELER)


@phase("combat_2")
def second_combat_phase(ctx: Context, state: State) -> None:
    start(ctx, state, MERC)


def start(ctx: Context, state: State, player: str) -> None:
    """The start of a combat phase: 9.1 flips, then the first combat hex."""
    state["combat"] = {"player": player, "done": [], "hex": None}
    state["kan_yu_in_palace_assault"] = False
    bieler_up = {
        u["hex"] for u in state["units"].values() if u["side"] == BIELER and u["hex"] and u["up"]
    }
    hidden = [
        u
        for u in state["units"].values()
        if u["side"] == MERC and u["hex"] in bieler_up and not u["up"]
    ]
    hidden.sort(key=lambda u: order(u["id"]))
    combat.flip_up(
        ctx,
        state,
        hidden,
        "9.1",
        msg("facing face-up Bieler units", "表のビーラー側ユニットと同じヘックス"),
    )
    next_combat(ctx, state)


def combat_hexes(state: State) -> list[str]:
    """Rules 9.2 and 9.3: hexes where both sides have face-up units (ready helis count), and
    controlled bases with base attack holding units of the other side; minus the hexes already
    fought this phase (R21)."""
    c = comp(state)
    units = state["units"].values()
    present = {(u["hex"], u["side"]) for u in units if u["hex"] is not None}
    up = {(u["hex"], u["side"]) for u in units if u["hex"] is not None and fighter(state, u)}
    done = set(state["combat"]["done"])
    found = set()
    for h, _ in present:
        if h in done or h in found:
            continue
        if (h, MERC) in up and (h, BIELER) in up:
            found.add(h)
            continue
        place = c.place_at.get(h)
        if place is None or not place.base or place.base_attack is None:
            continue
        controller = state["control"].get(place.id)
        if controller is not None and (h, other(controller)) in present:
            found.add(h)
    return sorted(found)


def next_combat(ctx: Context, state: State) -> None:
    """Rule 9.4: the phase player picks the next combat hex; with one left it is fought."""
    hexes = combat_hexes(state)
    if not hexes:
        end_of_combats(ctx, state)
    elif len(hexes) == 1:
        combat.begin(ctx, state, hexes[0])
    else:
        wait(state, "combat_hex", actor=state["combat"]["player"])


combat.AFTER.append(next_combat)


def hex_legal(state: State, player: str) -> list[Action]:
    return [{"combat": h} for h in combat_hexes(state)]


def hex_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    combat.begin(ctx, state, action["combat"])


def hex_describe(state: State, player: str, action: Action) -> Msg:
    h = action["combat"]
    place = comp(state).place_at.get(h)
    where = f" ({place.name['en']})" if place else ""
    where_ja = f"（{place.name['ja']}）" if place else ""
    return msg(f"fight in {h}{where} next", f"次は {h}{where_ja} の戦闘を解決")


step("combat_hex", lambda state: (state["step"]["actor"],), hex_legal, hex_apply, hex_describe)


# ------------------------------------------------------------------- end of the phase


def end_of_combats(ctx: Context, state: State) -> None:
    """Ruling R30, steps 2-3: control of every base (2.3.1), then heli return (9.13)."""
    state["step"] = None
    c = comp(state)
    for pid, before, after in check_bases(state):
        place = c.places[pid]
        en = SIDE_NAME[after][0] if after else "neutral"
        ja = SIDE_NAME[after][1] if after else "中立"
        ctx.say(
            msg(f"{place.name['en']} is now {en}", f"{place.name['ja']}は{ja}の支配に"),
            rule="2.3.1",
            place=pid,
            before=before,
            after=after,
        )
    home = c.home(MERC).hex
    helis = [
        u["id"]
        for u in state["units"].values()
        if u["hex"] is not None and u["hex"] != home and c.units[u["type"]].kind == "heli"
    ]
    state["combat"]["helis"] = sorted(helis, key=order)
    heli_return(ctx, state)


def cargo(state: State, hex_label: str) -> list[str]:
    """Rule 9.13.4: the Merc ATs and soldiers a returning heli may load in its hex."""
    return sorted(
        (
            u["id"]
            for u in units_at(state, hex_label, MERC)
            if unit_type(state, u).kind in ("at", "soldier")
        ),
        key=order,
    )


def heli_legal(state: State, player: str) -> list[Action]:
    """Each hex's first returning heli may load one of the ATs and soldiers there (helis in a
    hex are alike, so the others wait their turn); "done" sends the rest home empty."""
    actions: list[Action] = []
    seen: set[str] = set()
    for hid in state["combat"]["helis"]:
        h = state["units"][hid]["hex"]
        if h in seen:
            continue
        seen.add(h)
        actions += [{"carry": uid, "heli": hid} for uid in cargo(state, h)]
    if actions:
        actions.append({"done": True})
    return actions


def heli_return(ctx: Context, state: State) -> None:
    """Rule 9.13: every heli away from EX-10 flies home and is acted; Merc may load units."""
    if heli_legal(state, MERC):
        wait(state, "heli_return", actor=MERC)
        return
    home = comp(state).home(MERC).hex
    for hid in state["combat"]["helis"]:
        fly_home(ctx, state, hid, home)
    state["combat"]["helis"] = []
    end_of_phase(ctx, state)


def fly_home(ctx: Context, state: State, hid: str, home: str) -> None:
    heli = state["units"][hid]
    heli["hex"], heli["acted"] = home, True
    ctx.say(
        msg(f"heli {hid} returns to EX-10, acted", f"ヘリ {hid} は EX-10 へ帰還し行動済"),
        rule="9.13.2",
    )


def heli_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    home = comp(state).home(MERC).hex
    if "carry" in action:
        hid, uid = action["heli"], action["carry"]
        unit = state["units"][uid]
        state["combat"]["helis"].remove(hid)
        fly_home(ctx, state, hid, home)
        unit["hex"] = home
        if not unit["up"]:
            combat.flip_up(ctx, state, [unit], "5.11.5", msg("loaded on a heli", "ヘリに積載"))
        ctx.say(msg(f"{uid} is carried to EX-10", f"{uid} を EX-10 へ輸送"), rule="9.13.4")
        heli_return(ctx, state)
        return
    for hid in state["combat"]["helis"]:
        fly_home(ctx, state, hid, home)
    state["combat"]["helis"] = []
    end_of_phase(ctx, state)


def heli_describe(state: State, player: str, action: Action) -> Msg:
    if "carry" in action:
        unit = combat.name(state, action["carry"])
        h = action["heli"]
        return msg(
            f"heli {h} carries {unit['en']} home", f"ヘリ {h} で {unit['ja']} を本拠地へ輸送"
        )
    return msg("the other helis return empty", "残りのヘリは積載せずに帰還")


step("heli_return", lambda state: (MERC,), heli_legal, heli_apply, heli_describe)


def end_of_phase(ctx: Context, state: State) -> None:
    """Ruling R30, steps 4-5: returns (9.10.4, 9.11.12), then 14.1.1, then the next phase."""
    c = comp(state)
    for item in state["returns"]:
        side, type_id = item["side"], item["type"]
        home = c.home(side)
        unit_name = c.units[type_id].name
        if state["control"][home.id] == other(side):  # 9.10.4: the home fell this phase
            if type_id not in state["removed"]:
                state["removed"].append(type_id)
            ctx.say(
                msg(
                    f"{unit_name['en']} cannot return ({home.name['en']} is lost): "
                    "removed from the game",
                    f"{unit_name['ja']}は帰還できず（{home.name['ja']}が敵の支配下）、ゲームから除外",
                ),
                rule="9.10.4",
            )
            continue
        uid = place_named(ctx, state, side, type_id, home.hex, up=True)
        ctx.say(
            msg(
                f"{unit_name['en']} ({uid}) returns face-up to {home.name['en']}",
                f"{unit_name['ja']}（{uid}）は表で{home.name['ja']}へ戻る",
            ),
            rule="9.11.12" if item.get("why") == "no_retreat" else "9.10.4",
        )
    state["returns"] = []
    state["combat"] = None
    state["step"] = None
    palace, ex10 = c.home(BIELER), c.home(MERC)
    if state["control"][palace.id] == MERC:
        victory.finish(ctx, state, MERC)  # 14.1.1 (and R40 when both homes fell)
    elif state["control"][ex10.id] == BIELER:
        victory.finish(ctx, state, BIELER)
    next_phase(ctx, state)
