"""Every scenario passes the conformance kit with random play: the space battle (set-up,
initiative, movement, fire, fighters, retreat) and the planetary battle (loading, bombardment,
placement, landing, surface combat) keep the engine's contract, the secret cargo of scenario
1's transports included (12.2, ruling I40): views, logs and determinized copies."""

from __future__ import annotations

import pytest

from wartable.engine.conformance import check_game
from wartable.games.imperium import RULES


@pytest.mark.parametrize("scenario", ["s1", "s2", "s3", "s4", "s5"])
def test_the_scenarios_pass_the_conformance_kit(scenario: str) -> None:
    report = check_game(RULES, games=2, check_every=25, options={"scenario": scenario})
    assert report.games == 2


def test_12_2_i40_scenario_1s_determinized_copies_redeal_the_cargo() -> None:
    # probed every 5th decision: the Terrans' copies between loading and landing
    report = check_game(RULES, games=2, check_every=5, options={"scenario": "s1"})
    assert report.hidden_positions > 0 and report.varied_positions > 0
