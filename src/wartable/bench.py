"""The engine benchmark: random play measured in actions and whole games per second, and the
cost of the copies a search makes (`Game.clone`, `Game.determinized`) of a mid-game position."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wartable.engine import Game, get_rules
from wartable.engine.rules import Rules


@dataclass
class BenchResult:
    game: str
    runs: int
    games_per_run: int
    actions_per_second: float
    games_per_second: float
    mean_actions_per_game: float
    clone_us: float | None = None  # one `clone` of a mid-game position, in microseconds
    determinize_us: float | None = None  # one `determinized`, the mean over the seats


def play_random(game: Game, chooser: random.Random) -> int:
    """Play `game` to the end (or the game's limit of actions) with uniformly random legal
    actions; return the action count."""
    count = 0
    limit = game.rules.max_actions(game.options)
    while not game.over and count < limit:
        player = chooser.choice(game.to_act)
        game.apply(player, chooser.choice(game.legal_actions(player)))
        count += 1
    return count


def bench(
    game_id: str,
    runs: int = 5,
    games: int = 20,
    seed: int = 0,
    copies: bool = True,
    options: dict[str, Any] | None = None,
) -> BenchResult:
    """Median over `runs` runs of `games` seeded random games each (with the game's
    `options`), after one warm-up run.

    Actions per second counts the engine's work per decision: legal actions, check, apply.
    With `copies`, also the time of a clone and of a determinized copy of the position halfway
    through the first game (median of several batches).
    """
    rules = get_rules(game_id)

    def run() -> tuple[float, int]:
        start = time.perf_counter()
        actions = 0
        for s in range(seed, seed + games):
            actions += play_random(Game(rules, s, options), random.Random(s))
        return time.perf_counter() - start, actions

    run()
    timings = [run() for _ in range(runs)]
    actions = timings[0][1]
    result = BenchResult(
        game=game_id,
        runs=runs,
        games_per_run=games,
        actions_per_second=statistics.median(actions / t for t, _ in timings),
        games_per_second=statistics.median(games / t for t, _ in timings),
        mean_actions_per_game=actions / games,
    )
    if copies:
        result.clone_us, result.determinize_us = copy_costs(rules, seed, options=options)
    return result


def midgame(rules: Rules, seed: int, options: dict[str, Any] | None = None) -> Game:
    """The position halfway through the random game `seed` (as `bench` plays it)."""
    game = Game(rules, seed, options)
    play_random(game, random.Random(seed))
    mid = Game(rules, seed, options)
    for player, action in game.actions[: len(game.actions) // 2]:
        mid.apply(player, action)
    return mid


def copy_costs(
    rules: Rules, seed: int = 0, batch: int = 50, options: dict[str, Any] | None = None
) -> tuple[float, float | None]:
    """Microseconds per `clone` and per `determinized` (the mean over the seats; None when the
    game cannot determinize) of the position halfway through the random game `seed`."""
    game = midgame(rules, seed, options)
    clone_us = _per_call(game.clone, batch)
    seeds = iter(range(1 << 62))

    def copy_for(player: str) -> Callable[[], Game]:
        return lambda: game.determinized(player, next(seeds))

    try:
        per_seat = [_per_call(copy_for(player), batch) for player in game.players]
    except NotImplementedError:
        return clone_us, None
    return clone_us, statistics.mean(per_seat)


def _per_call(call: Callable[[], object], batch: int, repeats: int = 5) -> float:
    """Microseconds per call: the median over `repeats` batches, after one warm-up call."""
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(batch):
            call()
        times.append((time.perf_counter() - start) / batch * 1e6)
    return statistics.median(times)
