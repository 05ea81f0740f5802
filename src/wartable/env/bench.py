"""Actions per second of random play through each adapter, beside the bare engine's.

    .venv/bin/python -m wartable.env.bench [--games 5] [--runs 3] [GAME ...]

Every adapter is made once, then plays seeded games with uniformly random legal actions; the
time per game action is the engine's work and what the adapter adds: the engine
(`wartable.bench`: legal actions, check, apply); PettingZoo AEC (`last()`, so the observation
and mask, the infos of every seat, `step`; ``aec-no-views`` without the views in the infos);
Parallel (the same, one step per decision point); Gymnasium (the learner's observation, mask
and info, the other seats played by random agents from their views); OpenSpiel
(`legal_actions` and `apply_action` only, what a search repeats, and with the observation
tensor of the player to move). Wall-clock medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

import wartable.env
from wartable.bench import bench
from wartable.engine import games as registered

Play = Callable[[int], int]  # plays the game of a seed to its end: its number of actions


def _random_index(obs: dict[str, np.ndarray], chooser: random.Random) -> int:
    return int(chooser.choice(np.flatnonzero(obs["action_mask"])))


def aec(game_id: str, views: bool = True) -> Play:
    env = wartable.env.pettingzoo(game_id, views=views)

    def play(seed: int) -> int:
        env.reset(seed=seed)
        chooser = random.Random(seed)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else _random_index(obs, chooser))
        return len(env.table.game.actions)

    return play


def parallel(game_id: str) -> Play:
    env = wartable.env.parallel(game_id)

    def play(seed: int) -> int:
        observations, _ = env.reset(seed=seed)
        chooser = random.Random(seed)
        while env.agents:
            to_act = env.table.game.to_act
            actions = {seat: _random_index(observations[seat], chooser) for seat in to_act}
            observations, *_ = env.step(actions)
        return len(env.table.game.actions)

    return play


def gymnasium(game_id: str) -> Play:
    env = wartable.env.gymnasium(game_id, opponents="random")

    def play(seed: int) -> int:
        obs, _ = env.reset(seed=seed)
        chooser = random.Random(seed)
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(_random_index(obs, chooser))
            done = terminated or truncated
        return len(env.table.game.actions)

    return play


def openspiel(game_id: str, observe: bool = False) -> Play:
    game = wartable.env.openspiel(game_id)

    def play(seed: int) -> int:
        state = game.new_initial_state()
        chooser = random.Random(seed)
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(chooser.choice(state.legal_actions()))
        return len(state.table.game.actions)

    return play


ADAPTERS: dict[str, Callable[[str], Play]] = {
    "aec": aec,
    "aec-no-views": lambda game_id: aec(game_id, views=False),
    "parallel": parallel,
    "gymnasium": gymnasium,
    "openspiel": openspiel,
    "openspiel+obs": lambda game_id: openspiel(game_id, observe=True),
}


def rate(play: Play, games: int, runs: int) -> float:
    """Game actions per second: the median over `runs` runs of `games` seeded games."""
    play(0)  # warm-up
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        actions = sum(play(seed) for seed in range(games))
        rates.append(actions / (time.perf_counter() - start))
    return statistics.median(rates)


def measure(game_id: str, games: int = 5, runs: int = 3) -> dict[str, float]:
    """Actions per second of the engine and of each adapter, for `game_id`."""
    figures = {"engine": bench(game_id, runs=runs, games=games, copies=False).actions_per_second}
    for name, adapter in ADAPTERS.items():
        figures[name] = rate(adapter(game_id), games, runs)
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", dest="per_run", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    columns = ["engine", *ADAPTERS]
    print(f"{'game':<11}" + "".join(f"{c:>16}" for c in columns))
    for game_id in args.games or registered():
        figures = measure(game_id, args.per_run, args.runs)
        engine = figures["engine"]
        cells = [f"{figures[c]:>9,.0f} {figures[c] / engine:4.2f}" for c in columns]
        print(f"{game_id:<11}" + "".join(f"{c:>16}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
