"""A game as a Gymnasium environment for one seat, the other seats played by wartable agents.

An opponent decides through `wartable.agents.play.decide`, as at the table: from its seat's
view, and a search agent from determinized copies of the game, never the game. The learner's
observation is ``{"observation", "action_mask"}``; ``info`` holds ``{"view": its view}``; the
reward is its score at the end of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium

from wartable.agents import Agent
from wartable.agents.levels import make_agent
from wartable.agents.play import decide
from wartable.env.common import Adapter, action_space, observation_space
from wartable.env.table import Mask

Opponent = str | Agent


class SeatEnv(Adapter, gymnasium.Env[dict[str, Any], Any]):
    def __init__(
        self,
        game_id: str,
        seat: str | None = None,
        opponents: Opponent | Mapping[str, Opponent] = "random",
        *,
        render_mode: str | None = None,
        render_seat: str | None = None,
        lang: str = "en",
        max_actions: int | None = None,
        views: bool = True,
        illegal_reward: float | None = None,
        **options: Any,
    ) -> None:
        """`seat` (default: the first) is the learner's; `opponents` is an agent kind or level
        (``random``, ``scripted``, ``easy``, ``normal``, ``hard``...) or an `Agent` for every
        other seat, or a mapping from each other seat to one. Agents made from a kind are
        seeded from each episode's seed. An illegal action raises `IllegalAction`, or with
        `illegal_reward` ends the episode with that reward (the game unfinished)."""
        super().__init__(game_id, options, render_mode, render_seat, lang, max_actions, views)
        players = self.encoding.players
        self.seat = players[0] if seat is None else seat
        if self.seat not in players:
            raise ValueError(f"{game_id} has no seat {self.seat!r} (seats: {', '.join(players)})")
        others = [p for p in players if p != self.seat]
        chosen = opponents if isinstance(opponents, Mapping) else dict.fromkeys(others, opponents)
        if sorted(chosen) != sorted(others):
            raise ValueError(f"opponents must name the seats {', '.join(others)}")
        self.opponents = dict(chosen)
        self.observation_space = observation_space(self.encoding)
        self.action_space = action_space(self.encoding)
        self.illegal_reward = illegal_reward
        self._agents: dict[str, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game from `seed`, played on to the learner's first decision (`options` is
        not used: the game's are the environment's)."""
        super().reset(seed=seed)
        table = self._start(seed)
        self._agents = {
            seat: make_agent(self.encoding.game_id, kind, seed=table.game.seed * 1009 + i)
            if isinstance(kind, str)
            else kind
            for i, (seat, kind) in enumerate(sorted(self.opponents.items()))
        }
        self._others_play()
        return self.table.observe(self.seat), self._info(self.seat)

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        table = self.table
        if self.illegal_reward is not None and int(action) not in table.legal(self.seat):
            return table.observe(self.seat), self.illegal_reward, True, False, self._info(self.seat)
        table.play(self.seat, int(action))
        self._others_play()
        game = table.game
        reward = table.scores()[self.seat]
        if self.render_mode == "human":
            self.render()
        return table.observe(self.seat), reward, game.over, self._truncated(), self._info(self.seat)

    def _others_play(self) -> None:
        """The opponents act until it is the learner's turn, the end, or the truncation."""
        game = self.table.game
        while not game.over and not self._truncated():
            seat = game.to_act[0]
            if seat == self.seat:
                return
            game.apply(seat, decide(self._agents[seat], game, seat))

    def action_masks(self) -> Mask:
        """The learner's legal actions (the name maskable policies look for)."""
        return self.table.mask(self.seat)
