"""One game of a run, played to its end by computer players, and the seeds a run derives.

Game i of a run with seed S is played from the seed ``derive(S, i)``, and the agent in its n-th
seat from ``derive(game seed, n)``: a game depends on nothing but its seed, agents, options and
data, so one row of the results replays alone, on any machine, with any number of processes.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

from wartable.agents.play import decide
from wartable.engine.registry import new_game
from wartable.workbench.progress import Timeline
from wartable.workbench.seating import make


def derive(*parts: int) -> int:
    """A 48-bit seed from `parts`: unrelated for neighbouring parts (runs with seeds 0 and 1
    share no game, as they would if game i were played from S + i)."""
    text = ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


@dataclass(frozen=True)
class Task:
    """One game to play: game `index` of sweep point `point_no` (0 in a simulation)."""

    game_id: str
    point_no: int
    point: dict[str, Any]  # the swept values by path ({} in a simulation)
    index: int
    seed: int
    agents: dict[str, str]  # seat -> agent spec
    options: dict[str, Any]  # the game's options as given, without data
    data: dict[str, Any]  # the printed values laid over the shipped file
    data_digest: str

    @property
    def name(self) -> str:
        """The name of its record file."""
        return f"p{self.point_no:03d}-g{self.index:05d}"

    def game_options(self) -> dict[str, Any]:
        return {**self.options, "data": self.data} if self.data else dict(self.options)


@dataclass
class Played:
    """A game played: its full record and what the results table keeps of it."""

    task: Task
    record: dict[str, Any]
    winners: list[str]
    scores: dict[str, float]
    over: bool
    decisions: int
    seconds: float
    first: str | None  # the seat that made the first decision
    turns: int | None  # the last turn, if the game's turns are read (`progress`)
    timeline: list[dict[str, Any]]  # the scores at the end of each turn


def play(task: Task) -> Played:
    """Play `task`'s game to its end (or the game's limit of actions)."""
    started = time.perf_counter()
    game = new_game(task.game_id, seed=task.seed, options=task.game_options())
    agents = {
        seat: make(task.game_id, task.agents[seat], derive(task.seed, n))
        for n, seat in enumerate(game.players)
    }
    timeline = Timeline(task.game_id)
    timeline.note(game)
    limit = game.rules.max_actions(game.options)
    while game.to_act and len(game.actions) < limit:
        seat = game.to_act[0]
        game.apply(seat, decide(agents[seat], game, seat))
        timeline.note(game)
    timeline.end(game)
    result = game.result or {}
    return Played(
        task=task,
        record=game.record(),
        winners=list(result.get("winners", [])),
        scores=dict(result.get("scores", {})),
        over=game.over,
        decisions=len(game.actions),
        seconds=time.perf_counter() - started,
        first=game.actions[0][0] if game.actions else None,
        turns=timeline.turn,
        timeline=timeline.points(),
    )
