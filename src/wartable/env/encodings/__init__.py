"""Each game's encoding for the research environments, and the registry of encodings.

An `Encoding` is made for one game and one set of options (from a probe game made with them):
it holds the action enumeration (`ActionSpace`) and the observation `Layout`, and turns a seat's
view, and only the view, into an observation vector and the indices of its legal actions.
The shipped games have theirs in this package, one module each; another game (a plugin, the
test suite's Skirmish) registers one with `register_encoding`.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from wartable.engine import Game, get_rules
from wartable.engine.plain import canonical
from wartable.engine.rules import Action
from wartable.env.spaces import ActionSpace, FloatArray, Layout


class Encoding(ABC):
    """Actions as 0..n-1 and views as vectors, for one game with one set of options.

    A subclass calls ``super().__init__(game)`` (the generic parts: who observes, who acts),
    adds its own parts to `layout`, sets `actions` and `score_bounds`, and writes its parts
    in `write`.
    """

    # board keys that never change in a game (the printed map, the card catalogue): left out
    # of the views the environments hand out
    static: ClassVar[tuple[str, ...]] = ()
    actions: ActionSpace
    score_bounds: tuple[float, float]  # the least and most score a seat can end with

    def __init__(self, game: Game) -> None:
        self.game_id = game.id
        self.options = game.options
        self.players = game.players
        self.seat_index = {p: i for i, p in enumerate(self.players)}
        self.layout = Layout()
        n = len(self.players)
        self._you = self.layout.add("you", "the observing seat, one-hot", n)
        self._to_act = self.layout.add("to_act", "the seats that must decide now", n)

    def context(self, board: dict[str, Any]) -> Any:
        """What the fields need to index an action, from the acting seat's board."""
        return None

    @abstractmethod
    def write(self, board: dict[str, Any], obs: FloatArray) -> None:
        """Write the game's own parts of the observation of `board` (a view's board)."""

    def observe(self, view: dict[str, Any]) -> FloatArray:
        obs = np.zeros(self.layout.size, np.float32)
        if view["you"] is not None:
            self._you.of(obs)[self.seat_index[view["you"]]] = 1
        to_act = self._to_act.of(obs)
        for seat in view["to_act"]:
            to_act[self.seat_index[seat]] = 1
        self.write(view["board"], obs)
        return obs

    def legal(self, view: dict[str, Any]) -> dict[int, Action]:
        """The view's legal actions by index (none unless the viewer is to act)."""
        options = view.get("legal_actions")
        if not options:
            return {}
        return self.actions.indices((o["action"] for o in options), self.context(view["board"]))


Factory = Callable[[Game], Encoding]
_BUILT_IN = {
    "votoms": "wartable.env.encodings.votoms",
    "zeta-cards": "wartable.env.encodings.zeta_cards",
    "silhouette": "wartable.env.encodings.silhouette",
    "zeta": "wartable.env.encodings.zeta",
    "imperium": "wartable.env.encodings.imperium",
}
_factories: dict[str, Factory] = {}
_made: dict[tuple[str, str], Encoding] = {}


def register_encoding(game_id: str, factory: Factory) -> None:
    """Give the game `game_id` an encoding: `factory` makes it from a probe game."""
    _factories[game_id] = factory
    for key in [k for k in _made if k[0] == game_id]:
        del _made[key]


def encoding(game_id: str, options: dict[str, Any] | None = None) -> Encoding:
    """The encoding of `game_id` with `options` (made once, then shared)."""
    rules = get_rules(game_id)
    checked = Game.checked_options(rules, options or {})
    key = (game_id, canonical(checked))
    made = _made.get(key)
    if made is None:
        made = _made[key] = _factory(game_id)(Game(rules, 0, checked))
    return made


def _factory(game_id: str) -> Factory:
    factory = _factories.get(game_id)
    if factory is None and game_id in _BUILT_IN:
        factory = _factories[game_id] = importlib.import_module(_BUILT_IN[game_id]).ENCODING
    if factory is None:
        raise LookupError(
            f"{game_id} has no environment encoding: give it one with "
            "wartable.env.register_encoding(game_id, factory)"
        )
    return factory
