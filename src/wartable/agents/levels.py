"""The computer players a person can sit down against, by level, and every agent by name.

- ``easy``: the scripted player, which now and then (one decision in three) plays at random;
- ``normal``: the scripted player;
- ``hard``: the search player (`wartable.agents.rollouts`): the scripted player's plan, each
  choice among a few options tested on determinized copies for up to `HARD_SECONDS`.
The agent kinds ``random``, ``scripted`` and ``search`` name the same players for the ladder;
``ismcts`` is the tree search (`wartable.agents.search`), measured on the ladder but not offered
as a level, as it plays no better than the scripted player in the same time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from wartable.agents.base import Agent, Copies
from wartable.agents.random_agent import RandomAgent
from wartable.agents.rollouts import RolloutAgent
from wartable.agents.scripted import evaluation, scripted_agent, search_settings
from wartable.agents.search import Policy, SearchAgent
from wartable.engine.game import Game
from wartable.engine.rules import Action

LEVELS = ("easy", "normal", "hard")
KINDS = ("random", "scripted", "search", "ismcts")
HARD_SECONDS = 1.8
DEFAULT_HORIZON = 20
DEFAULT_WIDENING = 1.0  # (see search.py: the guide's plan against a few others)
DEFAULT_ROLLOUT_HORIZON = 60
DEFAULT_WIDEST = 8  # the most options a decision may have for the search to weigh them
EASY_SLIPS = 1 / 3


class Slipping(Agent):
    """`inner`, except that with chance `slips` it plays a random legal action."""

    def __init__(self, inner: Agent, seed: int, slips: float) -> None:
        self.inner = inner
        self.rng = random.Random(seed)
        self.slips = slips

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        if self.rng.random() < self.slips:
            options = view.get("legal_actions") or []
            if options:
                action: dict[str, Any] = self.rng.choice(options)["action"]
                return action
        return self.inner.choose(view, copies)


def scripted_policy(game_id: str) -> Callable[[random.Random], Policy]:
    """Every seat played by `game_id`'s scripted player (the search's guide and playouts)."""

    def policy(rng: random.Random) -> Policy:
        players: dict[str, Agent] = {}

        def choose(game: Game, player: str) -> Action:
            agent = players.get(player)
            if agent is None:
                agent = players[player] = scripted_agent(game_id, seed=rng.randrange(1 << 30))
            return agent.choose(game.view(player, texts=False))

        return choose

    return policy


def search_agent(
    game_id: str, seed: int, seconds: float | None = HARD_SECONDS, samples: int | None = None
) -> RolloutAgent:
    """The search player of `game_id`: its scripted player, each choice among a few options
    tested against the others on copies played on by the scripted player, as far as the
    game's scripted module says; bounded by `seconds`, or by `samples` copies (a decision
    that does not depend on how busy the machine is)."""
    settings = search_settings(game_id)
    return RolloutAgent(
        seed,
        guide=scripted_agent(game_id, seed=seed),
        policy=scripted_policy(game_id),
        evaluate=evaluation(game_id),
        seconds=seconds,
        samples=samples,
        horizon=settings.get("rollout_horizon", DEFAULT_ROLLOUT_HORIZON),
        widest=settings.get("widest", DEFAULT_WIDEST),
    )


def tree_search_agent(
    game_id: str, seed: int, seconds: float | None = HARD_SECONDS, iterations: int | None = None
) -> SearchAgent:
    """The tree search (ISMCTS) of `game_id`, guided by the game's scripted player, its
    playouts as the game's scripted module says; bounded by `seconds` or `iterations`."""
    settings = search_settings(game_id)
    scripted = settings.get("playout", "scripted") == "scripted"
    return SearchAgent(
        seed,
        seconds=seconds,
        iterations=iterations,
        horizon=settings.get("horizon", DEFAULT_HORIZON),
        evaluate=evaluation(game_id),
        policy=scripted_policy(game_id) if scripted else None,
        guide=scripted_policy(game_id),
        widening=settings.get("widening", DEFAULT_WIDENING),
    )


def make_agent(game_id: str, kind: str, seed: int = 0) -> Agent:
    """An agent of `kind` (a level or an agent kind) for `game_id`; ValueError if unknown."""
    if kind == "random":
        return RandomAgent(seed=seed)
    if kind in ("scripted", "normal"):
        return scripted_agent(game_id, seed=seed)
    if kind == "easy":
        return Slipping(scripted_agent(game_id, seed=seed), seed, EASY_SLIPS)
    if kind in ("search", "hard"):
        return search_agent(game_id, seed)
    if kind == "ismcts":
        return tree_search_agent(game_id, seed)
    known = ", ".join((*LEVELS, *KINDS))
    raise ValueError(f"no computer player {kind!r} (players: {known})")
