"""Rule 14: the end of the game and victory."""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.games.votoms.flow import BIELER, MERC, TURN_END
from wartable.games.votoms.state import comp, gain_vp, unit_type, units_at

FIRST_OFFENSIVE_TURN = 8  # rule 14.1.2


def end_of_turn(ctx: Context, state: State) -> None:
    """Rule 14.1.2: at the end of turns 8-11, the offensive turn ends the game."""
    turn = state["turn"]
    if turn >= FIRST_OFFENSIVE_TURN and state["offensive"]["turn"] == turn:
        ctx.reveal()
        ctx.say(
            msg(
                f"the Melkian offensive falls on turn {turn}", f"メルキア軍の総攻撃: 第{turn}ターン"
            ),
            rule="14.1.2",
        )
        finish(ctx, state, "offensive")
    elif turn >= comp(state).last_turn:
        finish(ctx, state, "offensive")  # the markers end the game by turn 11 at the latest


TURN_END.append(end_of_turn)


def finish(ctx: Context, state: State, reason: str) -> None:
    """Score rule 14.2 and end the game. `reason`: "offensive" (14.1.2) or the side that holds
    the enemy home (14.1.1)."""
    c = comp(state)
    palace = c.home(BIELER)
    merc_holds_palace = state["control"][palace.id] == MERC
    if merc_holds_palace:
        (a, b) = ctx.roll(MERC, 2, "14.2.1", msg("Palace taken", "宮殿制圧"))
        gain_vp(ctx, state, MERC, a + b + 13, "14.2.1", "holds the Palace", "宮殿を支配")
        if state["offensive"]["turn"] is None:  # 14.2.2: ended on turn 7 or earlier
            pool = state["offensive"]["pool"]
            state["offensive"]["turn"] = pool.pop(ctx.pick(len(pool)))
        early = max(0, state["offensive"]["turn"] - state["turn"])
        gain_vp(ctx, state, MERC, early * 7, "14.2.2", "before the offensive", "総攻撃前の制圧")
        if 3 <= state["stage"] <= 8 and state.get("kan_yu_in_palace_assault"):
            gain_vp(
                ctx,
                state,
                MERC,
                assault_bonus(state, palace.hex),
                "14.2.3",
                "Kan Yu's assault",
                "カン・ユー隊の突入",
            )
    if reason == "offensive" and not merc_holds_palace:
        around = {palace.hex, *(c.grid.label(h) for h in c.grid.neighbours(palace.hex))}
        count = sum(
            1
            for u in state["units"].values()
            if u["side"] == BIELER
            and u["hex"] in around
            and unit_type(state, u).kind == "at"
            and not unit_type(state, u).ps
        )
        gain_vp(ctx, state, BIELER, count, "14.2.4", "ATs around the Palace", "宮殿周辺のAT")
    ctx.reveal()
    state["end"] = result(state, reason)
    ctx.say(
        msg(f"game over: {state['end']['scores']}", f"ゲーム終了: {state['end']['scores']}"),
        rule="14.2.5",
    )


def assault_bonus(state: State, palace_hex: str) -> int:
    """Rule 14.2.3 (ruling R41): 5 VP if Kan Yu is in the Palace, 1 per other Merc AT or soldier
    there (not helis, not Kiriko); the caller checks that Kan Yu took part from the start."""
    here = units_at(state, palace_hex, MERC)
    kan_yu = any(u["type"] == "kan_yu" for u in here)
    others = sum(
        1
        for u in here
        if unit_type(state, u).kind in ("at", "soldier") and u["type"] not in ("kan_yu", "kiriko")
    )
    return 5 * kan_yu + others


def result(state: State, reason: str) -> dict[str, Any]:
    """Rule 14.2.5: more VP wins; equal VP is a draw."""
    vp = dict(state["vp"])
    winners = [] if vp[MERC] == vp[BIELER] else [max(vp, key=lambda side: vp[side])]
    return {"winners": winners, "scores": vp, "reason": reason, "turn": state["turn"]}
