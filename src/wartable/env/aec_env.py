"""A game as a PettingZoo AEC environment: the seats are the agents, one decides at a time.

The agent selected is the first seat of the game's ``to_act``. A secret simultaneous choice is
a run of turns of the cycle: each seat in turn answers from its own view, which shows nothing of
the answers already given. Observations are ``{"observation", "action_mask"}``; ``infos[seat]``
holds ``{"view": the seat's view}``; the rewards are the result's scores, at the end.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped]

from wartable.env.common import Seats


class WartableAEC(Seats, AECEnv):  # type: ignore[misc]
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from `seed` (`options` is not used: the game's are the environment's)."""
        self._start(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._skip_agent_selection = None
        self._settle()

    def _settle(self) -> None:
        """After an action: infos, then the end (rewards, terminations) or the next seat."""
        table = self.table
        self.infos = {seat: self._info(seat) for seat in self.agents}
        if table.game.over:
            self.rewards.update(table.scores())
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._truncated():
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = table.game.to_act[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(agent)

    def step(self, action: int | None) -> None:
        seat = self.agent_selection
        if self.terminations[seat] or self.truncations[seat]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{seat} is to act: None is an action only for a finished agent")
        self._cumulative_rewards[seat] = 0.0
        self._clear_rewards()
        self.table.play(seat, int(action))
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()
