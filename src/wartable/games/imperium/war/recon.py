"""Stealth reconnaissance (optional rule 17.2; option ``stealth``).

A fleet of scouts only that enters a system holding an enemy fleet, World or Outpost may try to
look it over unseen (``{"recon": "try"}``; ``{"recon": "no"}``: the usual 11.2-11.3 stops
apply). If an enemy fleet there holds destroyers, the enemy first reveals as many of them as he
likes, up to the number there (``{"screen": n}``); then the scouts' owner rolls 2d6, +1 for each
destroyer revealed. 10 or less: unseen — the enemy's fleets there and the units in its planet
boxes are shown (`hidden.reveal`), and the scouts may jump on with the jumps they have left.
Otherwise they are seen: a space battle with the fleets there, or, with none, a stop (ruling
I122).
"""

from __future__ import annotations

from wartable.engine import Action, Context, Msg, State, msg
from wartable.games.imperium.flow import other, step, wait
from wartable.games.imperium.state import is_ship, ship_type, units_at
from wartable.games.imperium.war import contact
from wartable.games.imperium.war.hidden import reveal
from wartable.games.imperium.war.movement import a_type, enemy_fleets, ships_of
from wartable.games.imperium.war.state import box, planets_of

SCOUT, DESTROYER = "SC", "DD"
UNSEEN = 10  # 17.2: 10 or less on 2d6


def possible(state: State, side: str, number: str) -> bool:
    """Rule 17.2: the option is on, the fleet holds scouts only, and the system it has entered
    holds an enemy fleet, World or Outpost."""
    if not state["options"].get("stealth", False):
        return False
    ships = ships_of(state, number)
    if not ships or any(ship_type(state, uid).code != SCOUT for uid in ships):
        return False
    system = state["war"]["fleets"][number]["system"]
    planets = state["war"]["planets"]
    owned = any(planets.get(p, {}).get("owner") == other(side) for p in planets_of(state, system))
    return owned or bool(enemy_fleets(state, system, side))


def _destroyers(state: State, side: str, system: str) -> int:
    return sum(
        1
        for at in enemy_fleets(state, system, side)
        for uid in units_at(state, at)
        if is_ship(state, uid) and ship_type(state, uid).code == DESTROYER
    )


def attempt(ctx: Context, state: State, side: str, number: str) -> None:
    """The scouts try: the enemy may first reveal destroyers."""
    system = state["war"]["fleets"][number]["system"]
    if _destroyers(state, side, system):
        wait(state, "screen", side=other(side), fleet=number)
    else:
        _roll(ctx, state, side, number, 0)


def _roll(ctx: Context, state: State, side: str, number: str, revealed: int) -> None:
    dice = ctx.roll(side, 2, "17.2", msg("stealth reconnaissance", "ステルス偵察"))
    system = state["war"]["fleets"][number]["system"]
    moving = state["war"]["segment"]["moving"]
    enemy = enemy_fleets(state, system, side)
    if sum(dice) + revealed <= UNSEEN:
        boxes = [box(p) for p in planets_of(state, system)]
        reveal(state, [uid for at in [*enemy, *boxes] for uid in units_at(state, at)])
        moving["stopped"] = a_type(state, system)
        ctx.say(msg("the scouts are not seen", "偵察艦は発見されなかった"), rule="17.2")
        wait(state, "orders", side=side)
        return
    ctx.say(msg("the scouts are seen", "偵察艦は発見された"), rule="17.2")
    moving["stopped"] = True
    if enemy:
        contact.fight(ctx, state, side, number)
    else:
        wait(state, "orders", side=side)


def _legal(state: State, side: str) -> list[Action]:
    number = state["step"]["fleet"]
    system = state["war"]["fleets"][number]["system"]
    return [{"screen": n} for n in range(_destroyers(state, other(side), system) + 1)]


def _screen(ctx: Context, state: State, side: str, action: Action) -> None:
    _roll(ctx, state, other(side), state["step"]["fleet"], action["screen"])


def _words(state: State, side: str, action: Action) -> Msg:
    n = action["screen"]
    return msg(f"reveal {n} destroyers", f"駆逐艦{n}隻を明かす")


step("screen", lambda state: (state["step"]["side"],), _legal, _screen, _words)
