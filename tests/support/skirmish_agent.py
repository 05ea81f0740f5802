"""A scripted player for the Skirmish test game, and its evaluation: the search agent's tests
run on it, as a real game's scripted module would serve them. As a `--plugin` module it
registers the game and this player."""

from __future__ import annotations

import random
from typing import Any

from support.skirmish import ATTACK, SKIRMISH
from wartable.agents import Agent
from wartable.agents.base import Copies
from wartable.agents.scripted import register_scripted
from wartable.engine import Game, register

GUESS = 3  # the attack of an unknown unit: about the cup's average


class Scripted(Agent):
    """Attack in its own turn; fight only enemies it expects to beat; defend with the best."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        board = view["board"]
        me = view["you"]
        actions = [option["action"] for option in view["legal_actions"]]
        if "stance" in actions[0]:
            return {"stance": "attack" if board["active"] == me else "defend"}
        if "defend" in actions[0]:
            units = {u["id"]: u for u in board["units"]}
            return max(actions, key=lambda a: ATTACK[units[a["defend"]]["kind"]])
        units = {u["id"]: u for u in board["units"]}
        enemy = {u["hex"]: u for u in board["units"] if u["side"] != me}

        def gain(action: dict[str, Any]) -> float:
            if "pass" in action:
                return 0.0
            mine = ATTACK[units[action["move"]]["kind"]] + 1
            target = enemy.get(action["to"])
            if target is None:
                return 0.1 * self.rng.random()
            theirs = ATTACK[target["kind"]] if target["kind"] else GUESS
            return float(mine - theirs)

        return max(actions, key=gain)


def evaluate(game: Game) -> dict[str, float]:
    """A share of the units still standing."""
    count = {p: 1 + sum(u["side"] == p for u in game.state["units"]) for p in game.players}
    total = sum(count.values())
    return {p: n / total for p, n in count.items()}


register(SKIRMISH)
register_scripted("skirmish", __name__)
