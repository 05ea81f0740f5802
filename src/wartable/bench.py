"""The engine benchmark: random play measured in actions and whole games per second."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from wartable.engine import Game, get_rules


@dataclass
class BenchResult:
    game: str
    runs: int
    games_per_run: int
    actions_per_second: float
    games_per_second: float
    mean_actions_per_game: float


def play_random(game: Game, chooser: random.Random) -> int:
    """Play `game` to the end with uniformly random legal actions; return the action count."""
    count = 0
    while not game.over:
        player = chooser.choice(game.to_act)
        game.apply(player, chooser.choice(game.legal_actions(player)))
        count += 1
    return count


def bench(game_id: str, runs: int = 5, games: int = 20, seed: int = 0) -> BenchResult:
    """Median over `runs` runs of `games` seeded random games each, after one warm-up run.

    Actions per second counts the engine's work per decision: legal actions, check, apply.
    """
    rules = get_rules(game_id)

    def run() -> tuple[float, int]:
        start = time.perf_counter()
        actions = 0
        for s in range(seed, seed + games):
            actions += play_random(Game(rules, s), random.Random(s))
        return time.perf_counter() - start, actions

    run()
    timings = [run() for _ in range(runs)]
    actions = timings[0][1]
    return BenchResult(
        game=game_id,
        runs=runs,
        games_per_run=games,
        actions_per_second=statistics.median(actions / t for t, _ in timings),
        games_per_second=statistics.median(games / t for t, _ in timings),
        mean_actions_per_game=actions / games,
    )
