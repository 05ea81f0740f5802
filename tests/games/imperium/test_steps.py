"""The battles' and the war's kinds of decision share one registry (`flow.step`): a name taken
twice is refused, so that no rules module silently replaces another's decision."""

from __future__ import annotations

import pytest

from wartable.games.imperium import RULES
from wartable.games.imperium.flow import STEPS, step


def test_a_step_kind_registered_twice_is_refused() -> None:
    fire = STEPS.kinds["fire"]
    with pytest.raises(ValueError, match="'fire' is registered twice"):
        step("fire", fire.actors, fire.legal, fire.apply)
    assert STEPS.kinds["fire"] is fire


def test_the_war_and_the_battles_register_each_their_own_kinds() -> None:
    war = {"setup", "segment", "orders", "retreat", "reorganise", "screen", "build", "upkeep"}
    battles = {"place", "initiative", "move", "fire", "load", "bombard", "deploy", "land"}
    assert war | battles <= set(RULES.steps.kinds)
