"""Rule 8: the investigation phase (and the stage 3 and 4 bonus of 12.7 and 12.8).

Merc names a hex, ``{"investigate": hex}``; every face-up Merc AT and soldier there rolls a die
(ruling R18); for each success Merc turns one face-down Bieler counter there face-up,
``{"flip": uid}``. Each hex is investigated at most once a phase.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.votoms.flow import BIELER, MERC, next_phase, phase, step, wait
from wartable.games.votoms.movement import turn_up
from wartable.games.votoms.stages import KAN_YU
from wartable.games.votoms.state import Unit, comp, find, gain_vp

SUCCESS = {"soldier": 5, "at": 3}  # 8.4: a die of at most this succeeds
BONUS_STAGES = (3, 4)  # 12.7, 12.8
BONUS_VP = 3


def investigators(state: State, hex_label: str) -> list[Unit]:
    """8.1, 8.2: the face-up Merc ATs and soldiers in the hex (not helis, not face-down)."""
    c = comp(state)
    return [
        u
        for u in state["units"].values()
        if u["side"] == MERC
        and u["hex"] == hex_label
        and u["up"]
        and c.units[u["type"]].kind in SUCCESS
    ]


def hidden_enemies(state: State, hex_label: str) -> list[Unit]:
    return [
        u
        for u in state["units"].values()
        if u["side"] == BIELER and u["hex"] == hex_label and not u["up"]
    ]


def candidates(state: State) -> list[str]:
    """8.1, 8.3: hexes with a face-up Merc AT or soldier and a face-down Bieler unit (face-up
    Bieler units there do not matter), not yet investigated this phase (ruling R18)."""
    c = comp(state)
    done = (state["step"] or {}).get("done", [])
    merc: set[str] = set()
    hidden: set[str] = set()
    for u in state["units"].values():
        where = u["hex"]
        if where is None:
            continue
        if u["side"] == BIELER:
            if not u["up"]:
                hidden.add(where)
        elif u["up"] and c.units[u["type"]].kind in SUCCESS:
            merc.add(where)
    return [h for h in sorted(merc & hidden) if h not in done]


@phase("investigation")
def start(ctx: Context, state: State) -> None:
    if candidates(state):
        wait(state, "investigation", done=[])
    else:
        next_phase(ctx, state)


def legal(state: State, player: str) -> list[Action]:
    return [*({"investigate": h} for h in candidates(state)), {"end": True}]


def apply(ctx: Context, state: State, player: str, action: Action) -> None:
    if "investigate" not in action:
        next_phase(ctx, state)  # {"end": True}
        return
    here = action["investigate"]
    done = [*state["step"]["done"], here]
    c = comp(state)
    successes = 0
    for unit in investigators(state, here):
        t = c.units[unit["type"]]
        best = SUCCESS[t.kind]
        (die,) = ctx.roll(
            MERC,
            1,
            "8.4",
            msg(
                f"{unit['id']} {t.name['en']} investigates {here} (1–{best} succeeds)",
                f"{unit['id']} {t.name['ja']} が {here} を調査（1〜{best} で成功）",
            ),
        )
        successes += die <= best
    hidden = hidden_enemies(state, here)
    flips = min(successes, len(hidden))  # 8.5: successes beyond the hidden units are lost
    ctx.say(
        msg(
            f"investigation of {here}: {successes} successes, {flips} units to turn face-up",
            f"{here} の調査: 成功 {successes}、表にするユニット {flips} 枚",
        ),
        rule="8.5",
        hex=here,
    )
    if flips == len(hidden):
        for unit in hidden:
            flip(ctx, state, unit)
        after(ctx, state, done)
    elif flips:
        wait(state, "investigation_flip", done=done, hex=here, left=flips)
    else:
        after(ctx, state, done)


def flip(ctx: Context, state: State, unit: Unit) -> None:
    """8.5: turn one face-down Bieler unit face-up; 3 VP in Kan Yu's hex in stages 3 and 4."""
    turn_up(ctx, state, unit, "8.5", msg("investigation", "調査"))
    if state["stage"] not in BONUS_STAGES:
        return
    kan_yu = find(state, KAN_YU)
    if kan_yu is None or kan_yu["hex"] != unit["hex"]:
        return
    if not kan_yu["up"]:
        # Ruling R37: Kan Yu may be face-down there; scoring the bonus shows him.
        turn_up(ctx, state, kan_yu, "12.7", msg("investigation bonus", "調査ボーナス"))
    rule = "12.7" if state["stage"] == 3 else "12.8"
    gain_vp(
        ctx,
        state,
        MERC,
        BONUS_VP,
        rule,
        "investigation in Kan Yu's hex",
        "カン・ユー隊のいるヘックスの調査",
    )


def after(ctx: Context, state: State, done: list[str]) -> None:
    """Back to choosing a hex, or the end of the phase when none is left."""
    wait(state, "investigation", done=done)
    if not candidates(state):
        next_phase(ctx, state)


def describe(state: State, player: str, action: Action) -> Msg:
    if "investigate" in action:
        h = action["investigate"]
        return msg(f"investigate {h}", f"{h} を調査")
    return msg("end the investigation phase", "調査フェイズを終了")


step("investigation", lambda state: (MERC,), legal, apply, describe)


def flip_legal(state: State, player: str) -> list[Action]:
    return [{"flip": u["id"]} for u in hidden_enemies(state, state["step"]["hex"])]


def flip_apply(ctx: Context, state: State, player: str, action: Action) -> None:
    s = state["step"]
    flip(ctx, state, state["units"][action["flip"]])
    s["left"] -= 1
    if s["left"] and hidden_enemies(state, s["hex"]):
        return
    after(ctx, state, s["done"])


def flip_describe(state: State, player: str, action: Action) -> Msg:
    uid = action["flip"]
    return msg(f"turn {uid} face-up", f"{uid} を表にする")


step("investigation_flip", lambda state: (MERC,), flip_legal, flip_apply, flip_describe)
