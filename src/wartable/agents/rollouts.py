"""The search player people sit down against: the scripted player's plan, each choice it can
weigh tested by simulation.

At a decision with a few options (at most `widest`), every option is played from the same
determinized copy of the game, with the same dice (common random numbers), and on by the
playout policy (the scripted player in every seat) for `horizon` actions, where the game's
evaluation scores it. Copy after copy, each option's score is compared with the plan's on the
same copy: the differences, not the scores, decide, so the luck of one copy's dice cancels
out. The agent leaves its plan only for an option whose mean gain stays above zero by
`margin` standard errors; where no option changes anything within the horizon, it stops
early. A decision with one option or too many (a unit's move hex by hex) follows the plan.

This is a flat Monte Carlo search over the information set (each copy is a sample of what
the hidden parts may be), rollout improvement of the scripted policy: against the scripted
player, whose choices the playouts foresee, it wins where the plan's greedy choices lose.
The tree search (`wartable.agents.search`) spreads its few iterations over deep lines and
does not find these gains in the same time (docs/agents.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from wartable.agents.base import Agent, Copies, legal_in
from wartable.agents.search import Evaluate, Policy, outcome
from wartable.engine.game import Game
from wartable.engine.plain import canonical
from wartable.engine.rules import Action

QUIET_SAMPLES = 4  # copies in which no option differed, after which the choice is left


class RolloutAgent(Agent):
    """Tests the `guide`'s choice against each other option on copies, playouts by `policy`
    cut after `horizon` actions and scored by `evaluate`; `seconds` (or `samples` copies) a
    decision."""

    searches = True

    def __init__(
        self,
        seed: int,
        *,
        guide: Agent,
        policy: Callable[[random.Random], Policy],
        evaluate: Evaluate,
        seconds: float | None = 1.0,
        samples: int | None = None,
        horizon: int = 60,
        widest: int = 8,
        margin: float = 1.0,
    ) -> None:
        if seconds is None and samples is None:
            raise ValueError("a search needs a time (seconds) or a bound on its copies (samples)")
        self.rng = random.Random(seed)
        self.guide = guide
        self.policy = policy(self.rng)
        self.evaluate = evaluate
        self.seconds = seconds
        self.samples = samples
        self.horizon = horizon
        self.widest = widest
        self.margin = margin
        self.last_samples = 0  # copies the last decision was tested on
        self.last_gains: dict[str, list[float]] = {}  # each other option's gains over the plan

    def choose(self, view: dict[str, Any], copies: Copies | None = None) -> dict[str, Any]:
        legal: list[Action] = legal_in(view)
        planned = self.guide.choose(view)
        self.last_samples, self.last_gains = 0, {}
        if not 1 < len(legal) <= self.widest:
            return planned
        if copies is None:
            raise ValueError("a search agent needs determinized copies of the game")
        key = canonical(planned)
        others = [a for a in legal if canonical(a) != key]
        gains = self.compare(view["you"], planned, others, copies)
        best, best_bound = planned, 0.0
        for option, gained in zip(others, gains, strict=True):
            bound = lower_bound(gained, self.margin)
            if bound > best_bound:
                best, best_bound = option, bound
        return best

    def compare(
        self, seat: str, planned: Action, others: list[Action], copies: Copies
    ) -> list[list[float]]:
        """Each other option's score minus the plan's, one entry per copy tested."""
        gains: list[list[float]] = [[] for _ in others]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        while self.samples is None or self.last_samples < self.samples:
            seed = self.rng.randrange(1 << 62)
            scores = []
            for option in (planned, *others):
                # out of time: this copy's round is unfinished and does not count (looked at
                # here too, as a playout that ends the game at once never looks)
                if late(deadline):
                    break
                score = self.playout(copies(seed), seat, option, deadline)
                if score is None:
                    break
                scores.append(score)
            if len(scores) <= len(others):
                break
            for gained, score in zip(gains, scores[1:], strict=True):
                gained.append(score - scores[0])
            self.last_samples += 1
            if self.last_samples >= QUIET_SAMPLES and not any(any(g) for g in gains):
                break  # nothing the options change shows within the horizon
        self.last_gains = {canonical(a): g for a, g in zip(others, gains, strict=True)}
        return gains

    def playout(
        self, game: Game, seat: str, option: Action, deadline: float | None
    ) -> float | None:
        """`seat`'s score after taking `option` in `game` and playing on; None once past the
        `deadline` (looked at before each action, as one playout can take a while)."""
        game.apply(seat, option)
        for _ in range(self.horizon):
            if game.over:
                break
            if late(deadline):
                return None
            player = game.to_act[0]
            game.apply(player, self.policy(game, player))
        return outcome(game, self.evaluate)[seat]


def late(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


def lower_bound(gains: list[float], margin: float) -> float:
    """The mean gain less `margin` standard errors (no bound at all from fewer than two)."""
    n = len(gains)
    if n < 2:
        return -math.inf
    mean = sum(gains) / n
    variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean - margin * math.sqrt(variance / n)
