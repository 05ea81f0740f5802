"""Rule 13.1: bombardment, the first stage of a planetary battle.

The invader chooses the ships that bombard (``{"bombard": ship}`` one at a time, ``{"done":
True}`` to stop; none: no bombardment); only they draw the defence's fire (`defence`, from the
fighters and batteries in the planet box). Then the invader rolls a die per 3 torpedo factors of
all bombarding ships together, and gives each 6, once rolled, to a defending fighter or battery
of his choice (``{"hit": unit}``). The damage of both sides is applied after all fire (12.8).
``battle["bombard"]`` holds the stage: ``{"ships", "fire", "hits", "on"}``.
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import damage, defence
from wartable.games.imperium.flow import go_on, step, wait
from wartable.games.imperium.state import contested, in_orbit, ship_type

SIX = 6
PER_DIE = 3  # 13.1: a die per 3 torpedo factors of the bombarding ships, rounded down


def torpedo(state: State, uid: str) -> int:
    return ship_type(state, uid).face(state["units"][uid]["damaged"]).torpedo


def begin(ctx: Context, state: State) -> bool:
    """Start the stage; returns whether a player must now decide (False: no bombardment). A
    contested planet is not bombarded (13.1, 13.4), nor by ships with no torpedo factor to
    bombard with (ruling I34)."""
    if contested(state) or not _candidates(state):
        return False
    state["battle"]["bombard"] = {"ships": [], "fire": {}, "hits": 0, "on": {}}
    wait(state, "bombard")
    return True


def _candidates(state: State) -> list[str]:
    return [uid for uid in in_orbit(state) if torpedo(state, uid) > 0]


def _choose_legal(state: State, player: str) -> list[Action]:
    chosen = state["battle"]["bombard"]["ships"]
    return [
        *({"bombard": uid} for uid in _candidates(state) if uid not in chosen),
        {"done": True},
    ]


def _choose(ctx: Context, state: State, player: str, action: Action) -> None:
    ships = state["battle"]["bombard"]["ships"]
    if "bombard" in action:
        ships.append(action["bombard"])
    elif ships:
        state["battle"]["bombarded"] = True  # for the war: 17.3 reverts a terraformed planet
        defence.begin(ctx, state, list(ships), then="bombard", rule="13.1")
    else:  # 13.1: bombardment is optional
        state["battle"]["bombard"] = None
        go_on(ctx, state)


@defence.after("bombard")
def _bombard(ctx: Context, state: State, fire: defence.Hits) -> None:
    battle = state["battle"]
    bombard = battle["bombard"]
    dice = sum(torpedo(state, uid) for uid in bombard["ships"]) // PER_DIE
    rolled = ctx.roll(battle["invader"], dice, "13.1", msg("bombardment", "惑星爆撃"))
    bombard.update(fire=fire, hits=rolled.count(SIX))
    _allocate(ctx, state)


def _allocate(ctx: Context, state: State) -> None:
    """Each 6 hits the defending fighter or battery the invader chooses after rolling (13.1);
    then the damage of the whole stage."""
    bombard = state["battle"]["bombard"]
    if bombard["hits"] and defence.shooters(state):
        wait(state, "allocate")
        return
    damage.apply_apart(ctx, state, {**bombard["fire"], "bombardment": bombard["on"]}, "13.1")
    state["battle"]["bombard"] = None
    go_on(ctx, state)


def _hit(ctx: Context, state: State, player: str, action: Action) -> None:
    bombard = state["battle"]["bombard"]
    on = bombard["on"]
    on[action["hit"]] = on.get(action["hit"], 0) + 1
    bombard["hits"] -= 1
    _allocate(ctx, state)


def _words(state: State, player: str, action: Action) -> Msg:
    if "done" in action:
        return msg("no more ships bombard", "爆撃艦の指定終了")
    if "bombard" in action:
        return msg(f"{action['bombard']} bombards", f"{action['bombard']}が爆撃")
    return msg(f"a bombardment hit on {action['hit']}", f"{action['hit']}に爆撃の命中")


step("bombard", lambda state: (state["battle"]["invader"],), _choose_legal, _choose, _words)
step(
    "allocate",
    lambda state: (state["battle"]["invader"],),
    lambda state, player: [{"hit": uid} for uid in defence.shooters(state)],
    _hit,
    _words,
)
