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
from wartable.games.imperium.flow import other
from wartable.games.imperium.war import knowledge
from wartable.games.imperium.war.control import contested_planets, controller
from wartable.games.imperium.war.state import (
    WORLD,
    battles,
    box,
    fleets_in,
    gal,
    is_deep,
    planets_of,
)


def connected(
    state: State,
    planet: str,
    *,
    fleets: bool = True,
    markers: bool = True,
    known: bool = False,
    board: Board | None = None,
) -> bool:
    """Rule 7.3: whether the controller of `planet` can trace a path to another of its Worlds;
    `known`: through the enemy fleets it knows of only, for a choice it makes (ruling I129).
    `board`: a `Board` of this state, when asked of many planets (one of the other side's
    is not used)."""
    side = controller(state, planet) if board is None else board.controller(planet)
    if side is None:
        return False
    if board is None or board.enemy == side:
        board = Board(state, side)
    start = gal(state).system_of[planet]
    return reaches(
        state,
        side,
        start,
        besides=planet,
        fleets=fleets,
        markers=markers,
        known=known,
        board=board,
    )


def supplied(state: State, side: str, system: str, board: Board | None = None) -> bool:
    """Rule 14.1: whether the ships of `side` in `system` can draw on the stockpile: a path
    free of enemy fleets to a World of their side (ruling I104). `board`: the `Board` of
    `side` already looked up, when asked for many systems of one state."""
    return reaches(state, side, system, besides=None, fleets=True, markers=False, board=board)


def reaches(
    state: State,
    side: str,
    start: str,
    *,
    besides: str | None,
    fleets: bool,
    markers: bool,
    known: bool = False,
    board: Board | None = None,
) -> bool:
    """Whether a path runs from system `start` to a system with a World of `side` other than
    `besides`, no system strictly between its ends cutting it (ruling I104)."""
    g = gal(state)
    board = Board(state, side) if board is None else board
    worlds = board.controlled(side, WORLD)
    ends = {s for s, planets in worlds.items() if any(p != besides for p in planets)}
    enemy_held = board.controlled(board.enemy) if markers else {}
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        if here in ends:
            return True
        if here != start and (here in enemy_held or _fleet_cuts(board, here, side, fleets, known)):
            continue  # 7.3: an enemy World or Outpost, or an enemy fleet, cuts the path here
        # 17.1: no route from deep space; the order of the search does not change its answer
        for there in () if is_deep(here) else g.links[here]:
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return False


def _fleet_cuts(board: Board, system: str, side: str, fleets: bool, known: bool) -> bool:
    """Whether an enemy fleet cuts the path for `side` in a system on it (7.3); `known`: one
    that `side` knows of (ruling I129)."""
    if known:
        return fleets and bool(knowledge.fleets(board.state, system, side))
    return fleets and board.enemy_fleet(system)


class Board:
    """What a path search for `side` asks of every system it visits, each looked up once for
    the search. Made for one state and thrown away with the question: never kept past a
    change of the state."""

    def __init__(self, state: State, side: str) -> None:
        self.state = state
        self.markers: dict[str, dict[str, str]] = state["war"]["planets"]
        self.contested = contested_planets(state)
        self.enemy = other(side)
        self._enemy_fleets: set[str] | None = None  # looked up when first asked
        self._controlled: dict[tuple[str, str | None], dict[str, list[str]]] = {}

    def controlled(self, side: str, kind: str | None = None) -> dict[str, list[str]]:
        """The planets with a marker (of `kind` only: a World or Outpost) that `side`
        controls, by system."""
        key = (side, kind)
        if key not in self._controlled:
            system_of = gal(self.state).system_of
            found: dict[str, list[str]] = {}
            for planet, m in self.markers.items():
                mine = (kind is None or m["marker"] == kind) and self.controller(planet) == side
                if mine and planet in system_of:
                    found.setdefault(system_of[planet], []).append(planet)
            self._controlled[key] = found
        return self._controlled[key]

    def enemy_fleet(self, system: str) -> bool:
        """`enemy_fleet` of the enemy, from the search's one look at the units."""
        if self._enemy_fleets is None:
            self._enemy_fleets = self._fleet_systems()
        return system in self._enemy_fleets

    def _fleet_systems(self) -> set[str]:
        """The systems where the enemy has a fleet: a marker, or a monitor alone in a planet
        box (Q7)."""
        state, enemy = self.state, self.enemy
        found = {f["system"] for f in state["war"]["fleets"].values() if f["side"] == enemy}
        monitors = {t for t, ship in battles(state).ships.items() if ship.code == MONITOR}
        system_of = gal(state).system_of
        for u in state["units"].values():
            at = u["at"]
            if u["side"] == enemy and u["type"] in monitors and str(at).startswith("box:"):
                found.add(system_of[at[len("box:") :]])
        return found

    def controller(self, planet: str) -> str | None:
        """`control.controller`, from the search's one look at the units."""
        found = self.markers.get(planet)
        if found is None or planet in self.contested:
            return None
        return found["owner"]


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
