"""Every space scenario written so far passes the conformance kit with random play: the
space battle (set-up, initiative, movement, fire, fighters, retreat) keeps the engine's contract."""

from __future__ import annotations

import pytest

from wartable.engine.conformance import check_game
from wartable.games.imperium import RULES


@pytest.mark.parametrize("scenario", ["s2", "s3", "s4", "s5"])
def test_the_space_scenarios_pass_the_conformance_kit(scenario: str) -> None:
    report = check_game(RULES, games=2, check_every=25, options={"scenario": scenario})
    assert report.games == 2
