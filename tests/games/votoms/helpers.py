"""Shared helpers for the VOTOMS tests: lay out a position by hand, then start a phase on it.

>>> game = cleared()
>>> m1 = put(game, "merc", "scopedog", "B08", up=True)
>>> start(game, "merc_movement")
"""

from __future__ import annotations

from typing import Any

import pytest

import wartable
from support.dice import ScriptedDice
from wartable.engine import Action, Context, State
from wartable.engine.plain import copy_plain
from wartable.engine.steps import StepKind
from wartable.games.votoms import RULES
from wartable.games.votoms.flow import PHASE_START, STEPS, begin_phase
from wartable.games.votoms.state import place

Unit = dict[str, Any]
HALTED = "test_halted"


def cleared(seed: int = 1, **state: Any) -> wartable.Game:
    """A new game with every unit taken off the map (cups and stocks kept); `state` sets
    top-level state values such as ``turn``, ``stage`` or ``rp``."""
    game = wartable.new_game("votoms", seed=seed)
    game.state["units"].clear()
    game.state["clues"] = {"merc": [], "bieler": []}  # nothing is left to know about
    game.state.update(state)
    refresh(game)
    return game


def put(
    game: wartable.Game, side: str, type_id: str, hex_label: str, *, up: bool = False, **fields: Any
) -> str:
    """Place one counter of `type_id` (face-down unless `up`) and return its id."""
    (uid,) = place(game._ctx, game.state, side, [type_id], hex_label, up=up)
    game.state["units"][uid].update(fields)
    refresh(game)
    return uid


def unit(game: wartable.Game, uid: str) -> Unit:
    return game.state["units"][uid]  # type: ignore[no-any-return]


def refresh(game: wartable.Game) -> None:
    """Forget the legal actions the game cached before a test edited its state."""
    game._legal = {}


def start(game: wartable.Game, phase: str) -> None:
    """Begin `phase` on the position laid out, as if the turn had just reached it."""
    begin_phase(game._ctx, game.state, phase)
    refresh(game)


def play(game: wartable.Game, player: str, *actions: Action) -> None:
    for action in actions:
        game.apply(player, action)


def halt(monkeypatch: pytest.MonkeyPatch, *phases: str) -> None:
    """Stop the turn with no one to act when it reaches one of `phases` (a phase a test does
    not need, or one not written yet); ``game.state["phase"]`` then names it."""
    monkeypatch.setitem(STEPS.kinds, HALTED, StepKind(lambda s: (), lambda s, p: [], _refuse, None))
    for name in phases:
        monkeypatch.setitem(PHASE_START, name, _halt)


def _halt(ctx: Context, state: State) -> None:
    state["step"] = {"kind": HALTED}


def _refuse(ctx: Context, state: State, player: str, action: Action) -> None:
    raise AssertionError("the game was halted by the test")


def blind_legal(game: wartable.Game, player: str) -> list[Action]:
    """`player`'s legal actions computed with every secret of theirs replaced by a marker,
    as the conformance kit does: equal to the real ones when they leak nothing."""
    masked = copy_plain(game.state)
    for i, path in enumerate(RULES.hidden_paths(game.state, player)):
        target: Any = masked
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = f"hidden-{i}"
    return RULES.legal_actions(masked, player)


def dice(game: wartable.Game, *faces: int) -> ScriptedDice:
    """From now on `game` rolls `faces` in order (shuffles and cup draws stay seeded); a test
    checks ``dice(...).faces == []`` to see that every scripted die was rolled."""
    scripted = ScriptedDice(list(faces))
    game.dice = scripted
    game._ctx.dice = scripted
    return scripted


def rolls(game: wartable.Game, rule: str | None = None) -> list[list[int]]:
    """The dice of every roll logged so far (for `rule` only, if given)."""
    return [e["dice"] for e in game.events if e["kind"] == "roll" and rule in (None, e["rule"])]
