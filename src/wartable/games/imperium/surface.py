"""Rule 13.4: surface combat on the planet map, round after round (ruling I15): the invader
moves, the invader fights, the defender moves, the defender fights.

Movement, one hex at a time (``{"move": unit, "to": "B3"}``, ``{"done": True}``): fighters go
any distance, drop troops 3 hexes, infantry 1, batteries not at all; a unit entering a hex with
enemy units stops there (one starting in such a hex may leave it); a side has at most 5 units in
a hex (ruling I37: after every move).

Combat (``{"fire": unit, "at": enemy}``, ``{"done": True}``): the moving side declares the fire
of its units at enemies in their own hex, all of a unit's dice at one target — a unit that
entered an enemy hex in the movement just made must fire (ruling I37); the hexes it fires in are
the combat hexes. Then the other side declares for its units in those hexes; then every die is
rolled: one per combat factor of infantry, drop troops and batteries, per torpedo and beam
factor of fighters; each 6 hits. Hits by fighters and batteries are never added to hits by
troops, and only troops eliminate troops (`damage.apply_apart`).

``battle["surface"]``: ``{"index", "moved": {unit: hexes}, "stopped", "entered", "shots":
{unit: target}}``, ``index`` in `order`; the side to decide is the step's ``side``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import damage
from wartable.games.imperium.components import UNITS_PER_HEX, Components
from wartable.games.imperium.flow import SETTLED, go_on, other, step, wait
from wartable.games.imperium.state import comp, defender, ship_type

SIX = 6
REACH = {"infantry": 1, "drop": 3, "battery": 0}  # 13.4; fighters: any distance


def order(state: State) -> tuple[tuple[str, str], ...]:
    """13.4 steps 1-4: who does what, in turn."""
    invader = state["battle"]["invader"]
    return (
        (invader, "move"),
        (invader, "fire"),
        (defender(state), "move"),
        (defender(state), "fire"),
    )


def begin(ctx: Context, state: State) -> bool:
    """Start surface combat at round 1; returns whether a player must now decide."""
    battle = state["battle"]
    battle["round"] = 1
    _reset(state, 0)
    return _run(ctx, state)


def _reset(state: State, index: int) -> None:
    state["battle"]["surface"] = {
        "index": index,
        "moved": {},
        "stopped": [],
        "entered": [],
        "shots": {},
    }


def on_map(state: State, side: str) -> list[str]:
    units = state["units"]
    return [uid for uid in state["battle"]["hexes"] if units[uid]["side"] == side]


def settled(state: State) -> bool:
    """A side has no unit left on the planet, or whoever started the battle says it is won."""
    battle, units = state["battle"], state["units"]
    here = {units[uid]["side"] for uid in battle["hexes"]}  # `on_map`'s units, sides only
    if not here.issuperset((battle["invader"], defender(state))):
        return True
    check = SETTLED.get(battle["then"])
    return check is not None and check(state)


def _run(ctx: Context, state: State) -> bool:
    """The steps from ``surface["index"]`` on, each stopping for its decisions; returns whether
    a player must decide (False: the battle's surface combat is over)."""
    battle = state["battle"]
    while not settled(state):
        surface = battle["surface"]
        if surface["index"] == len(order(state)):
            if battle["round"] >= battle["rounds"]:
                break
            battle["round"] += 1
            _reset(state, 0)
            continue
        side, phase = order(state)[surface["index"]]
        if phase == "move" and _moves(state, side):
            wait(state, "surface_move", side=side)
            return True
        if phase == "fire" and _shots(state, side, side):
            wait(state, "surface_fire", side=side)
            return True
        _reset(state, surface["index"] + 1)
    battle["surface"] = None
    return False


def _resume(ctx: Context, state: State) -> None:
    if not _run(ctx, state):
        go_on(ctx, state)


def _enemy_hexes(state: State, side: str) -> set[str]:
    units = state["units"]
    return {h for uid, h in state["battle"]["hexes"].items() if units[uid]["side"] != side}


def _reach(c: Components, unit: dict[str, Any], hexes: int) -> int:
    ground = c.ground.get(unit["type"])
    return REACH[ground.kind] if ground is not None else hexes


def _moves(state: State, side: str) -> list[Action]:
    battle = state["battle"]
    surface = battle["surface"]
    c = comp(state)
    planet_map = c.planets[battle["planet"]].map
    units, hexes = state["units"], battle["hexes"]
    mine = on_map(state, side)
    count = Counter([hexes[uid] for uid in mine])
    full = {h for h, n in count.items() if n >= UNITS_PER_HEX}
    stopped, moved = surface["stopped"], surface["moved"]
    anywhere = len(planet_map.hexes)  # a fighter's reach
    found: list[Action] = []
    for uid in mine:
        if uid not in stopped and moved.get(uid, 0) < _reach(c, units[uid], anywhere):
            found += [
                {"move": uid, "to": to} for to in planet_map.near[hexes[uid]] if to not in full
            ]
    return found


def _move_legal(state: State, player: str) -> list[Action]:
    return [*_moves(state, player), {"done": True}]


def _move(ctx: Context, state: State, player: str, action: Action) -> None:
    surface = state["battle"]["surface"]
    if "done" in action:
        entered = surface["entered"]
        _reset(state, surface["index"] + 1)
        state["battle"]["surface"]["entered"] = entered
        _resume(ctx, state)
        return
    uid, where = action["move"], action["to"]
    state["battle"]["hexes"][uid] = where
    surface["moved"][uid] = surface["moved"].get(uid, 0) + 1
    if where in _enemy_hexes(state, player):
        surface["stopped"].append(uid)
        surface["entered"].append(uid)
    if not _moves(state, player):
        _move(ctx, state, player, {"done": True})


def _shots(state: State, side: str, declaring: str) -> list[Action]:
    """The fire `declaring` may still declare in the combat step of `side`."""
    battle = state["battle"]
    surface = battle["surface"]
    hexes = battle["hexes"]
    units = state["units"]
    combat = {hexes[uid] for uid in surface["shots"] if units[uid]["side"] == side}
    enemies: dict[str, list[str]] = {}  # by hex: a unit fires at those in its own hex
    for enemy in on_map(state, other(declaring)):
        enemies.setdefault(hexes[enemy], []).append(enemy)
    return [
        {"fire": uid, "at": enemy}
        for uid in on_map(state, declaring)
        if uid not in surface["shots"] and (declaring == side or hexes[uid] in combat)
        for enemy in enemies.get(hexes[uid], ())
    ]


def _fire_legal(state: State, player: str) -> list[Action]:
    surface = state["battle"]["surface"]
    side = order(state)[surface["index"]][0]
    shots = _shots(state, side, player)
    forced = {a["fire"] for a in shots if a["fire"] in surface["entered"]}
    return [*shots, *([] if forced else [{"done": True}])]


def _fire(ctx: Context, state: State, player: str, action: Action) -> None:
    surface = state["battle"]["surface"]
    side = order(state)[surface["index"]][0]
    if "fire" in action:
        surface["shots"][action["fire"]] = action["at"]
        if _shots(state, side, player):
            return
    if player == side and _shots(state, side, other(side)):
        wait(state, "surface_fire", side=other(side))
        return
    _resolve(ctx, state)
    _reset(state, surface["index"] + 1)
    _resume(ctx, state)


def _dice(state: State, uid: str) -> int:
    unit = state["units"][uid]
    ground = comp(state).ground.get(unit["type"])
    if ground is not None:
        return ground.face(unit["damaged"]).combat
    face = ship_type(state, uid).face(unit["damaged"])
    return face.torpedo + face.beam


def _resolve(ctx: Context, state: State) -> None:
    """Every declared die at once; then the damage (12.8), troops' hits and the others' apart."""
    hits: dict[str, Counter[str]] = {"troops": Counter(), "support": Counter()}
    for uid, target in state["battle"]["surface"]["shots"].items():
        side = state["units"][uid]["side"]
        rolled = ctx.roll(side, _dice(state, uid), "13.4", msg(f"{uid} fires", f"{uid}の射撃"))
        hits["troops" if damage.is_troop(state, uid) else "support"][target] += rolled.count(SIX)
    damage.apply_apart(
        ctx, state, {k: dict(v) for k, v in hits.items()}, "13.4", reduce_only=("support",)
    )


def _words(state: State, player: str, action: Action) -> Msg:
    if "done" in action:
        return msg("done", "終了")
    if "move" in action:
        return msg(
            f"{action['move']} to hex {action['to']}", f"{action['move']}をヘクス{action['to']}へ"
        )
    return msg(
        f"{action['fire']} fires at {action['at']}", f"{action['fire']}が{action['at']}を攻撃"
    )


def _actor(state: State) -> tuple[str, ...]:
    return (state["step"]["side"],)


step("surface_move", _actor, _move_legal, _move, _words)
step("surface_fire", _actor, _fire_legal, _fire, _words)
