"""Connection (rule 7.3): whether a World or Outpost can trace jump routes to another friendly
World.

The path runs from the planet's system along jump routes (and between the two stars of a hex,
3.2) to a system holding another World its side controls. Every system strictly between the
two ends must be free of enemy Worlds and Outposts, in either of its planet boxes, and of enemy
fleets (a lone monitor in a planet box is a fleet, Q7); the two ends themselves are not checked
(ruling I104). A planet whose own system holds another friendly World is connected. With
``fleets=False`` enemy fleets are ignored, as in peace (16.0); with ``markers=False`` only fleets
block, as for paying maintenance from the stockpile (14.1).
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.imperium.components import MONITOR
from wartable.games.imperium.war import knowledge
from wartable.games.imperium.war.control import controller
from wartable.games.imperium.war.state import (
    WORLD,
    battles,
    box,
    fleets_in,
    gal,
    is_deep,
    marker,
    other,
    planets_of,
)


def connected(
    state: State, planet: str, *, fleets: bool = True, markers: bool = True, known: bool = False
) -> bool:
    """Rule 7.3: whether the controller of `planet` can trace a path to another of its Worlds;
    `known`: through the enemy fleets it knows of only, for a choice it makes (ruling I129)."""
    side = controller(state, planet)
    if side is None:
        return False
    start = gal(state).system_of[planet]
    return reaches(state, side, start, besides=planet, fleets=fleets, markers=markers, known=known)


def supplied(state: State, side: str, system: str) -> bool:
    """Rule 14.1: whether the ships of `side` in `system` can draw on the stockpile: a path
    free of enemy fleets to a World of their side (ruling I104)."""
    return reaches(state, side, system, besides=None, fleets=True, markers=False)


def reaches(
    state: State,
    side: str,
    start: str,
    *,
    besides: str | None,
    fleets: bool,
    markers: bool,
    known: bool = False,
) -> bool:
    """Whether a path runs from system `start` to a system with a World of `side` other than
    `besides`, no system strictly between its ends cutting it (ruling I104)."""
    g = gal(state)
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        if _has_world(state, here, side, besides=besides):
            return True
        if here != start and _blocked(state, here, side, fleets, markers, known):
            continue
        for there in sorted(() if is_deep(here) else g.links[here]):  # 17.1: no route there
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return False


def _has_world(state: State, system: str, side: str, besides: str | None) -> bool:
    return any(p != besides and _is(state, p, side, WORLD) for p in planets_of(state, system))


def _is(state: State, planet: str, side: str, kind: str | None = None) -> bool:
    found = marker(state, planet)
    return (
        found is not None
        and (kind is None or found["marker"] == kind)
        and controller(state, planet) == side
    )


def _blocked(
    state: State, system: str, side: str, fleets: bool, markers: bool, known: bool
) -> bool:
    """Whether a system on the path cuts it for `side` (7.3)."""
    enemy = other(side)
    planets = planets_of(state, system)
    if markers and any(_is(state, p, enemy) for p in planets):
        return True
    if known:
        return fleets and bool(knowledge.fleets(state, system, side))
    return fleets and enemy_fleet(state, system, enemy)


def enemy_fleet(state: State, system: str, side: str) -> bool:
    """Whether `side` has a fleet in the system: a fleet marker, or a monitor alone in one of
    its planet boxes (Q7)."""
    if fleets_in(state, system, side):
        return True
    ships = battles(state).ships
    boxes = {box(p) for p in planets_of(state, system)}
    return any(
        u["side"] == side
        and u["at"] in boxes
        and u["type"] in ships
        and ships[u["type"]].code == MONITOR
        for u in state["units"].values()
    )
