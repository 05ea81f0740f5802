"""Rule 12.5: combat movement — which ships move in which movement step, and where to.

A move is one step into an adjacent area (12.1), never into the planet (12.1); a fighter makes
two in each of the three movement steps, every other ship one in each step its speed allows.
Launching and recovering fighters (12.9, `carriers`) and leaving the board (12.5, `retreat`) are
offered in the same movement steps (`move_step`).
"""

from __future__ import annotations

from collections import Counter

from wartable.engine import State
from wartable.games.imperium.board import Area
from wartable.games.imperium.components import FIGHTER, MONITOR, ShipType
from wartable.games.imperium.state import comp

SPEED = {"capital": 2, "light": 3, "auxiliary": 1}  # rule 12.5
FIGHTER_MOVES = 2  # rule 12.5: a fighter moves 2 areas in each movement step
STACK = 12  # rule 12.5: ships of one side in one area (fighters count, ruling I19)


def speed(kind: ShipType, damaged: bool) -> int:
    """Rule 12.5: light ships 3, capital ships 2, monitors and auxiliaries 1 (ruling I20); a
    damaged ship one less, at least 1. Fighters move in every step: 3."""
    if kind.code == FIGHTER:
        return 3
    base = 1 if kind.code == MONITOR else SPEED[kind.cls]
    return max(1, base - 1) if damaged else base


def allowance(kind: ShipType, damaged: bool, made: int, least: int) -> int:
    """Moves a ship of `kind` may make in a movement step open to speed `least` and above
    (12.3: 3 in steps 2-3, 2 in steps 6-7, 1 in steps 10-11), less the `made` it has made."""
    if speed(kind, damaged) < least:
        return 0
    return (FIGHTER_MOVES if kind.code == FIGHTER else 1) - made


def stacks(state: State, side: str) -> Counter[Area]:
    """How many ships of `side` are in each area of the board (12.5)."""
    units = state["units"]
    return Counter([a for u, a in state["battle"]["areas"].items() if units[u]["side"] == side])


def moves(state: State, side: str, least: int) -> list[tuple[str, Area]]:
    """Every (ship, area) move `side` may still make in this movement step. An area already
    holding 12 of its ships takes no more (ruling I21)."""
    battle = state["battle"]
    data = comp(state)
    units, moved = state["units"], battle["moved"]
    near = data.board.open_near if battle["planet"] else data.board.near  # `Board.neighbours`
    full = {area for area, n in stacks(state, side).items() if n >= STACK}
    found: list[tuple[str, Area]] = []
    for uid, at in battle["areas"].items():
        unit = units[uid]
        if unit["side"] != side:
            continue
        kind = data.ships[unit["type"]]
        if allowance(kind, unit["damaged"], moved.get(uid, 0), least) > 0:
            found += [(uid, to) for to in near[at] if to not in full]
    return found


def move(state: State, uid: str, to: Area) -> None:
    battle = state["battle"]
    battle["areas"][uid] = to
    battle["moved"][uid] = battle["moved"].get(uid, 0) + 1


def crowded(state: State, side: str, area: Area) -> bool:
    """Whether an area already holds 12 ships of a side (12.5, rulings I19, I21)."""
    return stacks(state, side)[area] >= STACK
