"""A game as an OpenSpiel Python game: sequential, imperfect information, general-sum, its chance
sampled inside the engine (the dice are the game's own), rewarded at the end with the scores.

A player is a seat (in the game's order); the player to move is the first seat of the game's
``to_act``, so a secret simultaneous choice is a run of moves, each seat deciding from its own
view. Observation strings are the seat's view as JSON, tensors its encoding; information-state
strings add a digest of every event the seat has seen (perfect recall), the tensors are the
view's. `resample_from_infostate` is a determinized copy (`Game.determinized`).

The ``max_actions`` parameter ends a game early (a state past it is terminal, every return 0,
as an unfinished game has no scores). Seeds: the new initial states share one game, of the
next seed of a generator seeded by the ``seed`` parameter, until one of them takes an action;
the next new ones get the next seed. (OpenSpiel makes a new initial state for every tensor it
is asked for, to learn the tensor's shape: they all look at one game, built once.) A resampled
state starts a history of its own (its `history()` is empty).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from wartable.engine import Game, get_rules
from wartable.engine.plain import canonical, digest
from wartable.env.encodings import Encoding, encoding
from wartable.env.table import Table, new_table

PREFIX = "wartable_"
_registered: dict[str, type[WartableGame]] = {}


def game_name(enc: Encoding) -> str:
    """``wartable_<game>``, with a digest of the options unless they are the defaults."""
    name = PREFIX + enc.game_id.replace("-", "_")
    defaults = Game.checked_options(get_rules(enc.game_id), {})
    if canonical(enc.options) != canonical(defaults):
        name += "_" + digest(enc.options)[:8]
    return name


def load(game_id: str, seed: int = 0, max_actions: int | None = None, **options: Any) -> Any:
    """The OpenSpiel game of `game_id` with `options`, registered on first use; its games end
    after `max_actions` actions (default: the game's own bound), with no score if unfinished."""
    enc = encoding(game_id, options)
    name = game_name(enc)
    if name not in _registered:
        # a class of its own (not a closure): OpenSpiel keeps the creator until after Python
        # has shut down, and a class is never freed then, which a function would be
        game = type(name, (WartableGame,), {"name": name, "encoding": enc})
        pyspiel.register_game(_game_type(name, enc), game)
        _registered[name] = game
    params = {"seed": seed}
    if max_actions is not None:
        params["max_actions"] = max_actions
    return pyspiel.load_game(name, params)


def _game_type(name: str, enc: Encoding) -> Any:
    n = len(enc.players)
    return pyspiel.GameType(
        short_name=name,
        long_name=f"wartable {enc.game_id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "seed": 0,
            "max_actions": get_rules(enc.game_id).max_actions(enc.options),
        },
    )


class WartableGame(pyspiel.Game):  # type: ignore[misc]
    """The game of one encoding (a subclass per game and options, made by `load`)."""

    name: str
    encoding: Encoding

    def __init__(self, params: dict[str, Any]) -> None:
        enc = self.encoding
        low, high = enc.score_bounds
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.actions.n,
            max_chance_outcomes=0,
            num_players=len(enc.players),
            min_utility=low,
            max_utility=high,
            max_game_length=params["max_actions"],
        )
        super().__init__(_game_type(self.name, enc), info, params)
        self.max_actions: int = params["max_actions"]
        self._seeds = random.Random(params["seed"])
        self.fresh = Fresh(enc, self._seeds.randrange(1 << 31))

    def start(self, fresh: Fresh) -> Table:
        """The game of a new initial state that takes its first action: its own copy, while
        the states made from now on get the next seed's."""
        if fresh is self.fresh:
            self.fresh = Fresh(self.encoding, self._seeds.randrange(1 << 31))
        return Table(fresh.table.game.clone(), self.encoding)

    def new_initial_state(self) -> WartableState:
        return WartableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        history = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return Observer(self.encoding, history)


class Fresh:
    """A game no state has acted in yet, shared by the new initial states that look at it;
    made when first looked at."""

    def __init__(self, enc: Encoding, seed: int) -> None:
        self.encoding = enc
        self.seed = seed
        self._table: Table | None = None

    @property
    def table(self) -> Table:
        if self._table is None:
            self._table = new_table(self.encoding, self.seed)
        return self._table

    def __deepcopy__(self, memo: dict[int, Any]) -> Fresh:
        return self  # never changed: a clone of a state may share it

    def __reduce__(self) -> tuple[Any, ...]:
        return _fresh, (self.encoding.game_id, self.encoding.options, self.seed)


def _fresh(game_id: str, options: dict[str, Any], seed: int) -> Fresh:
    return Fresh(encoding(game_id, options), seed)


class WartableState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: WartableGame, table: Table | None = None) -> None:
        super().__init__(game)
        self._table: Table | Fresh = game.fresh if table is None else table

    @property
    def table(self) -> Table:
        held = self._table
        return held.table if isinstance(held, Fresh) else held

    def seat(self, player: int) -> str:
        return self.table.game.players[player]

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        game = self.table.game
        return game.players.index(game.to_act[0])

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.table.legal(self.seat(player)))

    def _apply_action(self, action: int) -> None:
        seat = self.seat(self.current_player())
        held = self._table
        table = self.get_game().start(held) if isinstance(held, Fresh) else held
        self._table = table
        table.play(seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        legal = self.table.legal(self.seat(player)) if player >= 0 else {}
        if action in legal:
            return canonical(legal[action])
        return str(self.table.encoding.actions.describe(action))

    def is_terminal(self) -> bool:
        game = self.table.game
        return game.over or len(game.actions) >= self.get_game().max_actions

    def returns(self) -> list[float]:
        scores = self.table.scores()
        return [scores[p] for p in self.table.game.players]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> WartableState:
        """A state `player_id` cannot tell from this one: a determinized copy of the game,
        its seed drawn with `probability_sampler`."""
        seed = int(probability_sampler() * (1 << 31))
        copy = self.table.game.determinized(self.seat(player_id), seed)
        return WartableState(self.get_game(), Table(copy, self.table.encoding))

    def __str__(self) -> str:
        table = self.table
        return f"{table.game.id} after {len(table.game.actions)} actions: {table.fingerprint()}"


class Observer:
    """OpenSpiel's observer: the encoding's tensor, and the view as text (with the digest of
    the seat's log when it observes with perfect recall)."""

    def __init__(self, enc: Encoding, history: bool) -> None:
        self.tensor = np.zeros(enc.layout.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.history = history

    def set_from(self, state: WartableState, player: int) -> None:
        self.tensor[:] = state.table.observation(state.seat(player))

    def string_from(self, state: WartableState, player: int) -> str:
        return state.table.text(state.seat(player), self.history)
