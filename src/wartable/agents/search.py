"""The search player: information-set Monte Carlo tree search over determinized copies.

Each iteration takes a fresh determinized copy of the game (what this seat cannot see re-drawn,
the dice re-seeded), walks one tree shared by all copies from the root, choosing each player's
action by UCB1 on that player's own score, adds one node, plays on with the playout policy for
at most `horizon` actions, and scores the end for every player: the result if the game is over,
else the game's evaluation. A node's statistics count only the iterations in which its action
was legal ("availability"), so actions that exist only in some copies are judged fairly.
With three players each keeps their own score, so the tree plays every seat for itself.

A `guide` (the game's scripted player) names, at each node, the action it would take: that
action is tried first and keeps a bonus that fades with its visits (progressive bias), so with
many legal actions and little time the search refines a good plan instead of sampling blindly.
With `widening`, a node opens its other actions only as it is visited (progressive widening:
1 + widening × √visits of them), so a few hundred iterations test the guide's plan against a
few others rather than spreading one visit over each of fifty moves.

A search bounded by time stops early once the most visited action cannot be overtaken in the
time left (at the rate the iterations have gone so far): a decision the search finds plain
takes a fraction of its time.

Where several players decide at once (a secret simultaneous choice), the searching seat
decides first in the tree, so no copy lets it see another's secret answer before its own.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from wartable.agents.base import Agent, Copies, legal_in
from wartable.engine.game import Game
from wartable.engine.plain import canonical
from wartable.engine.rules import Action

Evaluate = Callable[[Game], dict[str, float]]
CHECK_EVERY = 8  # iterations between looks at the clock
Policy = Callable[[Game, str], Action]


class Node:
    """One decision reached by a sequence of actions; children keyed by (player, action)."""

    __slots__ = ("action", "available", "children", "hint", "player", "score", "visits")

    def __init__(self, player: str | None = None, action: Action | None = None) -> None:
        self.player = player  # who took `action` to come here
        self.action = action
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0  # iterations in which this node's action could have been taken
        self.score = 0.0  # the sum of `player`'s scores over the visits
        self.hint: str | None = None  # the child the guide would choose here

    def ucb(self, exploration: float) -> float:
        mean = self.score / self.visits
        return mean + exploration * math.sqrt(math.log(self.available) / self.visits)


def outcome(game: Game, evaluate: Evaluate | None) -> dict[str, float]:
    """Each player's score in [0, 1]: 1 for a winner, 0 for the others; an end without winners
    is a fair share each (a draw), or 0 for a player alone (a solo mission failed); an
    unfinished game is scored by the evaluation, or alike for everyone without one."""
    result = game.result
    players = game.players
    if result is not None:
        winners = set(result["winners"])
        if winners:
            return {p: float(p in winners) for p in players}
        return {p: (1 / len(players) if len(players) > 1 else 0.0) for p in players}
    if evaluate is not None:
        return evaluate(game)
    return {p: 1 / len(players) for p in players}


def random_policy(rng: random.Random) -> Policy:
    def choose(game: Game, player: str) -> Action:
        return rng.choice(game.legal_actions(player))

    return choose


class SearchAgent(Agent):
    """ISMCTS for any game: `seconds` (or `iterations`) per decision, playouts by `policy`
    cut after `horizon` actions and scored by `evaluate`."""

    searches = True

    def __init__(
        self,
        seed: int = 0,
        *,
        seconds: float | None = 1.0,
        iterations: int | None = None,
        horizon: int = 40,
        evaluate: Evaluate | None = None,
        policy: Callable[[random.Random], Policy] | None = None,
        guide: Callable[[random.Random], Policy] | None = None,
        exploration: float = 0.7,
        bias: float = 1.0,
        widening: float | None = None,
    ) -> None:
        if seconds is None and iterations is None:
            raise ValueError("a search needs a time (seconds) or an iteration bound")
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.horizon = horizon
        self.evaluate = evaluate
        self.policy = (policy or random_policy)(self.rng)
        self.guide = None if guide is None else guide(self.rng)
        self.exploration = exploration
        self.bias = bias
        self.widening = widening
        self.last_iterations = 0
        self.last_root = Node()  # the tree of the last decision (for a look at what it weighed)

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        legal: list[Action] = legal_in(view)
        if len(legal) == 1:
            return legal[0]
        if copies is None:
            raise ValueError("a search agent needs determinized copies of the game")
        seat: str = view["you"]
        allowed = {canonical(a) for a in legal}
        root = Node()
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done % CHECK_EVERY == 0 and done:
                now = time.perf_counter()
                left = done / (now - start) * (deadline - now)  # iterations still to come
                if now >= deadline or self.settled(root, allowed, left):
                    break
            self.iterate(root, copies(self.rng.randrange(1 << 62)), seat)
            done += 1
        self.last_iterations, self.last_root = done, root
        mine = self.ranked(root, allowed)
        if not mine:
            return self.rng.choice(legal)
        return mine[0].action  # type: ignore[return-value]

    @staticmethod
    def ranked(root: Node, allowed: set[str]) -> list[Node]:
        """The root's children that are legal in the real game, the most visited first."""
        mine = [c for c in root.children.values() if canonical(c.action) in allowed]
        return sorted(mine, key=lambda c: (c.visits, c.score), reverse=True)

    def settled(self, root: Node, allowed: set[str], left: float) -> bool:
        """True when no other action can reach the most visited one's visits in `left` more
        iterations (the choice is made)."""
        visits = [c.visits for c in self.ranked(root, allowed)]
        return len(visits) > 0 and visits[0] - (visits[1] if len(visits) > 1 else 0) > left

    def may_open(self, node: Node) -> bool:
        """Whether `node` may take on one more child now (always, without widening)."""
        if self.widening is None:
            return True
        return len(node.children) < 1 + self.widening * math.sqrt(node.visits)

    def value(self, node: Node, key: str) -> float:
        """UCB1 of a child, with the guide's bonus fading as it is visited."""
        child = node.children[key]
        bonus = self.bias / (child.visits + 1) if key == node.hint else 0.0
        return child.ucb(self.exploration) + bonus

    def iterate(self, root: Node, game: Game, seat: str) -> None:
        path = [root]
        node = root
        expanded = False
        while not game.over and not expanded:
            to_act = game.to_act
            player = seat if seat in to_act else to_act[0]
            legal = game.legal_actions(player)
            keyed = {f"{player}|{canonical(a)}": a for a in legal}
            children = node.children
            untried = []
            opened = 0  # children that may be taken in this copy
            for key in keyed:
                child = children.get(key)
                if child is None:
                    untried.append(key)
                else:
                    child.available += 1
                    opened += 1
            if self.guide is not None and node.hint is None:
                node.hint = f"{player}|{canonical(self.guide(game, player))}"
            if untried and (opened == 0 or self.may_open(node)):
                key = node.hint if node.hint in untried else self.rng.choice(untried)
                children[key] = Node(player, keyed[key])
                children[key].available = 1
                expanded = True
            else:
                key = max((k for k in keyed if k in children), key=lambda k: self.value(node, k))
            node = children[key]
            game.apply(player, keyed[key])
            path.append(node)
        for _ in range(self.horizon):
            if game.over:
                break
            player = game.to_act[0]
            game.apply(player, self.policy(game, player))
        scores = outcome(game, self.evaluate)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.score += scores[visited.player]
