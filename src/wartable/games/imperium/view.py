"""What each side may see, and the game as one side may believe it to be (ruling I40).

Every ship on the battle board, every unit on a planet map and every die is in plain sight
(digest D.1), and so is what each side brought to a battle: the scenario lists it, scenario 1's
draws are said (ruling I15). The one secret of a battle is the note of what each transport
carries (11.5, 12.2): the other side knows which ground units are aboard its enemy's transports
at one place, not which transport holds which. A transport's cargo is shown when it is declared
landing (13.3) or shaken by damage (ruling I36); then ``state["shown"]`` names it, and names a
shaken transport too: all it carries is known. A spectator sees neither side's note. Fighters
aboard carriers are no secret in the battles (ruling I40).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from wartable.engine import State
from wartable.engine.rules import Path
from wartable.games.imperium.state import carried_by, is_ship, ship_type

HIDDEN = "hidden"  # what the view shows of a secret transport


def secret_cargo(state: State, player: str | None) -> list[str]:
    """The ground units aboard transports whose transport `player` may not know, in id order:
    the other side's (both sides' for a spectator) not yet shown."""
    return sorted(
        uid
        for uid, unit in state["units"].items()
        if unit["aboard"] is not None
        and unit["side"] != player
        and not is_ship(state, uid)  # a ground unit aboard: only transports carry them (11.5)
        and uid not in state["shown"]
    )


def hidden_paths(state: State, player: str | None) -> Iterator[Path]:
    for uid in secret_cargo(state, player):
        yield ("units", uid, "aboard")


def view(state: State, player: str | None) -> dict[str, Any]:
    secret = set(secret_cargo(state, player))
    units = {
        uid: {**unit, "aboard": HIDDEN} if uid in secret else unit
        for uid, unit in state["units"].items()
    }
    return {"scenario": state["scenario"], "units": units, "battle": state["battle"]}


def show(state: State, known: list[str]) -> None:
    """The other side now knows which transport carries each unit of `known`, and all that a
    transport of `known` carries."""
    state["shown"].extend(uid for uid in known if uid not in state["shown"])


def determinize(state: State, player: str, rng: random.Random) -> State:
    """Deal the other side's secret cargo afresh among its transports at the same place (the
    fleet they are in), into the room the rest of their cargo leaves, never onto a transport
    whose whole cargo is known. The units and the transports are sorted first, so the deal
    depends only on what `player` knows and on `rng`."""
    units = state["units"]
    secret = secret_cargo(state, player)
    for place in sorted({units[units[uid]["aboard"]]["at"] for uid in secret}):
        pool = [uid for uid in secret if units[units[uid]["aboard"]]["at"] == place]
        slots = [
            ship
            for ship in sorted(units)
            if units[ship]["at"] == place
            and units[ship]["side"] != player
            and is_ship(state, ship)
            and ship not in state["shown"]
            for _ in range(_room(state, ship, pool))
        ]
        rng.shuffle(slots)
        for uid, ship in zip(pool, slots, strict=False):
            units[uid]["aboard"] = ship
    return state


def _room(state: State, ship: str, pool: list[str]) -> int:
    """The cargo `ship` could hold with `pool` taken off it (none for a ship that is no
    transport)."""
    kept = [uid for uid in carried_by(state, ship) if uid not in pool]
    return ship_type(state, ship).cargo - len(kept)
