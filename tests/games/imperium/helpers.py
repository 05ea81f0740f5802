"""Shared helpers for the IMPERIUM tests: the shipped components, a scenario's initial position,
and a game of a space scenario played up to its battle."""

from __future__ import annotations

from collections import Counter

from wartable.engine import Context, Game, State
from wartable.engine.dice import Dice
from wartable.games.imperium import RULES
from wartable.games.imperium.components import SIDES, Components, components
from wartable.games.imperium.setup import new_game_state
from wartable.games.imperium.state import add_unit, fleet

C: Components = components({})


def fresh(scenario: str, seed: int = 1) -> State:
    """The initial position of a scenario ("s1"-"s5")."""
    return new_game_state(Context(Dice(seed), []), {"data": {}, "scenario": scenario})


def types_at(state: State, at: str | None) -> Counter[str]:
    """The types of the units at a location, counted."""
    return Counter(u["type"] for u in state["units"].values() if u["at"] == at)


def game(scenario: str = "s2", seed: int = 1) -> Game:
    """A new game of a scenario, made from its rules."""
    return Game(RULES, seed, {"scenario": scenario})


def set_up(g: Game) -> None:
    """Every ship sets up in the first area it may (12.2, the scenario's set-up)."""
    while g.state["step"]["kind"] == "place":
        side = g.to_act[0]
        g.apply(side, g.legal_actions(side)[0])


def kind(g: Game) -> str:
    """The kind of decision the game waits for."""
    return str(g.state["step"]["kind"])


def fight(*ships: tuple[str, str, str | None], initiative: str = "terran", at: int = 2) -> Game:
    """A game of scenario 2 with its board laid out by hand: each (side, type, area) is a ship
    of that side's first fleet on that area (None: aboard the last ship listed before it, a
    fighter on its carrier), in round 1 at index `at` of `battle.ROUND`, the step not begun."""
    g = game("s2")
    state = g.state
    state["units"], state["next_id"] = {}, dict.fromkeys(SIDES, 1)
    battle = state["battle"]
    battle.update(areas={}, waiting={}, groups=[], initiative=initiative, round=1, step=at)
    last = None
    for side, type_id, area in ships:
        uid = add_unit(state, side, type_id, fleet(side, 1))
        if area is None:
            state["units"][uid].update(at=None, aboard=last)
        else:
            battle["areas"][uid], last = area, uid
    g._legal = {}
    return g


def begun(g: Game, started: bool) -> None:
    """After a step's module was started by hand: forget the legal actions worked out before."""
    assert started
    g._legal = {}
