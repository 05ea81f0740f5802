"""A game as a PettingZoo Parallel environment: one step per decision point.

Each step takes the actions of every seat in the game's ``to_act`` (all of them at once for a
secret simultaneous choice, so none answers after seeing another's), applied in seat order; the
others have an empty action mask and their actions are not used. This fits the games where
several seats decide together; in the others a step is one seat's turn.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from wartable.engine import IllegalAction
from wartable.env.common import Seats

Result = tuple[
    dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
]


class WartableParallel(Seats, ParallelEnv):  # type: ignore[misc]
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new game from `seed` (`options` is not used: the game's are the environment's)."""
        self._start(seed)
        self.agents = list(self.possible_agents)
        observations, _, _, _, infos = self._report()
        return observations, infos

    def step(self, actions: dict[str, int]) -> Result:
        table = self.table
        for seat in table.game.to_act:
            if seat not in actions:
                raise IllegalAction(f"{seat} must act now: no action given for it")
            table.play(seat, int(actions[seat]))
        report = self._report()
        if self.render_mode == "human":
            self.render()
        return report

    def _report(self) -> Result:
        table = self.table
        seats = self.agents
        over, truncated = table.game.over, self._truncated()
        scores = table.scores()
        result: Result = (
            {seat: table.observe(seat) for seat in seats},
            {seat: scores[seat] for seat in seats},
            dict.fromkeys(seats, over),
            dict.fromkeys(seats, truncated),
            {seat: self._info(seat) for seat in seats},
        )
        if over or truncated:
            self.agents = []
        return result
