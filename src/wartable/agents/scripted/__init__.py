"""The scripted players, one per game, written from the rules as a good player plays.

Each game's module defines ``Scripted`` (an `Agent` built as ``Scripted(seed=…)`` that decides
from its seat's view alone) and ``evaluate(game) -> {player: value}``: how good a position is
for each player, values in [0, 1] (a guess at each one's chance to win; in a competitive game
they sum to 1), read from a determinized copy's state; the search agent uses it where it cuts
a playout short.
A module may also set ``SEARCH_SETTINGS``: for the search player (`wartable.agents.rollouts`)
``"rollout_horizon"``, how many actions a copy is played on past each option, and ``"widest"``,
the most options a decision may have for them to be tested; for the tree search
(`wartable.agents.search`) ``"horizon"`` and ``"playout"`` (``"scripted"`` or ``"random"``):
how far it plays on past its tree, and by whom (the scripted player when it is quick enough,
else random play scored by ``evaluate``). A game installed from elsewhere adds its own with
`register_scripted`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from wartable.agents.base import Agent
from wartable.engine.game import Game

Evaluate = Callable[[Game], dict[str, float]]

_MODULES: dict[str, str] = {
    "votoms": "wartable.agents.scripted.votoms",
    "zeta-cards": "wartable.agents.scripted.zeta_cards",
    "silhouette": "wartable.agents.scripted.silhouette",
    "zeta": "wartable.agents.scripted.zeta",
    "imperium": "wartable.agents.scripted.imperium",
}


def register_scripted(game_id: str, module: str) -> None:
    """Name the module that holds `game_id`'s ``Scripted`` agent and ``evaluate``."""
    _MODULES[game_id] = module


def unregister_scripted(game_id: str) -> None:
    _MODULES.pop(game_id, None)


def has_scripted(game_id: str) -> bool:
    return game_id in _MODULES


def _module(game_id: str) -> ModuleType:
    try:
        name = _MODULES[game_id]
    except KeyError:
        raise LookupError(f"{game_id} has no scripted player") from None
    return importlib.import_module(name)


def scripted_agent(game_id: str, seed: int = 0) -> Agent:
    """A new scripted player for `game_id`."""
    agent: Agent = _module(game_id).Scripted(seed=seed)
    return agent


def search_settings(game_id: str) -> dict[str, Any]:
    """`game_id`'s settings for the search player's playouts (see the module's doc)."""
    settings: dict[str, Any] = getattr(_module(game_id), "SEARCH_SETTINGS", {})
    return settings


def evaluation(game_id: str) -> Evaluate:
    """`game_id`'s evaluation of a position for each player."""
    evaluate: Evaluate = _module(game_id).evaluate
    return evaluate
