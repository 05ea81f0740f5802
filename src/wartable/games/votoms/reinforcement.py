"""Rule 4: the reinforcement phase (Bieler first, then Merc) and the offensive-turn draw (4.5)."""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.engine.decks import draw_random
from wartable.games.votoms.control import route_controller
from wartable.games.votoms.flow import BIELER, MERC, next_phase, phase, step, wait
from wartable.games.votoms.movement import reissue
from wartable.games.votoms.state import comp, gain_vp, is_heli, place

SUPPLY_ROUTE = ("C08", "D07")  # rule 2.3.2 / 4.4.2


def base_points(state: State, side: str) -> int:
    """Rule 4.3.1 / 4.4.4: the base points of every base the side controls."""
    c = comp(state)
    return sum(c.places[pid].base_points for pid, who in state["control"].items() if who == side)


@phase("reinforcement")
def start(ctx: Context, state: State) -> None:
    points = base_points(state, BIELER)
    if points:
        wait(state, "bieler_reinforce", points=points)
    else:
        merc_reinforcements(ctx, state)


def bieler_legal(state: State, player: str) -> list[Action]:
    """Rule 4.3.2: each point buys 1 unit or 2 RP; no more units than the cup holds (4.2)."""
    points = state["step"]["points"]
    most = min(points, len(state["cups"][BIELER]))
    return [{"units": n} for n in range(most + 1)]


def bieler_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    points = state["step"]["points"]
    units = action["units"]
    c = comp(state)
    palace = c.home(BIELER).hex
    drawn = [draw_random(ctx, state["cups"][BIELER]) for _ in range(units)]  # 4.3.4
    if place(ctx, state, BIELER, [t for t in drawn if t is not None], palace, up=False):
        reissue(ctx, state, BIELER, palace)  # ruling R16: the new counters join the stack
    rp = 2 * (points - units)
    before = state["rp"]
    state["rp"] = min(c.rp_max, before + rp)  # 4.3.5: at most 9, the excess is lost
    ctx.say(
        msg(
            f"bieler spends {points} base points: {units} units face-down to the Palace, "
            f"{rp} RP (now {state['rp']})",
            f"ビーラー側は拠点ポイント {points} を使用: ユニット {units} 枚を宮殿へ裏で、"
            f"対応ポイント {rp}（計 {state['rp']}）",
        ),
        rule="4.3",
    )
    merc_reinforcements(ctx, state)


def bieler_describe(state: State, player: str, action: Action) -> Msg:
    n = action["units"]
    return msg(
        f"take {n} units, the rest as response points", f"ユニット {n} 枚、残りは対応ポイント"
    )


step("bieler_reinforce", lambda state: (BIELER,), bieler_legal, bieler_apply, bieler_describe)


def merc_reinforcements(ctx: Context, state: State) -> None:
    """Rule 4.4: ready the helis at home, check supply, roll the table, score VP; 4.5 on turn 7."""
    c = comp(state)
    home = c.home(MERC).hex
    for unit in state["units"].values():
        if unit["hex"] == home and is_heli(state, unit) and unit["acted"]:
            unit["acted"] = False  # 4.4.1
    has_supply = supplied(state)
    if has_supply:
        (cup_die,) = ctx.roll(MERC, 1, "4.4.3", msg("reinforcement table: Cup", "増援表「カップ」"))
        (heli_die,) = ctx.roll(MERC, 1, "4.4.3", msg("reinforcement table: Heli", "増援表「ヘリ」"))
        cup_n, _ = c.reinforcement[cup_die]
        _, heli_n = c.reinforcement[heli_die]
        drawn = [draw_random(ctx, state["cups"][MERC]) for _ in range(cup_n)]
        units = [t for t in drawn if t is not None]
        if place(ctx, state, MERC, units, home, up=False):
            reissue(ctx, state, MERC, home)  # ruling R16: the new counters join the stack
        helis = [t for t in state["stock"][MERC] if c.units[t].kind == "heli"][:heli_n]
        for heli in helis:
            state["stock"][MERC].remove(heli)
        place(ctx, state, MERC, helis, home, up=True)
        ctx.say(
            msg(
                f"merc receives {len(units)} units face-down and {len(helis)} helis at EX-10",
                f"傭兵側は EX-10 にユニット {len(units)} 枚（裏）とヘリ {len(helis)} 機を受け取る",
            ),
            rule="4.4.3",
        )
    else:
        ctx.say(
            msg("merc supply line is cut: no reinforcements", "補給線が断たれ、傭兵側の増援なし"),
            rule="4.4.2",
        )
    if has_supply or state["options"]["merc_base_vp"] == "always":  # ruling R11
        gain_vp(ctx, state, MERC, base_points(state, MERC) // 2, "4.4.4", "bases held", "支配拠点")
    if state["turn"] == 7:
        draw_offensive(ctx, state)
    next_phase(ctx, state)


def supplied(state: State) -> bool:
    """Rule 4.4.2: no hex of EX-10, C08, D07, Zakui under enemy control (neutral is fine)."""
    if state["control"]["ex10"] == BIELER or state["control"]["zakui"] == BIELER:
        return False
    return all(route_controller(state, h) != BIELER for h in SUPPLY_ROUTE)


def draw_offensive(ctx: Context, state: State) -> None:
    """Rule 4.5: Merc draws one of the seven markers in secret; Bieler never sees it."""
    pool = state["offensive"]["pool"]
    turn = pool.pop(ctx.pick(len(pool)))
    state["offensive"]["turn"] = turn
    ctx.say(
        msg(
            "merc draws the offensive-turn marker in secret",
            "傭兵側が総攻撃ターンマーカーを密かに引く",
        ),
        rule="4.5",
    )
    ctx.say(msg(f"the offensive turn is {turn}", f"総攻撃ターンは {turn}"), to=[MERC], rule="4.5.2")
