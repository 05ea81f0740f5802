"""Rule 12.3: a space battle from its set-up to its outcome, as a procedure that stops at each
decision — the set-up of each ship (12.2, or a scenario's), the round's initiative (12.4), then
the round's steps in order: each is a module of its own (`move_step` for movement, launches and
retreat; `fire` with `beams` and `torpedoes` for fire, or `simplified` under 17.4; `damage`
after it), which hands back through `flow.go_on` when it is over. The battle ends as soon as it
is settled (`flow.settled`: a side gone, or a scenario won) or after its last round.

`start` begins a battle laid out by `wartable.games.imperium.setup`; at the end the outcome is in
``battle["outcome"]`` and whatever ``battle["then"]`` names takes over (`flow.after_battle`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import carriers, fire, move_step, simplified
from wartable.games.imperium.components import IMPERIAL, MONITOR
from wartable.games.imperium.flow import AFTER_BATTLE, other, proceed, settled, step, wait
from wartable.games.imperium.setup import group_areas, place, roll_entry
from wartable.games.imperium.state import comp, present, ship_type


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
    battle.update(then=then, step=None, moved={}, flights={}, fire=None, outcome=None)
    _set_up(ctx, state)


def _set_up(ctx: Context, state: State) -> None:
    """Rule 12.2: each group sets up in turn, an entering fleet rolling for its entry once the
    groups before it have set up. A ship with no room left waits beside the board for room in
    an area where its fleet set up (12.5, ruling I32)."""
    battle = state["battle"]
    for index, group in enumerate(battle["groups"]):
        if group["zone"] is None:
            roll_entry(ctx, state, index)
        unplaced = [u for u in group["units"] if u not in battle["areas"]]
        if unplaced and group_areas(state, group):
            wait(state, "place", group=index)
            return
        placed = sorted({battle["areas"][u] for u in group["units"] if u in battle["areas"]})
        for uid in group["units"]:
            if uid not in battle["areas"]:
                battle["waiting"][uid] = placed or list(group["zone"])
    _next_round(ctx, state)


def _place_legal(state: State, player: str) -> list[Action]:
    battle = state["battle"]
    group = battle["groups"][state["step"]["group"]]
    areas = group_areas(state, group)
    return [
        {"place": uid, "area": area}
        for uid in group["units"]
        if uid not in battle["areas"]
        for area in areas
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


def _next_round(ctx: Context, state: State) -> None:
    """Rule 12.3: a new round, unless the battle is settled or the last round is over."""
    battle = state["battle"]
    if battle["round"] >= battle["rounds"] or settled(state):
        finish(ctx, state)
        return
    battle["round"] += 1
    _initiative(ctx, state)


def _initiative(ctx: Context, state: State) -> None:
    """Rule 12.4: each player rolls a die, +1 for the one who had the initiative in the last
    round (in round 1, the moving player); the higher wins, a tie is rolled again. In a turn of
    the galactic war's civil war the Imperial die is 1 less (B.2, rulings I113, I116)."""
    battle = state["battle"]
    ahead = battle["initiative"] or battle["mover"]
    civil_war = bool((state.get("war") or {}).get("civil_war"))
    rolls = {ahead: 0, other(ahead): 0}
    while rolls[ahead] == rolls[other(ahead)]:
        for side in rolls:
            (die,) = ctx.roll(side, 1, "12.4", msg("combat initiative", "戦闘のイニシアチブ"))
            rolls[side] = die + (side == ahead) - (civil_war and side == IMPERIAL)
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
    """Steps 2-13 of the round from ``battle["step"]``, each stopping for its decisions; then
    the next round (12.3 step 14). A settled battle ends at once (ruling I31)."""
    battle = state["battle"]
    while battle["step"] < len(ROUND) and not settled(state):
        now = ROUND[battle["step"]]
        if now.kind == "move":
            side = other(battle["initiative"]) if now.second else battle["initiative"]
            if move_step.begin(state, side, now.least, now.number):
                return
        elif simplified.chosen(state):  # 17.4: the torpedo step is resolved with the beams
            if now.kind == "beams" and simplified.begin(ctx, state):
                return
        elif fire.begin(ctx, state, now.kind):
            return
        _advance(state)
    _next_round(ctx, state)


def _advance(state: State) -> None:
    battle = state["battle"]
    battle.update(step=battle["step"] + 1, moved={}, flights={})


@proceed("space")
def _step_over(ctx: Context, state: State) -> None:
    """A step's module is done with its decisions: on to the next step."""
    _advance(state)
    _run(ctx, state)


def finish(ctx: Context, state: State) -> None:
    """Rule 12.3, the end of combat: carriers take their fighters aboard (12.9); if both sides
    are still there, the moving player's ships leave (monitors stay); the outcome is written and
    the battle's starter goes on."""
    battle = state["battle"]
    mover = battle["mover"]
    leftover = carriers.stow(state)
    if present(state, other(mover)):
        for uid in present(state, mover):
            if ship_type(state, uid).code != MONITOR:
                battle["areas"].pop(uid, None)
                battle["waiting"].pop(uid, None)
                if uid not in leftover[mover]:  # a fighter cannot jump: it is left over
                    battle["left"][mover].append(uid)
    battle["outcome"] = {**outcome(state), "leftover": leftover}
    state["step"] = None
    AFTER_BATTLE[battle["then"]](ctx, state)


def outcome(state: State) -> dict[str, Any]:
    """What the battle leaves: the ships still in it (on the board or waiting beside it), those
    destroyed (by type) and those that left, by side; and the winner of 12.3 — the side that
    destroyed more enemy ships, capital ships counting double and fighters as ships (ruling
    I23) — None when neither did more."""
    battle = state["battle"]
    score = points(state)
    best = max(score.values())
    leaders = [side for side, points in score.items() if points == best]
    return {
        "rounds": battle["round"],
        "on_board": {side: present(state, side) for side in battle["destroyed"]},
        "destroyed": {side: list(t) for side, t in battle["destroyed"].items()},
        "left": {side: list(u) for side, u in battle["left"].items()},
        "winner": leaders[0] if len(leaders) == 1 else None,
    }


def points(state: State) -> dict[str, int]:
    """Rule 12.3: each side's count of enemy ships destroyed in the battle, a capital ship
    counting double and a fighter as a ship (ruling I23); also each side's score at the end of
    a scenario."""
    destroyed = state["battle"]["destroyed"]
    ships = comp(state).ships
    return {
        side: sum(2 if ships[t].cls == "capital" else 1 for t in destroyed[other(side)])
        for side in destroyed
    }
