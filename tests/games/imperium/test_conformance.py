"""Every scenario passes the conformance kit with random play: the space battle (set-up,
initiative, movement, fire, fighters, retreat) and the planetary battle (loading, bombardment,
placement, landing, surface combat) keep the engine's contract."""

from __future__ import annotations

import pytest

from wartable.engine.conformance import check_game
from wartable.games.imperium import RULES


@pytest.mark.parametrize("scenario", ["s1", "s2", "s3", "s4", "s5"])
def test_the_scenarios_pass_the_conformance_kit(scenario: str) -> None:
    report = check_game(RULES, games=2, check_every=25, options={"scenario": scenario})
    assert report.games == 2
