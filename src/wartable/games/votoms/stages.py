"""Rule 12 (stages) and rule 13 (Kiriko and Ypsilon): the story of the Kummen arc.

Stage 0 is the Initial stage. Transitions "at the start of the next turn" wait in
``state["next_stage"]`` (only the first of a turn counts, 12.3); "at once" transitions happen
in `enter`. The combat module calls `after_combat` once a combat hex is resolved and the round
checks of stage 6 in the Palace.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.games.votoms.flow import BIELER, MERC, TURN_START
from wartable.games.votoms.state import comp, find, gain_vp, place_named, remove

KAN_YU, BLUE_AT, STRIKE_DOG, PROTO_ONE, KIRIKO = (
    "kan_yu",
    "blue_at",
    "strike_dog",
    "proto_one",
    "kiriko",
)
NAMES = {
    0: ("Initial stage", "初期ステージ"),
    1: ("Stage 1: Encounter", "ステージ1:遭遇"),
    2: ("Stage 2: Kiriko imprisoned", "ステージ2:キリコ幽閉"),
    3: ("Stage 3: Kiriko returns", "ステージ3:キリコ帰還"),
    4: ("Stage 4: Fiana watches", "ステージ4:フィアナ観戦"),
    5: ("Stage 5: Kiriko leaves", "ステージ5:キリコ離脱"),
    6: ("Stage 6: Palace infiltration", "ステージ6:宮殿潜入"),
    7: ("Stage 7: Proto One completed", "ステージ7:プロトワン完成"),
    8: ("Stage 8: Ypsilon awakens", "ステージ8:イプシロン覚醒"),
}


def schedule(ctx: Context, state: State, stage: int, rule: str) -> None:
    """A transition at the start of the next turn; a second one in the same turn is ignored."""
    if state["next_stage"] is not None:
        return
    state["next_stage"] = stage
    en, ja = NAMES[stage]
    ctx.say(msg(f"next turn: {en}", f"次ターン開始時に{ja}へ移行"), rule=rule)


def start_of_turn(ctx: Context, state: State) -> None:
    """Rule 12.3, then the turn-start checks of stages 2 (12.6) and 6 (12.10) (ruling R-order)."""
    if state["next_stage"] is not None:
        stage, state["next_stage"] = state["next_stage"], None
        enter(ctx, state, stage, "12.3")
    state["kan_yu_met_blue"] = False
    if state["stage"] == 2:
        escape_check(ctx, state)
    if state["stage"] == 6 and not strike_dog_arrived(state):
        (die,) = ctx.roll(
            BIELER, 1, "12.10", msg("Strike Dog arrival", "ストライクドッグ到着チェック")
        )
        if die == 6:
            arrive(ctx, state, STRIKE_DOG, "12.10")


TURN_START.append(start_of_turn)


def enter(ctx: Context, state: State, stage: int, rule: str) -> None:
    """Move to `stage` and carry out what happens on entering it."""
    state["stage"] = stage
    en, ja = NAMES[stage]
    ctx.say(msg(f"the story moves on: {en}", f"ステージ移行: {ja}"), rule=rule)
    if stage in (1, 3):
        send_home(ctx, state, KAN_YU, MERC, "12.5" if stage == 1 else "12.7")
    if stage == 2:
        send_home(ctx, state, BLUE_AT, BIELER, "12.6")
    if stage == 3:
        (a, b) = ctx.roll(MERC, 2, "12.7", msg("Kiriko returns: VP", "キリコ帰還のVP"))
        gain_vp(ctx, state, MERC, a + b, "12.7", "Kiriko returns", "キリコ帰還")
        schedule(ctx, state, 4, "12.7")
    if stage == 5:
        remove_from_game(ctx, state, BLUE_AT, BIELER, "12.9")
        schedule(ctx, state, 6, "12.9")
    if stage == 7:
        (a, b) = ctx.roll(BIELER, 2, "12.11", msg("Proto One completed: VP", "プロトワン完成のVP"))
        gain_vp(ctx, state, BIELER, a + b, "12.11", "Proto One completed", "プロトワン完成")
        arrive(ctx, state, PROTO_ONE, "12.11")
        schedule(ctx, state, 8, "12.11")
    if stage == 8:
        if not strike_dog_arrived(state):
            arrive(ctx, state, STRIKE_DOG, "12.12")
        remove_from_game(ctx, state, BLUE_AT, BIELER, "12.12")


def escape_check(ctx: Context, state: State) -> None:
    """Rule 12.6: 1D + modifier; 5 or more moves to stage 3 next turn, else the modifier +1."""
    (die,) = ctx.roll(MERC, 1, "12.6", msg("escape check", "脱出チェック"))
    total = die + state["mods"]["escape"]
    if total >= 5:
        state["mods"]["escape"] = 0
        schedule(ctx, state, 3, "12.6")
    else:
        state["mods"]["escape"] += 1
        ctx.say(
            msg(
                f"escape fails ({total}); next check +{state['mods']['escape']}",
                f"脱出失敗（{total}）、次回 +{state['mods']['escape']}",
            ),
            rule="12.6",
        )


def strike_dog_arrived(state: State) -> bool:
    return (
        find(state, STRIKE_DOG) is not None
        or STRIKE_DOG in state["removed"]
        or any(r["type"] == STRIKE_DOG for r in state["returns"])
    )


def arrive(ctx: Context, state: State, type_id: str, rule: str) -> str:
    """A named unit is placed in its home, face-up (ruling: placed units are shown)."""
    c = comp(state)
    side = c.units[type_id].side
    uid = place_named(ctx, state, side, type_id, c.home(side).hex, up=True)
    en, ja = c.units[type_id].name["en"], c.units[type_id].name["ja"]
    ctx.say(
        msg(
            f"{en} ({uid}) is placed in {c.home(side).name['en']}",
            f"{ja}（{uid}）を{c.home(side).name['ja']}に配置",
        ),
        rule=rule,
    )
    return uid


def send_home(ctx: Context, state: State, type_id: str, side: str, rule: str) -> None:
    """Kan Yu to EX-10 (12.5, 12.7) or Blue AT to the Palace (12.6), face-up (ruling)."""
    unit = find(state, type_id)
    if unit is None:
        return  # destroyed and waiting to return, or out of the game: nothing to move
    home = comp(state).home(side)
    unit["hex"] = home.hex
    unit["up"] = True
    name = comp(state).units[type_id].name
    ctx.say(
        msg(
            f"{name['en']} ({unit['id']}) returns to {home.name['en']}",
            f"{name['ja']}（{unit['id']}）は{home.name['ja']}へ戻る",
        ),
        rule=rule,
    )


def remove_from_game(ctx: Context, state: State, type_id: str, side: str, rule: str) -> None:
    unit = find(state, type_id)
    if unit is not None:
        remove(state, unit)
    state["returns"] = [r for r in state["returns"] if r["type"] != type_id]
    if type_id in state["stock"][side]:
        state["stock"][side].remove(type_id)
    if type_id not in state["removed"]:
        state["removed"].append(type_id)
    name = comp(state).units[type_id].name
    ctx.say(
        msg(f"{name['en']} is removed from the game", f"{name['ja']}をゲームから除外"), rule=rule
    )


def after_combat(ctx: Context, state: State, summary: dict[str, Any]) -> None:
    """Stage business once a combat hex is resolved (12.4, 12.5, 12.8).

    `summary`: ``participants`` (type ids of every unit that took part), ``destroyed``
    (a list of ``[victim type, killer type or None]``).
    """
    took_part = set(summary["participants"])
    if not {KAN_YU, BLUE_AT} <= took_part:
        return
    state["kan_yu_met_blue"] = True  # 2.2.7
    killed = {tuple(pair) for pair in summary["destroyed"]}
    kan_yu_by_blue = (KAN_YU, BLUE_AT) in killed
    blue_destroyed = any(victim == BLUE_AT for victim, _ in killed)
    if state["stage"] == 0:
        schedule(ctx, state, 1, "12.4")
    elif state["stage"] == 1:
        if kan_yu_by_blue:
            enter(ctx, state, 2, "12.5")
            return
        (die,) = ctx.roll(MERC, 1, "12.5", msg("encounter check", "遭遇チェック"))
        if die <= 2:
            gain_vp(ctx, state, MERC, 4, "12.5", "encounter check", "遭遇チェック")
        else:
            enter(ctx, state, 2, "12.5")
    elif state["stage"] == 4:
        (die,) = ctx.roll(BIELER, 1, "12.8", msg("watch check", "観戦チェック"))
        total = die + kan_yu_by_blue - blue_destroyed
        if total <= 5:
            enter(ctx, state, 5, "12.8")
        elif total == 6:
            gain_vp(ctx, state, BIELER, 3, "12.8", "watch check", "観戦チェック")
        else:
            enter(ctx, state, 7, "12.8")


def strike_dog_round_check(ctx: Context, state: State) -> bool:
    """Rule 12.10: stage 6, a Palace combat before Strike Dog arrived, at the start of each
    round: 1D + modifier, 4 or more places Strike Dog in the Palace; a failure adds +1."""
    (die,) = ctx.roll(
        BIELER,
        1,
        "12.10",
        msg("Strike Dog arrival (combat)", "ストライクドッグ到着チェック（戦闘）"),
    )
    if die + state["mods"]["strike_dog"] >= 4:
        state["mods"]["strike_dog"] = 0
        arrive(ctx, state, STRIKE_DOG, "12.10")
        return True
    state["mods"]["strike_dog"] += 1
    return False


def kiriko_round_check(ctx: Context, state: State) -> bool:
    """Rule 12.10: stage 6, Palace combat with Strike Dog, at the end of each round: Merc 1D;
    1-4 brings Kiriko in from the next round. After a failure the next check gets +1, as
    written (ruling R36); option kiriko_check = "corrected" widens the band by one instead."""
    (die,) = ctx.roll(MERC, 1, "12.10", msg("Kiriko appearance", "キリコ登場チェック"))
    mod = state["mods"]["kiriko"]
    corrected = state["options"]["kiriko_check"] == "corrected"
    success = (die - mod if corrected else die + mod) <= 4
    if success:
        state["mods"]["kiriko"] = 0
        return True
    state["mods"]["kiriko"] += 1
    return False
