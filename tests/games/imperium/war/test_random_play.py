"""Random decisions through every phase written so far (the action segments pass with no action
yet): no decision point is ever left without a legal action, and the turns go round."""

from __future__ import annotations

import random

import pytest

from wartable.engine import Context
from wartable.engine.dice import Dice
from wartable.games.imperium.flow import STEPS
from wartable.games.imperium.war import setup
from wartable.games.imperium.war.flow import done


@pytest.mark.parametrize("scenario", ["s6", "s7", "s8", "campaign"])
def test_random_decisions_never_stall(scenario: str) -> None:
    rng, ctx = random.Random(7), Context(Dice(7), [])
    state = setup.new_war_state(ctx, {"data": {}, "scenario": scenario})
    setup.begin(state)
    for _ in range(600):
        if state["end"] is not None:
            break
        if state["step"] is None:
            assert state["war"]["phase"].startswith("segment_")
            done(ctx, state)
            continue
        kind = STEPS.kinds[state["step"]["kind"]]
        side = kind.actors(state)[0]
        actions = kind.legal(state, side)
        assert actions, state["step"]
        kind.apply(ctx, state, side, rng.choice(actions))
    assert state["war"]["turn"] > 1  # whole turns were played
