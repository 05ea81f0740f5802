"""Control of planets (rule 7.4): who holds a World or Outpost, and when it is contested.

A planet is controlled by the owner of its World or Outpost marker (ruling I105); it is
contested while both sides have ground units or batteries in its planet box, and then neither
side controls it (7.4). A planet without a marker is nobody's World or Outpost.
"""

from __future__ import annotations

from wartable.engine import State
from wartable.games.imperium.war.state import battles, box, marker

HOLDERS = ("infantry", "drop", "battery")  # 7.4: "ground forces or batteries"


def contested(state: State, planet: str) -> bool:
    """Rule 7.4: both sides have ground units or batteries on the planet."""
    ground = battles(state).ground
    where = box(planet)
    sides = {
        u["side"]
        for u in state["units"].values()
        if u["at"] == where and u["type"] in ground and ground[u["type"]].kind in HOLDERS
    }
    return len(sides) > 1


def controller(state: State, planet: str) -> str | None:
    """The side that controls a planet: its marker's owner, unless it is contested (7.4)."""
    found = marker(state, planet)
    if found is None or contested(state, planet):
        return None
    return found["owner"]


def contested_planets(state: State) -> set[str]:
    """Every planet `contested` now, from one look at the units (for a question asked of many
    planets at once)."""
    holders = {t for t, g in battles(state).ground.items() if g.kind in HOLDERS}
    first: dict[str, str] = {}  # box -> the side of the first holder found in it
    found = set()
    for u in state["units"].values():
        if u["type"] not in holders or u["at"] is None or not u["at"].startswith("box:"):
            continue
        if first.setdefault(u["at"], u["side"]) != u["side"]:
            found.add(u["at"][len("box:") :])
    return found


def held(state: State, side: str, kind: str | None = None) -> list[str]:
    """The planets a side controls, all or only its Worlds or Outposts, in map order."""
    disputed = contested_planets(state)  # 7.4: neither side controls these
    return [
        planet
        for planet, m in state["war"]["planets"].items()
        if (kind is None or m["marker"] == kind) and m["owner"] == side and planet not in disputed
    ]
