"""Out of action (S10), surrender, and the end of the battle (S1.1, S1.2, S8).

Versus ends when one side is out of action, team play when a majority of a side is; the side
with more silhouettes in action wins. Six rounds without that end is a draw (S8; in team play
the ``round_limit`` option may let the survivors decide instead, G2). Solo and co-op end when
every enemy piece is out (the pilots win) or every pilot is (they lose); the scenario's round
limit passing is a failed mission (G4).
"""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, State, msg
from wartable.games.silhouette.grid import cell_key, parse_key
from wartable.games.silhouette.sheet import Sheet
from wartable.games.silhouette.state import CAUSES, Machine, in_action, machine, name_of

PLAYER_SIDE = "a"  # solo and co-op: the pilots' side; the scenario's pieces are side b


def put_out(ctx: Context, state: State, m: Machine, cause: str) -> None:
    m["out"] = cause
    why, who = CAUSES[cause], name_of(m)
    ctx.say(
        msg(
            f"{who['en']} is out of action: {why['en']}",
            f"{who['ja']}は戦闘不能: {why['ja']}",
        ),
        rule="S10",
        out=m["id"],
        cause=cause,
    )


def may_surrender(s: Sheet) -> bool:
    """S10: every cell next to the core (sharing a side, G29) is gone."""
    return s.keep("surrender", surrenders)


def surrenders(s: Sheet) -> bool:
    row, col = parse_key(s.core)
    sides = {cell_key((row + dr, col + dc)) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return all(c.gone is not None for key, c in s.cells.items() if key in sides)


def standing(state: State, side: str) -> list[Machine]:
    machines = state["machines"]
    return [machines[mid] for mid in state["sides"][side] if in_action(machines[mid])]


def check_end(ctx: Context, state: State) -> bool:
    """S1.1, S1.2: checked after every attack and every surrender (G5)."""
    mode = state["mode"]
    sides = state["sides"]
    if mode in ("solo", "coop"):
        if not standing(state, "b"):
            finish(ctx, state, "a", msg("every enemy is out of action", "敵をすべて撃破"))
            return True
        if not standing(state, PLAYER_SIDE):
            finish(ctx, state, "b", msg("every pilot is out of action", "全機戦闘不能"))
            return True
        return False
    beaten = [
        side
        for side in sides
        if 2 * (len(sides[side]) - len(standing(state, side))) > len(sides[side])
    ]
    if not beaten:
        return False
    finish(ctx, state, survivors_side(state), msg("a side is out of action", "一方が戦闘不能"))
    return True


def survivors_side(state: State) -> str | None:
    """S1.1: the side with more silhouettes in action, None on a tie."""
    counts = {side: len(standing(state, side)) for side in state["sides"]}
    best = max(counts.values())
    leaders = [side for side, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def round_limit(ctx: Context, state: State) -> None:
    """S8: the last round is over without a decision."""
    why = msg(f"{state['rounds']} rounds have passed", f"{state['rounds']}ラウンド経過")
    if state["mode"] in ("solo", "coop"):
        finish(ctx, state, "b", why)
    elif state["mode"] == "team" and state["options"]["round_limit"] == "survivors":
        finish(ctx, state, survivors_side(state), why)
    else:
        finish(ctx, state, None, why)


def finish(ctx: Context, state: State, side: str | None, why: Any) -> None:
    winners = (
        [] if side is None else [s for s in state["seats"] if machine(state, s)["side"] == side]
    )
    scores = {s: len(standing(state, machine(state, s)["side"])) for s in state["seats"]}
    state["end"] = {"winners": winners, "scores": scores, "reason": why, "round": state["round"]}
    state["step"] = None
    state["attack"] = None
    if winners:
        text = msg("winners: " + ", ".join(winners), "勝者: " + "、".join(winners))
    elif side is not None:
        text = msg("the mission failed", "任務失敗")
    else:
        text = msg("a draw", "引き分け")
    ctx.say(
        msg(
            f"the battle ends ({why['en']}): {text['en']}", f"戦闘終了（{why['ja']}）: {text['ja']}"
        ),
        rule="S1.1",
    )
