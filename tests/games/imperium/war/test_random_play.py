"""Random decisions through whole wars — set-up, the administrative segment, the action
segments with their activations, movement, the space battles and planet attacks they start
(fought by part 1), retreats, stealth reconnaissance (17.2), the close-out: no decision point
is ever left without a legal action, and the turns go round."""

from __future__ import annotations

import random

import pytest

from wartable.engine import Context
from wartable.engine.dice import Dice
from wartable.games.imperium.flow import STEPS
from wartable.games.imperium.war import setup


@pytest.mark.parametrize("scenario", ["s6", "s7", "s8", "campaign"])
@pytest.mark.parametrize("seed", [7, 8])
def test_random_decisions_never_stall(scenario: str, seed: int) -> None:
    rng, ctx = random.Random(seed), Context(Dice(seed), [])
    stealth = seed % 2 == 0  # the optional rule 17.2 in half the games
    state = setup.new_war_state(ctx, {"data": {}, "scenario": scenario, "stealth": stealth})
    setup.begin(state)
    kinds: set[str] = set()
    for _ in range(4000):
        if state["war"]["phase"] == "over":
            break
        assert state["step"] is not None, state["war"]["phase"]
        kind = STEPS.kinds[state["step"]["kind"]]
        kinds.add(state["step"]["kind"])
        side = kind.actors(state)[0]
        actions = kind.legal(state, side)
        assert actions, state["step"]
        kind.apply(ctx, state, side, rng.choice(actions))
    assert state["war"]["turn"] > 1  # whole turns were played
    assert {"segment", "orders"} <= kinds  # the action segments were played
