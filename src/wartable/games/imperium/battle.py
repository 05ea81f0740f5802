"""Rule 12.3: a space battle from its set-up to its outcome, as a procedure that stops at each
decision — the set-up of each ship (12.2, or a scenario's), the round's initiative (12.4) and the
movement steps (12.5). Beam fire, torpedoes and damage (12.6-12.8), fighters (12.9) and retreat
are not written yet: their steps pass.

`start` begins a battle laid out by `wartable.games.imperium.setup`; at the end the outcome is in
``battle["outcome"]`` and whatever ``battle["then"]`` names takes over (`flow.after_battle`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import movement
from wartable.games.imperium.components import MONITOR
from wartable.games.imperium.flow import AFTER_BATTLE, other, step, wait
from wartable.games.imperium.setup import legal_areas, place, roll_entry
from wartable.games.imperium.state import comp, ship_type


class Step(NamedTuple):
    number: int  # as 12.3 numbers it
    kind: str  # "move", "beams" or "torpedoes"
    second: bool  # a movement step of the player without the initiative
    least: int  # a movement step moves the ships of this speed and above


# Rule 12.3: steps 2-13 of a round; step 1 is the initiative (12.4).
ROUND = (
    Step(2, "move", False, 3),
    Step(3, "move", True, 3),
    Step(4, "beams", False, 0),
    Step(5, "torpedoes", False, 0),
    Step(6, "move", False, 2),
    Step(7, "move", True, 2),
    Step(8, "beams", False, 0),
    Step(9, "torpedoes", False, 0),
    Step(10, "move", False, 1),
    Step(11, "move", True, 1),
    Step(12, "beams", False, 0),
    Step(13, "torpedoes", False, 0),
)


def start(ctx: Context, state: State, then: str) -> None:
    """Begin the battle in ``state["battle"]``; `then` names what follows it."""
    battle = state["battle"]
    battle.update(then=then, step=None, moved={}, outcome=None)
    _set_up(ctx, state)


def _set_up(ctx: Context, state: State) -> None:
    """Rule 12.2: each group sets up in turn, an entering fleet rolling for its entry once the
    groups before it have set up. A ship with no room left waits off the board (12.5)."""
    for index, group in enumerate(state["battle"]["groups"]):
        if group["zone"] is None:
            roll_entry(ctx, state, index)
        if any(legal_areas(state, uid) for uid in group["units"]):
            wait(state, "place", group=index)
            return
    _next_round(ctx, state)


def _place_legal(state: State, player: str) -> list[Action]:
    group = state["battle"]["groups"][state["step"]["group"]]
    return [
        {"place": uid, "area": area} for uid in group["units"] for area in legal_areas(state, uid)
    ]


def _place(ctx: Context, state: State, player: str, action: Action) -> None:
    place(state, action["place"], action["area"])
    _set_up(ctx, state)


def _place_words(state: State, player: str, action: Action) -> Msg:
    uid, area = action["place"], action["area"]
    code = ship_type(state, uid).code
    return msg(f"set up {code} {uid} in area {area}", f"{code} {uid} をエリア{area}に配置")


step(
    "place",
    lambda state: (state["battle"]["groups"][state["step"]["group"]]["side"],),
    _place_legal,
    _place,
    _place_words,
)


def _on_board(state: State, side: str) -> list[str]:
    areas = state["battle"]["areas"]
    return [uid for uid in areas if state["units"][uid]["side"] == side]


def _next_round(ctx: Context, state: State) -> None:
    """Rule 12.3: a new round, unless a side has no ship on the board or the last round is
    over."""
    battle = state["battle"]
    sides = comp(state).sides
    if battle["round"] >= battle["rounds"] or not all(_on_board(state, s) for s in sides):
        finish(ctx, state)
        return
    battle["round"] += 1
    _initiative(ctx, state)


def _initiative(ctx: Context, state: State) -> None:
    """Rule 12.4: each player rolls a die, +1 for the one who had the initiative in the last
    round (in round 1, the moving player); the higher wins, a tie is rolled again."""
    battle = state["battle"]
    ahead = battle["initiative"] or battle["mover"]
    rolls = {ahead: 0, other(ahead): 0}
    while rolls[ahead] == rolls[other(ahead)]:
        for side in rolls:
            (die,) = ctx.roll(side, 1, "12.4", msg("combat initiative", "戦闘のイニシアチブ"))
            rolls[side] = die + (side == ahead)
    winner = max(rolls, key=lambda side: rolls[side])
    wait(state, "initiative", side=winner)


def _initiative_words(state: State, player: str, action: Action) -> Msg:
    if action["initiative"] == "keep":
        return msg("take the initiative", "イニシアチブを取る")
    return msg("decline the initiative: the enemy moves first", "イニシアチブを断る(敵が先に移動)")


def _choose(ctx: Context, state: State, player: str, action: Action) -> None:
    """Rule 12.4: the winner may decline, making the enemy move first; the side that moves
    first holds the initiative this round (ruling I22)."""
    battle = state["battle"]
    battle["initiative"] = player if action["initiative"] == "keep" else other(player)
    battle["step"] = 0
    _run(ctx, state)


step(
    "initiative",
    lambda state: (state["step"]["side"],),
    lambda state, player: [{"initiative": "keep"}, {"initiative": "decline"}],
    _choose,
    _initiative_words,
)


def _run(ctx: Context, state: State) -> None:
    """Steps 2-13 of the round from ``battle["step"]``: stop at a movement step in which the
    side to move has a ship that may move; then the next round (12.3 step 14)."""
    battle = state["battle"]
    while battle["step"] < len(ROUND):
        now = ROUND[battle["step"]]
        battle["moved"] = {}
        if now.kind == "move":
            side = other(battle["initiative"]) if now.second else battle["initiative"]
            if movement.moves(state, side, now.least):
                wait(state, "move", side=side, least=now.least, number=now.number)
                return
        battle["step"] += 1
    _next_round(ctx, state)


def _move_legal(state: State, player: str) -> list[Action]:
    found: list[Action] = [
        {"move": uid, "to": to} for uid, to in movement.moves(state, player, state["step"]["least"])
    ]
    return [*found, {"done": True}]


def _move(ctx: Context, state: State, player: str, action: Action) -> None:
    if "move" in action:
        movement.move(state, action["move"], action["to"])
        if movement.moves(state, player, state["step"]["least"]):
            return
    state["battle"]["step"] += 1
    _run(ctx, state)


def _move_words(state: State, player: str, action: Action) -> Msg:
    if "done" in action:
        number = state["step"]["number"]
        return msg(f"end movement step {number}", f"移動ステップ{number}を終了")
    uid, to = action["move"], action["to"]
    start = state["battle"]["areas"][uid]
    code = ship_type(state, uid).code
    return msg(f"move {code} {uid} {start} → {to}", f"{code} {uid} を {start} → {to} へ移動")


step("move", lambda state: (state["step"]["side"],), _move_legal, _move, _move_words)


def finish(ctx: Context, state: State) -> None:
    """Rule 12.3, the end of combat: if both sides are still on the board, the moving player's
    ships leave it (monitors stay); the outcome is written and the battle's starter goes on."""
    battle = state["battle"]
    mover = battle["mover"]
    if _on_board(state, other(mover)):
        for uid in _on_board(state, mover):
            if ship_type(state, uid).code != MONITOR:
                del battle["areas"][uid]
                battle["left"][mover].append(uid)
    battle["outcome"] = outcome(state)
    state["step"] = None
    AFTER_BATTLE[battle["then"]](ctx, state)


def outcome(state: State) -> dict[str, Any]:
    """What the battle leaves: the ships still on the board, those destroyed (by type) and
    those that left, by side; and the winner of 12.3 — the side that destroyed more enemy
    ships, capital ships counting double and fighters as ships (ruling I23) — None when
    neither did more."""
    battle = state["battle"]
    ships = comp(state).ships
    score = {
        side: sum(2 if ships[t].cls == "capital" else 1 for t in battle["destroyed"][other(side)])
        for side in battle["destroyed"]
    }
    best = max(score.values())
    leaders = [side for side, points in score.items() if points == best]
    return {
        "rounds": battle["round"],
        "on_board": {side: _on_board(state, side) for side in battle["destroyed"]},
        "destroyed": {side: list(t) for side, t in battle["destroyed"].items()},
        "left": {side: list(u) for side, u in battle["left"].items()},
        "winner": leaders[0] if len(leaders) == 1 else None,
    }
