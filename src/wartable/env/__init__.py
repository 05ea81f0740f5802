"""The games as research environments: PettingZoo, Gymnasium and OpenSpiel adapters over one
action enumeration and observation encoding per game (docs/environments.md).

They need the ``research`` extra (numpy, gymnasium, pettingzoo, open_spiel), imported only when
an environment is made::

    import wartable.env
    env = wartable.env.pettingzoo("votoms")          # PettingZoo AEC
    env = wartable.env.gymnasium("votoms", seat="bieler", opponents="normal")
    game = wartable.env.openspiel("silhouette")      # a pyspiel.Game
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wartable.env.aec_env import WartableAEC
    from wartable.env.encodings import Encoding, Factory
    from wartable.env.gymnasium_env import Opponent, SeatEnv
    from wartable.env.parallel_env import WartableParallel

EXTRA = "pip install 'wartable[research]'"


def _load(module: str) -> ModuleType:
    """A module of this package, or an ImportError saying which library is missing."""
    try:
        return importlib.import_module(f"wartable.env.{module}")
    except ImportError as error:
        raise ImportError(
            f"wartable.env needs {error.name or 'a library it uses'}: {EXTRA}"
        ) from error


def pettingzoo(game_id: str, **settings: Any) -> WartableAEC:
    """A PettingZoo AEC environment of `game_id`: keyword arguments are the environment's
    (render_mode, render_seat, lang, max_actions, views) or the game's options."""
    env: WartableAEC = _load("aec_env").WartableAEC(game_id, **settings)
    return env


def parallel(game_id: str, **settings: Any) -> WartableParallel:
    """A PettingZoo Parallel environment of `game_id` (one step per decision point)."""
    env: WartableParallel = _load("parallel_env").WartableParallel(game_id, **settings)
    return env


def gymnasium(
    game_id: str,
    seat: str | None = None,
    opponents: Opponent | Mapping[str, Opponent] = "random",
    **settings: Any,
) -> SeatEnv:
    """A Gymnasium environment: `seat` against wartable agents (`opponents`: a kind or level,
    an Agent, or a mapping from each other seat to one)."""
    env: SeatEnv = _load("gymnasium_env").SeatEnv(game_id, seat, opponents, **settings)
    return env


def openspiel(game_id: str, seed: int = 0, max_actions: int | None = None, **options: Any) -> Any:
    """The pyspiel.Game of `game_id` with `options`, registered with OpenSpiel on first use;
    `seed` seeds its games' seeds, `max_actions` cuts its games short (unscored)."""
    return _load("openspiel_game").load(game_id, seed, max_actions, **options)


def encoding(game_id: str, **options: Any) -> Encoding:
    """The action enumeration and observation encoding of `game_id` with `options`."""
    enc: Encoding = _load("encodings").encoding(game_id, options)
    return enc


def register_encoding(game_id: str, factory: Factory) -> None:
    """Give a game from elsewhere (a plugin) its encoding: `factory(probe_game)`."""
    _load("encodings").register_encoding(game_id, factory)
