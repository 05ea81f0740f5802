"""The galactic war as the game shows it: the war's secrets (`hidden`: fleets, planet boxes,
the troops on the turn record track) together with those of the battle under way (part 1's
`wartable.games.imperium.view`: which transport carries what, ruling I40). The Rules' `view`,
`hidden_paths` and `determinize` call these while a war is on (``state["war"]``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.rules import Path
from wartable.games.imperium import view as battle_view
from wartable.games.imperium.state import comp
from wartable.games.imperium.war import hidden
from wartable.games.imperium.war.state import gal


def _cargo(state: State, player: str | None, secret: set[str]) -> list[str]:
    """Part 1's secret cargo that the war does not hide whole already."""
    return [uid for uid in battle_view.secret_cargo(state, player) if uid not in secret]


def view(state: State, player: str | None) -> dict[str, Any]:
    board = hidden.view(state, player)
    units = board["units"]
    for uid in _cargo(state, player, set(hidden.secret_units(state, player))):
        units[uid]["aboard"] = battle_view.HIDDEN
    return {
        "scenario": state["war"]["scenario"],
        "printed": printed(state),
        "simplified": bool(state["options"].get("simplified", False)),
        "step": state["step"],
        "battle": state["battle"],
        "units": units,
        "war": board["war"],
    }


def printed(state: State) -> dict[str, Any]:
    """What is printed and public about a war: its name and victory text, the systems with
    their hex, star type and planets, the jump routes, the names of the interference events
    (B.2), the planet maps' hexes, the space combat board, every counter's faces."""
    c, g = comp(state), gal(state)
    war = g.wars[state["war"]["scenario"]]
    return {
        "scenario": {"number": war.number, "name": war.name, "victory": war.victory_text},
        "systems": {
            sid: {
                "name": system.name,
                "hex": system.hex,
                "star": system.star,
                "planets": list(system.planets),
            }
            for sid, system in g.systems.items()
        },
        "routes": [list(route) for route in g.routes],
        "events": {eid: event.name for eid, event in g.events.items()},
        "maps": {pid: list(planet.map.hexes) for pid, planet in c.planets.items()},
        "board": battle_view.board_geometry(c),
        "types": battle_view.type_faces(c, c.ships, c.ground),
    }


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    yield from hidden.hidden_paths(state, player)
    for uid in _cargo(state, player, set(hidden.secret_units(state, player))):
        yield ("units", uid, "aboard")


def determinize(state: State, player: str, rng: random.Random) -> State:
    """The war's secrets re-dealt (`hidden.determinize`), then the secret cargo (part 1's
    `view.determinize`): among all the secret transports of the other side, wherever the deal
    put them, or among the transports of one place for those in sight (a battle's)."""
    units, secret = state["units"], set(hidden.determinize(state, player, rng))

    def where(ship: str) -> str:
        return SECRET if ship in secret else str(units[ship]["at"])

    return battle_view.determinize(state, player, rng, where)


SECRET = "secret"  # the one place of the secret transports (no place of the war is named so)
