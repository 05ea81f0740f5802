"""Rule 7: the end of the game and victory.

7.1: a faction that has 20 VP, or is alone in first place 5 VP ahead of the second, declares it;
if it still holds at the start of its next turn, it wins. Declaring costs nothing, so the game
declares for the player the moment the condition holds, and a declaration lapses the moment it
fails (ruling Z20). 7.2: when purchases empty four of the five domestic piles, the game ends at
once and the most VP wins; equal first places are a draw.
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.games.zeta_cards.state import comp, vp, who


def scores(state: State) -> dict[str, int]:
    return {p: vp(state, p) for p in state["order"]}


def holds(state: State, player: str, points: dict[str, int] | None = None) -> bool:
    """Rule 7.1: 20 VP or more, or alone in first place at least 5 VP ahead of the second."""
    c = comp(state)
    points = points or scores(state)
    mine = points[player]
    if mine >= c.vp_win:
        return True
    others = [v for p, v in points.items() if p != player]
    return mine - max(others) >= c.vp_lead


def update_declarations(ctx: Context, state: State) -> None:
    """After any change of a base: declare for whoever meets 7.1, lapse whoever no longer does."""
    points = scores(state)
    for player in state["order"]:
        met = holds(state, player, points)
        declared = player in state["declared"]
        if met and not declared:
            state["declared"].append(player)
            name = who(player)
            ctx.say(
                msg(
                    f"{name['en']} declares victory ({points[player]} VP); "
                    "it wins if this still holds at the start of its next turn",
                    f"{name['ja']}が勝利を宣言（{points[player]}VP）。次の自軍手番まで維持すれば勝利",
                ),
                rule="7.1",
                vp=points,
            )
        elif declared and not met:
            state["declared"].remove(player)
            name = who(player)
            ctx.say(
                msg(
                    f"{name['en']}'s declaration lapses ({points[player]} VP)",
                    f"{name['ja']}の勝利宣言は失効（{points[player]}VP）",
                ),
                rule="7.1",
                vp=points,
            )


def check_declared_win(ctx: Context, state: State, player: str) -> bool:
    """Rule 7.1, at the start of `player`'s turn: a declaration that held until now wins."""
    if player in state["declared"] and holds(state, player):
        finish(ctx, state, [player], "7.1")
        return True
    return False


def check_stock_end(ctx: Context, state: State) -> bool:
    """Rule 7.2, after a purchase: four of the five domestic piles empty end the game."""
    c = comp(state)
    empty = sum(1 for cid in c.domestic if state["stock"].get(cid, 0) == 0)
    if empty < c.end_piles:
        return False
    points = scores(state)
    best = max(points.values())
    top = [p for p in state["order"] if points[p] == best]
    ctx.say(
        msg(
            f"{empty} of the {len(c.domestic)} domestic piles are empty: the game ends",
            f"内政カードのストック{len(c.domestic)}種中{empty}種が無くなった: ゲーム終了",
        ),
        rule="7.2",
    )
    finish(ctx, state, top if len(top) == 1 else [], "7.2", tied=top if len(top) > 1 else [])
    return True


def finish(
    ctx: Context, state: State, winners: list[str], rule: str, tied: list[str] | None = None
) -> None:
    points = scores(state)
    result: dict[str, Any] = {
        "winners": winners,
        "scores": points,
        "reason": rule,
        "turn": state["turn"],
    }
    if tied:
        result["tied"] = tied
    state["end"] = result
    state["step"] = None
    ctx.reveal()
    if winners:
        name = who(winners[0])
        ctx.say(msg(f"{name['en']} wins", f"{name['ja']}の勝利"), rule=rule, scores=points)
    else:
        ctx.say(msg("the game is drawn", "引き分け"), rule=rule, scores=points)
