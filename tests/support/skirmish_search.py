"""The two search agents on Skirmish, and the positions the agents' tests decide in (the
Skirmish scripted player must be registered, as tests/agents/conftest.py does)."""

from __future__ import annotations

import random
from typing import Any

import wartable
from wartable.agents import Agent
from wartable.agents.levels import scripted_policy
from wartable.agents.rollouts import RolloutAgent
from wartable.agents.scripted import evaluation, scripted_agent
from wartable.agents.search import SearchAgent
from wartable.engine import Game


def tree(seed: int, iterations: int = 60) -> SearchAgent:
    """The tree search, unguided, bounded by `iterations`."""
    return SearchAgent(seed, seconds=None, iterations=iterations, evaluate=evaluation("skirmish"))


def flat(seed: int, *, guide: Agent | None = None, **bounds: Any) -> RolloutAgent:
    """The search player, guided by `guide` (the scripted player), 12 copies a decision."""
    settings: dict[str, Any] = {"seconds": None, "samples": 12, **bounds}
    return RolloutAgent(
        seed,
        guide=guide or scripted_agent("skirmish", seed),
        policy=scripted_policy("skirmish"),
        evaluate=evaluation("skirmish"),
        **settings,
    )


def positions(seed: int, count: int, widest: int | None = None) -> list[Game]:
    """Games part-played at random, each at a decision with more than one choice (and at most
    `widest`)."""
    found = []
    chooser = random.Random(seed)
    game = wartable.new_game("skirmish", seed=seed)
    while len(found) < count and not game.over:
        player = game.to_act[0]
        choices = len(game.legal_actions(player))
        if 1 < choices <= (widest or choices):
            found.append(game.clone())
        game.apply(player, chooser.choice(game.legal_actions(player)))
    return found


def defence() -> Game:
    """Rule S5: red's guard attacks at B2, where blue has a scout (attack 2) and a tank
    (attack 4); blue picks which unit fights, 1D + attack each."""
    game = wartable.new_game("skirmish", seed=6)
    for _ in range(40):
        if game.state["phase"] == "move":
            break
        player = game.to_act[0]
        game.apply(player, game.legal_actions(player)[0])
    red, blue = game.state["units"][0], game.state["units"][3:5]
    for unit, kind in zip(blue, ("scout", "tank"), strict=True):
        unit.update(kind=kind, hex="B2", up=True)
    red.update(kind="guard", hex="B2", up=True)
    fight = {"hex": "B2", "attacker": red["id"], "defender": "blue"}
    game.state.update(phase="defend", fight=fight)
    return game.clone()  # (a fresh game object: no legal actions remembered from before)
