"""What the PettingZoo and Gymnasium adapters share: their spaces, episode seeds, rendering."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces

from wartable.env.encodings import Encoding, encoding
from wartable.env.table import Table, new_table

RENDER_MODES = ["human", "ansi"]


def observation_space(enc: Encoding) -> spaces.Dict:
    """The observation vector (every value in [0, 1]) and the mask of legal actions."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (enc.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (enc.actions.n,), np.int8),
        }
    )


def action_space(enc: Encoding) -> spaces.Discrete:
    return spaces.Discrete(enc.actions.n)


class Seeds:
    """Episode seeds: a reset with a seed plays that game (as ``wartable.new_game(game, seed)``
    does); a reset without one takes the next of a sequence drawn from the last seed given."""

    def __init__(self) -> None:
        self._rng = random.Random()

    def next(self, seed: int | None) -> int:
        if seed is None:
            return self._rng.randrange(1 << 31)
        self._rng.seed(seed)
        return seed


def board_text(table: Table, seat: str | None, lang: str) -> str:
    """The terminal's board as `seat` (None: a spectator) sees it, under a line saying who
    is to act or how the game ended."""
    game = table.game
    view = game.view(seat)  # whole: the terminal draws the map
    if game.result is not None:
        head = f"game over: {game.result.get('scores', game.result['winners'])}"
    else:
        head = f"move {len(game.actions) + 1}, to act: {', '.join(game.to_act)}"
    return f"{head}\n{game.rules.render_text(view['board'], lang)}"


class Adapter:
    """What each adapter keeps: the encoding, its episode seeds, the table of the episode under
    way, and how to render it. `render` shows the board as `render_seat` sees it (None: a
    spectator); `max_actions` truncates an episode after that many actions; without `views`,
    infos are empty (quicker: no snapshot of a view for each seat at each step)."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game_id: str,
        options: dict[str, Any],
        render_mode: str | None,
        render_seat: str | None,
        lang: str,
        max_actions: int | None,
        views: bool,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, got {render_mode!r}")
        self.encoding = encoding(game_id, options)
        self.metadata = {"render_modes": RENDER_MODES, "name": f"wartable_{game_id}"}
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.lang = lang
        self.max_actions = max_actions
        self.views = views
        self.seeds = Seeds()
        self._episode: Table | None = None

    def _start(self, seed: int | None) -> Table:
        self._episode = new_table(self.encoding, self.seeds.next(seed))
        return self._episode

    @property
    def table(self) -> Table:
        """The game of the episode under way, seen through the encoding."""
        if self._episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self._episode

    def _truncated(self) -> bool:
        game = self.table.game
        return (
            not game.over and self.max_actions is not None and len(game.actions) >= self.max_actions
        )

    def _info(self, seat: str) -> dict[str, Any]:
        return {"view": self.table.snapshot(seat)} if self.views else {}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = board_text(self.table, self.render_seat, self.lang)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


class Seats(Adapter):
    """PettingZoo's adapters: the agents are the seats, all with the same spaces. Keyword
    arguments are the environment's (see `Adapter`) or the game's options."""

    def __init__(
        self,
        game_id: str,
        *,
        render_mode: str | None = None,
        render_seat: str | None = None,
        lang: str = "en",
        max_actions: int | None = None,
        views: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(game_id, options, render_mode, render_seat, lang, max_actions, views)
        self.possible_agents = list(self.encoding.players)
        self.agents: list[str] = []
        self._observation_space = observation_space(self.encoding)
        self._action_space = action_space(self.encoding)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space
