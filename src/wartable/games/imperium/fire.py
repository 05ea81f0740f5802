"""Rules 12.6 and 12.7: a fire step, as both weapons share it — every ship may fire with one die
per factor; fire is simultaneous, but the player without the initiative declares every target
and rolls first, then the player with it (who has seen those dice); the damage of both is
applied together at the end of the step (12.8), so a ship destroyed in it still fires in it.

A declaration is an action: ``{"fire": ship, "at": target}`` puts all of the ship's remaining
dice on one target; a capital ship may first put ``"dice": n`` of them on one target and the
rest on a second (ruling I25); ``{"done": True}`` ends the side's declarations, the ships not
declared holding their fire. The weapons' ranges are in `beams` and `torpedoes`.
``battle["fire"]`` holds the step: ``{"weapon", "side", "shots": [[ship, target, dice]],
"hits": {target: hits}}``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium import damage
from wartable.games.imperium.components import Face, ShipType
from wartable.games.imperium.flow import go_on, other, step, wait
from wartable.games.imperium.state import comp, on_board, ship_type

SIX = 6
Offers = Callable[[State, str], list[Action]]  # the declarations a side may still make


@dataclass(frozen=True)
class Weapon:
    rule: str  # "12.6" or "12.7"
    name: Msg  # "beams"
    factor: Callable[[Face], int]  # the dice a ship rolls
    to_hit: Callable[[ShipType, int], int | None]  # the least die that hits at a distance
    countermeasures: bool  # rule 12.7: the target's CM dice cancel hits on a 6


WEAPONS: dict[str, Weapon] = {}  # by the kind of step in battle.ROUND


def begin(ctx: Context, state: State, weapon: str) -> bool:
    """Start a fire step; returns whether a player must now declare (False: it is over)."""
    battle = state["battle"]
    first = other(battle["initiative"])
    battle["fire"] = {"weapon": weapon, "side": first, "shots": [], "hits": {}}
    return ask(ctx, state, "fire", _declarations, WEAPONS[weapon].rule)


def ask(ctx: Context, state: State, kind: str, offers: Offers, rule: str) -> bool:
    """Wait at a decision of `kind` for the side to fire, if `offers` gives it anything to
    declare; once both sides have fired, apply the damage of the step (12.8)."""
    battle = state["battle"]
    fire = battle["fire"]
    while fire["side"] is not None:
        if offers(state, fire["side"]):
            wait(state, kind, side=fire["side"], weapon=fire["weapon"])
            return True
        next_side(state)
    damage.apply(ctx, state, fire["hits"], rule)
    battle["fire"] = None
    return False


def next_side(state: State) -> None:
    """The side without the initiative has fired: the other fires (12.6, 12.7)."""
    battle = state["battle"]
    fire = battle["fire"]
    fire["side"] = None if fire["side"] == battle["initiative"] else battle["initiative"]
    fire["shots"] = []


def _dice(state: State, uid: str, weapon: Weapon) -> int:
    return weapon.factor(ship_type(state, uid).face(state["units"][uid]["damaged"]))


def _declarations(state: State, side: str) -> list[Action]:
    """Every declaration `side` may still make: a target in range for a ship with dice left;
    a capital ship may split (12.6, 12.7: between two targets only)."""
    battle = state["battle"]
    weapon = WEAPONS[battle["fire"]["weapon"]]
    apart = comp(state).board.apart
    areas = battle["areas"]
    enemies = [(target, areas[target]) for target in on_board(state, other(side))]
    enemy_areas = {there for _, there in enemies}
    shots: dict[str, list[tuple[str, int]]] = {}
    for f, t, n in battle["fire"]["shots"]:
        shots.setdefault(f, []).append((t, n))
    found: list[Action] = []
    for uid in on_board(state, side):
        kind = ship_type(state, uid)
        aimed = shots.get(uid, [])
        left = _dice(state, uid, weapon) - sum(n for _, n in aimed)
        if left <= 0 or (aimed and kind.cls != "capital"):
            continue
        here, taken = areas[uid], {t for t, _ in aimed}
        # the areas in range, each asked once: enemies crowd into few areas
        reach = {a for a in enemy_areas if weapon.to_hit(kind, apart[here, a]) is not None}
        for target, there in enemies:
            if target in taken or there not in reach:
                continue
            found.append({"fire": uid, "at": target})
            if kind.cls == "capital" and not aimed:
                found.extend({"fire": uid, "at": target, "dice": n} for n in range(1, left))
    return found


def _legal(state: State, player: str) -> list[Action]:
    return [*_declarations(state, player), {"done": True}]


def _declare(ctx: Context, state: State, player: str, action: Action) -> None:
    fire = state["battle"]["fire"]
    weapon = WEAPONS[fire["weapon"]]
    if "fire" in action:
        uid = action["fire"]
        spent = sum(n for f, _, n in fire["shots"] if f == uid)
        dice = action.get("dice", _dice(state, uid, weapon) - spent)
        fire["shots"].append([uid, action["at"], dice])
        if _declarations(state, player):
            return
    _roll(ctx, state, player)
    next_side(state)
    if not ask(ctx, state, "fire", _declarations, weapon.rule):
        go_on(ctx, state)


def _roll(ctx: Context, state: State, side: str) -> None:
    """Roll every declared shot of `side`, then the countermeasures of each ship it hit with
    torpedoes: one roll a ship, against all its hits of the step (12.7, ruling I26)."""
    battle = state["battle"]
    fire = battle["fire"]
    weapon = WEAPONS[fire["weapon"]]
    board = comp(state).board
    areas = battle["areas"]
    scored: dict[str, int] = {}
    for uid, target, dice in fire["shots"]:
        kind = ship_type(state, uid)
        need = weapon.to_hit(kind, board.distance(areas[uid], areas[target]))
        assert need is not None  # declared in range, and no one moves in a fire step
        why = msg(
            f"{kind.code} {uid} fires {weapon.name['en']} at {target} (hits on {need}+)",
            f"{kind.code} {uid} が{target}に{weapon.name['ja']}({need}以上で命中)",
        )
        rolled = ctx.roll(side, dice, weapon.rule, why)
        scored[target] = scored.get(target, 0) + sum(1 for d in rolled if d >= need)
    for target, hits in scored.items():
        cm = ship_type(state, target).face(state["units"][target]["damaged"]).cm
        if weapon.countermeasures and hits and cm:
            why = msg(f"countermeasures of {target}", f"{target}の防御兵器")
            saved = ctx.roll(state["units"][target]["side"], cm, weapon.rule, why).count(SIX)
            hits = max(0, hits - saved)
        fire["hits"][target] = fire["hits"].get(target, 0) + hits


def _words(state: State, player: str, action: Action) -> Msg:
    name = WEAPONS[state["battle"]["fire"]["weapon"]].name
    if "done" in action:
        return msg(f"end the {name['en']} declarations", f"{name['ja']}の目標明示を終える")
    uid, target = action["fire"], action["at"]
    code, aim = ship_type(state, uid).code, ship_type(state, target).code
    dice = f" with {action['dice']} dice" if "dice" in action else ""
    ja = f"(サイコロ{action['dice']}個)" if "dice" in action else ""
    return msg(
        f"{code} {uid} fires {name['en']} at {aim} {target}{dice}",
        f"{code} {uid} が{aim} {target}を{name['ja']}で攻撃{ja}",
    )


step("fire", lambda state: (state["step"]["side"],), _legal, _declare, _words)
