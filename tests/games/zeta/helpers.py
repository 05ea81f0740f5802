"""Shared helpers for the Zeta tests: the shipped components, a fresh set-up, a new game."""

from __future__ import annotations

from typing import Any

from wartable.engine import Context, Game, State
from wartable.engine.dice import Dice
from wartable.games.zeta import RULES
from wartable.games.zeta.components import Components, components
from wartable.games.zeta.flow import begin_turn
from wartable.games.zeta.setup import new_state

C: Components = components({})
# rule 38: the characters of the AEUG 1st Fleet at space hex C5
FIRST_FLEET = ("quattro", "apolly", "roberto", "kamille_1", "emma_1", "henken", "blex")


def fresh(seed: int = 1, **options: Any) -> State:
    """The state after set-up (rule 38), with `options` over the defaults."""
    return new_state(Context(Dice(seed), []), {"data": {}, "nz_start": "axis", **options})


def at(state: State, location: str, faction: str) -> dict[str, int]:
    """The counters of a faction at a location, counted by type."""
    counts: dict[str, int] = {}
    for unit in state["units"].values():
        if unit["at"] == location and unit["faction"] == faction:
            counts[unit["type"]] = counts.get(unit["type"], 0) + 1
    return counts


def game(seed: int = 1, **options: Any) -> Game:
    """A new game (not registered yet, so made from its rules), waiting in turn 1's armament."""
    return Game(RULES, seed, options)


def finish_armament(g: Game) -> None:
    """Every faction ends the armament phase at once (rule 5.5)."""
    for faction in g.to_act:
        g.apply(faction, {"done": True})


def restart(g: Game, turn: int) -> None:
    """Begin turn `turn` on the position as it stands (a test has laid it out by hand)."""
    g.state.update(turn=turn, armament=None)
    begin_turn(g._ctx, g.state)
    g._legal = {}
