"""The registry of games: entry points in the group ``wartable.games``, plus `register`.

A game package adds one line to its distribution's entry points; the engine never names a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import Any

from wartable.engine.errors import UnknownGame
from wartable.engine.game import Game
from wartable.engine.rules import Rules

GROUP = "wartable.games"
_games: dict[str, Rules] = {}
_loaded = False


def register(rules: Rules) -> Rules:
    """Make `rules` playable under ``rules.id`` (tests register their own games this way)."""
    _games[rules.id] = rules
    return rules


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for point in entry_points(group=GROUP):
        loaded = point.load()
        rules = loaded() if isinstance(loaded, type) else loaded
        _games.setdefault(rules.id, rules)


def import_plugins(modules: Iterable[str]) -> None:
    """Import each module; a `Rules` object it defines at top level is registered unless a
    game with its id is already (a module may also call `register` itself)."""
    for name in modules:
        module = importlib.import_module(name)
        known = set(games())
        for value in vars(module).values():
            if isinstance(value, Rules) and value.id not in known:
                register(value)
                known.add(value.id)


def games() -> list[str]:
    """The ids of every registered game."""
    _load_entry_points()
    return sorted(_games)


def get_rules(game_id: str) -> Rules:
    _load_entry_points()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise UnknownGame(f"no game {game_id!r} (games: {known})") from None


def new_game(game_id: str, seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    """A new game of `game_id` from `seed`, with `options` over the game's defaults."""
    return Game(get_rules(game_id), seed, options)
